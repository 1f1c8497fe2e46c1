package verilator

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/cosim"
)

func TestSpecCheck(t *testing.T) {
	ok := Spec{Sources: []string{"a.sv"}, Top: "top"}
	s, err := ok.check()
	require.NoError(t, err)
	assert.Equal(t, DefaultOpt, s.Opt)
	assert.Equal(t, 2, s.Jobs)

	tests := []struct {
		name string
		edit func(*Spec)
		want string
	}{
		{"no top", func(s *Spec) { s.Top = "" }, "cosim: no top module given"},
		{"bad top", func(s *Spec) { s.Top = "9x" }, `cosim: top "9x" is not a Verilog identifier`},
		{"no sources", func(s *Spec) { s.Sources = nil }, "cosim: no Verilog source files given for top top"},
		{"bad param name", func(s *Spec) { s.Params = map[string]string{"a b": "1"} }, `cosim: parameter name "a b" is not a Verilog identifier`},
		{"bad param value", func(s *Spec) { s.Params = map[string]string{"N": "6 4"} }, `cosim: parameter N has value "6 4"; want one word without spaces, e.g. 64 or 16'hffff`},
		{"empty param value", func(s *Spec) { s.Params = map[string]string{"N": ""} }, `cosim: parameter N has value ""; want one word without spaces, e.g. 64 or 16'hffff`},
		{"bad define", func(s *Spec) { s.Defines = map[string]string{"X": "a+b"} }, `cosim: define X has value "a+b"; want one word without spaces or '+'`},
		{"bad opt", func(s *Spec) { s.Opt = "-O9" }, `cosim: optimisation "-O9" not supported, want one of -O0 -O1 -O2 -O3 -Os`},
		{"clock and no clock", func(s *Spec) { s.Clock = "c"; s.NoClock = true }, "cosim: both NoClock and Clock=c given"},
	}
	for _, tc := range tests {
		s := ok
		tc.edit(&s)
		_, err := s.check()
		assert.EqualError(t, err, tc.want, tc.name)
	}
}

// TestCheckOpt: the accepted optimisations, one refused with its range,
// and a design's Opt reaching the spec it is built with.
func TestCheckOpt(t *testing.T) {
	for _, o := range []string{"-O0", "-O1", "-O2", "-O3", "-Os"} {
		assert.NoError(t, CheckOpt(o), o)
	}
	for _, o := range []string{"", "-O", "O2", "-Ofast", "-O2 -g"} {
		assert.EqualError(t, CheckOpt(o), fmt.Sprintf("optimisation %q not supported, want one of -O0 -O1 -O2 -O3 -Os", o), o)
	}
	assert.Equal(t, "-O1", SpecOf(&cosim.Design{Top: "t", Opt: "-O1"}).Opt)
	assert.Equal(t, "", SpecOf(&cosim.Design{Top: "t"}).Opt, "no Opt: check gives DefaultOpt")
}

func TestFrontArgs(t *testing.T) {
	s := Spec{Top: "t", Params: map[string]string{"N": "4", "A": "1"}, Defines: map[string]string{"X": "", "Y": "2"}, Flags: []string{"-Wall"}}
	assert.Equal(t, []string{"-Wno-fatal", "--relative-includes", "--top-module", "t", "-GA=1", "-GN=4", "+define+X", "+define+Y=2", "+incdir+/inc", "-Wall", "/a.sv"},
		s.frontArgs([]string{"/a.sv"}, []string{"/inc"}))
}

func TestErrorLines(t *testing.T) {
	out := "%Warning-WIDTH: a.sv:1:1: meh\n   detail\n%Error: a.sv:5:3: syntax error, unexpected assign\n    5 | assign\n%Error: Exiting due to 1 error(s)\n"
	got := errorLines(out, 30)
	assert.Contains(t, got, "%Error: a.sv:5:3: syntax error, unexpected assign")
	assert.Contains(t, got, "5 | assign")
	assert.NotContains(t, got, "WIDTH")
	assert.Equal(t, "  x\n  y", errorLines("x\ny\n", 30), "no error lines: keep the tail")
}
