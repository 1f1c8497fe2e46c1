package synth

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl"
)

func TestLookup(t *testing.T) {
	tests := []struct{ name, module string }{
		{"threshold", "dt_threshold"},
		{"selector", "hd_selector"},
		{"arbiter", "rr_arbiter"},
		{"selector+arbiter", "occamy_sel_arb"},
		{"maxfind", "tm_maxfind"},
		{"hd_selector", "hd_selector"}, // a module name works too
	}
	for _, tc := range tests {
		b, err := Lookup(tc.name)
		require.NoError(t, err, "Lookup(%q)", tc.name)
		assert.Equal(t, tc.module, b.Module, "Lookup(%q).Module", tc.name)
	}
}

func TestLookupUnknownListsKnown(t *testing.T) {
	_, err := Lookup("comparator")
	require.Error(t, err)
	var ue *UnknownBlockError
	require.True(t, errors.As(err, &ue), "want *UnknownBlockError, got %T", err)
	assert.Equal(t, `unknown block "comparator"; known blocks: threshold, selector, arbiter, selector+arbiter, maxfind, tm`, err.Error())
}

func TestNewJobParams(t *testing.T) {
	tests := []struct {
		block  string
		size   Size
		params string
		kept   Size
	}{
		{"threshold", Size{N: 64, QW: 32}, "C=8,QW=32,AW=4", Size{QW: 32}},
		{"selector", Size{N: 64, QW: 16}, "N=64,QW=16", Size{N: 64, QW: 16}},
		{"arbiter", Size{N: 256, QW: 32}, "N=256", Size{N: 256}},
		{"selector+arbiter", Size{N: 8, QW: 4}, "N=8,QW=4", Size{N: 8, QW: 4}},
	}
	for _, tc := range tests {
		b, err := Lookup(tc.block)
		require.NoError(t, err)
		j, err := NewJob(b, tc.size)
		require.NoError(t, err, "NewJob(%s, %+v)", tc.block, tc.size)
		assert.Equal(t, tc.params, j.ParamString(), "%s: parameters", tc.block)
		assert.Equal(t, tc.kept, j.Size, "%s: the size fields kept", tc.block)
	}
}

func TestNewJobRejectsOutOfRange(t *testing.T) {
	tests := []struct {
		block string
		size  Size
		want  string
	}{
		{"selector", Size{N: 0, QW: 16}, "hd_selector: parameter N=0 out of range, allowed 1..256"},
		{"selector+arbiter", Size{N: 257, QW: 16}, "hd_selector: parameter N=257 out of range, allowed 1..256"},
		{"arbiter", Size{N: 300}, "rr_arbiter: parameter N=300 out of range, allowed 1..256"},
		{"threshold", Size{QW: 33}, "dt_threshold: parameter QW=33 out of range, allowed 1..32"},
	}
	for _, tc := range tests {
		b, err := Lookup(tc.block)
		require.NoError(t, err)
		_, err = NewJob(b, tc.size)
		require.Error(t, err, "NewJob(%s, %+v) must fail", tc.block, tc.size)
		var pe *rtl.ParamError
		assert.True(t, errors.As(err, &pe), "%s: want *rtl.ParamError, got %T", tc.block, err)
		assert.Contains(t, err.Error(), tc.want, "%s: error text", tc.block)
	}
}

func TestJobScript(t *testing.T) {
	b, err := Lookup("selector+arbiter")
	require.NoError(t, err)
	j, err := NewJob(b, Size{N: 64, QW: 16})
	require.NoError(t, err)
	got := j.Script([]string{"hd_selector.sv", "rr_arbiter.sv", SelArbFile}, "stat.txt", "ltp.txt")
	want := "read_verilog -defer -sv -DSYNTHESIS hd_selector.sv rr_arbiter.sv occamy_sel_arb.sv\n" +
		"hierarchy -top occamy_sel_arb -chparam N 64 -chparam QW 16\n" +
		"synth -top occamy_sel_arb -flatten -lut 6\n" +
		"tee -q -o stat.txt stat\n" +
		"tee -q -o ltp.txt ltp -noff\n"
	assert.Equal(t, want, got)
	src, ok := ExtraSource(SelArbFile)
	require.True(t, ok)
	assert.Contains(t, src, "module occamy_sel_arb")
}

func TestAllJobs(t *testing.T) {
	jobs, err := AllJobs()
	require.NoError(t, err)
	// 2 widths x 6 sizes x 4 blocks, 2 threshold rows.
	require.Len(t, jobs, 2*6*4+2)
	keys := map[string]bool{}
	for _, j := range jobs {
		keys[j.Key()] = true
	}
	// The arbiter does not depend on QW: 6 of its rows repeat.
	assert.Len(t, keys, len(jobs)-6, "distinct designs")
	for _, j := range jobs {
		assert.True(t, strings.HasPrefix(j.Key(), j.Block.Module+"("), "key %q", j.Key())
	}
}
