package tmscore

import (
	"fmt"
	"strings"

	"occamy/rtl"
	"occamy/rtl/pack"
	"occamy/rtl/port"
	"occamy/testbench/design"
)

// field is a port of n lanes of w bits (lane i at [i*w +: w]) at words
// [off, off+words) of a cycle's input or output words; ok is false for a
// port the map does not name.
type field struct {
	name       string
	off, words int
	w, n       int
	ok         bool
}

func (f field) get(words []uint32, i int) uint64 {
	return pack.GetWide(words[f.off:f.off+f.words], i, f.w)
}

func (f field) put(words []uint32, i int, v uint64) {
	pack.PutWide(words[f.off:f.off+f.words], i, f.w, v)
}

// bit reads lane i of a 1-bit-per-lane field.
func (f field) bit(words []uint32, i int) bool {
	return words[f.off+i>>5]>>uint(i&31)&1 != 0
}

// isX reports whether lane i holds an x or z bit (x is the X plane of a
// four-state run, nil on a two-state simulator).
func (f field) isX(x []uint32, i int) bool {
	return x != nil && f.ok && f.get(x, i) != 0
}

// Binding locates every port the map names in the top's layout.
type Binding struct {
	L *port.Layout

	rst     field
	rstHigh bool
	ingressPorts
	configPorts
	admitPorts
	egressPorts
	headDropPorts
	observePorts
}

// The ports of each section of the map's tm (ingress, config, admit,
// egress, head_drop, observe).
type (
	ingressPorts struct {
		inValid, inQueue, inCells, inSerial, overflow field
	}
	configPorts struct {
		policy, freeMode, sched, recheck field
		alpha, quantum, lineRate         field
		ties                             []tie
	}
	admitPorts struct {
		admOK, admValid, admDrop, admQ, admCells field
	}
	egressPorts struct {
		egValid, egQueue, egPort, egData, egFirst, egLast field
	}
	headDropPorts struct {
		hdValid, hdQueue, hdCells field
	}
	observePorts struct {
		qlen, free, wait, thr field
	}
)

type tie struct {
	f field
	v uint64
}

// binder builds a Binding, keeping the first error.
type binder struct {
	f   *design.File
	l   *port.Layout
	err error
}

func (b *binder) fail(keys []string, format string, a ...any) {
	if b.err == nil {
		b.err = &design.Error{Where: b.f.Near(append([]string{"tm"}, keys...)...),
			What: "tm." + strings.Join(keys, ".") + ": " + fmt.Sprintf(format, a...)}
	}
}

// port finds name among the inputs (in) or outputs, n lanes of at least
// minW bits each (exactly minW when exact); "" gives a field that is not ok.
func (b *binder) port(keys []string, name string, in bool, n, minW int, exact bool) field {
	if name == "" || b.err != nil {
		return field{}
	}
	ports, offs, dir := b.l.Outputs, b.l.OutOff, "output"
	if in {
		ports, offs, dir = b.l.Inputs, b.l.InOff, "input"
	}
	for i, p := range ports {
		if p.Name != name {
			continue
		}
		if p.Width%n != 0 {
			b.fail(keys, "%s is %d bits, not %d lanes of equal width", name, p.Width, n)
			return field{}
		}
		w := p.Width / n
		switch {
		case exact && w != minW:
			b.fail(keys, "%s is %d bits, want %d lanes of %d (%d bits)", name, p.Width, n, minW, n*minW)
			return field{}
		case w < minW:
			b.fail(keys, "%s is %d bits: %d lanes of %d, want at least %d bits a lane", name, p.Width, n, w, minW)
			return field{}
		case w > 64:
			b.fail(keys, "%s: lanes of %d bits, at most 64 are read", name, w)
			return field{}
		}
		return field{name: name, off: offs[i], words: p.Words(), w: w, n: n, ok: true}
	}
	var names []string
	for _, p := range ports {
		names = append(names, p.Name)
	}
	b.fail(keys, "the top has no %s %s (its %ss: %s)", dir, name, dir, strings.Join(names, ", "))
	return field{}
}

