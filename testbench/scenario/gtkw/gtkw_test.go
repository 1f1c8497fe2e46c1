package gtkw

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWriteTo(t *testing.T) {
	s := &Save{
		Comment: []string{"test"}, DumpFile: "/x/a.vcd", SaveFile: "/x/a.gtkw", Width: 1000, Height: 600, SignalsWidth: 200, SSTExpanded: true,
		Groups: []Group{
			{Name: "lengths", Traces: []Trace{{Name: "top.q0[15:0]", Format: Dec, Analog: true, Rows: 2}, {Name: "top.q1[15:0]", Format: Dec, Analog: true}}},
			{Name: "flags", Traces: []Trace{{Name: "top.v", Format: Bin}, {Name: "top.bm[63:0]", Format: Hex}, {Name: "top.f[16:0]", Format: Signed}}},
			{Name: "rest", Closed: true, Traces: []Trace{{Name: "top.x", Format: Bin}}},
		},
	}
	var b strings.Builder
	n, err := s.WriteTo(&b)
	require.NoError(t, err)
	assert.Equal(t, int64(b.Len()), n, "bytes reported")
	want := `[*]
[*] test
[*]
[dumpfile] "/x/a.vcd"
[savefile] "/x/a.gtkw"
[timestart] 0
[size] 1000 600
[pos] -1 -1
[signals_width] 200
[sst_expanded] 1
@800200
-lengths
@8024
top.q0[15:0]
@20000
-
-
@8024
top.q1[15:0]
@1000200
-lengths
@800200
-flags
@28
top.v
@22
top.bm[63:0]
@424
top.f[16:0]
@1000200
-flags
@c00200
-rest
@28
top.x
@1400200
-rest
`
	assert.Equal(t, want, b.String())
}

// TestWriteToView: a view writes its start, the zoom that fits it, the
// primary marker and named marker A with its label; the SST closed.
func TestWriteToView(t *testing.T) {
	s := &Save{Width: 1400, Height: 900, SSTWidth: 180, SignalsWidth: 260,
		View:   &View{Start: 2442000, End: 2507000, Marker: 2474000, MarkerName: "first head drop q0"},
		Groups: []Group{{Name: "g", Traces: []Trace{{Name: "top.x", Format: Bin}}}}}
	var b strings.Builder
	_, err := s.WriteTo(&b)
	require.NoError(t, err)
	assert.Equal(t, 930, s.WavePaneWidth(), "1400 less the panes and the chrome")
	named := strings.Repeat(" -1", 25)
	assert.Contains(t, b.String(), `[*]
[*]
[timestart] 2442000
[size] 1400 900
[pos] -1 -1
*-13.777162 2474000 2474000`+named+`
[markername] Afirst head drop q0
[sst_width] 180
[signals_width] 260
[sst_expanded] 0
`)
	// Without a name, marker A stays unset.
	s.View.MarkerName = ""
	b.Reset()
	_, err = s.WriteTo(&b)
	require.NoError(t, err)
	assert.Contains(t, b.String(), "*-13.777162 2474000 -1"+named+"\n[sst_width]")
	assert.NotContains(t, b.String(), "[markername]")
}

// TestZoomFitsSpan: the zoom level of a span, read back as GTKWave does
// (2^-zoom/200 time units per pixel over the width less 4), gives the span
// again to within one time unit, for spans from one cycle to a long run
// and panes from narrow to wide.
func TestZoomFitsSpan(t *testing.T) {
	for _, w := range []int{100, 930, 2000} {
		for _, span := range []uint64{1000, 65000, 3_000_000, 1 << 40} {
			z := Zoom(span, w)
			require.LessOrEqual(t, z, 0.0)
			got := Span(z, w)
			assert.InDelta(t, float64(span), float64(got), 1+float64(span)*1e-9, "width %d, span %d: zoom %f", w, span, z)
		}
	}
	// GTKWave's closest zoom is 0, 1/200 time unit a pixel: a shorter
	// span is shown at zoom 0, more than fitted.
	assert.Equal(t, 0.0, Zoom(1, 2000))
	assert.GreaterOrEqual(t, Span(0, 2000), uint64(1))
	assert.Equal(t, 0.0, Zoom(65000, 4), "no pane")
}

// TestWriteToAliasAndFilter: a label goes before the name as +{label}, a
// translate filter as a ^1 line under flags with the file-translated bit,
// and the next trace without one gets its own flags again.
func TestWriteToAliasAndFilter(t *testing.T) {
	s := &Save{Groups: []Group{{Name: "g", Traces: []Trace{
		{Name: "top.st[1:0]", Format: Dec, Filter: "/x/states.txt"},
		{Name: "top.u_a.rd_use", Format: Dec, Alias: "a rd_use"},
		{Name: "top.u_b.rd_use", Format: Dec, Alias: "b rd_use"},
	}}}}
	var b strings.Builder
	_, err := s.WriteTo(&b)
	require.NoError(t, err)
	assert.Contains(t, b.String(), `@2024
^1 /x/states.txt
top.st[1:0]
@24
+{a rd_use} top.u_a.rd_use
+{b rd_use} top.u_b.rd_use
`)
	b.Reset()
	require.NoError(t, WriteFilter(&b, []Word{{"0", "idle"}, {"1", "read PD"}}))
	assert.Equal(t, "0 idle\n1 read PD\n", b.String())
}
