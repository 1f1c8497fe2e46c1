package traffic

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
)

// Size distribution names accepted in SizeSpec.Dist.
const (
	DistFixed     = "fixed"
	DistUniform   = "uniform"
	DistBimodal   = "bimodal"
	DistEmpirical = "empirical"
)

// Dists lists the size distributions, in the order errors name them.
var Dists = []string{DistFixed, DistUniform, DistBimodal, DistEmpirical}

// Limits on sizes in a spec.
const (
	MaxPacketBytes  = 1 << 20 // largest packet, bytes
	MaxEmpirical    = 256     // most entries in an empirical list
	DefaultPktBytes = 0       // 0 in a fixed size means "one cell"
)

// SizeSpec describes a packet-size distribution, in bytes.
//
//	fixed:     every packet is Bytes long (0 or absent: one cell)
//	uniform:   bytes drawn uniformly from Min..Max inclusive
//	bimodal:   Large bytes with probability LargeFrac, else Small bytes
//	empirical: Sizes[i].Bytes with probability Sizes[i].Weight / Σ weights
type SizeSpec struct {
	Dist      string         `json:"dist"`
	Bytes     int            `json:"bytes,omitempty"`
	Min       int            `json:"min,omitempty"`
	Max       int            `json:"max,omitempty"`
	Small     int            `json:"small,omitempty"`
	Large     int            `json:"large,omitempty"`
	LargeFrac float64        `json:"large_frac,omitempty"`
	Sizes     []WeightedSize `json:"sizes,omitempty"`
}

// WeightedSize is one entry of an empirical size list.
type WeightedSize struct {
	Bytes  int     `json:"bytes"`
	Weight float64 `json:"weight"`
}

// sizeFields are the keys each distribution accepts besides "dist".
var sizeFields = map[string][]string{
	DistFixed:     {"bytes"},
	DistUniform:   {"min", "max"},
	DistBimodal:   {"small", "large", "large_frac"},
	DistEmpirical: {"sizes"},
}

func (s *SizeSpec) fields() []Field {
	return []Field{{"dist", &s.Dist}, {"bytes", &s.Bytes}, {"min", &s.Min}, {"max", &s.Max},
		{"small", &s.Small}, {"large", &s.Large}, {"large_frac", &s.LargeFrac}, {"sizes", &s.Sizes}}
}

// decodeSize decodes and checks a size object.
func decodeSize(raw []byte, path string) (*SizeSpec, error) {
	s := &SizeSpec{}
	present, err := DecodeObject(raw, path, s.fields())
	if err != nil {
		return nil, err
	}
	if err := s.check(path, present); err != nil {
		return nil, err
	}
	return s, nil
}

