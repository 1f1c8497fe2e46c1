package stimulus

// program is a directed sequence of steps, each repeated until its
// condition holds (read from the golden model: closed loop) or for at most
// max cycles. A step's put writes every input but rst_ni, which the step
// gives; inputs start from zero each cycle.
type program struct {
	rst   Field
	steps []step
	i     int // current step
	n     int // cycles spent in it
}

type step struct {
	rstN  bool
	max   int               // cycles at most (at least 1)
	until func() bool       // checked before each cycle; nil: run max cycles
	put   func(in []uint32) // the other inputs
}

func (p *program) add(s step) {
	if s.max < 1 {
		s.max = 1
	}
	p.steps = append(p.steps, s)
}

// advance skips finished steps.
func (p *program) advance() {
	for p.i < len(p.steps) {
		s := &p.steps[p.i]
		if p.n < s.max && (s.until == nil || !s.until()) {
			return
		}
		p.i++
		p.n = 0
	}
}

func (p *program) Done() bool {
	p.advance()
	return p.i >= len(p.steps)
}

func (p *program) Next(_ uint64, in []uint32) {
	for k := range in {
		in[k] = 0
	}
	p.advance()
	if p.i >= len(p.steps) { // asked past the end: hold reset released, idle
		p.rst.Put(in, 1)
		return
	}
	s := &p.steps[p.i]
	p.n++
	if s.put != nil {
		s.put(in)
	}
	p.rst.PutBool(in, s.rstN)
}
