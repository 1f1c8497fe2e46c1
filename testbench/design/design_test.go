package design_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/testbench/blocks"
	_ "occamy/testbench/blocks/all"
	"occamy/testbench/design"
)

const example = `# my_arbiter.yaml: how my design meets rr_arbiter's contract
block: arbiter
top: my_rr_arb
files: [my_rr_arb.sv]
params: {N: 8}
clock: clk
reset: {port: rstn, active: low}
ports:
  req: req_i
  grant_valid: gnt_valid_o
  grant: gnt_idx_o
tie: {ack_i: 1}
latency: {gnt_valid_o: 1, gnt_idx_o: 1}
dont_care: {gnt_idx_o: gnt_valid_o}
constrain:
  hold: 256
check: properties
wait_bound: 7
`

func TestParseExample(t *testing.T) {
	f, err := design.Parse("my_arbiter.yaml", []byte(example))
	require.NoError(t, err)
	assert.Equal(t, "arbiter", f.Block)
	assert.Equal(t, "my_rr_arb", f.Top)
	assert.Equal(t, []string{"my_rr_arb.sv"}, f.Files)
	assert.Equal(t, map[string]int{"N": 8}, f.Params)
	assert.Equal(t, "clk", f.Clock)
	assert.Equal(t, &design.Reset{Port: "rstn", Active: "low"}, f.Reset)
	assert.Equal(t, map[string]string{"req": "req_i", "grant_valid": "gnt_valid_o", "grant": "gnt_idx_o"}, f.Ports)
	assert.Equal(t, map[string]uint64{"ack_i": 1}, f.Tie)
	assert.Equal(t, map[string]int{"gnt_valid_o": 1, "gnt_idx_o": 1}, f.Latency)
	assert.Equal(t, map[string]string{"gnt_idx_o": "gnt_valid_o"}, f.DontCare)
	assert.Equal(t, design.Constrain{Hold: 256}, f.Constrain)
	assert.Equal(t, design.CheckProperties, f.Check)
	assert.Equal(t, 7, f.WaitBound)
	assert.Equal(t, "my_arbiter.yaml:13", f.At("latency"))
	b, err := blocks.Lookup("arbiter")
	require.NoError(t, err)
	p, err := b.Resolve(f.Params)
	require.NoError(t, err)
	assert.NoError(t, f.Validate(b, p))
}

