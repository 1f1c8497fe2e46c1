package stimulus

import (
	"fmt"

	"occamy/cosim"
)

// Field locates one input port in a cycle's input words.
type Field struct {
	Off   int // first word
	Words int // words the port takes
	Width int // bits
}

// FieldOf finds the named input in l.
func FieldOf(l *cosim.Layout, name string) (Field, error) {
	i := l.Input(name)
	if i < 0 {
		return Field{}, fmt.Errorf("stimulus: the layout has no input %s", name)
	}
	p := l.Inputs[i]
	return Field{Off: l.InOff[i], Words: p.Words(), Width: p.Width}, nil
}

// fields looks up several inputs at once; the first missing one is an error.
func fields(l *cosim.Layout, names ...string) ([]Field, error) {
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
	cosim.PutUint64(in[f.Off:f.Off+f.Words], v)
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

// putElem stores element i of width w (w <= 32) into packed words.
func putElem(words []uint32, i, w int, v uint64) {
	bit := i * w
	k, sh := bit>>5, uint(bit&31)
	m := uint64(1)<<uint(w) - 1
	v &= m
	lo := uint64(words[k])
	if k+1 < len(words) {
		lo |= uint64(words[k+1]) << 32
	}
	lo = lo&^(m<<sh) | v<<sh
	words[k] = uint32(lo)
	if k+1 < len(words) {
		words[k+1] = uint32(lo >> 32)
	}
}

// getElem reads element i of width w (w <= 32) from packed words.
func getElem(words []uint32, i, w int) uint64 {
	bit := i * w
	k, sh := bit>>5, uint(bit&31)
	v := uint64(words[k])
	if k+1 < len(words) {
		v |= uint64(words[k+1]) << 32
	}
	return v >> sh & (1<<uint(w) - 1)
}

// PutElem and GetElem are the exported forms of the packed-element helpers:
// element i of width w (1..32) at bits [i*w +: w] of words.
func PutElem(words []uint32, i, w int, v uint64) { putElem(words, i, w, v) }

// GetElem reads element i of width w (1..32) at bits [i*w +: w] of words.
func GetElem(words []uint32, i, w int) uint64 { return getElem(words, i, w) }
