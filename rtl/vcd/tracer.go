package vcd

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	"occamy/rtl"
)

// TracerOptions configures a Tracer. The zero value gives the project's
// conventions (docs/architecture.md, "Waveforms"): top scope "occamy",
// timescale 1ps, a 1000 ps clock period (1 GHz).
type TracerOptions struct {
	// Top is the name of the top scope holding clk and the block scopes;
	// "" means "occamy".
	Top string
	// Timescale is the unit of the timestamps; "" means "1ps".
	Timescale string
	// Period is the clock period in timescale units, even and at least 2;
	// 0 means 1000.
	Period uint64
}

// Tracer is an rtl.Tracer writing a VCD file. The top scope holds a 1-bit
// clk and one sub-scope per rtl.Scope (a dotted scope name nests). A
// signal whose name ends in "_q" is declared as a reg, every other signal
// as a wire.
//
// Sample(c) writes, at time Period·c, clk = 1 and every signal whose value
// changed, and at Period·c + Period/2, clk = 0. Close writes the rising
// edge at Period·(c+1) that ends the last sampled cycle c, so that reading
// the file per rising edge (Sampler) gives back every sampled cycle, and
// flushes. Sample does not allocate.
type Tracer struct {
	w      *Writer
	opt    TracerOptions
	file   *atomicFile // closed by Close when the Tracer created it
	clk    ID
	sigs   []traced
	one    []uint64
	zero   []uint64
	next   uint64 // smallest cycle the next Sample may have
	maxC   uint64 // largest cycle whose times fit in a uint64
	sample bool   // some Sample happened
	tried  bool   // Declare was called
	decl   bool   // Declare succeeded: the header is written
}

type traced struct {
	id   ID
	read func([]uint64)
	buf  []uint64
}

// NewTracer returns a Tracer writing to w. It checks the options; Close
// flushes but does not close w.
func NewTracer(w io.Writer, opt TracerOptions) (*Tracer, error) {
	if opt.Top == "" {
		opt.Top = "occamy"
	}
	if opt.Period == 0 {
		opt.Period = 1000
	}
	if opt.Period < 2 || opt.Period%2 != 0 {
		return nil, fmt.Errorf("vcd: tracer period %d must be even and at least 2", opt.Period)
	}
	if !validName(opt.Top) {
		return nil, fmt.Errorf("vcd: bad top scope name %q: want printable ASCII without spaces or dots", opt.Top)
	}
	vw, err := NewWriter(w, WriterOptions{Timescale: opt.Timescale})
	if err != nil {
		return nil, err
	}
	return &Tracer{
		w: vw, opt: opt, one: []uint64{1}, zero: []uint64{0},
		maxC: (math.MaxUint64 - opt.Period) / opt.Period,
	}, nil
}

// CreateTracer returns a Tracer writing the file at path. The dump is
// written under a temporary name beside it and renamed to path by a
// successful Close, so path never holds a half-written dump (a run
// stopped at a cycle boundary closes the tracer and keeps its whole
// cycles); a failed write or Declare removes the temporary file.
func CreateTracer(path string, opt TracerOptions) (*Tracer, error) {
	f, err := createAtomic(path)
	if err != nil {
		return nil, fmt.Errorf("vcd: %w", err)
	}
	t, err := NewTracer(f, opt)
	if err != nil {
		f.Abort()
		return nil, err
	}
	t.file = f
	return t, nil
}

// Declare implements rtl.Tracer: it declares clk and every signal of every
// scope, then writes the header.
func (t *Tracer) Declare(scopes []rtl.Scope) error {
	if t.tried {
		return errors.New("vcd: Declare called twice")
	}
	t.tried = true
	clk, err := t.w.Var(t.opt.Top, "clk", 1, Wire)
	if err != nil {
		return err
	}
	t.clk = clk
	for _, s := range scopes {
		path := t.opt.Top + "." + s.Name
		if err := t.w.Scope(path); err != nil {
			return err
		}
		for _, sig := range s.Signals {
			if sig.Read == nil {
				return fmt.Errorf("vcd: signal %s.%s has no Read function", s.Name, sig.Name)
			}
			kind := Wire
			if strings.HasSuffix(sig.Name, "_q") {
				kind = Reg
			}
			id, err := t.w.Var(path, sig.Name, sig.Width, kind)
			if err != nil {
				return err
			}
			t.sigs = append(t.sigs, traced{id: id, read: sig.Read, buf: make([]uint64, words(sig.Width))})
		}
	}
	if err := t.w.WriteHeader(); err != nil {
		return err
	}
	t.decl = true
	return nil
}

// Sample implements rtl.Tracer: it records cycle c. Cycles must increase.
func (t *Tracer) Sample(c uint64) error {
	if !t.decl {
		return errors.New("vcd: Sample before Declare")
	}
	if c < t.next {
		return fmt.Errorf("vcd: cycle %d sampled after cycle %d", c, t.next-1)
	}
	if c > t.maxC {
		return fmt.Errorf("vcd: cycle %d is too large for a period of %d", c, t.opt.Period)
	}
	t.next, t.sample = c+1, true
	base := c * t.opt.Period
	if err := t.w.Time(base); err != nil {
		return err
	}
	if err := t.w.Change(t.clk, t.one); err != nil {
		return err
	}
	for i := range t.sigs {
		s := &t.sigs[i]
		s.read(s.buf)
		if err := t.w.Change(s.id, s.buf); err != nil {
			return err
		}
	}
	if err := t.w.Time(base + t.opt.Period/2); err != nil {
		return err
	}
	return t.w.Change(t.clk, t.zero)
}

// Close implements rtl.Tracer: it writes the rising edge that ends the last
// sampled cycle, flushes, and closes the file if CreateTracer opened it.
// After a failed Declare it writes nothing.
func (t *Tracer) Close() error {
	var err error
	if t.sample {
		if err = t.w.Time(t.next * t.opt.Period); err == nil {
			err = t.w.Change(t.clk, t.one)
		}
	}
	if t.decl {
		if cerr := t.w.Close(); err == nil {
			err = cerr
		}
	}
	if t.file != nil {
		if err != nil || !t.decl {
			t.file.Abort() // a failed write leaves no half-written file
		} else {
			err = t.file.Close()
		}
		t.file = nil
	}
	return err
}
