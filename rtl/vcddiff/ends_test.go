package vcddiff

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDiffEnds: two dumps with the same edges that do not end at the same
// time (one goes on a period or more after its clock stopped) differ; the
// tools' own ends (Go at the last edge, Icarus half a period later) do not.
func TestDiffEnds(t *testing.T) {
	cases := []struct {
		name string
		a, b string
		same bool
		want string
	}{
		{"go and icarus end differently by half a period", goDump, icarusDump, true, "same:"},
		{"clock stopped, file goes on 3 periods", goDump, goDump + "#6000\n#8000\n", false,
			"A ends 0.00 clock periods after its last rising edge (#5000), B 3.00 (#8000): they do not end at the same time"},
		{"the other way round", goDump + "#6000\n#8000\n", goDump, false, "A ends 3.00"},
		{"a little more than the tools differ", goDump, goDump + "#5900\n", true, "same:"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rep := diffStrings(t, tc.a, tc.b, Options{})
			assert.Equal(t, tc.same, rep.Same(), rep.Summary())
			assert.Contains(t, rep.Summary(), tc.want)
		})
	}
}

// TestDiffCutShort: a dump cut at any byte before its last rising edge is
// never taken for the complete one: either it cannot be read (a line cut
// in half) or the report differs.
func TestDiffCutShort(t *testing.T) {
	for _, full := range []string{goDump, icarusDump} {
		last := strings.LastIndex(full, "1!") // the last rising edge's change
		require.Positive(t, last)
		body := strings.Index(full, "$enddefinitions")
		for cut := body; cut <= last; cut++ {
			short := full[:cut]
			rep, err := Diff(strings.NewReader(full), strings.NewReader(short), Options{})
			if err != nil {
				continue
			}
			assert.False(t, rep.Same(), "cut at byte %d (%q...) reported same: %s", cut, short[max(0, cut-12):], rep.Summary())
		}
	}
}

// TestDuplicateVar: a second $var with the same full path is an error when
// it follows another value stream (which of the two a name means cannot
// be told), and the same stream declared twice is harmless.
func TestDuplicateVar(t *testing.T) {
	twoStreams := strings.Replace(goDump, "$upscope $end\n$upscope $end", "$var wire 4 $ over_o [3:0] $end\n$upscope $end\n$upscope $end", 1)
	twoStreams = strings.Replace(twoStreams, "#4000 1! b1010 #", "#4000 1! b1010 # b1111 $", 1)
	sameStream := strings.Replace(goDump, "$upscope $end\n$upscope $end", "$var wire 4 # over_o [3:0] $end\n$upscope $end\n$upscope $end", 1)
	cases := []struct {
		name, a, b, err string
	}{
		{"second var, another id code, in B", goDump, twoStreams, `B: occamy.u_sel.over_o is declared twice, with id codes "#" and "$": a dump must name each signal once`},
		{"in A", twoStreams, goDump, `A: occamy.u_sel.over_o is declared twice`},
		{"second var, same id code", goDump, sameStream, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rep, err := Diff(strings.NewReader(tc.a), strings.NewReader(tc.b), Options{})
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			assert.True(t, rep.Same(), rep.Summary())
		})
	}
}
