package dpi

import (
	"bytes"
	"time"

	"occamy/cosim/runner"
)

// Check is the scoreboard's cycle: it takes the cycle's inputs and the
// DUT's outputs of that cycle (sampled before the rising edge), steps the
// golden model on the inputs and compares every output word. It returns
// the mismatch in the runner's format (nil when equal, or when the cycle
// is not compared: before the cycle after the first reset cycle, as the
// runner does).
func (m *Model) Check(in, dut []uint32) (*runner.Mismatch, error) {
	if err := m.SetInputs(in); err != nil {
		return nil, err
	}
	if len(dut) != len(m.out) {
		return nil, &WordsError{Field: "dut outputs", Got: len(dut), Want: len(m.out), Unit: "words"}
	}
	if err := m.Step(); err != nil {
		return nil, err
	}
	return m.Compare(dut)
}

// Compare compares the DUT's outputs with those of the last stepped cycle
// (after Step, or Eval and Commit): nil when equal or not compared. Each
// cycle is compared at most once.
func (m *Model) Compare(dut []uint32) (*runner.Mismatch, error) {
	if len(dut) != len(m.out) {
		return nil, &WordsError{Field: "dut outputs", Got: len(dut), Want: len(m.out), Unit: "words"}
	}
	if m.cycle == 0 {
		return nil, &PhaseError{Call: "compare", Reason: "no cycle stepped yet"}
	}
	if m.checked {
		return nil, &PhaseError{Call: "compare", Reason: "this cycle was compared already (step first)"}
	}
	m.checked = true
	if m.start.IsZero() {
		m.start = time.Now()
	}
	c := m.cycle - 1
	r := &m.hist[m.histN%len(m.hist)]
	m.histN++
	r.Cycle = c
	copy(r.In, m.in)
	copy(r.Gold, m.out)
	for k, w := range dut {
		r.RTL[k] = w
	}
	if !m.cmpNext {
		return nil, nil
	}
	m.compared++
	if equal(m.out, dut) {
		return nil, nil
	}
	m.mismatches++
	mm := runner.CompareCycle(&m.Layout, m.elem, c, m.out, dut, m.trace())
	if m.first == nil {
		m.first, m.firstCompared = mm, m.compared
	}
	m.last = mm
	return mm, nil
}

func equal(a, b []uint32) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func (m *Model) elem(port string) int { return m.Block.Elem(m.Params, port) }

// trace is the kept history, oldest first.
func (m *Model) trace() []runner.TraceRow {
	n := min(m.histN, len(m.hist))
	rows := make([]runner.TraceRow, 0, n)
	for k := m.histN - n; k < m.histN; k++ {
		rows = append(rows, m.hist[k%len(m.hist)])
	}
	return rows
}

// Compared, Mismatches and First are the scoreboard's counts and its first
// mismatch (nil when none).
func (m *Model) Compared() uint64        { return m.compared }
func (m *Model) Mismatches() uint64      { return m.mismatches }
func (m *Model) First() *runner.Mismatch { return m.first }

// Last is the most recent mismatch, nil when none.
func (m *Model) Last() *runner.Mismatch { return m.last }

// Result is the scoreboard's run as a runner.Result (simulator "dpi",
// mode "scoreboard"), so its verdict line is the runner's: MATCH with the
// cycles compared, or MISMATCH with the first mismatch. seed is the
// testbench's stimulus seed, for the verdict line.
// DPIDesign is whose Verilog a scoreboard's verdict names: the design
// the calling testbench drives, which the scoreboard cannot see.
const DPIDesign = "your DUT"

func (m *Model) Result(top string, seed int64) *runner.Result {
	if top == "" {
		top = m.Block.Module
	}
	r := &runner.Result{Checked: runner.Checked{Block: m.Block.Name, Top: top, Sim: "dpi", Mode: "scoreboard", Params: m.Params,
		Set: runner.SetOf(m.Block.Name, m.Params), Design: DPIDesign, Seed: seed}, Counts: runner.Counts{Cycles: m.cycle, Compared: m.compared}, Mismatch: m.first,
		Coverage: m.Block.Report(m.Params, m.hits)}
	if m.first != nil {
		// The verdict is the first mismatch's, as the runner's (which
		// stops there): cycles and compared counts up to it.
		r.Cycles, r.Compared = m.first.Cycle+1, m.firstCompared
	}
	for _, q := range m.Layout.Outputs {
		r.Outputs = append(r.Outputs, q.Name)
	}
	if !m.start.IsZero() {
		r.Elapsed = runner.Seconds{Duration: time.Since(m.start)}
		if s := r.Elapsed.Seconds(); s > 0 {
			r.Rate = float64(m.histN) / s
		}
	}
	r.Finish(m.Block.Name, m.Block.ParamNames())
	return r
}

// NothingComparedError is a verdict asked of a scoreboard that compared
// no cycle: such a run proves nothing.
type NothingComparedError struct {
	Block string
	Run   uint64
	Armed bool // a reset cycle was seen: nothing was handed to the scoreboard
}

func (e *NothingComparedError) Error() string {
	if e.Run == 0 {
		return e.Block + ": no cycle compared: the scoreboard saw no cycle"
	}
	if e.Armed {
		return e.Block + ": no cycle compared in " + itoa(e.Run) + " cycles: call check (or compare after step) every cycle"
	}
	return e.Block + ": no cycle compared in " + itoa(e.Run) + " cycles: comparison starts the cycle after the first cycle with rst_ni = 0"
}

// Verdict is the one-line verdict (the runner's), then the first
// mismatch's trace and the coverage table; a *NothingComparedError when
// no cycle was compared.
func (m *Model) Verdict(top string, seed int64) (string, error) {
	if m.compared == 0 {
		return "", &NothingComparedError{Block: m.Block.Name, Run: m.cycle, Armed: m.armed}
	}
	r := m.Result(top, seed)
	var b bytes.Buffer
	b.WriteString(r.Verdict())
	if r.Mismatch != nil {
		for _, l := range r.Mismatch.Trace {
			b.WriteString("\n  " + l)
		}
	}
	if r.Coverage != nil {
		b.WriteString("\n")
		_ = r.Coverage.WriteTable(&b)
	}
	return string(bytes.TrimRight(b.Bytes(), "\n")), nil
}
