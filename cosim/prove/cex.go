package prove

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"

	"occamy/rtl/port"
)

// Counterexample is an input sequence from power-up under which the user's
// design and the reference differ.
type Counterexample struct {
	// Cycle is the cycle (from 0, the forced reset cycle) at which the
	// miter's outputs first differ; the sequence has Cycle+1 cycles.
	Cycle int
	// Inputs holds each cycle's inputs as words in the contract layout
	// (Layout), rst_ni low in cycle 0: runner.Options.Replay takes them.
	Inputs []uint32
	Layout port.Layout
	// PowerUp lists the registers the counterexample needs at a non-zero
	// power-up value ("u.start_r[2]=1"); empty when it starts from zeros.
	PowerUp []string
	// Property names the violated property (Properties), "" for a miter.
	Property string
}

// Lines is the input sequence one cycle a line, "c=0 rst_ni=0 req_i=..".
func (c *Counterexample) Lines() []string {
	l := &c.Layout
	var out []string
	for k := 0; k*l.InWords < len(c.Inputs); k++ {
		in := c.Inputs[k*l.InWords : (k+1)*l.InWords]
		var b strings.Builder
		fmt.Fprintf(&b, "c=%d", k)
		for i, p := range l.Inputs {
			fmt.Fprintf(&b, " %s=%s", p.Name, hexWords(l.In(in, i), p.Width))
		}
		out = append(out, b.String())
	}
	return out
}

func hexWords(w []uint32, width int) string {
	digits := (width + 3) / 4
	b := make([]byte, digits)
	for d := 0; d < digits; d++ {
		bit := 4 * d
		b[digits-1-d] = "0123456789abcdef"[w[bit>>5]>>uint(bit&31)&15]
	}
	return string(b)
}

// aigMap is write_aiger's -map file: what each AIGER input and latch is.
type aigMap struct {
	inputs map[int]mapBit // AIGER input index -> port bit or register init
	latch  map[int]mapBit
}

type mapBit struct {
	kind string // "input" or "init"
	bit  int
	name string
}

func readMap(path string) (*aigMap, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	m := &aigMap{inputs: map[int]mapBit{}, latch: map[int]mapBit{}}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) != 4 {
			continue
		}
		idx, err1 := strconv.Atoi(fs[1])
		bit, err2 := strconv.Atoi(fs[2])
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("%s: bad line %q", path, sc.Text())
		}
		switch fs[0] {
		case "input", "init":
			m.inputs[idx] = mapBit{fs[0], bit, fs[3]}
		case "latch":
			m.latch[idx] = mapBit{fs[0], bit, fs[3]}
		}
	}
	return m, sc.Err()
}

var cexBit = regexp.MustCompile(`^pi(\d+)@(\d+)=([01])$`)

// readCex turns ABC's write_cex -n file into the contract-layout input
// words of cycles 0..frame, through the AIGER map.
func readCex(path string, m *aigMap, l port.Layout, frame int) (*Counterexample, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	c := &Counterexample{Cycle: frame, Layout: l, Inputs: make([]uint32, (frame+1)*l.InWords)}
	seen := 0
	for _, line := range strings.Split(string(b), "\n") {
		g := cexBit.FindStringSubmatch(strings.TrimSpace(line))
		if g == nil {
			continue
		}
		pi, _ := strconv.Atoi(g[1])
		fr, _ := strconv.Atoi(g[2])
		one := g[3] == "1"
		mb, ok := m.inputs[pi]
		if !ok {
			return nil, fmt.Errorf("counterexample input pi%d is not in the AIGER map", pi)
		}
		seen++
		if mb.kind == "init" {
			if one && fr == 0 {
				c.PowerUp = append(c.PowerUp, fmt.Sprintf("%s[%d]=1", mb.name, mb.bit))
			}
			continue
		}
		if fr > frame || !one {
			continue
		}
		i := l.Input(mb.name)
		if i < 0 {
			continue // the clock
		}
		w := l.In(c.Inputs[fr*l.InWords:(fr+1)*l.InWords], i)
		w[mb.bit>>5] |= 1 << uint(mb.bit&31)
	}
	if seen == 0 {
		return nil, fmt.Errorf("%s holds no input values", path)
	}
	if r := l.Input(port.DefaultReset); r >= 0 {
		l.In(c.Inputs[:l.InWords], r)[0] = 0 // the miter forces the first reset
	}
	return c, nil
}
