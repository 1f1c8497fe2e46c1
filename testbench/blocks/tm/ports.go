package tm

import (
	"fmt"
	"math/bits"
	"occamy/testbench/blocks"
	"strings"

	hw "occamy/hw/tm"
	"occamy/rtl"
	"occamy/rtl/pack"
	"occamy/rtl/port"
	"occamy/testbench/stimulus"
)

// The occamy_tm inputs (docs/tm.md, "The Verilog top: occamy_tm"): the
// run-time configuration on cfg_* inputs, held from reset on, and IN
// ingress slots per cycle. The encodings of the cfg_* values are here, once:
// the registry's port list reads the widths, its golden adapter decodes
// with Cfg, and every TM source encodes with it.
const (
	PolicyW  = 2  // cfg_policy_i
	QuantumW = 16 // one class's quantum in cfg_quantum_i
)

// Policies are the policies occamy_tm implements, indexed by the value
// of cfg_policy_i. The ideal pushout (instant expulsion at admission
// through a backdoor that uses no memory port) and abm (a divider per
// class) are not hardware as hw/tm models them: NotHardware says why.
var Policies = []hw.Policy{hw.PolicyDT, hw.PolicyOccamy, hw.PolicyOccamyLQD, hw.PolicyPushoutPorts}

// NotHardware says why a policy of hw/tm has no cfg_policy_i value.
var NotHardware = map[hw.Policy]string{
	hw.PolicyPushout: "the ideal Pushout expels in the arrival's cycle through a backdoor that uses no memory port",
	hw.PolicyABM:     "abm divides each class's threshold by its active queues, a divider per class",
}

// PolicyValues lists cfg_policy_i's values: "0 dt, 1 occamy, ...".
func PolicyValues() string {
	v := make([]string, len(Policies))
	for i, p := range Policies {
		v[i] = fmt.Sprintf("%d %s", i, p)
	}
	return strings.Join(v, ", ")
}

// RW is the width of cfg_r_i: it holds every R the model accepts.
func RW() int { return rtl.Clog2(hw.MaxR + 1) }

// Shape are the derived widths of an occamy_tm configuration.
type Shape struct {
	N  int // queues, P*Q
	IW int // queue index, max(1, clog2(N))
	LW int // packet length in cells, clog2(MAXPKT+1)
	SW int // serial bits kept in a cell tag
	IN int // ingress slots
}

// NewShape derives the widths of c with sw serial bits in a tag.
func NewShape(c hw.Config, sw int) Shape {
	n := c.N()
	return Shape{N: n, IW: rtl.IdxWidth(n), LW: rtl.Clog2(c.MaxPkt + 1), SW: sw, IN: c.MaxOffers}
}

// TagW is the width of one egress tag, SW+LW.
func (s Shape) TagW() int { return s.SW + s.LW }

// Tag is the tag occamy_tm reports for a model tag (hw.Tag: serial and
// cell index): {serial mod 2^SW, cell index}.
func (s Shape) Tag(t uint64) uint64 {
	serial, idx := t>>16, t&0xffff
	return (serial&(1<<uint(s.SW)-1))<<uint(s.LW) | idx
}

// Cfg is the value of the cfg_* inputs.
type Cfg struct {
	Policy, Chain, DRR, Recheck, R uint32
	Alpha                          []uint32 // per class, the signed exponent in AW-bit two's complement
	Quantum                        []uint32 // per class, cells (used only with DRR)
	aw                             int
}

