package runner

import (
	"os"
)

// A waveform that cannot be written (a full disk) must not cost the run
// its verdict: tracing stops on both sides, the comparison goes on, and
// neither a temporary nor a truncated waveform is left; the verdict's
// notes say why there are none.

// dropTrace stops both sides' waveforms after the golden side failed to
// write one (err): the golden tracer's temporary file is removed by its
// close, the Verilated model stops tracing.
func (e *engine) dropTrace(err error) {
	e.traceErr = err
	e.gt.close()
	e.gt = nil
	_ = e.m.Trace("")
}

// waveformsLost removes the waveforms a run could not finish and notes
// why in its result.
func waveformsLost(res *Result, err error) {
	for _, p := range res.VCD {
		os.Remove(p)
	}
	res.VCD = nil
	res.WavesLost = err.Error()
	res.Notes = append(res.Notes, "no waveforms written: "+err.Error())
}
