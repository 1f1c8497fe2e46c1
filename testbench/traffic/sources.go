package traffic

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// one is one cell of credit in the 2^-32 fixed point sources count in.
const one = uint64(1) << 32

// creditStep converts a rate in line rates to credit per cycle.
func creditStep(rate float64, r int) uint64 {
	return uint64(math.Round(rate * float64(one) / float64(r)))
}

// active reports whether cycle c is in [start, stop), stop 0 meaning forever.
func active(c, start, stop uint64) bool { return c >= start && (stop == 0 || c < stop) }

// Constant is a long-lived flow: packets to one queue at a constant rate.
type Constant struct {
	name        string
	queue       int
	step, acc   uint64 // credit per cycle and credit held, 2^-32 cells
	start, stop uint64
	size        sizeDist
	rng         *rand.Rand
	env         Env
	next        int // cells of the packet being accumulated
}

// NewConstant returns a flow to queue at rate line rates, active in
// [start, stop) (stop 0: forever).
func newConstant(env Env, queue int, rate float64, size sizeDist, start, stop uint64, rng *rand.Rand) *Constant {
	s := &Constant{name: fmt.Sprintf("constant q%d", queue), queue: queue, step: creditStep(rate, env.R),
		start: start, stop: stop, size: size, rng: rng, env: env}
	s.next = env.cellsOf(s.size.draw(rng))
	return s
}

// Name implements Source.
func (s *Constant) Name() string { return s.name }

// Tick implements Source.
func (s *Constant) Tick(c uint64, dst []Packet) []Packet {
	if !active(c, s.start, s.stop) {
		return dst
	}
	s.acc += s.step
	for s.acc >= uint64(s.next)<<32 {
		s.acc -= uint64(s.next) << 32
		dst = append(dst, Packet{Queue: s.queue, Cells: s.next})
		s.next = s.env.cellsOf(s.size.draw(s.rng))
	}
	return dst
}

// burst sends a budget of bytes at a rate, the last packet cut to fit.
type burst struct {
	rem   int    // bytes left in the burst
	acc   uint64 // credit held
	cells int    // cells of the packet being accumulated
	bytes int    // its bytes
}

// start adds bytes to the burst; a burst that was idle starts afresh.
func (b *burst) add(bytes int, size *sizeDist, rng *rand.Rand, env Env) {
	if b.rem == 0 {
		b.acc = 0
		b.rem = bytes
		b.pick(size, rng, env)
		return
	}
	b.rem += bytes
}

func (b *burst) pick(size *sizeDist, rng *rand.Rand, env Env) {
	b.bytes = min(size.draw(rng), b.rem)
	b.cells = env.cellsOf(b.bytes)
}

// tick advances the burst by one cycle of credit and appends what completes.
func (b *burst) tick(step uint64, queue int, dst []Packet, size *sizeDist, rng *rand.Rand, env Env) []Packet {
	if b.rem == 0 {
		return dst
	}
	b.acc += step
	for b.rem > 0 && b.acc >= uint64(b.cells)<<32 {
		b.acc -= uint64(b.cells) << 32
		dst = append(dst, Packet{Queue: queue, Cells: b.cells})
		b.rem -= b.bytes
		if b.rem > 0 {
			b.pick(size, rng, env)
		}
	}
	return dst
}

// OnOff sends bursts of BurstBytes to one queue at a peak rate; after a
// burst's last packet the source is silent for OffCycles cycles, then the
// next burst starts. Count bursts in all (0: until Stop).
type OnOff struct {
	name        string
	queue       int
	step        uint64
	burstBytes  int
	off         uint64
	count, done int
	nextStart   uint64
	start, stop uint64
	b           burst
	size        sizeDist
	rng         *rand.Rand
	env         Env
}

// Name implements Source.
func (s *OnOff) Name() string { return s.name }

// Tick implements Source.
func (s *OnOff) Tick(c uint64, dst []Packet) []Packet {
	if !active(c, s.start, s.stop) {
		return dst
	}
	if s.b.rem == 0 && c >= s.nextStart && (s.count == 0 || s.done < s.count) {
		s.b.add(s.burstBytes, &s.size, s.rng, s.env)
	}
	if s.b.rem == 0 {
		return dst
	}
	dst = s.b.tick(s.step, s.queue, dst, &s.size, s.rng, s.env)
	if s.b.rem <= 0 {
		s.b.rem = 0
		s.done++
		s.nextStart = c + 1 + s.off
	}
	return dst
}

// Incast is M senders answering one query at once: in each round every
// sender sends its share of BurstBytes (the remainder going to the first
// senders) to one queue at SenderRate, starting after a random jitter of
// 0..Jitter cycles. Rounds start every Period cycles from Start (Period 0:
// one round); Count rounds in all (0 with a period: until Stop). A sender
// still busy when a round starts adds the new share to what it has left.
type Incast struct {
	name        string
	queue       int
	step        uint64
	share       []int // bytes each sender sends per round
	begin       []uint64
	senders     []burst
	period      uint64
	jitter      uint64
	count, done int
	nextRound   uint64
	start, stop uint64
	size        sizeDist
	rng         *rand.Rand
	env         Env
}

// Name implements Source.
func (s *Incast) Name() string { return s.name }

// Tick implements Source.
func (s *Incast) Tick(c uint64, dst []Packet) []Packet {
	if !active(c, s.start, s.stop) {
		return dst
	}
	if c >= s.nextRound && (s.count == 0 || s.done < s.count) {
		for i := range s.senders {
			j := uint64(0)
			if s.jitter > 0 {
				j = s.rng.Uint64N(s.jitter + 1)
			}
			if s.senders[i].rem == 0 {
				s.begin[i] = c + j
			}
			s.senders[i].add(s.share[i], &s.size, s.rng, s.env)
		}
		s.done++
		if s.period == 0 {
			s.nextRound = math.MaxUint64
		} else {
			s.nextRound = c + s.period
		}
	}
	for i := range s.senders {
		if c >= s.begin[i] {
			dst = s.senders[i].tick(s.step, s.queue, dst, &s.size, s.rng, s.env)
			if s.senders[i].rem < 0 {
				s.senders[i].rem = 0
			}
		}
	}
	return dst
}

// Random sends packets to every listed port at a given load: each cycle,
// each port independently receives ⌊p⌋ packets plus one more with
// probability p − ⌊p⌋, where p = load / (R · mean cells per packet), each to
// a class drawn uniformly from Classes. The offered load per port is
// therefore load line rates on average.
type Random struct {
	name        string
	ports       []int
	classes     []int
	whole       int
	frac        uint64 // probability out of 2^32
	start, stop uint64
	size        sizeDist
	rng         *rand.Rand
	env         Env
}

// Name implements Source.
func (s *Random) Name() string { return s.name }

// Tick implements Source.
func (s *Random) Tick(c uint64, dst []Packet) []Packet {
	if !active(c, s.start, s.stop) {
		return dst
	}
	for _, p := range s.ports {
		n := s.whole
		if uint64(s.rng.Uint32()) < s.frac {
			n++
		}
		for ; n > 0; n-- {
			cl := s.classes[0]
			if len(s.classes) > 1 {
				cl = s.classes[s.rng.IntN(len(s.classes))]
			}
			dst = append(dst, Packet{Queue: p*s.env.Q + cl, Cells: s.env.cellsOf(s.size.draw(s.rng))})
		}
	}
	return dst
}
