package stimulus

import (
	"fmt"

	"occamy/rtl/pack"
	"occamy/rtl/port"
)

// Field locates one input port in a cycle's input words.
type Field struct {
	Off   int // first word
	Words int // words the port takes
	Width int // bits
}

// FieldOf finds the named input in l.
func FieldOf(l *port.Layout, name string) (Field, error) {
	i := l.Input(name)
	if i < 0 {
		return Field{}, fmt.Errorf("stimulus: the layout has no input %s", name)
	}
	p := l.Inputs[i]
	return Field{Off: l.InOff[i], Words: p.Words(), Width: p.Width}, nil
}

// Fields looks up several inputs at once; the first missing one is an error.
func Fields(l *port.Layout, names ...string) ([]Field, error) {
	fs := make([]Field, len(names))
	for i, n := range names {
		f, err := FieldOf(l, n)
		if err != nil {
			return nil, err
		}
		fs[i] = f
	}
	return fs, nil
}

// Put writes a value of up to 64 bits into the port, clearing its other
// words and the bits above its width.
func (f Field) Put(in []uint32, v uint64) {
	if f.Width < 64 {
		v &= 1<<uint(f.Width) - 1
	}
	pack.PutUint64(in[f.Off:f.Off+f.Words], v)
}

// PutBool writes 1 or 0.
func (f Field) PutBool(in []uint32, b bool) {
	v := uint64(0)
	if b {
		v = 1
	}
	f.Put(in, v)
}

// Copy writes the port's words from src (Words of them).
func (f Field) Copy(in []uint32, src []uint32) { copy(in[f.Off:f.Off+f.Words], src) }
