//go:build !verilator

package prove

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSVConstructs runs every row: the design is Verilator-clean (lint
// -Wall, when Verilator is installed); a lowered or accepted one is PROVEN
// with the note naming the rewrite and its broken variant gets a
// counterexample; a refused one exits 2 before Yosys runs (a hierarchical
// reference, which only Yosys's netlist shows, right after Yosys reads it)
// naming the construct, the file and the line.
func TestSVConstructs(t *testing.T) {
	needTools(t)
	for _, r := range svRows {
		r := r
		top := strings.TrimSuffix(r.file, ".sv")
		file := filepath.Join("testdata", "sv", r.file)
		t.Run(top, func(t *testing.T) {
			lintClean(t, file, top, "-Wall")
			res, err := Prove(context.Background(), opts(r.block, file, top, r.params))
			if r.refused != "" {
				pos := fmt.Sprintf("%s:%d", file, lineOf(t, file, r.at))
				require.Error(t, err, "want a refusal of %s", r.refused)
				assert.Contains(t, err.Error(), pos+": "+r.refused+": ")
				assert.Contains(t, err.Error(), "occamy cosim can still check")
				var ue *UnsupportedError
				var re *RefusedError
				switch {
				case errors.As(err, &ue):
					assert.NotEmpty(t, ue.Constructs, "refused by the pre-pass, before Yosys: %v", err)
				case errors.As(err, &re):
					assert.Equal(t, "u_any.any_q", re.Findings[0].Signal)
				default:
					t.Fatalf("want *UnsupportedError or *RefusedError, got %T: %v", err, err)
				}
				return
			}
			require.NoError(t, err)
			require.Equal(t, Proven, res.Verdict, res.Summary())
			notes := strings.Join(res.Notes, "\n")
			if r.lowered != "" {
				assert.Contains(t, notes, "rewritten for Yosys 0.23 before the proof (docs/prove.md): "+r.lowered)
			} else {
				assert.NotContains(t, notes, "rewritten for Yosys 0.23")
			}
			if r.note != "" {
				assert.Contains(t, notes, filepath.Join("testdata", "sv", r.note))
			}
			broken := svVariant(t, file, r.subs...)
			lintClean(t, broken, top, "-Wno-fatal")
			res, err = Prove(context.Background(), opts(r.block, broken, top, r.params))
			require.NoError(t, err)
			assert.Equal(t, Refuted, res.Verdict, "broken %s: %s", r.file, res.Summary())
		})
	}
}
