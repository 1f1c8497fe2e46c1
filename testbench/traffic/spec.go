package traffic

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
)

// Source kinds accepted in Spec.Kind.
const (
	KindConstant = "constant"
	KindOnOff    = "onoff"
	KindIncast   = "incast"
	KindRandom   = "random"
)

// Kinds lists the source kinds, in the order errors name them.
var Kinds = []string{KindConstant, KindOnOff, KindIncast, KindRandom}

// Limits on a spec's values.
const (
	MaxRate       = 4096.0  // largest rate or load, in line rates
	MaxSenders    = 4096    // most incast senders
	MaxBurstBytes = 1 << 40 // largest burst
)

// Spec describes one source. Which fields apply depends on Kind:
//
//	constant: queue | port+class, rate, size, start, stop
//	onoff:    queue | port+class, rate, burst_bytes, off_cycles, count, size, start, stop
//	incast:   queue | port+class, senders, burst_bytes, sender_rate, period, count, jitter, size, start, stop
//	random:   load, ports, classes, size, start, stop
//
// A target queue is given either as queue (0..P*Q-1) or as port (0..P-1)
// and class (0..Q-1, default 0). Rates are in line rates of one port.
// Cycles are integers.
type Spec struct {
	Kind       string    `json:"kind"`
	Queue      *int      `json:"queue,omitempty"`
	Port       *int      `json:"port,omitempty"`
	Class      *int      `json:"class,omitempty"`
	Rate       float64   `json:"rate,omitempty"`        // constant, onoff (peak)
	Load       float64   `json:"load,omitempty"`        // random, per port
	Ports      []int     `json:"ports,omitempty"`       // random; empty: all
	Classes    []int     `json:"classes,omitempty"`     // random; empty: all
	BurstBytes int64     `json:"burst_bytes,omitempty"` // onoff per burst; incast per round, all senders
	OffCycles  uint64    `json:"off_cycles,omitempty"`  // onoff
	Count      int       `json:"count,omitempty"`       // onoff, incast; 0: unlimited (incast: 1 without period)
	Senders    int       `json:"senders,omitempty"`     // incast
	SenderRate float64   `json:"sender_rate,omitempty"` // incast, per sender; 0: 1.0
	Period     uint64    `json:"period,omitempty"`      // incast, cycles between rounds
	Jitter     uint64    `json:"jitter,omitempty"`      // incast, cycles
	Size       *SizeSpec `json:"size,omitempty"`        // nil: one cell
	Start      uint64    `json:"start,omitempty"`
	Stop       uint64    `json:"stop,omitempty"` // 0: never
}

// kindFields lists the keys each kind accepts.
var kindFields = map[string][]string{
	KindConstant: {"kind", "queue", "port", "class", "rate", "size", "start", "stop"},
	KindOnOff:    {"kind", "queue", "port", "class", "rate", "burst_bytes", "off_cycles", "count", "size", "start", "stop"},
	KindIncast:   {"kind", "queue", "port", "class", "senders", "burst_bytes", "sender_rate", "period", "count", "jitter", "size", "start", "stop"},
	KindRandom:   {"kind", "load", "ports", "classes", "size", "start", "stop"},
}

// Check validates what can be checked without the switch's dimensions. path
// names the spec in errors.
func (s *Spec) Check(path string) error { return s.check(path, nil) }

func (s *Spec) check(path string, present map[string]bool) error {
	allowed, ok := kindFields[s.Kind]
	if !ok {
		return fmt.Errorf("%s: %q unknown, allowed: %s", join(path, "kind"), s.Kind, strings.Join(Kinds, ", "))
	}
	keys := make([]string, 0, len(present))
	for k := range present {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if !contains(allowed, k) {
			return fmt.Errorf("%s: not a field of kind %s, allowed: %s", join(path, k), s.Kind, strings.Join(allowed, ", "))
		}
	}
	if s.Kind != KindRandom {
		if s.Queue != nil && (s.Port != nil || s.Class != nil) {
			return fmt.Errorf("%s: give either queue or port and class, not both", join(path, "queue"))
		}
		if s.Queue == nil && s.Port == nil {
			return fmt.Errorf("%s: missing, a %s source needs queue or port (and class)", join(path, "queue"), s.Kind)
		}
		for _, f := range []struct {
			name string
			v    *int
		}{{"queue", s.Queue}, {"port", s.Port}, {"class", s.Class}} {
			if f.v != nil && *f.v < 0 {
				return fmt.Errorf("%s: %d out of range, allowed 0 or more", join(path, f.name), *f.v)
			}
		}
	}
	rate := func(name string, v float64, optional bool) error {
		if optional && v == 0 {
			return nil
		}
		if !(v > 0 && v <= MaxRate) {
			return fmt.Errorf("%s: %v out of range, allowed more than 0, at most %v line rates", join(path, name), v, MaxRate)
		}
		return nil
	}
	switch s.Kind {
	case KindConstant:
		if err := rate("rate", s.Rate, false); err != nil {
			return err
		}
	case KindOnOff:
		if err := rate("rate", s.Rate, false); err != nil {
			return err
		}
	case KindIncast:
		if s.Senders < 1 || s.Senders > MaxSenders {
			return fmt.Errorf("%s: %d out of range, allowed 1..%d", join(path, "senders"), s.Senders, MaxSenders)
		}
		if err := rate("sender_rate", s.SenderRate, true); err != nil {
			return err
		}
		if s.BurstBytes < int64(s.Senders) {
			return fmt.Errorf("%s: %d out of range, allowed %d..%d (at least one byte per sender)", join(path, "burst_bytes"), s.BurstBytes, s.Senders, int64(MaxBurstBytes))
		}
	case KindRandom:
		if err := rate("load", s.Load, false); err != nil {
			return err
		}
		for i, p := range s.Ports {
			if p < 0 {
				return fmt.Errorf("%s[%d]: %d out of range, allowed 0 or more", join(path, "ports"), i, p)
			}
		}
		for i, c := range s.Classes {
			if c < 0 {
				return fmt.Errorf("%s[%d]: %d out of range, allowed 0 or more", join(path, "classes"), i, c)
			}
		}
	}
	if s.Kind == KindOnOff || s.Kind == KindIncast {
		if s.BurstBytes < 1 || s.BurstBytes > MaxBurstBytes {
			return fmt.Errorf("%s: %d out of range, allowed 1..%d", join(path, "burst_bytes"), s.BurstBytes, int64(MaxBurstBytes))
		}
		if s.Count < 0 {
			return fmt.Errorf("%s: %d out of range, allowed 0 (unlimited) or more", join(path, "count"), s.Count)
		}
	}
	if s.Stop != 0 && s.Stop <= s.Start {
		return fmt.Errorf("%s: %d out of range, allowed 0 (never) or more than start=%d", join(path, "stop"), s.Stop, s.Start)
	}
	if s.Size != nil {
		if err := s.Size.check(join(path, "size"), nil); err != nil {
			return err
		}
	}
	return nil
}

