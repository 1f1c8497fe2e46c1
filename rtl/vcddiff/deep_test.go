package vcddiff

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// deepDump is a dump whose clock and data sit at the bottom of depth
// nested scopes (prefix names them), with a few vars part way down.
func deepDump(prefix string, depth int) []byte {
	var b bytes.Buffer
	b.WriteString("$timescale 1ns $end\n")
	for i := 0; i < depth; i++ {
		fmt.Fprintf(&b, "$scope module %s%d $end\n", prefix, i)
		if i%5000 == 4999 {
			fmt.Fprintf(&b, "$var wire 1 %% mid%d $end\n", i)
		}
	}
	b.WriteString("$var wire 1 ! clk_i $end\n$var wire 4 # d $end\n")
	b.WriteString(strings.Repeat("$upscope $end\n", depth))
	b.WriteString("$enddefinitions $end\n#0\n0!\nb0 #\n")
	if depth >= 5000 {
		b.WriteString("0%\n")
	}
	for c := 1; c <= 8; c++ {
		fmt.Fprintf(&b, "#%d\n1!\n#%d\n0!\nb%b #\n", 10*c, 10*c+5, c%16)
	}
	return b.Bytes()
}

// TestDeepScopes: headers nested thousands of scopes deep are aligned and
// compared (the relative-name table is linear in the header; it used to
// build every prefix and suffix string, 8 GB at 20 000 scopes).
func TestDeepScopes(t *testing.T) {
	cases := []struct {
		name   string
		a, b   []byte
		rootA  string
		same   bool
		edgesA int
	}{
		{"20000 deep, itself", deepDump("s", 20000), deepDump("s", 20000), "", true, 8},
		{"20000 deep against 3 deep", deepDump("s", 20000), deepDump("t", 3), "s19999", true, 8},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rep, err := Diff(bytes.NewReader(tc.a), bytes.NewReader(tc.b), Options{ResetA: Reset{Off: true}, ResetB: Reset{Off: true}})
			require.NoError(t, err)
			assert.Equal(t, tc.same, rep.Same())
			assert.Equal(t, tc.edgesA, rep.Edges)
			if tc.rootA != "" {
				assert.True(t, strings.HasSuffix(rep.A.Root, tc.rootA), "root A %.40q...", rep.A.Root)
			}
		})
	}
}

// BenchmarkDeepScopes: the header work grows linearly with the nesting
// depth (compare ns/op across the sizes).
func BenchmarkDeepScopes(b *testing.B) {
	for _, depth := range []int{1000, 5000, 20000} {
		d := deepDump("s", depth)
		b.Run(fmt.Sprint(depth), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := Diff(bytes.NewReader(d), bytes.NewReader(d), Options{ResetA: Reset{Off: true}, ResetB: Reset{Off: true}}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
