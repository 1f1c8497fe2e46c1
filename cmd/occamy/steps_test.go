package main

import (
	"bytes"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"occamy/cosim"
)

// syncBuf is a bytes.Buffer safe for the spinner's goroutine.
type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestStepsLog: in a log, one line per step as it starts, nothing at its
// end.
func TestStepsLog(t *testing.T) {
	var b syncBuf
	p := cosim.Progress(newStepView(&b, false).report)
	_ = p.Run("verilating occamy_tm (first time for these sources and parameters; cached afterwards)", func() error { return nil })
	_ = p.Run("compiling rr_arbiter with Icarus (iverilog -g2012)", func() error { return errors.New("boom") })
	assert.Equal(t, "occamy: verilating occamy_tm (first time for these sources and parameters; cached afterwards)...\n"+
		"occamy: compiling rr_arbiter with Icarus (iverilog -g2012)...\n", b.String())
}

// TestStepsTerminal: on a terminal a spinner line with the step and its
// time so far is redrawn until the step ends, then replaced by a line
// saying it is done (or failed) and how long it took; a second step at
// once is counted; a log line clears the spinner first.
func TestStepsTerminal(t *testing.T) {
	var b syncBuf
	v := newStepView(&b, true)
	v.report(cosim.Step{What: "verilating a"})
	v.report(cosim.Step{What: "Yosys: b"})
	time.Sleep(3 * spinTick)
	_, _ = v.Write([]byte("synth: 1/2 b\n"))
	v.report(cosim.Step{What: "Yosys: b", Done: true, Elapsed: 1500 * time.Millisecond})
	v.report(cosim.Step{What: "verilating a", Done: true, Elapsed: 58 * time.Second, Err: errors.New("x")})
	out := b.String()
	assert.Contains(t, out, "\r\033[K| verilating a 0s")
	assert.Contains(t, out, "verilating a 0s (and 1 more)")
	assert.Regexp(t, `\r\033\[K[/\-\\] verilating a 0s \(and 1 more\)`, out, "redrawn with the next frame")
	assert.Contains(t, out, "\r\033[Ksynth: 1/2 b\n")
	assert.Contains(t, out, "\r\033[Kdone: Yosys: b (1.5 s)\n")
	assert.True(t, strings.HasSuffix(out, "\r\033[Kfailed: verilating a (58.0 s)\n"), "ends with the last step's line: %q", out)
	n := len(b.String())
	time.Sleep(2 * spinTick)
	assert.Equal(t, n, len(b.String()), "nothing drawn once no step runs")
}

// TestStepsNarrowTerminal: a spinner line never wraps: a step too long for
// the terminal is cut with "...", its time kept.
func TestStepsNarrowTerminal(t *testing.T) {
	var b syncBuf
	v := newStepView(&b, true)
	v.width = 40
	v.report(cosim.Step{What: "verilating occamy_tm (first time for these sources and parameters; cached afterwards)"})
	v.report(cosim.Step{What: "verilating occamy_tm (first time for these sources and parameters; cached afterwards)", Done: true})
	line := strings.Split(b.String(), "\r\033[K")[1]
	assert.Equal(t, "| verilating occamy_tm (first tim... 0s", line)
	assert.Less(t, len(line), 40)
}
