//go:build verilator

package runner

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl/port"
)

// TestElaboratedFirstOnIcarus: a design Verilator rejects but Icarus
// accepts (a gate with a delay, as in a netlist: Verilator 5.006 wants
// --timing) cannot reach Icarus, because Verilator elaborates every design
// first for the contract check; the error says so and still quotes
// Verilator. Before, it was Verilator's error alone, on a run asked of
// Icarus. A contract violation and a run on Verilator keep their errors.
func TestElaboratedFirstOnIcarus(t *testing.T) {
	needIcarus(t)
	delay := loopArbiter(t, "arb_gate_delay", "  wire any_req = req_i != '0;\n  buf #1 u_buf (gnt_valid_o, any_req);")
	for _, c := range []struct {
		name, sim, file, top string
		want                 string
		typed                bool
	}{
		{"gate delay on icarus", Icarus, delay, "arb_gate_delay",
			"cosim: Icarus runs a design only after Verilator has elaborated it to check its ports against the contract, and Verilator rejects this one, so it cannot run on Icarus here even where Icarus would accept it", true},
		{"gate delay on verilator", Verilator, delay, "arb_gate_delay", "cosim: elaborate of top arb_gate_delay failed", false},
		{"contract on icarus", Icarus, "testdata/byo/queue_watch.sv", "queue_watch", "does not match the rr_arbiter port contract", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Run(context.Background(), Options{Block: "arbiter", Sim: c.sim, RTL: []string{c.file}, Top: c.top,
				Params: map[string]int{"N": 8}, Cycles: 200, CacheDir: testCache(), VerilogDir: "../.."})
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
			var ee *ElaborationError
			assert.Equal(t, c.typed, errors.As(err, &ee), "%v", err)
			if c.typed {
				assert.Contains(t, err.Error(), "Verilator: elaborate of top arb_gate_delay failed (exit status 1):\n  %Error-NEEDTIMINGOPT:")
			}
			var ce *port.ContractError
			assert.Equal(t, c.name == "contract on icarus", errors.As(err, &ce))
		})
	}
}
