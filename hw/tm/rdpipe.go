package tm

// rdPipe is a memory's read data at its ports, as sram_mp returns them:
// the word a read on port p issued in cycle t samples (mem.Memory.Read)
// is on port p in cycle t+L, L the read latency, and only then. It is the
// rd_data_o of u_cp_mem and u_cd_mem, which the top hands to the
// sub-blocks' read-data inputs; slices alias it, nothing is copied.
type rdPipe[T any] struct {
	slots [][]T // L+1 cycles of every port's data
	cur   int   // the slot read back this cycle
	lat   int
}

func newRdPipe[T any](ports, lat int) rdPipe[T] {
	p := rdPipe[T]{slots: make([][]T, lat+1), lat: lat}
	for i := range p.slots {
		p.slots[i] = make([]T, ports)
	}
	return p
}

// out is this cycle's read data, port p at [p].
func (p *rdPipe[T]) out() []T { return p.slots[p.cur] }

// put stores the word a read issued this cycle on port port sampled.
func (p *rdPipe[T]) put(port int, v T) {
	s := p.cur + p.lat
	if s > p.lat {
		s -= p.lat + 1
	}
	if port < len(p.slots[s]) {
		p.slots[s][port] = v
	}
}

// at is the data on port port d cycles after the current one (0: now).
func (p *rdPipe[T]) at(d, port int) T { return p.slots[(p.cur+d)%(p.lat+1)][port] }

// commit is the rising edge: the next cycle's data come up.
func (p *rdPipe[T]) commit() {
	if p.cur++; p.cur > p.lat {
		p.cur = 0
	}
}
