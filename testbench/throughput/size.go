package throughput

import (
	"bufio"
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"occamy/rtl/infile"
	"occamy/testbench/field"
	"occamy/testbench/traffic"
)

// Size is a packet-size distribution of the sweep: the text the user gave
// (its name in reports) and the traffic spec it stands for.
type Size struct {
	Name string           `json:"name"`
	Spec traffic.SizeSpec `json:"spec"`
}

// SizeForms lists the accepted forms of a size, for error messages.
const SizeForms = "fixed:BYTES, bimodal:SMALL:LARGE:LARGE_FRAC, uniform:MIN:MAX, file:PATH"

// ParseSize parses one size distribution:
//
//	fixed:1500               every packet 1500 bytes
//	bimodal:64:1500:0.5      64 or 1500 bytes, 1500 with probability 0.5
//	uniform:64:1500          uniform between 64 and 1500 bytes inclusive
//	file:sizes.txt           an empirical list read from a file (ParseSizeFile)
//
// Errors are one-line *field.Error for Size, keyed by the text, saying
// the allowed forms.
func ParseSize(text string) (Size, error) {
	kind, rest, _ := strings.Cut(text, ":")
	bad := func(format string, a ...any) (Size, error) {
		return Size{}, field.KeyErrorf("Size", strconv.Quote(text), format, a...)
	}
	s := Size{Name: text}
	switch kind {
	case "fixed":
		b, err := sizeInts(rest, 1)
		if err != nil {
			return bad("%v; want fixed:BYTES", err)
		}
		if b[0] < 1 {
			return bad("%d bytes, allowed 1..%d", b[0], traffic.MaxPacketBytes)
		}
		s.Spec = traffic.SizeSpec{Dist: traffic.DistFixed, Bytes: b[0]}
	case "uniform":
		b, err := sizeInts(rest, 2)
		if err != nil {
			return bad("%v; want uniform:MIN:MAX", err)
		}
		s.Spec = traffic.SizeSpec{Dist: traffic.DistUniform, Min: b[0], Max: b[1]}
	case "bimodal":
		parts := strings.Split(rest, ":")
		if len(parts) != 3 {
			return bad("want bimodal:SMALL:LARGE:LARGE_FRAC")
		}
		b, err := sizeInts(parts[0]+":"+parts[1], 2)
		if err != nil {
			return bad("%v; want bimodal:SMALL:LARGE:LARGE_FRAC", err)
		}
		f, err := strconv.ParseFloat(parts[2], 64)
		if err != nil || math.IsNaN(f) {
			return bad("large fraction %q is not a number; want bimodal:SMALL:LARGE:LARGE_FRAC", parts[2])
		}
		s.Spec = traffic.SizeSpec{Dist: traffic.DistBimodal, Small: b[0], Large: b[1], LargeFrac: f}
	case "file":
		if rest == "" {
			return bad("missing path; want file:PATH")
		}
		data, err := infile.ReadFile(rest, MaxSizeFileBytes)
		if err != nil {
			return bad("cannot read the size file: %v", err)
		}
		ws, err := ParseSizeFile(data)
		if err != nil {
			return bad("%s: %v", rest, err)
		}
		s.Spec = traffic.SizeSpec{Dist: traffic.DistEmpirical, Sizes: ws}
	default:
		return bad("unknown form, allowed %s", SizeForms)
	}
	// The traffic package checks the values themselves (ranges, weights).
	spec := traffic.Spec{Kind: traffic.KindRandom, Load: 1, Size: &s.Spec}
	if err := spec.Check("size"); err != nil {
		return bad("%v", err)
	}
	return s, nil
}

func sizeInts(text string, n int) ([]int, error) {
	parts := strings.Split(text, ":")
	if len(parts) != n || text == "" {
		return nil, fmt.Errorf("%d number(s) expected", n)
	}
	out := make([]int, n)
	for i, p := range parts {
		v, err := strconv.Atoi(p)
		if err != nil {
			return nil, fmt.Errorf("%q is not a whole number of bytes", p)
		}
		out[i] = v
	}
	return out, nil
}

// MaxSizeFileBytes is the largest size file read.
const MaxSizeFileBytes = 16 << 20

// MaxSizeEntries is the most entries a size file may hold (the traffic
// package's limit on an empirical list).
const MaxSizeEntries = traffic.MaxEmpirical

