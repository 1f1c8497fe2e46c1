package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"golang.org/x/term"

	"occamy/cosim"
	"occamy/testbench/sweep"
)

// How the commands show a run's long steps (cosim.Progress: a Verilator
// build the cache does not hold, an Icarus compile and run, Yosys and ABC
// in prove and synth). On a terminal: a spinner line with the step and its
// time so far, redrawn every spinTick, replaced when the step ends by
// "done: <step> (58.2 s)". Elsewhere (a log, CI): one line per step, as it
// starts, so a log that seems stuck says what runs.

// spinTick is how often the spinner line is redrawn.
const spinTick = 200 * time.Millisecond

// spinFrames are the spinner's frames.
var spinFrames = []string{"|", "/", "-", "\\"}

// stepShow is the cosim.Progress that shows steps on w (the command's
// standard error), as a spinner when w is a terminal.
func stepShow(w io.Writer) cosim.Progress {
	return newStepView(w, sweep.IsTerminal(w)).report
}

// termWidth is the width of the terminal w is, 80 when it cannot be told:
// a spinner line longer than it would wrap, and a carriage return would
// no longer redraw it.
func termWidth(w io.Writer) int {
	if f, ok := w.(*os.File); ok {
		if c, _, err := term.GetSize(int(f.Fd())); err == nil && c > 0 {
			return c
		}
	}
	return 80
}

// stepView draws the steps running now; several may run at once (synth's
// Yosys jobs).
type stepView struct {
	w        io.Writer
	terminal bool
	width    int // the terminal's columns

	mu      sync.Mutex
	running []stepRun
	frame   int
	stop    chan struct{} // closes the redraw loop; nil when it is not running
}

type stepRun struct {
	what  string
	start time.Time
}

func newStepView(w io.Writer, terminal bool) *stepView {
	return &stepView{w: w, terminal: terminal, width: termWidth(w)}
}

// report receives a step's start or end.
func (v *stepView) report(s cosim.Step) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if !v.terminal {
		if !s.Done {
			fmt.Fprintf(v.w, "occamy: %s...\n", s.What)
		}
		return
	}
	if !s.Done {
		v.running = append(v.running, stepRun{what: s.What, start: time.Now()})
		if v.stop == nil {
			v.stop = make(chan struct{})
			go v.loop(v.stop)
		}
		v.draw()
		return
	}
	for i, r := range v.running {
		if r.what == s.What {
			v.running = append(v.running[:i], v.running[i+1:]...)
			break
		}
	}
	word := "done"
	if s.Err != nil {
		word = "failed"
	}
	fmt.Fprintf(v.w, "\r\033[K%s: %s (%.1f s)\n", word, s.What, s.Elapsed.Seconds())
	if len(v.running) == 0 {
		close(v.stop)
		v.stop = nil
		return
	}
	v.draw()
}

// loop redraws the spinner until stop closes.
func (v *stepView) loop(stop chan struct{}) {
	t := time.NewTicker(spinTick)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			v.mu.Lock()
			if v.stop == stop {
				v.frame++
				v.draw()
			}
			v.mu.Unlock()
		}
	}
}

// draw writes the spinner line: the oldest running step, its time so far,
// and how many more run.
func (v *stepView) draw() {
	if len(v.running) == 0 {
		return
	}
	r := v.running[0]
	tail := fmt.Sprintf(" %ds", int(time.Since(r.start).Seconds()))
	if n := len(v.running) - 1; n > 0 {
		tail += fmt.Sprintf(" (and %d more)", n)
	}
	what := r.what
	if room := v.width - 1 - 2 - len(tail); len(what) > room {
		what = what[:max(room-3, 0)] + "..."
	}
	io.WriteString(v.w, "\r\033[K"+spinFrames[v.frame%len(spinFrames)]+" "+what+tail)
}

// Write writes p to the view's writer (log lines of a command that also
// shows steps): on a terminal the spinner line is cleared first and
// redrawn after, so the two do not run into each other.
func (v *stepView) Write(p []byte) (int, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.terminal && len(v.running) > 0 {
		io.WriteString(v.w, "\r\033[K")
		defer v.draw()
	}
	return v.w.Write(p)
}
