package tmsub

import (
	"fmt"
	"reflect"

	"occamy/hw/mem"
	hw "occamy/hw/tm"
	"occamy/rtl"
	"occamy/rtl/pack"
	"occamy/rtl/port"
	tmface "occamy/testbench/blocks/tm"
)

// codec moves one port between a Go sub-block's field (hw/tm's GoName of
// the port) and a cycle's port words in the contract layout. It is
// resolved once, when the adapter or the recorder is built; get and put
// reach the field through a pointer taken then (a slice through its
// header, so a Reset that replaces the slice is followed) and allocate
// nothing.
type codec struct {
	name       string
	off, words int
	n          int              // a slice field's entries (the reference's length)
	get        func(w []uint32) // the port's words → the field
	put        func(w []uint32) // the field → the port's words (all of them written)
}

// shape are the widths a port's encoding needs beyond its own: a PD body
// {serial SW, cells LW, K heads, K tails of CW bits}, a cell tag {serial
// SW, cell index LW}.
type shape struct{ sw, lw, k, cw int }

func shapeOf(sb hw.SubBlock) shape {
	var s shape
	for _, q := range sb.Params {
		switch q.Name {
		case "SW":
			s.sw = q.Value
		case "LW":
			s.lw = q.Value
		case "K":
			s.k = q.Value
		case "B":
			s.cw = rtl.IdxWidth(q.Value)
		}
	}
	return s
}

// signed are the ports whose value is a two's complement number: the
// free count, negative while pushout-ports' admitted cells wait for room.
// Every other integer port is unsigned (a cell index of all ones is a
// cell, not mem.Nil).
var signed = map[string]bool{"free_i": true, "free_o": true}

// codecsOf resolves the ports of direction dir in sb (clk_i and rst_ni
// aside) on the sub-block u points to, in layout l. A packed port on a
// slice field has as many entries as the same field of ref, a sub-block
// of the same type built alone (NewUnit): inside the TM a slice may alias
// a longer one (u_cp_mem's 2K read ports behind tm_dequeue's K).
func codecsOf(u, ref any, sb hw.SubBlock, l *port.Layout, dir port.Dir) ([]codec, error) {
	v, rv := reflect.ValueOf(u), reflect.ValueOf(ref)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct || v.Type() != rv.Type() {
		return nil, fmt.Errorf("%s: the Go sub-block is a %T, want a pointer to a struct like %T", sb.Module, u, ref)
	}
	sh := shapeOf(sb)
	var cs []codec
	for _, p := range sb.Ports {
		if p.Dir != dir || p.Name == port.DefaultClock || p.Name == port.DefaultReset {
			continue
		}
		f := v.Elem().FieldByName(hw.GoName(p.Name))
		if !f.IsValid() || !f.CanSet() {
			return nil, fmt.Errorf("%s: port %s has no exported field %s in %T", sb.Module, p.Name, hw.GoName(p.Name), u)
		}
		i, offs := l.Input(p.Name), l.InOff
		if dir == port.Out {
			i, offs = l.Output(p.Name), l.OutOff
		}
		if i < 0 {
			return nil, fmt.Errorf("%s: the layout has no %s %s", sb.Module, dir, p.Name)
		}
		c := codec{name: p.Name, off: offs[i], words: port.WordsFor(p.Width), n: -1}
		if rf := rv.Elem().FieldByName(hw.GoName(p.Name)); rf.Kind() == reflect.Slice {
			c.n = rf.Len()
			if f.Len() < c.n {
				return nil, fmt.Errorf("%s: port %s: %d entries, want %d", sb.Module, p.Name, f.Len(), c.n)
			}
		}
		if err := c.bind(f.Addr().Interface(), p, sh); err != nil {
			return nil, fmt.Errorf("%s: port %s (%s): %w", sb.Module, p.Name, f.Type(), err)
		}
		cs = append(cs, c)
	}
	return cs, nil
}

