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

// TestChunkLen: a chunk's words (inputs, golden and RTL outputs) take
// about chunkBytes, within [minChunk, maxChunk] cycles.
func TestChunkLen(t *testing.T) {
	for _, tc := range []struct {
		name    string
		in, out int
		want    int
	}{
		{"the arbiter's 4 input and 2 output words: the longest chunk", 4, 2, maxChunk},
		{"the selector and arbiter top (selarb): 66 and 4", 66, 4, chunkBytesDefault / (4 * (66 + 2*4))},
		{"the TM's 14 and 53", 14, 53, chunkBytesDefault / (4 * (14 + 2*53))},
		{"a huge cycle: the shortest chunk", 1 << 20, 1, minChunk},
	} {
		require.Equal(t, tc.want, chunkLen(tc.in, tc.out), tc.name)
	}
	require.Equal(t, 4369, chunkLen(14, 53), "the TM's chunk at the defaults")
}

// TestChunkRamp: the golden side's chunks hold minChunk cycles, then twice
// the one before, up to the chunk length, and every cycle goes in exactly
// one chunk, in order.
func TestChunkRamp(t *testing.T) {
	for _, tc := range []struct {
		name          string
		chunk, cycles int
		want          []int
	}{
		{"ramp to the longest", 2048, 6000, []int{256, 512, 1024, 2048, 2048, 112}},
		{"run shorter than the first chunk", 2048, 100, []int{100}},
		{"chunk shorter than minChunk", 100, 250, []int{100, 100, 50}},
		{"run ends at a chunk's end", 1024, 1792, []int{256, 512, 1024}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := testSession(t, Options{Block: "arbiter", Params: map[string]int{"N": 4}, Cycles: tc.cycles})
			sd, err := s.newSide()
			require.NoError(t, err)
			e := &engine{s: s, sd: sd, res: &Result{}, chunk: tc.chunk, fill: min(minChunk, tc.chunk)}
			ch := e.newChunk()
			var got []int
			next := uint64(0)
			for e.produce(ch) {
				require.Equal(t, next, ch.first, "chunk %d starts where the one before ended", len(got))
				got = append(got, ch.n)
				next += uint64(ch.n)
			}
			require.Equal(t, tc.want, got)
			for k := range got {
				if k < len(got)-1 || tc.cycles == rampCycles(len(got), tc.chunk) {
					sum := 0
					for _, n := range got[:k+1] {
						sum += n
					}
					require.Equal(t, sum, rampCycles(k+1, tc.chunk), "rampCycles(%d)", k+1)
				}
			}
		})
	}
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
