package mem

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestErrFlagSetAtRecord steps a memory with its owner's flag through
// served accesses, refusals, edges and a Clear: the flag is raised when
// an error is recorded (the refusal's edge, or Err asked first), never by
// a served access, and Clear leaves it to its owner.
func TestErrFlagSetAtRecord(t *testing.T) {
	m, err := New[int32](Params{Name: "t_mem", Entries: 4, ReadPorts: 1, WritePorts: 1, ReadLatency: 1})
	require.NoError(t, err)
	var flag bool
	m.SetErrFlag(&flag)
	steps := []struct {
		name string
		do   func()
		want bool
	}{
		{"new", func() {}, false},
		{"a served read and write, an edge", func() { m.Read(0); m.Write(1, 1); m.Commit() }, false},
		{"a refused write, pending", func() { m.Write(7, 1) }, false},
		{"its edge", m.Commit, true},
		{"the owner lowers it, Clear", func() { flag = false; m.Clear() }, false},
		{"over budget, Err asked before the edge", func() { m.Read(0); m.Read(1); _ = m.Err() }, true},
	}
	for _, s := range steps {
		s.do()
		assert.Equal(t, s.want, flag, "%s: the owner's flag", s.name)
	}
}