// NewCfg encodes c's run-time configuration; a policy occamy_tm does not
// implement is an error naming it.
func NewCfg(c hw.Config) (*Cfg, error) {
	v := &Cfg{Alpha: make([]uint32, c.Q), Quantum: make([]uint32, c.Q), aw: c.AW}
	v.Policy = uint32(len(Policies))
	for i, p := range Policies {
		if p == c.Policy {
			v.Policy = uint32(i)
		}
	}
	if int(v.Policy) == len(Policies) {
		why := NotHardware[c.Policy]
		if why == "" {
			why = "it has no cfg_policy_i value"
		}
		return nil, fmt.Errorf("occamy_tm implements the policies %s, not %s: %s, not hardware as modelled",
			strings.Join(hw.PolicyNames(Policies), ", "), c.Policy, why)
	}
	v.Chain, v.DRR, v.Recheck = blocks.B2W(c.FreeMode == hw.FreeChain), blocks.B2W(c.Sched == hw.SchedDRR), blocks.B2W(c.HDRecheck)
	v.R = uint32(c.R)
	for i := range v.Alpha {
		v.Alpha[i] = uint32(c.AlphaExp[i]) & (1<<uint(c.AW) - 1)
		if i < len(c.Quantum) {
			v.Quantum[i] = uint32(c.Quantum[i]) & (1<<QuantumW - 1)
		}
	}
	return v, nil
}

// Wires binds the cfg_* ports to v's fields.
func (v *Cfg) Wires() []stimulus.Wire {
	return []stimulus.Wire{
		{Name: "cfg_policy_i", W: PolicyW, U32: &v.Policy},
		{Name: "cfg_chain_i", W: 1, U32: &v.Chain},
		{Name: "cfg_drr_i", W: 1, U32: &v.DRR},
		{Name: "cfg_recheck_i", W: 1, U32: &v.Recheck},
		{Name: "cfg_alpha_i", W: v.aw, U32s: v.Alpha},
		{Name: "cfg_quantum_i", W: QuantumW, U32s: v.Quantum},
		{Name: "cfg_r_i", W: RW(), U32: &v.R},
	}
}

// Apply sets the run-time fields of c from v; an encoding occamy_tm does
// not define (cfg_policy_i 3) is an error naming the port. The result still
// needs c.Validate (R, quanta).
func (v *Cfg) Apply(c *hw.Config) error {
	if int(v.Policy) >= len(Policies) {
		return fmt.Errorf("cfg_policy_i=%d: allowed %s", v.Policy, PolicyValues())
	}
	c.Policy = Policies[v.Policy]
	c.FreeMode, c.Sched = freeMode(v.Chain != 0), sched(v.DRR != 0)
	c.HDRecheck = v.Recheck != 0
	c.R = int(v.R)
	if len(c.AlphaExp) != len(v.Alpha) {
		c.AlphaExp = make([]int, len(v.Alpha))
	}
	if len(c.Quantum) != len(v.Quantum) {
		c.Quantum = make([]int, len(v.Quantum))
	}
	sign := uint32(1) << uint(v.aw-1)
	for i, a := range v.Alpha {
		c.AlphaExp[i] = int(a^sign) - int(sign)
		c.Quantum[i] = int(v.Quantum[i])
	}
	return nil
}

// Equal reports whether two configurations drive the same cfg_* values.
func (v *Cfg) Equal(o *Cfg) bool {
	if v.Policy != o.Policy || v.Chain != o.Chain || v.DRR != o.DRR || v.Recheck != o.Recheck || v.R != o.R ||
		len(v.Alpha) != len(o.Alpha) {
		return false
	}
	for i := range v.Alpha {
		if v.Alpha[i] != o.Alpha[i] || v.Quantum[i] != o.Quantum[i] {
			return false
		}
	}
	return true
}

// Clone copies v.
func (v *Cfg) Clone() *Cfg {
	c := *v
	c.Alpha = append([]uint32(nil), v.Alpha...)
	c.Quantum = append([]uint32(nil), v.Quantum...)
	return &c
}

// Slots locates the ingress slots (in_valid_i, in_qid_i, in_cells_i) in a
// cycle's input words.
type Slots struct {
	Sh                Shape
	valid, qid, cells [2]int
}

// NewSlots finds the ingress ports of sh in l.
func NewSlots(l *port.Layout, sh Shape) (*Slots, error) {
	s := &Slots{Sh: sh}
	for _, x := range []struct {
		name string
		span *[2]int
		w    int
	}{{"in_valid_i", &s.valid, 1}, {"in_qid_i", &s.qid, sh.IW}, {"in_cells_i", &s.cells, sh.LW}} {
		f, err := stimulus.FieldOf(l, x.name)
		if err != nil {
			return nil, err
		}
		if f.Width != sh.IN*x.w {
			return nil, fmt.Errorf("stimulus: port %s is %d bits, want IN*%d = %d", x.name, f.Width, x.w, sh.IN*x.w)
		}
		*x.span = [2]int{f.Off, f.Off + f.Words}
	}
	return s, nil
}

