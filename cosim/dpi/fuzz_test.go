package dpi

import (
	"encoding/binary"
	"testing"
)

// FuzzModelCalls drives a model with any sequence of calls and arguments
// a C caller could make (word arrays of any length and content, port
// indices and widths, resets, eval/commit out of order, stimulus, seed,
// compare, check): nothing panics, and every refusal is an error.
func FuzzModelCalls(f *testing.F) {
	f.Add("arbiter", []byte{0, 4, 1, 2, 3, 4, 5, 6, 7})
	f.Add("tm", []byte{7, 7, 8, 2, 2, 3, 9, 1, 0, 5, 6, 4})
	f.Add("freelist", []byte{9, 9, 9, 9, 2, 2, 2, 10, 11, 3})
	f.Add("threshold", []byte{1, 200, 6, 255, 0, 0})
	f.Fuzz(func(t *testing.T, block string, ops []byte) {
		m, err := New(block, nil)
		if err != nil {
			return
		}
		next := func() int {
			if len(ops) == 0 {
				return 0
			}
			v := int(ops[0])
			ops = ops[1:]
			return v
		}
		words := func() []uint32 {
			n := next() % (2*m.Layout.InWords + 2)
			w := make([]uint32, n)
			for i := range w {
				var b [4]byte
				for k := range b {
					b[k] = byte(next())
				}
				w[i] = binary.LittleEndian.Uint32(b[:])
			}
			return w
		}
		for steps := 0; len(ops) > 0 && steps < 200; steps++ {
			switch next() % 13 {
			case 0:
				_ = m.SetInputs(words())
			case 1:
				_ = m.SetInput(next()-8, words(), next()-4)
			case 2:
				_ = m.Step()
			case 3:
				_ = m.Eval()
			case 4:
				_ = m.Commit()
			case 5:
				_ = m.GetOutput(next()-8, words(), next()-4)
			case 6:
				_, _ = m.Compare(words())
			case 7:
				_, _ = m.Check(words(), words())
			case 8:
				_ = m.Reset(next() % 4)
			case 9:
				w := make([]uint32, next()%(m.Layout.InWords+2))
				_ = m.Stimulus(w)
			case 10:
				_ = m.SetSeed(int64(next()))
			case 11:
				_, _ = m.Verdict("", 1)
			case 12:
				_, _, _, _, _ = m.PortInfo(next() - 8)
			}
		}
	})
}
