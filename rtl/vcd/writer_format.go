package vcd

import (
	"math/bits"
	"strconv"
)

// This file formats the Writer's output: header scopes, timestamps, the
// $dumpvars block and value lines.

// writeScope writes a scope, its vars and its sub-scopes.
func (w *Writer) writeScope(n *scopeNode) {
	w.ws("$scope module " + n.name + " $end\n")
	for _, i := range n.vars {
		v := &w.vars[i]
		line := "$var " + v.kind.String() + " " + strconv.Itoa(v.width) + " " + v.code + " " + v.name
		if v.width > 1 {
			line += " [" + strconv.Itoa(v.width-1) + ":0]"
		}
		w.ws(line + " $end\n")
	}
	for _, c := range n.children {
		w.writeScope(c)
	}
	w.ws("$upscope $end\n")
}

// ws writes s, keeping the first write error.
func (w *Writer) ws(s string) {
	if _, err := w.bw.WriteString(s); err != nil && w.err == nil {
		w.err = &WriteError{Err: err}
	}
}

// writeTime writes "#time".
func (w *Writer) writeTime() {
	w.buf = append(w.buf[:0], '#')
	w.buf = strconv.AppendUint(w.buf, w.time, 10)
	w.buf = append(w.buf, '\n')
	w.write()
	w.timed = true
}

// writeDump writes the first timestamp with its $dumpvars block.
func (w *Writer) writeDump() {
	w.writeTime()
	w.ws("$dumpvars\n")
	for i := range w.vars {
		v := &w.vars[i]
		if w.set[i] {
			w.writeValue(v, w.last[v.off:v.off+v.n])
			continue
		}
		if v.width == 1 {
			w.buf = append(w.buf[:0], 'x')
		} else {
			w.buf = append(w.buf[:0], 'b', 'x', ' ')
		}
		w.buf = append(w.buf, v.code...)
		w.buf = append(w.buf, '\n')
		w.write()
	}
	w.ws("$end\n")
	w.state = wRunning
}

// writeValue writes one value line, "1!" or "b101 !".
func (w *Writer) writeValue(v *wvar, val []uint64) {
	b := w.buf[:0]
	if v.width == 1 {
		b = append(b, byte('0'+val[0]&1))
	} else {
		b = append(b, 'b')
		hi := -1 // highest set bit
		for i := len(val) - 1; i >= 0; i-- {
			if val[i] != 0 {
				hi = i*64 + bits.Len64(val[i]) - 1
				break
			}
		}
		if hi < 0 {
			b = append(b, '0')
		}
		for i := hi; i >= 0; {
			if i&7 == 7 { // bits i..i-7 are one byte of the value
				b = append(b, byteBits[val[i>>6]>>uint(i&63-7)&0xff][:]...)
				i -= 8
				continue
			}
			b = append(b, byte('0'+val[i>>6]>>uint(i&63)&1))
			i--
		}
		b = append(b, ' ')
	}
	b = append(b, v.code...)
	w.buf = append(b, '\n')
	w.write()
}

// byteBits holds the eight characters '0'/'1' of every byte, MSB first.
var byteBits = func() (t [256][8]byte) {
	for v := range t {
		for k := 0; k < 8; k++ {
			t[v][k] = byte('0' + v>>uint(7-k)&1)
		}
	}
	return t
}()

func (w *Writer) write() {
	if _, err := w.bw.Write(w.buf); err != nil && w.err == nil {
		w.err = &WriteError{Err: err}
	}
}