// Put writes slot i: a packet of cells cells to queue q (slots are filled
// from 0 with the ports' words cleared beforehand).
func (s *Slots) Put(in []uint32, i, q, cells int) {
	in[s.valid[0]+i>>5] |= 1 << uint(i&31)
	pack.Put(in[s.qid[0]:s.qid[1]], i, s.Sh.IW, uint64(q))
	pack.Put(in[s.cells[0]:s.cells[1]], i, s.Sh.LW, uint64(cells))
}

// Valid returns how many slots are valid and whether they are packed from
// slot 0 (no valid slot after an idle one), without decoding the others.
func (s *Slots) Valid(in []uint32) (n int, packed bool) {
	w := in[s.valid[0]:s.valid[1]]
	k := 0
	for k < len(w) && w[k] == ^uint32(0) {
		n += 32
		k++
	}
	if k < len(w) {
		ones := bits.TrailingZeros32(^w[k])
		n += ones
		if w[k]>>uint(ones) != 0 {
			return min(n, s.Sh.IN), false
		}
		for _, y := range w[k+1:] {
			if y != 0 {
				return min(n, s.Sh.IN), false
			}
		}
	}
	return min(n, s.Sh.IN), true
}

// Slot reads slot i's queue and cells.
func (s *Slots) Slot(in []uint32, i int) (q, cells int) {
	return int(pack.Get(in[s.qid[0]:s.qid[1]], i, s.Sh.IW)), int(pack.Get(in[s.cells[0]:s.cells[1]], i, s.Sh.LW))
}

// tmIn is the common part of every TM source: the configuration image (the
// cfg_* words with rst_ni released and no slot valid), copied every cycle,
// and the ingress slots.
type tmIn struct {
	cfg   hw.Config
	tmpl  []uint32
	rst   stimulus.Field
	slots *Slots
}

func newTMIn(l *port.Layout, c hw.Config, sw int) (*tmIn, error) {
	v, err := NewCfg(c)
	if err != nil {
		return nil, err
	}
	b, err := stimulus.NewBind(l, true, v.Wires()...)
	if err != nil {
		return nil, err
	}
	rst, err := stimulus.FieldOf(l, "rst_ni")
	if err != nil {
		return nil, err
	}
	slots, err := NewSlots(l, NewShape(c, sw))
	if err != nil {
		return nil, err
	}
	t := &tmIn{cfg: c, tmpl: make([]uint32, l.InWords), rst: rst, slots: slots}
	b.Encode(t.tmpl)
	rst.PutBool(t.tmpl, true)
	return t, nil
}

// start begins cycle c's inputs: the configuration, rst_ni low in cycles 0
// and 1 (the only reset: occamy_tm's configuration is held from it on), no
// slot valid. It reports whether the reset is released.
func (t *tmIn) start(c uint64, in []uint32) bool {
	copy(in, t.tmpl)
	if c < 2 {
		t.rst.PutBool(in, false)
		return false
	}
	return true
}

// Classes gives every class of c its own α exponent and DRR quantum,
// drawn from seed: exponents from max(lo, -2) to min(hi, 4) of the AW-bit
// range (at least one of them 0 or above), quanta from 1 to 2·MAXPKT.
func Classes(c *hw.Config, seed int64) {
	r := stimulus.NewRNG(seed)
	lo, hi := max(-(1<<(c.AW-1)), -2), min(1<<(c.AW-1)-1, 4)
	c.AlphaExp = append([]int(nil), c.AlphaExp...)
	c.Quantum = append([]int(nil), c.Quantum...)
	for i := range c.AlphaExp {
		c.AlphaExp[i] = r.Between(lo, hi)
		c.Quantum[i] = min(r.Between(1, 2*c.MaxPkt), 1<<QuantumW-1)
	}
	c.AlphaExp[r.Intn(len(c.AlphaExp))] = r.Between(0, hi)
}
