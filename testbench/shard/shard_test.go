package shard

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Shard
		err  string
	}{
		{"0/1", Shard{0, 1}, ""},
		{"3/8", Shard{3, 8}, ""},
		{" 7/8 ", Shard{7, 8}, ""},
		{"8/8", Shard{}, "i out of range"},
		{"-1/8", Shard{}, "i out of range"},
		{"0/0", Shard{}, "n out of range"},
		{"0/100001", Shard{}, "n out of range"},
		{"1", Shard{}, "no '/'"},
		{"a/b", Shard{}, "not two integers"},
	} {
		got, err := Parse(tc.in)
		if tc.err != "" {
			assert.ErrorContains(t, err, tc.err, "%q", tc.in)
			continue
		}
		require.NoError(t, err, "%q", tc.in)
		assert.Equal(t, tc.want, got, "%q", tc.in)
		assert.Equal(t, got, must(Parse(got.String())), "%q: String round trip", tc.in)
	}
}

func must(s Shard, err error) Shard {
	if err != nil {
		panic(err)
	}
	return s
}

// TestIndicesPartition: for every n and point count, the shards' indices
// are disjoint, in order, and cover every point once.
func TestIndicesPartition(t *testing.T) {
	for n := 1; n <= 9; n++ {
		for points := 0; points <= 30; points++ {
			seen := make([]int, points)
			for i := 0; i < n; i++ {
				prev := -1
				for _, k := range (Shard{i, n}).Indices(points) {
					require.Greater(t, k, prev, "shard %d/%d of %d points: order", i, n, points)
					prev = k
					seen[k]++
				}
			}
			for k, c := range seen {
				require.Equal(t, 1, c, "n=%d points=%d: point %d owned %d times", n, points, k, c)
			}
		}
	}
}

type fakeTB struct{ fatal string }

func (f *fakeTB) Helper()                   {}
func (f *fakeTB) Logf(string, ...any)       {}
func (f *fakeTB) Fatalf(s string, a ...any) { f.fatal = s }

func TestSelect(t *testing.T) {
	items := []string{"a", "b", "c", "d", "e"}
	t.Setenv(EnvVar, "")
	assert.Equal(t, items, Select(&fakeTB{}, items))
	t.Setenv(EnvVar, "1/2")
	assert.Equal(t, []string{"b", "d"}, Select(&fakeTB{}, items))
	t.Setenv(EnvVar, "5/2")
	tb := &fakeTB{}
	assert.Nil(t, Select(tb, items))
	assert.NotEmpty(t, tb.fatal, "a bad OCCAMY_SHARD must fail the test")
}

// TestMergeChecks: Merge refuses shards of different commands, a missing
// or doubled shard, and a point stored by the wrong shard.
func TestMergeChecks(t *testing.T) {
	mk := func(s string, cmd string, idx ...int) File {
		call := Call{N: 4, Results: map[int]json.RawMessage{}}
		for _, i := range idx {
			call.Results[i] = json.RawMessage(`1`)
		}
		return File{Format: FileFormat, Command: []string{cmd}, Shard: s, Calls: []Call{call}}
	}
	names := []string{"a", "b", "c"}
	_, st, err := Merge([]File{mk("0/2", "x", 0, 2), mk("1/2", "x", 1, 3)}, names)
	require.NoError(t, err)
	var v int
	require.NoError(t, st.Calls[0].Get(3, &v))
	assert.Equal(t, 1, v)
	_, _, err = Merge([]File{mk("0/2", "x", 0, 2)}, names)
	assert.ErrorContains(t, err, "shard 1/2 missing")
	_, _, err = Merge([]File{mk("0/2", "x", 0, 2), mk("0/2", "x", 0, 2)}, names)
	assert.ErrorContains(t, err, "again")
	_, _, err = Merge([]File{mk("0/2", "x", 0, 2), mk("1/2", "y", 1, 3)}, names)
	assert.ErrorContains(t, err, "command")
	_, _, err = Merge([]File{mk("0/2", "x", 0, 1), mk("1/2", "x", 3)}, names)
	assert.ErrorContains(t, err, "does not belong")
	_, _, err = Merge([]File{mk("0/2", "--shard=0/2", 0, 2), mk("1/2", "--shard=0/2", 1, 3)}, names)
	assert.ErrorContains(t, err, "a: its command [\"--shard=0/2\"] has --shard=0/2")
	_, _, err = Merge([]File{mk("0/2", "--shard", 0, 2), mk("1/2", "--shard", 1, 3)}, names)
	assert.ErrorContains(t, err, "has --shard")
	// A point of the wrong type names the file it came from.
	_, st, err = Merge([]File{mk("0/2", "x", 0, 2), mk("1/2", "x", 1, 3)}, names)
	require.NoError(t, err)
	var s string
	err = st.Calls[0].Get(3, &s)
	var pe *PointError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, "b", pe.File)
	assert.ErrorContains(t, err, "b: point 3 is not a result of this sweep")
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"0/1", "3/8", "x", "1/", "/1", "-0/-0", "99999/100000"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sh, err := Parse(s)
		if err != nil {
			return
		}
		if sh.I < 0 || sh.I >= sh.N || sh.N > MaxN {
			t.Fatalf("Parse(%q) = %v accepted", s, sh)
		}
		if back, err := Parse(sh.String()); err != nil || back != sh {
			t.Fatalf("Parse(%q) = %v does not round-trip: %v %v", s, sh, back, err)
		}
	})
}
