package rtl

import "fmt"

// ParamError reports a block parameter outside its allowed range, in the
// manner of a Verilog elaboration check.
type ParamError struct {
	Block string // module name, e.g. "hd_selector"
	Param string // parameter name, e.g. "N"
	Value int64  // the rejected value
	Min   int64  // smallest allowed value
	Max   int64  // largest allowed value
	Note  string // optional extra constraint, e.g. "must be a power of two"
}

// Error implements error.
func (e *ParamError) Error() string {
	s := fmt.Sprintf("%s: parameter %s=%d out of range, allowed %d..%d", e.Block, e.Param, e.Value, e.Min, e.Max)
	if e.Note != "" {
		s += " (" + e.Note + ")"
	}
	return s
}

// CheckRange returns a *ParamError when v is outside [lo, hi], nil otherwise.
func CheckRange(block, param string, v, lo, hi int) error {
	if v < lo || v > hi {
		return &ParamError{Block: block, Param: param, Value: int64(v), Min: int64(lo), Max: int64(hi)}
	}
	return nil
}

// Clog2 is Verilog's $clog2: the number of bits needed to index n items
// (0 for n <= 1).
func Clog2(n int) int {
	b := 0
	for (1 << b) < n {
		b++
	}
	return b
}

// IdxWidth is the width of an index port over n items as the port contracts
// define it: clog2(n), but at least 1 so that the port exists when n == 1.
func IdxWidth(n int) int {
	if w := Clog2(n); w > 0 {
		return w
	}
	return 1
}
