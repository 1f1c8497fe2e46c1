package verilator

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"occamy/rtl/port"
)

// TestKeyFollowsCompileRecipe: every fixed part of the compile and link
// commands (the forced model header, the link flags) is in the library's
// key, so a changed recipe never loads a library built by the old one.
func TestKeyFollowsCompileRecipe(t *testing.T) {
	l, err := port.NewLayout([]port.Port{port.Input("clk_i", 1), port.Input("a_i", 3), port.Output("y_o", 3)}, "clk_i", "", false)
	require.NoError(t, err)
	tc := &toolchain{version: "Verilator 5.006", cxx: "g++", cxxVersion: "g++ 12"}
	s := &Spec{Top: "t", Sources: []string{"t.sv"}, Opt: DefaultOpt}
	lib := &Library{Top: "t", Layout: l}
	key := func() string {
		k, err := buildKey(tc, s, lib, s.Sources, nil)
		require.NoError(t, err)
		return k
	}
	base := key()
	assert.Equal(t, base, key(), "the key of one recipe is stable")

	for _, tt := range []struct {
		name   string
		change func() (undo func())
	}{
		{"model header", func() func() {
			old := modelHeader
			modelHeader += "#define OCC_EXTRA 1\n"
			return func() { modelHeader = old }
		}},
		{"link flags", func() func() {
			old := linkFlags
			linkFlags = append(append([]string(nil), old...), "-Wl,-O1")
			return func() { linkFlags = old }
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			undo := tt.change()
			changed := key()
			undo()
			assert.NotEqual(t, base, changed, "the key must change with the %s", tt.name)
			assert.Equal(t, base, key(), "restored")
		})
	}
}
