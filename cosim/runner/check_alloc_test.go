package runner

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/testbench/design"
)

// TestDeclaredChecksAllocateNothing: the cycle checks of a run under a
// design file (equality at declared latencies, the property check with
// its alignment) allocate nothing per cycle, on the golden model's own
// outputs (every cycle compared or checked, nothing violated): which also
// shows each block's properties hold of its golden model.
func TestDeclaredChecksAllocateNothing(t *testing.T) {
	for _, c := range []struct {
		block string
		fl    design.Flags
		delay int // the "design" is the golden model with its outputs this many cycles late
	}{
		{"arbiter", design.Flags{Check: "properties"}, 0},
		// ack tied: a late copy of the golden model takes its grants when they
		// are decided, where ack_i goes with the grant it sees (Props.With).
		{"arbiter", design.Flags{Check: "properties", Tie: []string{"ack_i=1"}, Latency: []string{"gnt_valid_o=2", "gnt_idx_o=2"}}, 2},
		{"selarb", design.Flags{Check: "properties"}, 0},
		{"selector", design.Flags{Latency: []string{"over_o=3"}, KeepGoing: true}, 2},
		{"arbiter", design.Flags{DontCare: []string{"gnt_idx_o:gnt_valid_o"}, Tie: []string{"ack_i=1"}}, 0},
		{"threshold", design.Flags{Check: "properties"}, 0},
		{"maxfind", design.Flags{Check: "properties", LowestTie: true}, 0},
		{"sram", design.Flags{Check: "properties"}, 0},
		{"freelist", design.Flags{Check: "properties"}, 0},
		{"pdlists", design.Flags{Check: "properties"}, 0},
		{"cpsublists", design.Flags{Check: "properties"}, 0},
	} {
		f := &design.File{}
		require.NoError(t, f.Merge(c.fl))
		s := testSession(t, Options{Block: c.block, Design: f})
		chk, err := s.newCheck()
		require.NoError(t, err)
		sd, err := s.newSide()
		require.NoError(t, err)
		ow := s.canon.OutWords
		in, out := make([]uint32, s.canon.InWords), make([]uint32, ow)
		late := make([]uint32, (c.delay+1)*ow) // out of the last delay+1 cycles, a ring
		cyc := uint64(0)
		step := func() {
			sd.src.Next(cyc, in)
			sd.g.step(in, out)
			k := int(cyc) % (c.delay + 1)
			copy(late[k*ow:(k+1)*ow], out)
			j := (int(cyc) + 1) % (c.delay + 1) // delay cycles ago (zeros before cycle 0)
			chk.cycle(cyc, in, out, late[j*ow:(j+1)*ow], nil)
			cyc++
		}
		for k := 0; k < 3000; k++ {
			step()
		}
		assert.Zero(t, testing.AllocsPerRun(3000, step), "%s %+v: allocations per cycle", c.block, c.fl)
		res := &Result{}
		chk.finish(res)
		assert.Nil(t, res.Mismatch, "%s %+v: the golden model against itself", c.block, c.fl)
		assert.Positive(t, res.Compared)
		if res.Properties != nil {
			for _, p := range res.Properties.Props {
				assert.Positive(t, p.Checked, "%s: %s checked in no cycle", c.block, p.Name)
			}
		}
	}
}