// target resolves the spec's queue against env.
func (s *Spec) target(env Env, path string) (int, error) {
	if s.Queue != nil {
		if *s.Queue >= env.Queues() {
			return 0, fmt.Errorf("%s: %d out of range, allowed 0..%d (P*Q-1)", join(path, "queue"), *s.Queue, env.Queues()-1)
		}
		return *s.Queue, nil
	}
	port, class := *s.Port, 0
	if s.Class != nil {
		class = *s.Class
	}
	if port >= env.P {
		return 0, fmt.Errorf("%s: %d out of range, allowed 0..%d (P-1)", join(path, "port"), port, env.P-1)
	}
	if class >= env.Q {
		return 0, fmt.Errorf("%s: %d out of range, allowed 0..%d (Q-1)", join(path, "class"), class, env.Q-1)
	}
	return port*env.Q + class, nil
}

// Build checks s against env and returns its source. The source's random
// generator is seeded from seed and index, the source's position in its
// list. path names the spec in errors.
func (s *Spec) Build(env Env, seed uint64, index int, path string) (Source, error) {
	if err := env.Validate(); err != nil {
		return nil, err
	}
	if err := s.Check(path); err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(seed, 0x7aff1c0000000000^uint64(index)))
	size := newSizeDist(s.Size, env)
	if s.Kind == KindRandom {
		return s.buildRandom(env, size, rng, path)
	}
	q, err := s.target(env, path)
	if err != nil {
		return nil, err
	}
	switch s.Kind {
	case KindConstant:
		return newConstant(env, q, s.Rate, size, s.Start, s.Stop, rng), nil
	case KindOnOff:
		return &OnOff{name: fmt.Sprintf("onoff q%d", q), queue: q, step: creditStep(s.Rate, env.R),
			burstBytes: int(s.BurstBytes), off: s.OffCycles, count: s.Count, nextStart: s.Start,
			start: s.Start, stop: s.Stop, size: size, rng: rng, env: env}, nil
	default: // KindIncast
		rate := s.SenderRate
		if rate == 0 {
			rate = 1
		}
		m := s.Senders
		src := &Incast{name: fmt.Sprintf("incast q%d", q), queue: q, step: creditStep(rate, env.R),
			share: make([]int, m), begin: make([]uint64, m), senders: make([]burst, m),
			period: s.Period, jitter: s.Jitter, count: s.Count, nextRound: s.Start,
			start: s.Start, stop: s.Stop, size: size, rng: rng, env: env}
		if s.Period == 0 && s.Count == 0 {
			src.count = 1
		}
		for i := range src.share {
			src.share[i] = int(s.BurstBytes / int64(m))
			if int64(i) < s.BurstBytes%int64(m) {
				src.share[i]++
			}
		}
		return src, nil
	}
}

func (s *Spec) buildRandom(env Env, size sizeDist, rng *rand.Rand, path string) (Source, error) {
	ports, classes := s.Ports, s.Classes
	if len(ports) == 0 {
		ports = seq(env.P)
	}
	if len(classes) == 0 {
		classes = seq(env.Q)
	}
	for i, p := range ports {
		if p >= env.P {
			return nil, fmt.Errorf("%s[%d]: %d out of range, allowed 0..%d (P-1)", join(path, "ports"), i, p, env.P-1)
		}
	}
	for i, c := range classes {
		if c >= env.Q {
			return nil, fmt.Errorf("%s[%d]: %d out of range, allowed 0..%d (Q-1)", join(path, "classes"), i, c, env.Q-1)
		}
	}
	p := creditStep(s.Load/size.meanCell, env.R)
	return &Random{name: fmt.Sprintf("random load %g", s.Load), ports: append([]int(nil), ports...),
		classes: append([]int(nil), classes...), whole: int(p >> 32), frac: p & (one - 1),
		start: s.Start, stop: s.Stop, size: size, rng: rng, env: env}, nil
}

func seq(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

// MaxCells is the largest packet, in cells, the spec can send with env's
// cell size.
func (s *Spec) MaxCells(env Env) int {
	if s.Size == nil || s.Size.maxBytes() == 0 {
		return 1
	}
	return env.cellsOf(s.Size.maxBytes())
}
