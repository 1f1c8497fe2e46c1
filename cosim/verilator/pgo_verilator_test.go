//go:build verilator

package verilator

import (
	"context"
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl/pack"
	"occamy/rtl/port"
)

// arbWords are n cycles of random mini_arb inputs in layout l: requests
// and acks at random, the reset asserted one cycle in 50.
func arbWords(l *port.Layout, n int, seed int64) []uint32 {
	r := rand.New(rand.NewSource(seed))
	w := make([]uint32, n*l.InWords)
	for c := 0; c < n; c++ {
		in := w[c*l.InWords : (c+1)*l.InWords]
		pack.PutUint64(l.In(in, l.Input("req_i")), r.Uint64()&31)
		pack.PutUint64(l.In(in, l.Input("ack_i")), uint64(r.Intn(2)))
		pack.PutUint64(l.In(in, l.Input("rst_ni")), uint64(min(r.Intn(50), 1)))
	}
	return w
}

func arbSpec(train *Training) Spec {
	return Spec{Sources: []string{"testdata/mini_arb.sv"}, Top: "mini_arb", Params: map[string]string{"N": "5"},
		RegInputs: true, Train: train}
}

// TestPGOSameBehaviour: a profile-guided build trains on its inputs
// (the build log shows the training run and the profile's use), leaves no
// profile or training files in the entry, has its own key, and gives
// exactly the plain build's outputs on other inputs.
func TestPGOSameBehaviour(t *testing.T) {
	const trainCycles = 3000
	train := &Training{Inputs: func(l *port.Layout) ([]uint32, error) { return arbWords(l, trainCycles, 1), nil }}
	plain, pgo := build(t, arbSpec(nil)), build(t, arbSpec(train))
	assert.Empty(t, plain.PGO)
	assert.Len(t, pgo.PGO, 64, "the training inputs' SHA-256")
	assert.NotEqual(t, plain.Key, pgo.Key)

	log, err := os.ReadFile(filepath.Join(pgo.Dir, "build.log"))
	require.NoError(t, err)
	assert.Regexp(t, regexp.MustCompile(`trained=3000 status=0`), string(log), "the training run")
	assert.Regexp(t, regexp.MustCompile(`profile: [1-9]\d* files`), string(log), "the profile it wrote")
	assert.Contains(t, string(log), "-fprofile-generate", "the instrumented compile")
	assert.Contains(t, string(log), "-fprofile-use", "the compile with the profile")
	for _, pat := range []string{"*.gcda", "occ_train", "train.words"} {
		left, _ := filepath.Glob(filepath.Join(pgo.Dir, "obj", pat))
		assert.Empty(t, left, "left in the cache entry: %s", pat)
	}

	const n = 5000
	in := arbWords(&plain.Layout, n, 2)
	outs := make([][]uint32, 2)
	for i, lib := range []*Library{plain, pgo} {
		m, err := Open(lib)
		require.NoError(t, err)
		outs[i] = make([]uint32, n*lib.Layout.OutWords)
		require.NoError(t, m.Run(n, in, outs[i]))
		m.Close()
	}
	ow := plain.Layout.OutWords
	for c := 0; c < n; c++ {
		require.Equal(t, outs[0][c*ow:(c+1)*ow], outs[1][c*ow:(c+1)*ow], "cycle %d: plain build's outputs against the profile-guided one's", c)
	}
}

// TestPGOKeyFollowsTraining: other training inputs make another library;
// the same ones find the same.
func TestPGOKeyFollowsTraining(t *testing.T) {
	words := func(seed int64) *Training {
		return &Training{Inputs: func(l *port.Layout) ([]uint32, error) { return arbWords(l, 500, seed), nil }}
	}
	a, b, a2 := build(t, arbSpec(words(3))), build(t, arbSpec(words(4))), build(t, arbSpec(words(3)))
	assert.NotEqual(t, a.Key, b.Key)
	assert.Equal(t, a.Key, a2.Key)
	assert.True(t, a2.Cached)
}

// TestPGOBadTraining: training inputs that are not whole cycles, or none,
// are refused before anything is compiled, with the words expected.
func TestPGOBadTraining(t *testing.T) {
	needVerilator(t)
	for _, tc := range []struct {
		name string
		w    func(l *port.Layout) []uint32
	}{
		{"none", func(l *port.Layout) []uint32 { return nil }},
		{"part of a cycle", func(l *port.Layout) []uint32 { return make([]uint32, 3*l.InWords+1) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := arbSpec(&Training{Inputs: func(l *port.Layout) ([]uint32, error) { return tc.w(l), nil }})
			s.CacheDir = t.TempDir()
			_, err := Build(context.Background(), s)
			require.Error(t, err)
			assert.Regexp(t, `^cosim: Spec.Train gave \d+ input words; want a whole number of cycles of \d+ words, 1\.\.1048576 cycles$`, err.Error())
		})
	}
}
