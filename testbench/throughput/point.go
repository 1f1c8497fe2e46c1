package throughput

import (
	"fmt"
	"strconv"
	"strings"

	"occamy/hw/tm"
	"occamy/testbench/field"
)

// Mem is a memory's port budget in a sweep point. The zero value means the
// model's default for the point's k (PD 1 read / 2 writes, cell pointers 2k
// / k, cell data k / k).
type Mem struct {
	Reads  int `json:"reads"`
	Writes int `json:"writes"`
}

// Auto reports whether m is the default budget.
func (m Mem) Auto() bool { return m == Mem{} }

// String is "auto" or "R/W".
func (m Mem) String() string {
	if m.Auto() {
		return "auto"
	}
	return fmt.Sprintf("%d/%d", m.Reads, m.Writes)
}

// ParseMem parses "auto" or "READS/WRITES" (both at least 1); its errors
// are *field.Error for name (a Point field: PD, CP or CD).
func ParseMem(name, text string) (Mem, error) {
	if text == "auto" {
		return Mem{}, nil
	}
	r, w, ok := strings.Cut(text, "/")
	ri, err1 := strconv.Atoi(r)
	wi, err2 := strconv.Atoi(w)
	if !ok || err1 != nil || err2 != nil || ri < 1 || wi < 1 || ri > tm.MaxPorts || wi > tm.MaxPorts {
		return Mem{}, field.KeyErrorf(name, strconv.Quote(text), "want auto or READS/WRITES, each 1..%d", tm.MaxPorts)
	}
	return Mem{Reads: ri, Writes: wi}, nil
}

// Point is one configuration of a sweep.
type Point struct {
	K        int         `json:"k"`
	FreeMode tm.FreeMode `json:"free_mode"` // tm.FreeCell or tm.FreeChain; JSON "cell" or "chain"
	Size     Size        `json:"size"`
	Load     float64     `json:"load_pct"` // normal load, percent of line rate offered to every port, 0..100
	Ports    int         `json:"ports"`
	PD       Mem         `json:"pd"`
	CP       Mem         `json:"cp"`
	CD       Mem         `json:"cd"`
}

// Options are the settings shared by every point of a sweep.
type Options struct {
	B         int `json:"b"`          // buffer, cells
	R         int `json:"r"`          // cycles per cell per port (line rate)
	CellBytes int `json:"cell_bytes"` // bytes per cell
	PDLatency int `json:"pd_latency"` // PD memory read latency, cycles
	CPLatency int `json:"cp_latency"` // cell-pointer memory read latency, cycles

	Window     uint64 `json:"window"`      // expulsion run: the most cycles measured after the first refill burst (it ends sooner when the bursts are spent)
	Warmup     uint64 `json:"warmup"`      // cycles of normal load before measuring (both runs)
	IdleCycles uint64 `json:"idle_cycles"` // idle-port run: cycles measured

	Seed uint64 `json:"seed"` // traffic seed, the same for every point

	// BurstRate is the burst arrival rate R of Inequality (4), in line
	// rates of one port; 0 skips the α guidance.
	BurstRate float64 `json:"burst_lr"`

	// ClockGHz, when above 0, adds each point's rates per second at this
	// clock (Result.PerSecond); 0 reports per clock only.
	ClockGHz float64 `json:"clock_ghz,omitempty"`

	// lag, in tests only: the model behind an ingress register (answering
	// later than tm.AdmitLag) and the lag the runner assumes.
	lag *lagTest
}

// lagTest puts hw/tm Delay cycles behind its offers (a TM answering
// tm.AdmitLag+Delay cycles after them); the runner assumes Ring.
type lagTest struct{ Delay, Ring int }