// Bind locates the ports of f's tm: section in l. An error names the map
// line and the port.
func Bind(f *design.File, l *port.Layout) (*Binding, error) {
	t := f.TM
	s := t.Shape
	n := s.Ports * s.QueuesPerPort
	iw, lw := rtl.IdxWidth(n), rtl.Clog2(s.MaxPacket+1)
	b := &binder{f: f, l: l}
	g := &Binding{L: l}
	rst := port.DefaultReset
	if f.Reset != nil {
		rst = f.Reset.Port
		g.rstHigh = f.Reset.Active == "high"
	}
	g.rst = b.port([]string{"reset"}, rst, true, 1, 1, true)
	in := t.Ingress
	sl := in.Slots
	g.inValid = b.port([]string{"ingress", "valid"}, in.Valid, true, sl, 1, true)
	g.inQueue = b.port([]string{"ingress", "queue"}, in.Queue, true, sl, iw, false)
	g.inCells = b.port([]string{"ingress", "cells"}, in.Cells, true, sl, lw, false)
	g.inSerial = b.port([]string{"ingress", "serial"}, in.Serial, true, sl, 1, false)
	g.overflow = b.port([]string{"ingress", "overflow"}, in.Overflow, false, 1, 1, true)
	c := t.Config
	g.policy = b.port([]string{"config", "policy", "port"}, c.Policy.Port, true, 1, 1, false)
	g.freeMode = b.port([]string{"config", "free_mode", "port"}, c.FreeMode.Port, true, 1, 1, false)
	g.sched = b.port([]string{"config", "sched", "port"}, c.Sched.Port, true, 1, 1, false)
	g.recheck = b.port([]string{"config", "recheck", "port"}, c.Recheck.Port, true, 1, 1, false)
	g.alpha = b.port([]string{"config", "alpha", "port"}, c.Alpha.Port, true, s.QueuesPerPort, c.Alpha.Width, true)
	g.quantum = b.port([]string{"config", "quantum", "port"}, c.Quantum.Port, true, s.QueuesPerPort, c.Quantum.Width, true)
	g.lineRate = b.port([]string{"config", "line_rate"}, c.LineRate, true, 1, 1, false)
	for _, k := range sortedKeys(c.Tie) {
		g.ties = append(g.ties, tie{f: b.port([]string{"config", "tie", k}, k, true, 1, 1, false), v: c.Tie[k]})
	}
	a := t.Admit
	g.admOK = b.port([]string{"admit", "ok"}, a.OK, false, sl, 1, true)
	g.admValid = b.port([]string{"admit", "valid"}, a.Valid, false, 1, 1, true)
	g.admDrop = b.port([]string{"admit", "drop"}, a.Drop, false, 1, 1, true)
	g.admQ = b.port([]string{"admit", "queue"}, a.Queue, false, 1, iw, false)
	g.admCells = b.port([]string{"admit", "cells"}, a.Cells, false, 1, lw, false)
	e := t.Egress
	g.egValid = b.port([]string{"egress", "valid"}, e.Valid, false, e.Lanes, 1, true)
	g.egQueue = b.port([]string{"egress", "queue"}, e.Queue, false, e.Lanes, iw, false)
	g.egPort = b.port([]string{"egress", "port"}, e.Port, false, e.Lanes, rtl.IdxWidth(s.Ports), false)
	g.egData = b.port([]string{"egress", "data"}, e.Data, false, e.Lanes, t.Tag.IndexBits+t.Tag.SerialBits, false)
	g.egFirst = b.port([]string{"egress", "first"}, e.First, false, e.Lanes, 1, true)
	g.egLast = b.port([]string{"egress", "last"}, e.Last, false, e.Lanes, 1, true)
	if h := t.HeadDrop; h != nil {
		g.hdValid = b.port([]string{"head_drop", "valid"}, h.Valid, false, 1, 1, true)
		g.hdQueue = b.port([]string{"head_drop", "queue"}, h.Queue, false, 1, iw, false)
		g.hdCells = b.port([]string{"head_drop", "cells"}, h.Cells, false, 1, lw, false)
	}
	o := t.Observe
	qw := rtl.Clog2(s.Buffer + 1)
	g.qlen = b.port([]string{"observe", "qlen"}, o.Qlen, false, n, qw, false)
	g.free = b.port([]string{"observe", "free"}, o.Free, false, 1, qw, false)
	g.wait = b.port([]string{"observe", "wait"}, o.Wait, false, 1, 1, false)
	g.thr = b.port([]string{"observe", "threshold"}, o.Threshold, false, s.QueuesPerPort, qw, false)
	if b.err != nil {
		return nil, b.err
	}
	return g, nil
}
