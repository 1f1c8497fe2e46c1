package tm

// rdPipe is a memory's read data at its ports, as sram_mp returns them:
// the word a read on port p issued in cycle t samples (mem.Memory.Read)
// is on port p in cycle t+L, L the read latency, and only then. out is
// the rd_data_o of u_cp_mem or u_cd_mem, which the sub-blocks' read-data
// inputs alias (set once, at New); the commit copies the next cycle's
// words into it, those of the ports read (a port not read keeps its last
// word, which no sub-block reads).
type rdPipe[T any] struct {
	out  []T      // this cycle's read data, port p at [p]
	ring [][]T    // L cycles of reads in flight, slot t mod L for cycle t's
	read []uint64 // per slot, bit p: port p was read
	cur  int      // the slot of this cycle's reads
}

func newRdPipe[T any](ports, lat int) rdPipe[T] {
	p := rdPipe[T]{out: make([]T, ports), ring: make([][]T, lat), read: make([]uint64, lat)}
	for i := range p.ring {
		p.ring[i] = make([]T, ports)
	}
	return p
}

// put stores the word a read issued this cycle on port port sampled.
func (p *rdPipe[T]) put(port int, v T) {
	if s := p.ring[p.cur]; port < len(s) && port < 64 {
		s[port] = v
		p.read[p.cur] |= 1 << uint(port)
	}
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
	if len(p.ring) > 1 {
		if p.cur++; p.cur == len(p.ring) {
			p.cur = 0
		}
	}
	if r := p.read[p.cur]; r != 0 {
		src := p.ring[p.cur]
		for ; r != 0; r &= r - 1 {
			i := trailingZeros(r)
			p.out[i] = src[i]
		}
		p.read[p.cur] = 0
	}
}
