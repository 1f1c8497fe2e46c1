package rtl

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// reg is a one-bit register fed by a function of other blocks' outputs, and
// it logs every phase call.
type reg struct {
	name string
	log  *[]string
	in   func() uint64
	Q, D uint64
	OutO uint64
}

func (r *reg) Eval() {
	*r.log = append(*r.log, "eval "+r.name)
	r.OutO = r.Q
	r.D = r.in()
}

func (r *reg) Commit() {
	*r.log = append(*r.log, "commit "+r.name)
	r.Q = r.D
}

func (r *reg) Signals() []Signal {
	return []Signal{Scalar(r.name+"_o", 8, func() uint64 { return r.OutO })}
}

// logTracer records what the simulator asks of it.
type logTracer struct {
	log        *[]string
	scopes     []Scope
	declareErr error
	sampleErr  error
	closed     int
}

func (l *logTracer) Declare(s []Scope) error { l.scopes = s; return l.declareErr }
func (l *logTracer) Sample(c uint64) error {
	vals := ""
	for _, sc := range l.scopes {
		for _, sig := range sc.Signals {
			d := make([]uint64, Words(sig.Width))
			sig.Read(d)
			vals += fmt.Sprintf(" %s.%s=%d", sc.Name, sig.Name, d[0])
		}
	}
	*l.log = append(*l.log, fmt.Sprintf("sample %d%s", c, vals))
	return l.sampleErr
}
func (l *logTracer) Close() error { l.closed++; return nil }

// TestSimTwoPhase builds a two-stage shift register and a swap: every Eval
// runs in add order before any Commit, so no register sees a value written
// in the same cycle.
func TestSimTwoPhase(t *testing.T) {
	var log []string
	in := uint64(1)
	a := &reg{name: "a", log: &log, in: func() uint64 { return in }}
	b := &reg{name: "b", log: &log}
	b.in = func() uint64 { return a.Q } // reads a's register, not a's next value
	s := NewSim()
	s.Add("a", a)
	s.Add("b", b)
	tr := &logTracer{log: &log}
	require.NoError(t, s.Trace(tr))
	require.Equal(t, []string{"a", "b"}, []string{tr.scopes[0].Name, tr.scopes[1].Name})

	want := [][2]uint64{{0, 0}, {1, 0}, {1, 1}, {0, 1}} // (a_o, b_o) per cycle
	for c, w := range want {
		if c == 2 {
			in = 0
		}
		log = log[:0]
		require.NoError(t, s.Step())
		assert.Equal(t, []string{
			"eval a", "eval b",
			fmt.Sprintf("sample %d a.a_o=%d b.b_o=%d", c, w[0], w[1]),
			"commit a", "commit b",
		}, log, "cycle %d: phase order and traced values", c)
		assert.Equal(t, uint64(c+1), s.Cycle(), "cycle count after step %d", c)
	}
	require.NoError(t, s.Close())
	assert.Equal(t, 1, tr.closed)
	require.NoError(t, s.Close(), "second close is a no-op")
	assert.Equal(t, 1, tr.closed)
}

func TestSimEvalWithoutEdge(t *testing.T) {
	var log []string
	a := &reg{name: "a", log: &log, in: func() uint64 { return 5 }}
	s := NewSim()
	s.Add("a", a)
	s.Eval()
	s.Eval()
	assert.Equal(t, []string{"eval a", "eval a"}, log)
	assert.Equal(t, uint64(0), a.Q, "Eval alone must not clock the register")
	assert.Equal(t, uint64(0), s.Cycle())
	require.NoError(t, s.Run(3))
	assert.Equal(t, uint64(3), s.Cycle())
	assert.Equal(t, uint64(5), a.Q)
}

func TestSimCombIsNotTraced(t *testing.T) {
	var log []string
	var wire uint64
	s := NewSim()
	s.Add("glue", Comb(func() { wire++ }))
	tr := &logTracer{log: &log}
	require.NoError(t, s.Trace(tr))
	assert.Empty(t, tr.scopes, "a Comb has no signals")
	require.NoError(t, s.Run(2))
	assert.Equal(t, uint64(2), wire)
	Comb(func() {}).Commit()
}

func TestSimSampleErrorStopsTracing(t *testing.T) {
	var log []string
	boom := errors.New("disk full")
	s := NewSim()
	s.Add("a", &reg{name: "a", log: &log, in: func() uint64 { return 0 }})
	tr := &logTracer{log: &log, sampleErr: boom}
	require.NoError(t, s.Trace(tr))
	err := s.Run(3)
	require.ErrorIs(t, err, boom)
	assert.Contains(t, err.Error(), "trace at cycle 0")
	assert.Equal(t, uint64(0), s.Cycle(), "the failing cycle does not complete")
	assert.Equal(t, 1, tr.closed, "the failed tracer is closed at once, so its file is removed (a full disk left .run.vcd.tmp-*)")
	require.NoError(t, s.Step(), "tracing is off after the error")
	assert.ErrorIs(t, s.Close(), boom, "Close reports the first error")
	assert.Equal(t, 1, tr.closed, "closed once")
}

func TestSimDeclareErrorLeavesTracingOff(t *testing.T) {
	var log []string
	boom := errors.New("bad scope")
	s := NewSim()
	s.Add("a", &reg{name: "a", log: &log, in: func() uint64 { return 0 }})
	tr := &logTracer{log: &log, declareErr: boom}
	require.ErrorIs(t, s.Trace(tr), boom)
	log = log[:0]
	require.NoError(t, s.Step())
	assert.Equal(t, []string{"eval a", "commit a"}, log, "an undeclared tracer is never sampled")
	require.NoError(t, s.Trace(nil))
}
