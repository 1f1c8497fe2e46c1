package runner

import (
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/rtl/port"
)

// bitsOf reads field i of width w bit by bit: a trivially correct
// reference for the packing code.
func bitsOf(words []uint32, i, w int) uint64 {
	var v uint64
	for b := 0; b < w; b++ {
		bit := i*w + b
		v |= uint64(words[bit/32]>>uint(bit%32)&1) << uint(b)
	}
	return v
}

// portIn and portOut return a port's words within one cycle.
func portIn(t *testing.T, l *port.Layout, w []uint32, name string) []uint32 {
	t.Helper()
	i := l.Input(name)
	require.GreaterOrEqual(t, i, 0, "no input %s", name)
	return l.In(w, i)
}

func portOut(t *testing.T, l *port.Layout, w []uint32, name string) []uint32 {
	t.Helper()
	i := l.Output(name)
	require.GreaterOrEqual(t, i, 0, "no output %s", name)
	return l.Out(w, i)
}

// session for tests: the repository root is two levels up.
func testSession(t *testing.T, opt Options) *session {
	t.Helper()
	if opt.VerilogDir == "" {
		opt.VerilogDir = "../.."
	}
	s, err := prepare(opt)
	require.NoError(t, err)
	return s
}

// blockChunkLen is the engine's chunk length for opt's block.
func blockChunkLen(t *testing.T, opt Options) int {
	s := testSession(t, opt)
	return chunkLen(s.canon.InWords, s.canon.OutWords)
}

// rampCycles is how many cycles the engine's first k chunks of at most max
// cycles hold.
func rampCycles(k, max int) int {
	n, f := 0, min(minChunk, max)
	for ; k > 0; k-- {
		n, f = n+f, nextFill(f, max)
	}
	return n
}
