package scheduler

import (
	"fmt"
	"strings"
)

// Mode is the queue choice within a port. Its text form (String,
// ParseMode, JSON) is the name the command line and config files use.
type Mode uint8

// The scheduling modes.
const (
	SP  Mode = iota // "sp": strict priority, class 0 first
	DRR             // "drr": deficit round robin, a quantum per class
	numModes
)

var modeNames = [numModes]string{"sp", "drr"}

// ModeNames lists the modes' names in order: sp, drr.
func ModeNames() []string { return modeNames[:] }

// String returns the mode's name, or "Mode(n)" outside the list.
func (m Mode) String() string {
	if m < numModes {
		return modeNames[m]
	}
	return fmt.Sprintf("Mode(%d)", uint8(m))
}

// Valid reports whether m is SP or DRR.
func (m Mode) Valid() bool { return m < numModes }

// ModeError is an unknown mode name; Field names the setting it was given
// for (e.g. "Sched"), "Mode" when empty.
type ModeError struct{ Field, Name string }

func (e *ModeError) Error() string {
	f := e.Field
	if f == "" {
		f = "Mode"
	}
	return fmt.Sprintf("unknown %s %q, allowed %s", f, e.Name, strings.Join(ModeNames(), ", "))
}

// ParseMode returns the mode named s, or a *ModeError.
func ParseMode(s string) (Mode, error) {
	for i, n := range modeNames {
		if n == s {
			return Mode(i), nil
		}
	}
	return 0, &ModeError{Name: s}
}

// MarshalText writes the mode's name.
func (m Mode) MarshalText() ([]byte, error) {
	if !m.Valid() {
		return nil, fmt.Errorf("scheduler: %s is not a mode", m)
	}
	return []byte(m.String()), nil
}

// UnmarshalText reads a mode name.
func (m *Mode) UnmarshalText(b []byte) error {
	v, err := ParseMode(string(b))
	if err != nil {
		return err
	}
	*m = v
	return nil
}
