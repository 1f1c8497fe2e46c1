package icarus

import (
	"errors"
	"fmt"
	"os/exec"
)

// ErrMissing is wrapped by the error of an Icarus run when iverilog or vvp
// is not installed.
var ErrMissing = errors.New("icarus missing")

// icarusMissing is the one-line error for a missing Icarus program;
// errors.Is(err, ErrMissing) is true.
type icarusMissing struct{ prog string }

func (e *icarusMissing) Error() string {
	return fmt.Sprintf("cosim: %s not found; install Icarus Verilog with: apt-get install iverilog", e.prog)
}

func (e *icarusMissing) Is(target error) bool { return target == ErrMissing }

// Check reports whether iverilog and vvp are installed: nil, or the
// one-line error (errors.Is(err, ErrMissing)) saying how to install them,
// so a caller can tell before a long run that its Icarus pass would fail.
func Check() error {
	for _, p := range []string{"iverilog", "vvp"} {
		if _, err := tool(p); err != nil {
			return err
		}
	}
	return nil
}

// tool finds iverilog or vvp, or says how to install Icarus.
func tool(name string) (string, error) {
	p, err := exec.LookPath(name)
	if err != nil {
		return "", &icarusMissing{prog: name}
	}
	return p, nil
}
