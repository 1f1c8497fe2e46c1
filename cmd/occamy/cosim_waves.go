package main

import (
	"fmt"

	"occamy/cosim/report"
)

// wavesLost is the error (exit 2, an output that could not be written) of
// runs that matched but could not write the waveforms --vcd asked for (a
// full disk): their verdicts are printed, with a note, and the command
// does not pass as if the waveforms were there. A mismatch keeps exit 1,
// the stronger finding (its note says the waveforms are missing).
func wavesLost(rep *report.Report) error {
	n, why := 0, ""
	for _, r := range rep.Runs {
		if r.Res != nil && r.Res.WavesLost != "" {
			if n == 0 {
				why = r.Res.WavesLost
			}
			n++
		}
	}
	if n == 0 {
		return nil
	}
	return usageErr(fmt.Errorf("cosim: --vcd: the waveforms of %d of %d runs were not written (the verdicts stand): %s", n, len(rep.Runs), why))
}