// bind sets get and put for field f (a pointer) of port p.
func (c *codec) bind(f any, p port.Port, sh shape) error {
	w := p.Width
	switch f := f.(type) {
	case *bool:
		c.get = func(x []uint32) { *f = x[0]&1 != 0 }
		c.put = func(x []uint32) { pack.PutUint64(x, uint64(b2u(*f))) }
	case *uint8:
		c.scalar(w, false, func() uint64 { return uint64(*f) }, func(v uint64) { *f = uint8(v) })
	case *uint16:
		c.scalar(w, false, func() uint64 { return uint64(*f) }, func(v uint64) { *f = uint16(v) })
	case *uint32:
		c.scalar(w, false, func() uint64 { return uint64(*f) }, func(v uint64) { *f = uint32(v) })
	case *uint64:
		c.scalar(w, false, func() uint64 { return *f }, func(v uint64) { *f = v })
	case *int:
		c.scalar(w, signed[p.Name], func() uint64 { return uint64(*f) }, func(v uint64) { *f = int(v) })
	case *int32:
		c.scalar(w, signed[p.Name], func() uint64 { return uint64(*f) }, func(v uint64) { *f = int32(v) })
	case *hw.Policy:
		c.scalar(w, false, func() uint64 { return uint64(policyCode(*f)) }, func(v uint64) { *f = policyOf(v) })
	case *rtl.Bitmap:
		if w > rtl.MaxBitmap {
			return fmt.Errorf("%d bits, a bitmap holds %d", w, rtl.MaxBitmap)
		}
		c.get = func(x []uint32) {
			*f = rtl.Bitmap{}
			for i, y := range x {
				f[i>>1] |= uint64(y) << (32 * uint(i&1))
			}
		}
		c.put = func(x []uint32) {
			for i := range x {
				x[i] = uint32(f[i>>1] >> (32 * uint(i&1)))
			}
			mask(x, w)
		}
	case *mem.PD:
		return c.pd(f, w, sh)
	case *[]bool:
		return c.slice(w, func(i int) uint64 { return uint64(b2u((*f)[i])) }, func(i int, v uint64) { (*f)[i] = v != 0 })
	case *[]uint32:
		return c.slice(w, func(i int) uint64 { return uint64((*f)[i]) }, func(i int, v uint64) { (*f)[i] = uint32(v) })
	case *[]int32:
		return c.slice(w, func(i int) uint64 { return uint64((*f)[i]) }, func(i int, v uint64) { (*f)[i] = int32(v) })
	case *[]int:
		return c.slice(w, func(i int) uint64 { return uint64((*f)[i]) }, func(i int, v uint64) { (*f)[i] = int(v) })
	case *[]uint64:
		if n := c.n; n > 0 && w%n == 0 && w/n == sh.sw+sh.lw && sh.lw > 0 {
			return c.tags(f, w, sh)
		}
		return c.slice(w, func(i int) uint64 { return (*f)[i] }, func(i int, v uint64) { (*f)[i] = v })
	default:
		return fmt.Errorf("no encoding for a field of this type")
	}
	return nil
}

// scalar is a plain number of w bits (w ≤ 64); sign extends it when read.
func (c *codec) scalar(w int, sign bool, load func() uint64, store func(uint64)) {
	c.put = func(x []uint32) {
		pack.PutUint64(x, load())
		mask(x, w)
	}
	c.get = func(x []uint32) {
		v := pack.Uint64(x)
		if w < 64 {
			v &= 1<<uint(w) - 1
			if sign && v>>uint(w-1)&1 != 0 {
				v |= ^uint64(0) << uint(w)
			}
		}
		store(v)
	}
}

// slice is a packed array: entry i of c.n at bits [i*w/c.n +: w/c.n].
func (c *codec) slice(w int, load func(i int) uint64, store func(i int, v uint64)) error {
	k := c.n
	if k == 0 || w%k != 0 || w/k > 64 {
		return fmt.Errorf("%d bits do not hold %d entries of at most 64 bits", w, k)
	}
	ew := w / k
	m := ^uint64(0) >> (64 - uint(ew))
	c.put = func(x []uint32) {
		clear(x)
		for i := 0; i < k; i++ {
			pack.PutWide(x, i, ew, load(i)&m)
		}
	}
	c.get = func(x []uint32) {
		for i := 0; i < k; i++ {
			store(i, pack.GetWide(x, i, ew))
		}
	}
	return nil
}