// check validates s; present names the keys that were given (nil: trust
// the struct, as for a spec built in Go).
func (s *SizeSpec) check(path string, present map[string]bool) error {
	allowed, ok := sizeFields[s.Dist]
	if !ok {
		return fmt.Errorf("%s: %q unknown, allowed: %s", join(path, "dist"), s.Dist, strings.Join(Dists, ", "))
	}
	for k := range present {
		if k != "dist" && !contains(allowed, k) {
			return fmt.Errorf("%s: not a field of dist %s, allowed: %s", join(path, k), s.Dist, strings.Join(allowed, ", "))
		}
	}
	bytesIn := func(name string, v, lo int) error {
		if v < lo || v > MaxPacketBytes {
			return fmt.Errorf("%s: %d out of range, allowed %d..%d bytes", join(path, name), v, lo, MaxPacketBytes)
		}
		return nil
	}
	switch s.Dist {
	case DistFixed:
		return bytesIn("bytes", s.Bytes, 0)
	case DistUniform:
		if err := bytesIn("min", s.Min, 1); err != nil {
			return err
		}
		if err := bytesIn("max", s.Max, 1); err != nil {
			return err
		}
		if s.Max < s.Min {
			return fmt.Errorf("%s: %d out of range, allowed %d..%d bytes (at least min)", join(path, "max"), s.Max, s.Min, MaxPacketBytes)
		}
	case DistBimodal:
		if err := bytesIn("small", s.Small, 1); err != nil {
			return err
		}
		if err := bytesIn("large", s.Large, 1); err != nil {
			return err
		}
		if !(s.LargeFrac >= 0 && s.LargeFrac <= 1) {
			return fmt.Errorf("%s: %v out of range, allowed 0..1", join(path, "large_frac"), s.LargeFrac)
		}
	case DistEmpirical:
		if len(s.Sizes) < 1 || len(s.Sizes) > MaxEmpirical {
			return fmt.Errorf("%s: %d entries, allowed 1..%d", join(path, "sizes"), len(s.Sizes), MaxEmpirical)
		}
		for i, w := range s.Sizes {
			p := fmt.Sprintf("%s[%d]", join(path, "sizes"), i)
			if err := bytesIn("bytes", w.Bytes, 1); err != nil {
				return fmt.Errorf("%s.bytes: %d out of range, allowed 1..%d bytes", p, w.Bytes, MaxPacketBytes)
			}
			if !(w.Weight > 0 && w.Weight <= 1e9) {
				return fmt.Errorf("%s.weight: %v out of range, allowed more than 0, at most 1e9", p, w.Weight)
			}
		}
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// sizeDist draws packet sizes in bytes. Weighted choices use cumulative
// thresholds out of 2^32 compared with one 32-bit draw.
type sizeDist struct {
	fixed    int      // bytes when kind is fixed, else 0
	min, max int      // uniform range
	bytes    []int    // weighted choices
	cum      []uint64 // cum[i]: draws below it pick entry i or earlier; last is 2^32
	meanCell float64  // mean cells per packet
}

// newSizeDist builds a distribution from a checked spec; nil means one cell.
func newSizeDist(s *SizeSpec, env Env) sizeDist {
	if s == nil {
		return sizeDist{fixed: env.CellBytes, meanCell: 1}
	}
	var d sizeDist
	switch s.Dist {
	case DistFixed:
		d.fixed = s.Bytes
		if d.fixed == 0 {
			d.fixed = env.CellBytes
		}
		d.meanCell = float64(env.cellsOf(d.fixed))
	case DistUniform:
		d.min, d.max = s.Min, s.Max
		sum := 0.0
		for b := s.Min; b <= s.Max; b++ {
			sum += float64(env.cellsOf(b))
		}
		d.meanCell = sum / float64(s.Max-s.Min+1)
	case DistBimodal:
		d.setWeights(env, []WeightedSize{{s.Small, 1 - s.LargeFrac}, {s.Large, s.LargeFrac}})
	case DistEmpirical:
		d.setWeights(env, s.Sizes)
	}
	return d
}

func (d *sizeDist) setWeights(env Env, ws []WeightedSize) {
	total := 0.0
	for _, w := range ws {
		total += w.Weight
	}
	acc, mean := 0.0, 0.0
	for _, w := range ws {
		acc += w.Weight
		d.bytes = append(d.bytes, w.Bytes)
		d.cum = append(d.cum, uint64(math.Round(acc/total*(1<<32))))
		mean += w.Weight / total * float64(env.cellsOf(w.Bytes))
	}
	d.cum[len(d.cum)-1] = 1 << 32
	d.meanCell = mean
}

// draw returns the next packet size in bytes.
func (d *sizeDist) draw(rng *rand.Rand) int {
	switch {
	case d.fixed > 0:
		return d.fixed
	case d.cum != nil:
		u := uint64(rng.Uint32())
		for i, c := range d.cum {
			if u < c {
				return d.bytes[i]
			}
		}
		return d.bytes[len(d.bytes)-1]
	default:
		return d.min + rng.IntN(d.max-d.min+1)
	}
}

// maxBytes is the largest packet the spec can draw (0 for "one cell").
func (s *SizeSpec) maxBytes() int {
	switch s.Dist {
	case DistFixed:
		return s.Bytes
	case DistUniform:
		return s.Max
	case DistBimodal:
		if s.LargeFrac == 0 {
			return s.Small
		}
		if s.LargeFrac == 1 {
			return s.Large
		}
		return max(s.Small, s.Large)
	default:
		m := 0
		for _, w := range s.Sizes {
			m = max(m, w.Bytes)
		}
		return m
	}
}
