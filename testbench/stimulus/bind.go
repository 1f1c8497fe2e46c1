package stimulus

import (
	"fmt"

	"occamy/rtl/pack"
	"occamy/rtl/port"
)

// Wire ties one port of a contract layout to the Go field of a port-level
// model that holds it: exactly one of the value fields is set. A slice is
// a packed array port, element i at bits [i*W +: W].
type Wire struct {
	Name  string
	W     int // element width (1 for Bool and Bools)
	Bool  *bool
	Bools []bool
	U32   *uint32
	U32s  []uint32
	U64s  []uint64
}

// Bind is a list of wires over one side (inputs or outputs) of a layout:
// Encode writes the model's fields into port words, Decode the reverse.
// The golden adapters of the memory blocks decode inputs and encode
// outputs with it; their sources encode the inputs they set on the model.
type Bind struct {
	wires []Wire
	spans [][2]int
}

// NewBind binds wires to the inputs (in) or outputs of l; a wire whose
// port is missing or whose width disagrees with the port is an error.
func NewBind(l *port.Layout, in bool, wires ...Wire) (*Bind, error) {
	b := &Bind{wires: wires, spans: make([][2]int, len(wires))}
	for k, w := range wires {
		ports, offs := l.Outputs, l.OutOff
		i := l.Output(w.Name)
		if in {
			ports, offs, i = l.Inputs, l.InOff, l.Input(w.Name)
		}
		if i < 0 {
			return nil, fmt.Errorf("stimulus: the layout has no port %s", w.Name)
		}
		n := 1
		switch {
		case w.Bools != nil:
			n = len(w.Bools)
		case w.U32s != nil:
			n = len(w.U32s)
		case w.U64s != nil:
			n = len(w.U64s)
		}
		if n*w.W != ports[i].Width {
			return nil, fmt.Errorf("stimulus: port %s is %d bits, the model's field %d", w.Name, ports[i].Width, n*w.W)
		}
		b.spans[k] = [2]int{offs[i], offs[i] + ports[i].Words()}
	}
	return b, nil
}

// MustBind is NewBind for wires built from the same parameters as the
// layout, where a mismatch is a programming error.
func MustBind(l *port.Layout, in bool, wires ...Wire) *Bind {
	b, err := NewBind(l, in, wires...)
	if err != nil {
		panic(err)
	}
	return b
}

// Encode writes every wire's field into its port words.
func (b *Bind) Encode(words []uint32) {
	for k := range b.wires {
		w, d := &b.wires[k], words[b.spans[k][0]:b.spans[k][1]]
		switch {
		case w.Bool != nil:
			pack.PutUint64(d, uint64(b2u(*w.Bool)))
		case w.U32 != nil:
			pack.PutUint64(d, uint64(*w.U32)&(1<<uint(w.W)-1))
		case w.Bools != nil:
			pack.PackBools(d, w.Bools)
		case w.U32s != nil:
			clear(d)
			for i, v := range w.U32s {
				pack.Put(d, i, w.W, uint64(v))
			}
		case w.U64s != nil:
			clear(d)
			for i, v := range w.U64s {
				pack.PutWide(d, i, w.W, v)
			}
		}
	}
}

// Decode sets every wire's field from its port words.
func (b *Bind) Decode(words []uint32) {
	for k := range b.wires {
		w, d := &b.wires[k], words[b.spans[k][0]:b.spans[k][1]]
		switch {
		case w.Bool != nil:
			*w.Bool = d[0]&1 != 0
		case w.U32 != nil:
			*w.U32 = uint32(pack.Uint64(d) & (1<<uint(w.W) - 1))
		case w.Bools != nil:
			pack.UnpackBools(w.Bools, d)
		case w.U32s != nil:
			pack.Unpack(w.U32s, d, len(w.U32s), w.W)
		case w.U64s != nil:
			for i := range w.U64s {
				w.U64s[i] = pack.GetWide(d, i, w.W)
			}
		}
	}
}

func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

// ModelSource is the random source of a port-level model, closed loop:
// each cycle Drive sets the model's inputs, the model evaluates (its
// outputs for this cycle), After books what the cycle does from them, and
// the inputs are encoded. The golden adapter then decodes the same inputs
// and evaluates again, which gives the same outputs (Eval is idempotent).
type ModelSource struct {
	Drive func(c uint64) // sets the model's inputs for cycle c
	Eval  func()         // the model's Eval
	After func()         // books the cycle from the outputs; nil for none
	Enc   *Bind          // encodes the model's inputs
}

// Next implements Source.
func (s *ModelSource) Next(c uint64, in []uint32) {
	s.Drive(c)
	s.Eval()
	if s.After != nil {
		s.After()
	}
	s.Enc.Encode(in)
}
