package tm

import (
	"fmt"
	"strings"

	"occamy/hw/scheduler"
)

// SchedMode is the egress scheduling mode (Config.Sched), hw/scheduler's
// Mode under the Config field's name. Its value is its name, "sp" or
// "drr" (String, ParseSched, JSON text), so untyped constants of those
// names still assign to it; Validate and UnmarshalText refuse any other.
// The model converts it once, at New: nothing per cycle compares names.
type SchedMode string

// The scheduling modes.
const (
	SchedSP  SchedMode = "sp"  // strict priority, class 0 first
	SchedDRR SchedMode = "drr" // deficit round robin, Config.Quantum per class
)

// mode is the scheduler's value (SP for an invalid s; Validate refuses it).
func (s SchedMode) mode() scheduler.Mode {
	if s == SchedDRR {
		return scheduler.DRR
	}
	return scheduler.SP
}

// String returns the mode's name.
func (s SchedMode) String() string { return string(s) }

// Valid reports whether s is SchedSP or SchedDRR.
func (s SchedMode) Valid() bool { return s == SchedSP || s == SchedDRR }

// ParseSched returns the mode named s, or a *scheduler.ModeError for the
// Sched field.
func ParseSched(s string) (SchedMode, error) {
	if v := SchedMode(s); v.Valid() {
		return v, nil
	}
	return "", &scheduler.ModeError{Field: "Sched", Name: s}
}

// MarshalText writes the mode's name.
func (s SchedMode) MarshalText() ([]byte, error) {
	if !s.Valid() {
		return nil, &scheduler.ModeError{Field: "Sched", Name: string(s)}
	}
	return []byte(s), nil
}

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
// cells to the free list (Config.FreeMode). Its value is its name, "cell"
// or "chain" (String, ParseFreeMode, JSON text), as for SchedMode.
type FreeMode string

// The free modes.
const (
	FreeCell  FreeMode = "cell"  // k cells per cycle, one pointer write each
	FreeChain FreeMode = "chain" // one pointer write per sub-list
)

// FreeModeNames lists the free modes' names in order: cell, chain.
func FreeModeNames() []string { return []string{string(FreeCell), string(FreeChain)} }

// String returns the mode's name.
func (f FreeMode) String() string { return string(f) }

// Valid reports whether f is FreeCell or FreeChain.
func (f FreeMode) Valid() bool { return f == FreeCell || f == FreeChain }

// FreeModeError is an unknown free-mode name.
type FreeModeError struct{ Name string }

func (e *FreeModeError) Error() string {
	return fmt.Sprintf("unknown FreeMode %q, allowed %s", e.Name, strings.Join(FreeModeNames(), ", "))
}

// ParseFreeMode returns the free mode named s, or a *FreeModeError.
func ParseFreeMode(s string) (FreeMode, error) {
	if v := FreeMode(s); v.Valid() {
		return v, nil
	}
	return "", &FreeModeError{Name: s}
}

// MarshalText writes the mode's name.
func (f FreeMode) MarshalText() ([]byte, error) {
	if !f.Valid() {
		return nil, &FreeModeError{Name: string(f)}
	}
	return []byte(f), nil
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
