package gtkw

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWriteTo(t *testing.T) {
	s := &Save{
		Comment: "test", DumpFile: "/x/a.vcd", SaveFile: "/x/a.gtkw", Width: 1000, Height: 600, SignalsWidth: 200,
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
