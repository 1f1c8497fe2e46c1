package blocks

import (
	"fmt"
	"strconv"
	"strings"
)

// ParamValue reads the value text of parameter param as a command line
// gives it: a decimal integer, or the name of a value
// where a registered block names its values (Param.Names: POLICY=occamy-lqd
// is POLICY=2). A name no block gives is an error listing the names.
func ParamValue(param, text string) (int, error) {
	if n, err := strconv.Atoi(text); err == nil {
		return n, nil
	}
	var names []string
	for _, b := range All() {
		for _, q := range b.all() {
			if q.Name != param || len(q.Names) == 0 {
				continue
			}
			for v, n := range q.Names {
				if n == text {
					return v, nil
				}
			}
			names = q.Names
		}
	}
	if names == nil {
		return 0, fmt.Errorf("%s: value %q is not an integer", param, text)
	}
	var w []string
	for v, n := range names {
		w = append(w, fmt.Sprintf("%s (%d)", n, v))
	}
	return 0, fmt.Errorf("%s: value %q is neither an integer nor one of %s", param, text, strings.Join(w, ", "))
}