// ParseSizeFile parses an empirical size list: one "BYTES WEIGHT" pair per
// line (separated by spaces, tabs or one comma), weights relative (they
// need not sum to 1); a "BYTES" line alone has weight 1; '#' starts a
// comment; blank lines are skipped. Errors name the line.
func ParseSizeFile(data []byte) ([]traffic.WeightedSize, error) {
	var out []traffic.WeightedSize
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		text, _, _ := strings.Cut(sc.Text(), "#")
		text = strings.TrimSpace(strings.ReplaceAll(text, ",", " "))
		if text == "" {
			continue
		}
		f := strings.Fields(text)
		if len(f) > 2 {
			return nil, fmt.Errorf("line %d: %d fields, want BYTES [WEIGHT]", line, len(f))
		}
		b, err := strconv.Atoi(f[0])
		if err != nil || b < 1 || b > traffic.MaxPacketBytes {
			return nil, fmt.Errorf("line %d: bytes %q, allowed a whole number 1..%d", line, f[0], traffic.MaxPacketBytes)
		}
		w := 1.0
		if len(f) == 2 {
			w, err = strconv.ParseFloat(f[1], 64)
			if err != nil || !(w > 0) || math.IsInf(w, 0) {
				return nil, fmt.Errorf("line %d: weight %q, allowed a number above 0", line, f[1])
			}
		}
		if len(out) == MaxSizeEntries {
			return nil, fmt.Errorf("line %d: more than %d sizes", line, MaxSizeEntries)
		}
		out = append(out, traffic.WeightedSize{Bytes: b, Weight: w})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %v", line+1, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no sizes (want lines of BYTES [WEIGHT])")
	}
	return out, nil
}

// CellProb is one packet length in cells and its probability.
type CellProb struct {
	Cells int
	P     float64
}

// Cells returns the distribution of packet lengths in cells of cellBytes
// bytes (sizes rounded up to whole cells), merged and in increasing order.
func (s Size) Cells(cellBytes int) []CellProb {
	cellsOf := func(b int) int { return max(1, (b+cellBytes-1)/cellBytes) }
	acc := map[int]float64{}
	sp := s.Spec
	switch sp.Dist {
	case traffic.DistFixed:
		b := sp.Bytes
		if b == 0 {
			b = cellBytes
		}
		acc[cellsOf(b)] = 1
	case traffic.DistUniform:
		n := float64(sp.Max - sp.Min + 1)
		for b := sp.Min; b <= sp.Max; b++ {
			acc[cellsOf(b)] += 1 / n
		}
	case traffic.DistBimodal:
		acc[cellsOf(sp.Small)] += 1 - sp.LargeFrac
		acc[cellsOf(sp.Large)] += sp.LargeFrac
	case traffic.DistEmpirical:
		total := 0.0
		for _, w := range sp.Sizes {
			total += w.Weight
		}
		for _, w := range sp.Sizes {
			acc[cellsOf(w.Bytes)] += w.Weight / total
		}
	}
	var out []CellProb
	for c, p := range acc {
		if p > 0 {
			out = append(out, CellProb{Cells: c, P: p})
		}
	}
	sortCells(out)
	return out
}

func sortCells(c []CellProb) {
	for i := 1; i < len(c); i++ {
		for j := i; j > 0 && c[j].Cells < c[j-1].Cells; j-- {
			c[j], c[j-1] = c[j-1], c[j]
		}
	}
}

// MaxCells is the largest packet of the distribution, in cells.
func MaxCells(d []CellProb) int {
	m := 1
	for _, c := range d {
		m = max(m, c.Cells)
	}
	return m
}

// MeanCells is the mean packet length of the distribution, in cells.
func MeanCells(d []CellProb) float64 {
	s := 0.0
	for _, c := range d {
		s += c.P * float64(c.Cells)
	}
	return s
}

// sampler draws packet lengths from a cell distribution with its own
// generator; it allocates nothing per draw.
type sampler struct {
	cells []int
	cum   []float64
	rng   *rand.Rand
}

func newSampler(d []CellProb, seed uint64, stream uint64) *sampler {
	s := &sampler{rng: rand.New(rand.NewPCG(seed, 0x7e1c0000^stream))}
	acc := 0.0
	for _, c := range d {
		acc += c.P
		s.cells = append(s.cells, c.Cells)
		s.cum = append(s.cum, acc)
	}
	return s
}

func (s *sampler) draw() int {
	if len(s.cells) == 1 {
		return s.cells[0]
	}
	u := s.rng.Float64() * s.cum[len(s.cum)-1]
	for i, c := range s.cum {
		if u < c {
			return s.cells[i]
		}
	}
	return s.cells[len(s.cells)-1]
}
