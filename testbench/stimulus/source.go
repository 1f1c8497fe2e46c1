package stimulus

// Source makes a block's inputs one cycle at a time.
type Source interface {
	// Next writes every input word of cycle c into in (the layout's
	// InWords words). Cycles come in order from 0. A closed-loop source
	// reads its golden model here, before the model evaluates cycle c.
	Next(c uint64, in []uint32)
}

// Finite is a Source with an end: a directed sequence. Done reports that
// the cycles given so far complete it; it is asked before each Next.
type Finite interface {
	Source
	Done() bool
}

// Chain runs first until it is done, then then for the rest of the run.
// Cycle numbers passed on are the run's, so then's reset schedule and
// phases continue from where first stopped.
func Chain(first Finite, then Source) Source { return &chain{first: first, then: then} }

type chain struct {
	first Finite
	then  Source
	done  bool
}

func (c *chain) Next(cyc uint64, in []uint32) {
	if !c.done && c.first.Done() {
		c.done = true
	}
	if c.done {
		c.then.Next(cyc, in)
		return
	}
	c.first.Next(cyc, in)
}

// Replay repeats a fixed buffer of input words, inWords per cycle: cycle c
// gets buffer cycle c mod (len(words)/inWords). The benchmarks use it to
// feed the Go model, the co-simulation and a C++ loop the same inputs.
func Replay(words []uint32, inWords int) Source {
	return &replay{words: words, n: uint64(len(words) / inWords), w: inWords}
}

type replay struct {
	words []uint32
	n     uint64
	w     int
}

func (r *replay) Next(c uint64, in []uint32) {
	k := int(c%r.n) * r.w
	copy(in[:r.w], r.words[k:k+r.w])
}

// ResetEvery is the mean number of cycles between reset pulses of the
// random sources.
const ResetEvery = 4096

// Resets is a reset schedule: rst_ni is 0 in cycles 0 and 1, then, from
// cycle 2 on, each cycle starts a pulse of 1 to 3 cycles with probability
// 1/Every (never when Every is 0). A pulse arrives whatever the other
// inputs are doing, so reset is asserted and released while they are busy.
type Resets struct {
	Every int
	rng   *RNG
	left  int
}

// NewResets returns a schedule drawing from its own generator, so the
// other draws of a source do not depend on it.
func NewResets(seed int64, every int) *Resets {
	return &Resets{Every: every, rng: NewRNG(seed ^ 0x5eed5eed)}
}

// RstN returns rst_ni for cycle c (cycles must come in order).
func (r *Resets) RstN(c uint64) bool {
	if c < 2 {
		return false
	}
	if r.left > 0 {
		r.left--
		return false
	}
	if r.Every > 0 && r.rng.OneIn(r.Every) {
		r.left = r.rng.Intn(3)
		return false
	}
	return true
}
