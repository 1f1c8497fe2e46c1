//go:build !verilator

package prove

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestScalingMutantRow: a row whose wrong design is a catalogue mutant
// builds that mutant from the project's Verilog when it runs, proves the
// reference and refutes the mutant; an unknown mutant ID is an error in its
// cell, not a silent pass.
func TestScalingMutantRow(t *testing.T) {
	needTools(t)
	root := "../.."
	row := ScalingCase{Block: "arbiter", Params: map[string]int{"N": 4}, Good: []string{"verilog/rr_arbiter.sv"},
		GoodTop: "rr_arbiter", BadTop: "rr_arbiter", BadMutant: "arb-ptr-winner"}
	var out bytes.Buffer
	require.NoError(t, Scaling(context.Background(), &out, root, 60*time.Second, []ScalingCase{row}))
	require.Contains(t, out.String(), "rr_arbiter.sv / mutant arb-ptr-winner")
	require.Contains(t, out.String(), "| proven ")
	require.Contains(t, out.String(), "| refuted ")

	row.BadMutant = "no-such-mutant"
	out.Reset()
	require.NoError(t, Scaling(context.Background(), &out, root, 60*time.Second, []ScalingCase{row}))
	require.Contains(t, out.String(), `error: no mutant "no-such-mutant" in the mutation catalogue`)
}
