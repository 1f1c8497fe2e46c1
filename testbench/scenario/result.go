package scenario

import (
	"bytes"
	"encoding/json"
	"fmt"

	"occamy/hw/tm"
	"occamy/rtl"
)

// Count is a number of packets and the cells they hold.
type Count struct {
	Pkts  uint64 `json:"pkts"`
	Cells uint64 `json:"cells"`
}

func countOf(c tm.Count) Count { return Count{Pkts: c.Pkts, Cells: c.Cells} }

// QueueRow is one queue's counters in a result.
type QueueRow struct {
	Queue      int   `json:"queue"`
	Port       int   `json:"port"`
	Class      int   `json:"class"`
	Arrived    Count `json:"arrived"`
	Admitted   Count `json:"admitted"`
	AdmDropped Count `json:"adm_dropped"`
	// IngressDropped is the part of AdmDropped offered beyond MaxOffers
	// packets in its cycle (docs/tm.md, "Ingress bound"); absent when 0.
	IngressDropped *Count `json:"ingress_dropped,omitempty"`
	HeadDropped    Count  `json:"head_dropped"`
	Transmitted    Count  `json:"transmitted"`
	Len            Count  `json:"len"`
	MaxLen         Count  `json:"max_len"`
}

// Active reports whether anything arrived at the queue.
func (q QueueRow) Active() bool { return q.Arrived.Pkts > 0 }

func rowOf(q, p, c int, s *tm.QueueStats) QueueRow {
	row := QueueRow{Queue: q, Port: p, Class: c, Arrived: countOf(s.Arrived), Admitted: countOf(s.Admitted),
		AdmDropped: countOf(s.AdmDropped), HeadDropped: countOf(s.HeadDropped),
		Transmitted: countOf(s.Transmitted), Len: countOf(s.Len), MaxLen: countOf(s.MaxLen)}
	if s.IngressDropped.Pkts > 0 {
		c := countOf(s.IngressDropped)
		row.IngressDropped = &c
	}
	return row
}

// Metrics is an ordered list of metrics that marshals as one JSON object
// {"name": value, ...} in order.
type Metrics []Metric

// MarshalJSON implements json.Marshaler.
func (m Metrics) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, x := range m {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(x.Name)
		v, err := json.Marshal(x.Value)
		if err != nil {
			return nil, fmt.Errorf("metric %s: %w", x.Name, err)
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// Get returns the value of the named metric.
func (m Metrics) Get(name string) (float64, bool) {
	for _, x := range m {
		if x.Name == name {
			return x.Value, true
		}
	}
	return 0, false
}

// Result is the outcome of one run, as `occamy sim --json` prints it.
type Result struct {
	Scenario string             `json:"scenario"`
	Engine   Engine             `json:"engine"` // what ran it: hw/tm, or a simulator running the Verilog
	Policy   string             `json:"bm"`
	Alpha    float64            `json:"alpha"`
	Seed     uint64             `json:"seed"`
	Cycles   uint64             `json:"cycles"`
	Params   map[string]float64 `json:"params"`
	Sources  []string           `json:"sources"`
	Config   tm.Config          `json:"config"`
	Queues   []QueueRow         `json:"queues"`
	Totals   QueueRow           `json:"totals"`
	Metrics  Metrics            `json:"metrics"`
	// MaxOccupancy is the largest number of cells in the buffer at once.
	MaxOccupancy uint64 `json:"max_occupancy_cells"`
	// FirstHeadDrop and FirstAdmDrop are the run's first head drop and
	// first admission drop, found in a traced run only (WriteGTKW opens
	// the save file on them); nil otherwise, and not part of the JSON.
	FirstHeadDrop *Drop `json:"-"`
	FirstAdmDrop  *Drop `json:"-"`
}

// Execute runs a prepared scenario, traced through tr when it is not nil
// (the tracer is closed at the end), and returns its result.
func Execute(p *Prepared, tr rtl.Tracer) (*Result, error) { return execute(p, tr, nil) }

// execute is Execute with a stop function; a run stopped early by it has
// no metrics (they assume the whole run).
func execute(p *Prepared, tr rtl.Tracer, stop StopFunc) (*Result, error) {
	r, err := simulate(p, p.Config, p.Sources, p.Cycles, p.Plan.Groups, tr, p.Traced, stop)
	if err != nil {
		return nil, err
	}
	res := &Result{Scenario: p.Scenario.Name, Engine: p.engine(), Policy: p.Policy, Alpha: p.Alpha, Seed: p.Seed,
		Cycles: r.Cycles, Params: map[string]float64{}, Config: p.Config}
	for k, v := range p.Values {
		res.Params[k] = v
	}
	mix, err := buildNames(p)
	if err != nil {
		return nil, err
	}
	res.Sources = mix
	st := r.Stats
	for q := range st.Queues {
		res.Queues = append(res.Queues, rowOf(q, q/p.Config.Q, q%p.Config.Q, &st.Queues[q]))
	}
	res.Totals = rowOf(-1, -1, -1, &st.Total)
	res.MaxOccupancy = st.Total.MaxLen.Cells
	res.FirstHeadDrop, res.FirstAdmDrop = r.First.results()
	if p.Plan.Metrics != nil && r.Cycles == p.Cycles {
		ms, err := p.Plan.Metrics(r)
		if err != nil {
			return nil, err
		}
		res.Metrics = ms
	}
	res.Metrics = append(res.Metrics, dynamicsMetrics(st)...)
	// Parameters the plan computed (Auto ones) are reported as resolved.
	for k, v := range r.Prep.Values {
		res.Params[k] = v
	}
	return res, nil
}

func buildNames(p *Prepared) ([]string, error) {
	out := make([]string, len(p.Sources))
	for i := range p.Sources {
		s, err := p.Sources[i].Build(Env(&p.Config), p.Seed, i, fmt.Sprintf("sources[%d]", i))
		if err != nil {
			return nil, &InputError{err}
		}
		out[i] = s.Name()
	}
	return out, nil
}
