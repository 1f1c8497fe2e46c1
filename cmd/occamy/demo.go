package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
)

// The default job (make run): the paper's burst-absorption scenario under
// DT and Occamy at α=8, side by side, then a short traced run of the same
// scenario under Occamy whose save file opens on its first head drop. The
// traced run has a 1024-cell buffer so that the background queue reaches
// its threshold, and is head-dropped, within demoCycles cycles (first head
// drop at cycle 2474, the VCD 0.7 MB; TestDemo checks that there is one
// and that the VCD stays small). Its burst (at cycle 6000) is left out:
// search=0 skips the largest-lossless-burst search.
const (
	demoScenario = "burst-absorption"
	demoBuffer   = "1024"
	demoCycles   = "3000"
)

// demoStep is one command of the default job: an `occamy sim` a user can
// type, and a line saying what it shows.
type demoStep struct {
	note string
	args []string
}

// demoSteps are the default job's commands; the waveform goes to out.
func demoSteps(out string) []demoStep {
	return []demoStep{
		{"the paper's burst-absorption scenario (Figs. 11-12) under DT and Occamy at alpha=8",
			[]string{"sim", "--scenario", demoScenario, "--bm", "dt,occamy", "--alpha", "8"}},
		{"the same under Occamy with a " + demoBuffer + "-cell buffer, traced for its first " + demoCycles +
			" cycles (before the burst): the background queue reaches its DT threshold and is head-dropped",
			[]string{"sim", "--scenario", demoScenario, "--bm", "occamy", "--alpha", "8", "--buffer", demoBuffer,
				"--param", "search=0", "--cycles", demoCycles, "--vcd", demoVCD(out)}},
	}
}

// demoVCD is the default job's waveform in out.
func demoVCD(out string) string { return filepath.Join(out, demoScenario+"-occamy.vcd") }

func newDemoCmd() *cobra.Command {
	out := "out"
	cmd := &cobra.Command{
		Use:   "demo",
		Short: "The default job (make run): a traffic-manager scenario under DT and Occamy side by side, then the waveform of Occamy's first head drop",
		Long: `demo runs, and prints before each, the two occamy sim commands of the
default job (make run):

  ` + "occamy " + strings.Join(demoSteps("out")[0].args, " ") + `
  ` + "occamy " + strings.Join(demoSteps("out")[1].args, " ") + `

The first compares DT and Occamy on the paper's burst-absorption scenario.
The second runs the same scenario under Occamy with a smaller buffer, so
that the background queue reaches its threshold and is head-dropped
within a few thousand cycles, and writes the traffic manager's waveform
with a GTKWave save file beside it that opens on the first head drop
(head-drop grant, executor state, selector bitmap, the dropped queue's
length against its class's threshold, the free count, the egress grant),
with marker A on it. The last line is the gtkwave command.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runDemo(cmdContext(cmd), cmd.OutOrStdout(), cmd.ErrOrStderr(), out)
		},
	}
	cmd.Flags().StringVar(&out, "out", out, "directory for the waveform and its save file (created if missing)")
	return cmd
}

// runDemo runs each step as the command line would, printing it first.
func runDemo(ctx context.Context, w, errw io.Writer, out string) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return usageErr(fmt.Errorf("--out: %w", err))
	}
	for i, st := range demoSteps(out) {
		if i > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "# %s\n$ occamy %s\n", st.note, strings.Join(st.args, " "))
		root := newRootCmd()
		root.SetOut(w)
		root.SetErr(errw)
		root.SetArgs(st.args)
		if err := root.ExecuteContext(ctx); err != nil {
			return err
		}
	}
	return nil
}