// pd is a PD body {serial, cells, heads, tails}, tail 0 at bit 0; the
// heads and tails of sub-lists at and above the packet's cells (mem.Nil
// in the Go model) are 0, as occamy_tm writes them.
func (c *codec) pd(f *mem.PD, w int, sh shape) error {
	k, cw := sh.k, sh.cw
	if k < 1 || k > mem.MaxK || sh.sw+sh.lw+2*k*cw != w {
		return fmt.Errorf("%d bits are no PD body of SW=%d LW=%d K=%d CW=%d", w, sh.sw, sh.lw, k, cw)
	}
	cm, lm, sm := uint64(1)<<uint(cw)-1, uint64(1)<<uint(sh.lw)-1, uint64(1)<<uint(sh.sw)-1
	c.put = func(x []uint32) {
		clear(x)
		for j := 0; j < min(k, int(f.Cells)); j++ { // sub-lists a packet does not use read 0
			pack.PutWide(x, j, cw, uint64(f.Tails[j])&cm)
			pack.PutWide(x, k+j, cw, uint64(f.Heads[j])&cm)
		}
		putBits(x, 2*k*cw, sh.lw, uint64(f.Cells)&lm)
		putBits(x, 2*k*cw+sh.lw, sh.sw, uint64(f.Serial)&sm)
	}
	c.get = func(x []uint32) {
		for j := 0; j < k; j++ {
			f.Tails[j] = int32(pack.GetWide(x, j, cw))
			f.Heads[j] = int32(pack.GetWide(x, k+j, cw))
		}
		f.Cells = uint16(getBits(x, 2*k*cw, sh.lw))
		f.Serial = uint32(getBits(x, 2*k*cw+sh.lw, sh.sw))
	}
	return nil
}

// tags is a packed array of cell tags: the Go model's {serial << 16 |
// cell index} is occamy_tm's {serial mod 2^SW, cell index of LW bits}.
func (c *codec) tags(f *[]uint64, w int, sh shape) error {
	k, tw := c.n, sh.sw+sh.lw
	lm := uint64(1)<<uint(sh.lw) - 1
	sm := uint64(1)<<uint(sh.sw) - 1
	c.put = func(x []uint32) {
		clear(x)
		for i, t := range (*f)[:k] {
			pack.PutWide(x, i, tw, (t>>16&sm)<<uint(sh.lw)|t&0xffff&lm)
		}
	}
	c.get = func(x []uint32) {
		for i := range (*f)[:k] {
			v := pack.GetWide(x, i, tw)
			(*f)[i] = v>>uint(sh.lw)<<16 | v&lm
		}
	}
	return nil
}

// putBits writes v into bits [at, at+w) of x (w ≤ 64).
func putBits(x []uint32, at, w int, v uint64) {
	for b := 0; b < w; b++ {
		i := at + b
		x[i>>5] = x[i>>5]&^(1<<uint(i&31)) | uint32(v>>uint(b)&1)<<uint(i&31)
	}
}

// getBits reads bits [at, at+w) of x (w ≤ 64).
func getBits(x []uint32, at, w int) uint64 {
	var v uint64
	for b := 0; b < w; b++ {
		i := at + b
		v |= uint64(x[i>>5]>>uint(i&31)&1) << uint(b)
	}
	return v
}

// mask clears the bits of x at and above w.
func mask(x []uint32, w int) {
	if r := w & 31; r != 0 && len(x) > w>>5 {
		x[w>>5] &= 1<<uint(r) - 1
	}
	for i := (w + 31) >> 5; i < len(x); i++ {
		x[i] = 0
	}
}

// policyCode is occamy_tm's 2-bit code of a policy (tm's cfg_policy_i,
// tm_hd_choice's policy_i); a policy without one reads as dt's.
func policyCode(p hw.Policy) uint32 {
	for i, q := range tmface.Policies {
		if q == p {
			return uint32(i)
		}
	}
	return 0
}

func policyOf(v uint64) hw.Policy {
	if int(v) < len(tmface.Policies) {
		return tmface.Policies[v]
	}
	return hw.PolicyDT
}

func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}
