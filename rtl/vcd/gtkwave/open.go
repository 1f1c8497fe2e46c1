//go:build unix

package gtkwave

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Opened is what GTKWave showed of a dump opened with its save file, as
// its Tcl interface reports it, with what it printed.
type Opened struct {
	// Traces are the rows of the signal pane in order, as GTKWave names
	// them: a trace's label (its alias, else its leaf name with the bit
	// range), a group's name on its first and last rows, "" for a blank
	// row.
	Traces []string
	// Start and End are the times at the left and right edges of the wave
	// pane, Marker the primary marker's time (-1 when unset).
	Start, End uint64
	Marker     int64
	// Messages are GTKWave's own complaints ("GTKWAVE | Could not open
	// filter file!"): every line it printed with its "GTKWAVE |" prefix
	// but the one announcing the script.
	Messages []string
	// Output is all GTKWave printed.
	Output string
}

// ErrUnavailable is returned by Open when xvfb-run or gtkwave is not on
// the PATH.
var ErrUnavailable = errors.New("gtkwave: xvfb-run or gtkwave not installed (make tools)")

// listScript asks GTKWave for its rows and its window, then quits.
const listScript = `set n [gtkwave::getTotalNumTraces]
for {set i 0} {$i < $n} {incr i} { puts "trace=[gtkwave::getTraceNameFromIndex $i]" }
puts "window=[gtkwave::getWindowStartTime] [gtkwave::getWindowEndTime] [gtkwave::getMarker]"
gtkwave::/File/Quit
`

// Open opens dump with save in GTKWave under a virtual X server, as a user
// would (gtkwave DUMP SAVE), and reports what it shows. A GTKWave that
// does not quit within timeout is killed (context.DeadlineExceeded).
func Open(timeout time.Duration, dump, save string) (*Opened, error) {
	for _, p := range []string{"xvfb-run", "gtkwave"} {
		if _, err := exec.LookPath(p); err != nil {
			return nil, ErrUnavailable
		}
	}
	dir, err := os.MkdirTemp("", "occamy-gtkwave-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	script := filepath.Join(dir, "list.tcl")
	if err := os.WriteFile(script, []byte(listScript), 0o644); err != nil {
		return nil, err
	}
	out, err := Run(timeout, "xvfb-run", "-a", "-s", "-screen 0 1600x1000x24", "gtkwave", "-S", script, dump, save)
	o := &Opened{Output: string(out), Marker: -1}
	if errors.Is(err, context.DeadlineExceeded) {
		return o, err
	}
	if err != nil {
		return o, fmt.Errorf("gtkwave: %w: %s", err, out)
	}
	for _, l := range strings.Split(o.Output, "\n") {
		switch {
		case strings.HasPrefix(l, "trace="):
			o.Traces = append(o.Traces, strings.TrimPrefix(l, "trace="))
		case strings.HasPrefix(l, "GTKWAVE |") && !strings.Contains(l, "Executing Tcl script"):
			o.Messages = append(o.Messages, strings.TrimSpace(l))
		}
	}
	m := regexp.MustCompile(`(?m)^window=(\d+) (\d+) (-?\d+)$`).FindStringSubmatch(o.Output)
	if m == nil {
		return o, fmt.Errorf("gtkwave printed no window: %s", out)
	}
	o.Start, _ = strconv.ParseUint(m[1], 10, 64)
	o.End, _ = strconv.ParseUint(m[2], 10, 64)
	o.Marker, _ = strconv.ParseInt(m[3], 10, 64)
	return o, nil
}

// SaveLabels lists the label GTKWave gives each trace line of a save file,
// in order: its alias (+{alias} name), else its leaf name with the range
// as written. Flags, comments, settings, filters and blank or group rows
// are left out.
func SaveLabels(save string) ([]string, error) {
	data, err := os.ReadFile(save)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, l := range strings.Split(string(data), "\n") {
		if l == "" || strings.ContainsAny(l[:1], "@-[*^") {
			continue
		}
		if strings.HasPrefix(l, "+{") {
			if i := strings.Index(l, "} "); i > 0 {
				out = append(out, l[2:i])
				continue
			}
		}
		out = append(out, l[strings.LastIndexByte(l, '.')+1:])
	}
	return out, nil
}

// Problems compares what GTKWave showed with the save file's traces and
// lists what a user would miss: each of GTKWave's own messages, and each
// trace of the save file GTKWave does not show (it drops a name the dump
// does not declare without a word). Empty when the save file opened
// whole.
func (o *Opened) Problems(save string) ([]string, error) {
	want, err := SaveLabels(save)
	if err != nil {
		return nil, err
	}
	var p []string
	for _, m := range o.Messages {
		p = append(p, "gtkwave says: "+m)
	}
	shown := map[string]int{}
	for _, t := range o.Traces {
		shown[t]++
	}
	need := map[string]int{}
	for _, t := range want {
		need[t]++
	}
	for _, t := range want {
		if need[t] > shown[t] {
			p = append(p, fmt.Sprintf("missing signal: the save file shows %q %d times, gtkwave %d", t, need[t], shown[t]))
			need[t] = shown[t]
		}
	}
	if len(o.Traces) == 0 {
		p = append(p, "gtkwave shows no trace")
	}
	return p, nil
}
