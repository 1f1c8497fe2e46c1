package runner

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestMismatchTraceAcrossChunks: the trace of a mismatch early in a chunk
// takes its first lines from the chunk before.
func TestMismatchTraceAcrossChunks(t *testing.T) {
	s := testSession(t, Options{Block: "arbiter", Params: map[string]int{"N": 4}, TraceLines: 4})
	e := &engine{s: s, res: &Result{}, chunk: 3}
	mk := func(first uint64) *chunk {
		ch := e.newChunk()
		ch.first, ch.n = first, 3
		for k := 0; k < 3; k++ {
			ch.in[k*3], ch.in[k*3+1] = 1, uint32(first)+uint32(k) // rst_ni, req_i = cycle number
		}
		return ch
	}
	e.prev = mk(100)
	ch := mk(103)
	ch.rtl[1*2+1] = 2 // cycle 104: gnt_idx_o differs
	m := e.mismatch(ch, 1, nil)
	require.Equal(t, uint64(104), m.Cycle)
	require.Equal(t, "gnt_idx_o", m.Signal)
	require.Equal(t, "0", m.Go)
	require.Equal(t, "2", m.RTL)
	require.Len(t, m.Trace, 4)
	for i, want := range []string{"c=101 ", "c=102 ", "c=103 ", "c=104 "} {
		require.Contains(t, m.Trace[i], want, "trace line %d", i)
	}
	require.Contains(t, m.Trace[3], "gnt_idx_o=2*")
}

func TestChunkLen(t *testing.T) {
	require.Equal(t, maxChunk, chunkLen(4), "the arbiter's 4 words: the longest chunk")
	require.Equal(t, chunkBytesDefault/(4*66), chunkLen(66), "the selector's 66 words")
	require.Equal(t, minChunk, chunkLen(1<<20), "a huge cycle: the shortest chunk")
}

// TestFirstDiffEveryWord flips each word of a 7-cycle, 3-word run in turn and
// checks that firstDiff names its cycle, or -1 when the cycle is before
// `from`, for every from; and that equal runs and empty ranges give -1.
func TestFirstDiffEveryWord(t *testing.T) {
	const cycles, ow = 7, 3
	a := make([]uint32, cycles*ow)
	for i := range a {
		a[i] = uint32(i) * 0x9e3779b9
	}
	for from := 0; from <= cycles+1; from++ {
		require.Equal(t, -1, firstDiff(a, append([]uint32(nil), a...), ow, from), "equal runs, from %d", from)
		for i := range a {
			b := append([]uint32(nil), a...)
			b[i] ^= 1 << uint(i%32)
			want := i / ow
			if want < from {
				want = -1
			}
			require.Equal(t, want, firstDiff(a, b, ow, from), "word %d differs, from %d", i, from)
		}
	}
	require.Equal(t, -1, firstDiff(nil, nil, ow, 0), "empty run")
}
