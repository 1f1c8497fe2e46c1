package main

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl"
	"occamy/testbench/field"
)

// TestFlagNamesExist: every flag a field maps to is a flag of its command,
// so renaming a flag cannot leave errors naming one that is gone.
func TestFlagNamesExist(t *testing.T) {
	for _, tc := range []struct {
		cmd   *cobra.Command
		names flagNames
	}{{newSimCmd(), simNames}, {newThroughputCmd(), throughputNames}} {
		for fieldName, fl := range tc.names {
			assert.NotNil(t, tc.cmd.Flags().Lookup(strings.TrimPrefix(fl, "--")), "%s: field %s maps to %s, not a flag", tc.cmd.Name(), fieldName, fl)
		}
	}
}

// TestFlagNamesRename: field errors are reworded in flag names, wherever
// they sit in the chain; unmapped fields and other errors are left alone.
func TestFlagNamesRename(t *testing.T) {
	names := flagNames{"Alpha": "--alpha", "Params": "--param", "TM.B": "--buffer"}
	pe := &rtl.ParamError{Block: "tm", Param: "B", Value: 0, Min: 1, Max: 65535}
	cases := []struct {
		name string
		err  error
		want string
	}{
		{"field", field.Errorf("Alpha", "6 is not a power of two"), "--alpha: 6 is not a power of two"},
		{"keyed field", field.KeyErrorf("Params", "senders=0", "out of range"), "--param senders=0: out of range"},
		{"wrapped field", fmt.Errorf("point 3: %w", field.Errorf("Alpha", "bad")), "point 3: --alpha: bad"},
		{"tm parameter", fmt.Errorf("%w (point k=1)", pe), "--buffer: tm: parameter B=0 out of range, allowed 1..65535 (point k=1)"},
		{"unmapped field", field.Errorf("Window", "0 out of range"), "Window: 0 out of range"},
		{"plain", errors.New("config: invalid JSON"), "config: invalid JSON"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := names.rename(tc.err)
			require.EqualError(t, got, tc.want)
			assert.ErrorIs(t, got, tc.err, "the library error stays in the chain")
		})
	}
}
