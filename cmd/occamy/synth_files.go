package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"occamy/cosim/synth"
)

// synthFromJSON merges earlier runs' --json files (no Yosys): into --json,
// and with --all --out into the report.
func synthFromJSON(cmd *cobra.Command, fl synthFlags) error {
	if fl.out == "" && fl.jsonOut == "" {
		return usageErr(errors.New("synth: --from-json writes --json or, with --all, the --out report: give one"))
	}
	if fl.out != "" && !fl.all {
		return usageErr(errors.New("synth: --out writes the full report and needs --all"))
	}
	var all []synth.Saved
	for _, name := range fl.fromJSON {
		s, err := readSaved(name)
		if err != nil {
			return usageErr(fmt.Errorf("synth: --from-json: %w", err))
		}
		all = append(all, s)
	}
	s, err := synth.Merge(all...)
	if err != nil {
		return usageErr(fmt.Errorf("synth: --from-json: %w", err))
	}
	if fl.jsonOut != "" {
		if err := saveJSON(fl.jsonOut, s); err != nil {
			return usageErr(fmt.Errorf("synth: --json: %w", err))
		}
		fmt.Fprintf(cmd.ErrOrStderr(), "synth: wrote %s (%d designs, TM %v)\n", fl.jsonOut, len(s.Results), s.TM != nil)
	}
	if fl.out == "" {
		return nil
	}
	return writeSynthReport(cmd, synth.Report{Command: s.Command, Version: s.Version, Results: s.Results, TM: s.TM}, fl.out)
}

// saveJSON writes a run's results to name atomically.
func saveJSON(name string, s synth.Saved) error { return synth.SaveJSON(name, s) }

// readSaved reads an earlier run's --json.
func readSaved(name string) (synth.Saved, error) { return synth.ReadSaved(name) }

// writeSynthReport writes the markdown report to out.
func writeSynthReport(cmd *cobra.Command, rep synth.Report, out string) error {
	err := synth.WriteReportFile(out, rep)
	var re *synth.RenderError
	switch {
	case errors.As(err, &re):
		return failErr(fmt.Errorf("synth: %w", err))
	case err != nil:
		return usageErr(fmt.Errorf("synth: --out: %w", err))
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "synth: wrote %s\n", out)
	return nil
}
