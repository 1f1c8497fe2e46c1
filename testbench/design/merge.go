package design

import (
	"fmt"
	"strconv"
	"strings"
)

// Flags are the command-line declarations of one run, as given: each
// entry of a repeatable flag one string.
type Flags struct {
	Ports     []string // --port DESIGN=CONTRACT
	Tie       []string // --tie PORT=VALUE
	Latency   []string // --latency PORT=N
	DontCare  []string // --dont-care PORT:VALID
	Constrain []string // --constrain one-class | hold=K
	Observe   []string // --observe NAME=hier.path
	Check     string   // --check KIND ("" : not given)
	WaitBound int      // --wait-bound N (0: not given)
	KeepGoing bool     // --keep-going
	LowestTie bool     // --lowest-tie
}

// Empty reports whether no declaration flag was given.
func (fl *Flags) Empty() bool {
	return len(fl.Ports)+len(fl.Tie)+len(fl.Latency)+len(fl.DontCare)+len(fl.Constrain)+len(fl.Observe) == 0 &&
		fl.Check == "" && fl.WaitBound == 0 && !fl.KeepGoing && !fl.LowestTie
}

// Merge lays the flags over the file's declarations: a flag naming a port
// the file also names wins. A malformed flag is an *Error naming it.
func (f *File) Merge(fl Flags) error {
	for _, s := range fl.Ports {
		d, c, err := pair("--port", s, "=", "DESIGN=CONTRACT, e.g. grant=gnt_idx_o")
		if err != nil {
			return err
		}
		f.Ports = put(f.Ports, d, c)
	}
	for _, s := range fl.Tie {
		k, v, err := pair("--tie", s, "=", "PORT=VALUE, e.g. ack_i=1")
		if err != nil {
			return err
		}
		n, err := strconv.ParseUint(v, 0, 64)
		if err != nil {
			return &Error{Where: "--tie", What: fmt.Sprintf("%s: %q is not a whole number (decimal, or 0x hexadecimal)", s, v)}
		}
		if f.Tie == nil {
			f.Tie = map[string]uint64{}
		}
		f.Tie[k] = n
	}
	for _, s := range fl.Latency {
		k, v, err := pair("--latency", s, "=", "PORT=N, e.g. gnt_idx_o=1")
		if err != nil {
			return err
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return &Error{Where: "--latency", What: fmt.Sprintf("%s: want a whole number of cycles %d..%d", s, 0, MaxLatency)}
		}
		if f.Latency == nil {
			f.Latency = map[string]int{}
		}
		f.Latency[k] = n
	}
	for _, s := range fl.DontCare {
		k, v, err := pair("--dont-care", s, ":", "PORT:VALID, e.g. gnt_idx_o:gnt_valid_o")
		if err != nil {
			return err
		}
		f.DontCare = put(f.DontCare, k, v)
	}
	for _, s := range fl.Constrain {
		switch k, v, _ := strings.Cut(s, "="); {
		case s == "one-class" || s == "one_class":
			f.Constrain.OneClass = true
		case k == "hold":
			n, err := strconv.Atoi(v)
			if err != nil {
				return &Error{Where: "--constrain", What: fmt.Sprintf("%s: want hold=K, K a whole number of cycles", s)}
			}
			f.Constrain.Hold = n
		default:
			return &Error{Where: "--constrain", What: fmt.Sprintf("%q: want one-class or hold=K", s)}
		}
	}
	for _, s := range fl.Observe {
		k, v, err := pair("--observe", s, "=", "NAME=hier.path, e.g. over=u_sel.over_q")
		if err != nil {
			return err
		}
		f.Observe = put(f.Observe, k, v)
	}
	if fl.Check != "" {
		f.Check = fl.Check
	}
	if fl.WaitBound != 0 {
		f.WaitBound = fl.WaitBound
	}
	f.KeepGoing = f.KeepGoing || fl.KeepGoing
	f.LowestTie = f.LowestTie || fl.LowestTie
	return nil
}

// pair splits "A=B" (sep "=") with both sides present.
func pair(flag, s, sep, want string) (string, string, error) {
	k, v, ok := strings.Cut(s, sep)
	k, v = strings.TrimSpace(k), strings.TrimSpace(v)
	if !ok || k == "" || v == "" {
		return "", "", &Error{Where: flag, What: fmt.Sprintf("%q: want %s", s, want)}
	}
	return k, v, nil
}

func put(m map[string]string, k, v string) map[string]string {
	if m == nil {
		m = map[string]string{}
	}
	m[k] = v
	return m
}
