package dpi

import (
	"fmt"
	"strconv"
	"strings"
)

// ParamSyntaxError is a parameter list that is not NAME=INTEGER items.
type ParamSyntaxError struct {
	Item   string // the offending item
	Reason string
}

func (e *ParamSyntaxError) Error() string {
	return fmt.Sprintf("parameters: %q %s (want NAME=INTEGER items separated by commas or spaces, e.g. \"N=16,QW=8\")", e.Item, e.Reason)
}

// ParseParams reads "N=16,QW=8" (commas or white space between items; ""
// for the defaults). Names are checked later, against the block.
func ParseParams(s string) (map[string]int, error) {
	p := map[string]int{}
	for _, item := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == ';' }) {
		k, v, ok := strings.Cut(item, "=")
		if !ok || k == "" {
			return nil, &ParamSyntaxError{Item: item, Reason: "is not NAME=VALUE"}
		}
		n, err := strconv.ParseInt(v, 0, 32)
		if err != nil {
			return nil, &ParamSyntaxError{Item: item, Reason: "has a value that is not a 32-bit integer"}
		}
		if _, dup := p[k]; dup {
			return nil, &ParamSyntaxError{Item: item, Reason: "names a parameter given twice"}
		}
		p[k] = int(n)
	}
	return p, nil
}

func itoa(n uint64) string { return strconv.FormatUint(n, 10) }