// DefaultOptions are the model's defaults (B=16384 cells of 256 bytes,
// R=8, latencies 1), a 20000-cycle window and idle run after 2000 cycles of
// warm-up, seed 1, and a burst of 40 line rates (the paper's incast degree).
func DefaultOptions() Options {
	d := tm.DefaultConfig()
	return Options{B: d.B, R: d.R, CellBytes: d.CellBytes, PDLatency: 1, CPLatency: 1,
		Window: 20000, Warmup: 2000, IdleCycles: 20000, Seed: 1, BurstRate: 40}
}

// Validate checks the options that tm.Config does not (cycle counts,
// latencies' presence, the burst rate); errors are *field.Error naming the
// Options field.
func (o Options) Validate() error {
	switch {
	case o.Window < 1 || o.Window > 1<<32:
		return field.Errorf("Window", "%d out of range, allowed 1..%d cycles", o.Window, uint64(1)<<32)
	case o.IdleCycles < 1 || o.IdleCycles > 1<<32:
		return field.Errorf("IdleCycles", "%d out of range, allowed 1..%d cycles", o.IdleCycles, uint64(1)<<32)
	case o.Warmup > 1<<32:
		return field.Errorf("Warmup", "%d out of range, allowed 0..%d cycles", o.Warmup, uint64(1)<<32)
	case !(o.BurstRate >= 0) || o.BurstRate > 4096:
		return field.Errorf("BurstRate", "%g out of range, allowed 0 (none) or up to 4096 line rates", o.BurstRate)
	case o.ClockGHz != 0:
		return ValidClock(o.ClockGHz)
	}
	return nil
}

// Classes used by the expulsion run (Q = 8): normal load on classes
// 0..Q-3, the refill flow on class Q-2, the over-allocated queue on Q-1,
// all on port 0 for the last two.
const (
	numClasses  = 8
	refillClass = numClasses - 2
	victimClass = numClasses - 1
	normalAlpha = 3 // α = 8, the paper's choice
	victimAlpha = 0
)

// Config builds the TM configuration of point p under options o; it is
// checked by tm.Config.Validate (errors are *rtl.ParamError naming the
// tm.Config field, or *field.Error naming the Point or Options field).
func Config(p Point, o Options) (tm.Config, error) {
	c := tm.DefaultConfig()
	if err := o.Validate(); err != nil {
		return c, err
	}
	c.P, c.Q, c.B, c.R, c.CellBytes = p.Ports, numClasses, o.B, o.R, o.CellBytes
	if len(p.Size.Cells(max(1, o.CellBytes))) == 0 {
		return c, field.Errorf("Size", "no packet-size distribution, allowed %s", SizeForms)
	}
	c.K, c.FreeMode = p.K, p.FreeMode
	c.Policy = tm.PolicyOccamy
	c.MaxPkt = max(c.MaxPkt, MaxCells(p.Size.Cells(max(1, o.CellBytes))))
	c.PushoutWait = min(c.PushoutWait, max(0, c.B))
	c.AlphaExp = make([]int, c.Q)
	c.Quantum = make([]int, c.Q)
	for i := range c.AlphaExp {
		c.AlphaExp[i] = normalAlpha
		c.Quantum[i] = c.MaxPkt
	}
	c.AlphaExp[refillClass] = 1<<(c.AW-1) - 1
	c.AlphaExp[victimClass] = victimAlpha
	mem := func(m Mem, r, w, lat int) tm.MemConfig {
		if m.Auto() {
			return tm.MemConfig{ReadPorts: r, WritePorts: w, ReadLatency: lat}
		}
		return tm.MemConfig{ReadPorts: m.Reads, WritePorts: m.Writes, ReadLatency: lat}
	}
	c.PD = mem(p.PD, 1, 2, o.PDLatency)
	c.CP = mem(p.CP, 2*p.K, p.K, o.CPLatency)
	c.CD = mem(p.CD, p.K, p.K, 1)
	if p.Load < 0 || p.Load > 100 {
		return c, field.Errorf("Load", "%g out of range, allowed 0..100 (percent of line rate)", p.Load)
	}
	if err := c.Validate(); err != nil {
		return c, err
	}
	return c, nil
}
