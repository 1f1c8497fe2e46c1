package scenario

import (
	"fmt"

	"occamy/hw/tm"
	"occamy/rtl"
	"occamy/rtl/pack"
)

// view unpacks the TM's packed qlen_q and thr_o into one traced signal per
// queue (qlen_NN) and per class (thr_cN), so a waveform viewer can draw
// each as an analog step. It reads the TM's own signals, so it shows the
// same values; it is added to the simulator after the TM and its Eval
// copies them once per cycle (only when tracing). It has no state.
type view struct {
	qlen, thr rtl.Signal // the TM's packed signals
	qw        int
	qbuf      []uint64
	tbuf      []uint64
	signals   []rtl.Signal
}

// Eval copies this cycle's packed values.
func (v *view) Eval() {
	v.qlen.Read(v.qbuf)
	v.thr.Read(v.tbuf)
}

// Commit does nothing.
func (v *view) Commit() {}

// Signals implements rtl.Traceable.
func (v *view) Signals() []rtl.Signal { return v.signals }

// bitField extracts field i of width w from little-endian words.
func bitField(buf []uint64, i, w int) uint64 { return pack.Get64(buf, i, w) }

// ViewScope is the trace scope of the per-queue and per-class view.
const ViewScope = "view"

// QlenViewName is the view's signal of queue q's length (qlen_q unpacked).
func QlenViewName(q int) string { return fmt.Sprintf("qlen_%02d", q) }

// ThrViewName is the view's signal of class c's threshold (thr_o unpacked).
func ThrViewName(c int) string { return fmt.Sprintf("thr_c%d", c) }

// newView returns the view of m, or nil if m does not trace qlen_q and
// thr_o.
func newView(m *tm.TM) *view {
	cfg := m.Config()
	v := &view{qw: cfg.QW}
	for _, s := range m.Signals() {
		switch s.Name {
		case "qlen_q":
			v.qlen = s
		case "thr_o":
			v.thr = s
		}
	}
	if v.qlen.Read == nil || v.thr.Read == nil {
		return nil
	}
	v.qbuf = make([]uint64, rtl.Words(v.qlen.Width))
	v.tbuf = make([]uint64, rtl.Words(v.thr.Width))
	for i := 0; i < cfg.N(); i++ {
		i := i
		v.signals = append(v.signals, rtl.Scalar(QlenViewName(i), cfg.QW, func() uint64 { return bitField(v.qbuf, i, v.qw) }))
	}
	for c := 0; c < cfg.Q; c++ {
		c := c
		v.signals = append(v.signals, rtl.Scalar(ThrViewName(c), cfg.QW, func() uint64 { return bitField(v.tbuf, c, v.qw) }))
	}
	return v
}