// Every error names the file and the line of the declaration at fault.
func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ name, text, want string }{
		{"unknown key", "block: arbiter\nlatncy: {gnt_idx_o: 1}\n", "f.yaml:2: unknown key latncy (keys: block, top,"},
		{"unknown nested key", "constrain:\n  one_clas: true\n", "f.yaml:2: unknown key one_clas"},
		{"wrong type", "latency: {gnt_idx_o: soon}\n", "f.yaml:1: want another type: !!str `soon` into int"},
		{"duplicate key", "check: properties\ncheck: equivalence\n", `f.yaml:2: mapping key "check" already defined at line 1`},
		{"not a mapping", "- arbiter\n", "f.yaml:1: want a mapping of keys"},
		{"bad YAML", "ports: {a: b\n", "f.yaml:1: did not find expected ',' or '}'"},
		{"two documents", "block: arbiter\n---\nblock: selector\n", "f.yaml: one YAML document per design file"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := design.Parse("f.yaml", []byte(c.text))
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

func TestParseEmpty(t *testing.T) {
	f, err := design.Parse("f.yaml", []byte("# nothing declared\n"))
	require.NoError(t, err)
	assert.Equal(t, "", f.Block)
}

// A declaration that names what the contract lacks is one line with the
// file and line, or the flag.
func TestValidate(t *testing.T) {
	arb, err := blocks.Lookup("arbiter")
	require.NoError(t, err)
	p := arb.Defaults()
	for _, c := range []struct{ name, text, want string }{
		{"another block", "block: selector\n", "f.yaml:1: block: the file is for selector, the run for arbiter"},
		{"latency of an input", "latency: {req_i: 1}\n", "f.yaml:1: latency: req_i: arbiter has no output req_i (outputs: gnt_valid_o, gnt_idx_o)"},
		{"latency too long", "latency:\n  gnt_idx_o: 65\n", "f.yaml:2: latency: gnt_idx_o: want a whole number of cycles 0..64"},
		{"tie an output", "tie: {gnt_valid_o: 1}\n", "f.yaml:1: tie: gnt_valid_o: arbiter has no input gnt_valid_o (inputs: rst_ni, req_i, ack_i)"},
		{"tie too wide", "tie: {ack_i: 2}\n", "f.yaml:1: tie: ack_i: 2 does not fit ack_i's 1 bits"},
		{"tie the reset", "tie: {rst_ni: 1}\n", "tie: rst_ni: the clock and the reset cannot be tied"},
		{"rename to nothing", "ports:\n  grant: gnt_o\n", "f.yaml:2: ports: grant: arbiter has no port gnt_o"},
		{"two names for one port", "ports: {a: req_i, b: req_i}\n", "ports: b: both a and b are named req_i"},
		{"valid too wide", "dont_care: {gnt_valid_o: gnt_idx_o}\n", "dont_care: gnt_valid_o: gnt_idx_o is 6 bits wide"},
		{"unknown check", "check: lint\n", `f.yaml:1: check: "lint": want equivalence, properties or scoreboard`},
		{"unknown parameter", "params: {M: 3}\n", "f.yaml:1: params: arbiter has no parameter M"},
		{"reset level", "reset: {active: rising}\n", `reset: active: "rising": want low or high`},
	} {
		t.Run(c.name, func(t *testing.T) {
			f, err := design.Parse("f.yaml", []byte(c.text))
			require.NoError(t, err)
			err = f.Validate(arb, p)
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

// Flags lay over the file; a declaration from a flag names the flag.
func TestMerge(t *testing.T) {
	f, err := design.Parse("f.yaml", []byte("latency: {gnt_idx_o: 1}\ntie: {ack_i: 1}\n"))
	require.NoError(t, err)
	require.NoError(t, f.Merge(design.Flags{Latency: []string{"gnt_idx_o=2", "gnt_valid_o=2"}, DontCare: []string{"gnt_idx_o:gnt_valid_o"},
		Constrain: []string{"one-class", "hold=64"}, Ports: []string{"grant=gnt_idx_o"}, Check: "properties", WaitBound: 9, KeepGoing: true}))
	assert.Equal(t, map[string]int{"gnt_idx_o": 2, "gnt_valid_o": 2}, f.Latency)
	assert.Equal(t, map[string]uint64{"ack_i": 1}, f.Tie)
	assert.Equal(t, design.Constrain{OneClass: true, Hold: 64}, f.Constrain)
	assert.Equal(t, map[string]string{"grant": "gnt_idx_o"}, f.Ports)
	assert.Equal(t, "properties", f.Check)
	assert.Equal(t, 9, f.WaitBound)
	assert.True(t, f.KeepGoing)

	arb, err := blocks.Lookup("arbiter")
	require.NoError(t, err)
	g := &design.File{}
	require.NoError(t, g.Merge(design.Flags{Latency: []string{"req_i=1"}}))
	assert.EqualError(t, g.Validate(arb, arb.Defaults()), "--latency: latency: req_i: arbiter has no output req_i (outputs: gnt_valid_o, gnt_idx_o)")

	for _, c := range []struct {
		fl   design.Flags
		want string
	}{
		{design.Flags{Latency: []string{"gnt_idx_o"}}, `--latency: "gnt_idx_o": want PORT=N`},
		{design.Flags{Latency: []string{"gnt_idx_o=one"}}, "--latency: gnt_idx_o=one: want a whole number of cycles 0..64"},
		{design.Flags{Tie: []string{"ack_i=yes"}}, `--tie: ack_i=yes: "yes" is not a whole number`},
		{design.Flags{DontCare: []string{"gnt_idx_o=gnt_valid_o"}}, `--dont-care: "gnt_idx_o=gnt_valid_o": want PORT:VALID`},
		{design.Flags{Constrain: []string{"two-class"}}, `--constrain: "two-class": want one-class or hold=K`},
		{design.Flags{Observe: []string{"ptr"}}, `--observe: "ptr": want NAME=hier.path`},
	} {
		assert.ErrorContains(t, (&design.File{}).Merge(c.fl), c.want)
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "my_arbiter.yaml")
	require.NoError(t, os.WriteFile(path, []byte(example), 0o644))
	f, err := design.Load(path)
	require.NoError(t, err)
	assert.Equal(t, path, f.Path)
	_, err = design.Load(dir)
	assert.ErrorContains(t, err, "a directory, want a regular file")
	big := filepath.Join(dir, "big.yaml")
	require.NoError(t, os.WriteFile(big, make([]byte, design.MaxSize+1), 0o644))
	_, err = design.Load(big)
	assert.ErrorContains(t, err, "larger than 256 KiB")
}

// FuzzParse: any text gives a File or an *Error, never a panic.
func FuzzParse(f *testing.F) {
	f.Add([]byte(example))
	f.Add([]byte("tie: {ack_i: 1}\n"))
	f.Add([]byte("- [a, b]\n"))
	f.Add([]byte("latency: {a: &x 1, b: *x}\n"))
	f.Fuzz(func(t *testing.T, text []byte) {
		g, err := design.Parse("f.yaml", text)
		if err != nil {
			if _, ok := err.(*design.Error); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		if g == nil {
			t.Fatal("nil design.File without an error")
		}
	})
}
