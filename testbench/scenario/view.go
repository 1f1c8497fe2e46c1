package scenario

import (
	"fmt"

	"occamy/hw/tm"
	"occamy/rtl"
	"occamy/rtl/pack"
)

// view unpacks the TM's packed qlen_q and thr_o into one traced signal per
// queue (qlen_NN) and per class (thr_cN), so a waveform viewer can draw
// each as an analog step, and adds per queue its length less its class's
// threshold (excess_NN, signed): the comparison the selector makes, on one
// scale, which GTKWave cannot give two traces (it scales each analog trace
// on its own). It reads the TM's own signals, so it shows the
// same values; it is added to the simulator after the TM and its Eval
// copies them once per cycle (only when tracing). It has no state.
type view struct {
	qlen, thr rtl.Signal // the TM's packed signals
	qw, q     int        // queue length width, classes
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

// ExcessViewName is the view's signal of queue q's length less its class's
// threshold (q mod Q), ExcessWidth(QW) bits in two's complement: above 0
// when the queue is over its threshold, by that many cells. It is 0 while
// the queue is empty (an empty queue is never over): the idle queues'
// excess would change with every threshold change and double the size of a
// waveform.
func ExcessViewName(q int) string { return fmt.Sprintf("excess_%02d", q) }

// ExcessWidth is the width of an excess signal for QW-bit lengths and
// thresholds: one more bit, for the sign.
func ExcessWidth(qw int) int { return qw + 1 }

// Excess is queue length qlen less threshold thr as an ExcessWidth(qw)-bit
// two's complement word, 0 when qlen is 0.
func Excess(qlen, thr uint64, qw int) uint64 {
	if qlen == 0 {
		return 0
	}
	return (qlen - thr) & (1<<uint(ExcessWidth(qw)) - 1)
}

// newView returns the view of m, or nil if m does not trace qlen_q and
// thr_o.
func newView(m *tm.TM) *view {
	cfg := m.Config()
	v := &view{qw: cfg.QW, q: cfg.Q}
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
	for i := 0; i < cfg.N(); i++ {
		i := i
		v.signals = append(v.signals, rtl.Scalar(ExcessViewName(i), ExcessWidth(cfg.QW), func() uint64 {
			return Excess(bitField(v.qbuf, i, v.qw), bitField(v.tbuf, i%v.q, v.qw), v.qw)
		}))
	}
	return v
}
