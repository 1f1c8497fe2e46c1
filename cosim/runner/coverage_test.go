package runner

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/testbench/blocks"
	"occamy/testbench/coverage"
)

// goldenCoverage runs the golden side alone (the stimulus the runner
// builds, directed then random) for the default budget and returns its
// coverage report.
func goldenCoverage(t *testing.T, block string, params map[string]int, cycles int, seed int64) *coverage.Report {
	s := testSession(t, Options{Block: block, Params: params, Seed: seed})
	sd, err := s.newSide()
	require.NoError(t, err)
	l := &s.canon
	in, out := make([]uint32, l.InWords), make([]uint32, l.OutWords)
	for c := uint64(0); c < uint64(cycles); c++ {
		sd.src.Next(c, in)
		sd.g.step(in, out)
	}
	require.NoError(t, goldErr(sd.g), "%s %v: the stimulus broke the model's contract", block, params)
	return s.coverage(sd.g)
}

// TestCoverageClosure: at the first seed of its regression matrix (1)
// and the matrix's budget, every coverpoint of every block that one of its
// configurations allows is hit by one of them (docs/coverage.md): the
// coverage merged over the matrix has no hole. The golden side alone
// decides coverage, so this needs no simulator. OCCAMY_COVERAGE=1 prints
// the table of each configuration and the merged one.
func TestCoverageClosure(t *testing.T) {
	for _, b := range blocks.All() {
		if b.Parent != "" && len(b.Coverpoints) == 0 {
			continue // a sub-block adding none to its parent's: the parent's rows cover it
		}
		mats := []*blocks.Matrix{b.Regression()}
		names := []string{b.Name}
		for i := range b.Subs {
			if s := &b.Subs[i]; s.Matrix != nil {
				mats, names = append(mats, s.Matrix), append(names, s.Name)
			}
		}
		for k, m := range mats {
			t.Run(names[k], func(t *testing.T) {
				var reps []*coverage.Report
				for _, c := range m.Configs() {
					r := goldenCoverage(t, b.Name, c.Params, m.Cycles, m.Seeds[0])
					require.NotNil(t, r, "%s declares no coverpoints", b.Name)
					r.Block = names[k] + " [" + c.Name + "]"
					if os.Getenv("OCCAMY_COVERAGE") != "" {
						var sb strings.Builder
						require.NoError(t, r.WriteTable(&sb))
						fmt.Printf("%s", sb.String())
					}
					reps = append(reps, r)
				}
				mg := coverage.Merge(reps)
				mg.Block = names[k]
				if os.Getenv("OCCAMY_COVERAGE") != "" {
					var sb strings.Builder
					require.NoError(t, mg.WriteTable(&sb))
					fmt.Printf("%s", sb.String())
				}
				require.Empty(t, mg.Zero(), "%s: coverpoints no configuration of its matrix hits in %d cycles at seed %d", names[k], m.Cycles, m.Seeds[0])
			})
		}
	}
}

// TestGoldenContractViolation: inputs outside a memory block's contract
// (here an append of zero cells, after reset) make the run a setup error
// naming the violation, not a verdict.
func TestGoldenContractViolation(t *testing.T) {
	s := testSession(t, Options{Block: "freelist", Params: map[string]int{"CELLS": 8, "K": 2, "LAT": 1}})
	l := &s.canon
	words := make([]uint32, 4*l.InWords)
	rst, app := l.InOff[l.Input("rst_ni")], l.InOff[l.Input("app_i")]
	for c := 2; c < 4; c++ {
		words[c*l.InWords+rst] = 1
	}
	words[3*l.InWords+app] = 1 // bank 0 appends app_n_i = 0 cells
	s.opt.Replay = words
	sd, err := s.newSide()
	require.NoError(t, err)
	out := make([]uint32, l.OutWords)
	for c := 0; c < 4; c++ {
		sd.src.Next(uint64(c), words[c*l.InWords:(c+1)*l.InWords])
		sd.g.step(words[c*l.InWords:(c+1)*l.InWords], out)
	}
	err = goldErr(sd.g)
	var se *SetupError
	require.ErrorAs(t, err, &se)
	require.Contains(t, err.Error(), "the stimulus broke the block's input contract")
	require.Contains(t, err.Error(), "append of 0 cells")
}
