package tm

import (
	"fmt"
	"strings"

	"occamy/hw/scheduler"
)

// SchedMode is the egress scheduling mode, hw/scheduler's Mode under the
// Config field's name: its text form (String, ParseSched, JSON) is "sp" or
// "drr", and a bad name is reported as the Sched field's.
type SchedMode uint8

// The scheduling modes.
const (
	SchedSP  = SchedMode(scheduler.SP)  // strict priority, class 0 first
	SchedDRR = SchedMode(scheduler.DRR) // deficit round robin, Config.Quantum per class
)

// mode is the scheduler's value.
func (s SchedMode) mode() scheduler.Mode { return scheduler.Mode(s) }

// String returns the mode's name.
func (s SchedMode) String() string { return s.mode().String() }

// Valid reports whether s is SchedSP or SchedDRR.
func (s SchedMode) Valid() bool { return s.mode().Valid() }

// ParseSched returns the mode named s, or a *scheduler.ModeError for the Sched field.
func ParseSched(s string) (SchedMode, error) {
	v, err := scheduler.ParseMode(s)
	if err != nil {
		return 0, &scheduler.ModeError{Field: "Sched", Name: s}
	}
	return SchedMode(v), nil
}

// MarshalText writes the mode's name.
func (s SchedMode) MarshalText() ([]byte, error) { return s.mode().MarshalText() }

// UnmarshalText reads a mode name.
func (s *SchedMode) UnmarshalText(b []byte) error {
	v, err := ParseSched(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// FreeMode is how the dequeue and the head-drop executor return a packet's
// cells to the free list. Its text form (String, ParseFreeMode, JSON) is
// "cell" or "chain".
type FreeMode uint8

// The free modes.
const (
	FreeCell  FreeMode = iota // "cell": k cells per cycle, one pointer write each
	FreeChain                 // "chain": one pointer write per sub-list
	numFreeModes
)

var freeModeNames = [numFreeModes]string{"cell", "chain"}

// FreeModeNames lists the free modes' names in order: cell, chain.
func FreeModeNames() []string { return freeModeNames[:] }

// String returns the mode's name, or "FreeMode(n)" outside the list.
func (f FreeMode) String() string {
	if f < numFreeModes {
		return freeModeNames[f]
	}
	return fmt.Sprintf("FreeMode(%d)", uint8(f))
}

// Valid reports whether f is FreeCell or FreeChain.
func (f FreeMode) Valid() bool { return f < numFreeModes }

// FreeModeError is an unknown free-mode name.
type FreeModeError struct{ Name string }

func (e *FreeModeError) Error() string {
	return fmt.Sprintf("unknown FreeMode %q, allowed %s", e.Name, strings.Join(FreeModeNames(), ", "))
}

// ParseFreeMode returns the free mode named s, or a *FreeModeError.
func ParseFreeMode(s string) (FreeMode, error) {
	for i, n := range freeModeNames {
		if n == s {
			return FreeMode(i), nil
		}
	}
	return 0, &FreeModeError{Name: s}
}

// MarshalText writes the mode's name.
func (f FreeMode) MarshalText() ([]byte, error) {
	if !f.Valid() {
		return nil, fmt.Errorf("tm: %s is not a free mode", f)
	}
	return []byte(f.String()), nil
}

// UnmarshalText reads a free-mode name.
func (f *FreeMode) UnmarshalText(b []byte) error {
	v, err := ParseFreeMode(string(b))
	if err != nil {
		return err
	}
	*f = v
	return nil
}
