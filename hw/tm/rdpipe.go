package tm

// rdPipe is a memory's read data at its ports, as sram_mp returns them:
// the word a read on port p issued in cycle t samples (mem.Memory.Read)
// is on port p in cycle t+L, L the read latency, and only then. out is
// the rd_data_o of u_cp_mem or u_cd_mem, which the sub-blocks' read-data
// inputs alias (set once, at New); the commit copies the next cycle's
// words into it, those of the ports read (a port not read keeps its last
// word, which no sub-block reads).
//
// The words sit in arrays of 64 (mem.MaxPorts, the ports a memory can
// have), reached through pointers so that the value stays copyable: put
// and the edge index them by a port masked to 64, with no bound to check.
type rdPipe[T any] struct {
	out  []T      // this cycle's read data, port p at [p] (a view of *outA)
	outA *[64]T   // out's words
	ring []*[64]T // L cycles of reads in flight, slot t mod L for cycle t's
	read []uint64 // per slot, bit p: port p was read (the current slot's in inRd until the edge)
	cur  int      // the slot of this cycle's reads
	in   *[64]T   // ring[cur]
	inRd uint64   // the ports read this cycle
	// Latency 1 and at most 8 ports: the edge moves the first 8 words at
	// once. in then holds, for every port, the last word put on it, which
	// out holds already for a port not read this cycle.
	eight bool
}

// words returns max(ports, 64) words and the first 64 as an array.
func words[T any](ports int) ([]T, *[64]T) {
	w := make([]T, max(ports, 64))
	return w, (*[64]T)(w[:64])
}

func newRdPipe[T any](ports, lat int) rdPipe[T] {
	p := rdPipe[T]{ring: make([]*[64]T, lat), read: make([]uint64, lat), eight: lat == 1 && ports <= 8}
	var out []T
	out, p.outA = words[T](ports)
	p.out = out[:ports]
	for i := range p.ring {
		_, p.ring[i] = words[T](ports)
	}
	p.in = p.ring[0]
	return p
}

// put stores the word a read issued this cycle on port port sampled.
// port < 64 (mem.MaxPorts). A port at or above the memory's ports (a
// refused read, which fails the TM) lands in a word out does not show.
func (p *rdPipe[T]) put(port int, v T) {
	p.in[port&63] = v
	p.inRd |= 1 << (uint(port) & 63)
}

// at is the data on port port d cycles after the current one (0: out).
func (p *rdPipe[T]) at(d, port int) T {
	if d == 0 {
		return p.out[port]
	}
	return p.ring[(p.cur+d)%len(p.ring)][port]
}

// commit is the rising edge: the next cycle's data come up.
func (p *rdPipe[T]) commit() {
	if p.inRd != 0 || len(p.ring) > 1 {
		p.step()
	}
}

//go:noinline
func (p *rdPipe[T]) step() {
	if len(p.ring) > 1 {
		p.read[p.cur] = p.inRd
		if p.cur++; p.cur == len(p.ring) {
			p.cur = 0
		}
		p.in, p.inRd = p.ring[p.cur], p.read[p.cur]
		p.read[p.cur] = 0
	}
	out, in := p.outA, p.in
	if p.eight {
		// (word by word: an array of T is copied by the runtime's memmove)
		out[0], out[1], out[2], out[3] = in[0], in[1], in[2], in[3]
		out[4], out[5], out[6], out[7] = in[4], in[5], in[6], in[7]
		p.inRd = 0
		return
	}
	for r := p.inRd; r != 0; r &= r - 1 { // latency 1: this cycle's reads are the next one's data
		i := trailingZeros(r) & 63
		out[i] = in[i]
	}
	p.inRd = 0
}
