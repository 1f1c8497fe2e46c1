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
	row := ScalingCase{Block: "executor", Params: map[string]int{"N": 2, "QW": 4, "B": 8}, Good: []string{"verilog/hd_executor.sv"},
		GoodTop: "hd_executor", BadTop: "hd_executor", BadMutant: "exe-ack-empty"}
	var out bytes.Buffer
	require.NoError(t, Scaling(context.Background(), &out, root, 60*time.Second, []ScalingCase{row}))
	require.Contains(t, out.String(), "hd_executor.sv / mutant exe-ack-empty")
	require.Contains(t, out.String(), "| proven ")
	require.Contains(t, out.String(), "| refuted ")

	row.BadMutant = "no-such-mutant"
	out.Reset()
	require.NoError(t, Scaling(context.Background(), &out, root, 60*time.Second, []ScalingCase{row}))
	require.Contains(t, out.String(), `error: no mutant "no-such-mutant" in the mutation catalogue`)
}
