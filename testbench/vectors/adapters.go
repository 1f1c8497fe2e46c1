package vectors

import (
	"fmt"
	"occamy/rtl/pack"

	"occamy/hw/arbiter"
	"occamy/hw/selector"
	"occamy/hw/threshold"
	"occamy/rtl"
)

// model wraps a Go golden model as a DUT: ports come from its traced
// signals (only the _i, _ni and _o ones), inputs are driven through setters.
type model struct {
	clk   rtl.Clocked
	ports []rtl.Signal
	index map[string]int
	set   map[string]func(words []uint64)
}

// newModel builds the adapter of a model from its signals and input setters.
func newModel(clk rtl.Clocked, sigs []rtl.Signal, set map[string]func([]uint64)) *model {
	m := &model{clk: clk, index: map[string]int{}, set: set}
	for _, s := range sigs {
		if IsInput(s.Name) || isOutput(s.Name) {
			m.index[s.Name] = len(m.ports)
			m.ports = append(m.ports, s)
		}
	}
	return m
}

// isOutput reports whether a port name ends in _o.
func isOutput(name string) bool { return len(name) > 2 && name[len(name)-2:] == "_o" }

// Ports implements DUT.
func (m *model) Ports() []rtl.Signal { return m.ports }

// Set implements DUT. The value must fit the port's width.
func (m *model) Set(port string, words []uint64) error {
	i, ok := m.index[port]
	f := m.set[port]
	if !ok || f == nil {
		return fmt.Errorf("%s is not an input port", port)
	}
	w := m.ports[i].Width
	if len(words) < rtl.Words(w) || !Fits(words, w) {
		return fmt.Errorf("%s: value %s does not fit %d bits", port, FormatHex(words, 0), w)
	}
	f(words)
	return nil
}

// Get implements DUT.
func (m *model) Get(port string, dst []uint64) error {
	i, ok := m.index[port]
	if !ok {
		return fmt.Errorf("%s is not a port", port)
	}
	n := rtl.Words(m.ports[i].Width)
	if len(dst) < n {
		return fmt.Errorf("%s: %d words for a %d-bit port", port, len(dst), m.ports[i].Width)
	}
	m.ports[i].Read(dst[:n])
	return nil
}

// Eval implements DUT.
func (m *model) Eval() { m.clk.Eval() }

// Commit implements DUT.
func (m *model) Commit() { m.clk.Commit() }

// bitmap copies packed words into a bitmap.
func bitmap(dst *rtl.Bitmap, words []uint64) {
	*dst = rtl.Bitmap{}
	copy(dst[:], words)
}

// Threshold returns a dt_threshold golden model as a DUT with ports free_i,
// alpha_i and thr_o.
func Threshold(p threshold.Params) (DUT, error) {
	u, err := threshold.New(p)
	if err != nil {
		return nil, err
	}
	aw := rtl.Width(p.AW)
	return newModel(u, u.Signals(), map[string]func([]uint64){
		"free_i": func(v []uint64) { u.FreeI = uint32(v[0]) },
		"alpha_i": func(v []uint64) {
			for c := range u.AlphaI {
				u.AlphaI[c] = int8(aw.SignExtend(pack.Get64(v, c, p.AW)))
			}
		},
	}), nil
}

// Selector returns an hd_selector golden model as a DUT with ports rst_ni,
// qlen_i, thr_i and over_o.
func Selector(p selector.Params) (DUT, error) {
	s, err := selector.New(p)
	if err != nil {
		return nil, err
	}
	return newModel(s, s.Signals(), map[string]func([]uint64){
		"rst_ni": func(v []uint64) { s.RstNI = v[0]&1 == 1 },
		"qlen_i": func(v []uint64) {
			for i := range s.QlenI {
				s.QlenI[i] = uint32(pack.Get64(v, i, p.QW))
			}
		},
		"thr_i": func(v []uint64) {
			for i := range s.ThrI {
				s.ThrI[i] = uint32(pack.Get64(v, i, p.QW))
			}
		},
	}), nil
}

// Arbiter returns an rr_arbiter golden model as a DUT with ports rst_ni,
// req_i, ack_i, gnt_valid_o and gnt_idx_o.
func Arbiter(p arbiter.Params) (DUT, error) {
	a, err := arbiter.New(p)
	if err != nil {
		return nil, err
	}
	return newModel(a, a.Signals(), map[string]func([]uint64){
		"rst_ni": func(v []uint64) { a.RstNI = v[0]&1 == 1 },
		"req_i":  func(v []uint64) { bitmap(&a.ReqI, v) },
		"ack_i":  func(v []uint64) { a.AckI = v[0]&1 == 1 },
	}), nil
}
