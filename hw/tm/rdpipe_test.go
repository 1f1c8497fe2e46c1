package tm

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRdPipeDelaysReads steps a rdPipe with random reads against the
// rule it models: in cycle t, port p shows the word of the read issued on
// it in cycle t-L, and a port read L cycles ago by nothing keeps its last
// word. The shapes cover the edge's copy of all eight first words at
// latency 1 (ports <= 8), and the per-port copy otherwise. Reads on a
// port past the memory's (refused by the memory) show on no port.
func TestRdPipeDelaysReads(t *testing.T) {
	for _, c := range []struct{ ports, lat int }{
		{1, 1}, {4, 1}, {8, 1}, {9, 1}, {64, 1}, {4, 2}, {8, 3}, {16, 2},
	} {
		t.Run(fmt.Sprintf("ports%d_lat%d", c.ports, c.lat), func(t *testing.T) {
			p := newRdPipe[int32](c.ports, c.lat)
			r := rand.New(rand.NewPCG(uint64(c.ports), uint64(c.lat)))
			want := make([]int32, c.ports)
			issued := make([]map[int]int32, c.lat) // the reads of the last L cycles, cycle t's at t mod L
			for cy := 0; cy < 3000; cy++ {
				reads := map[int]int32{}
				for i := r.IntN(4); i > 0; i-- {
					port, v := r.IntN(c.ports), int32(r.Uint32())
					p.put(port, v)
					reads[port] = v // a port read twice in a cycle: the last word
				}
				if c.ports < 64 && r.IntN(4) == 0 {
					p.put(c.ports+r.IntN(64-c.ports), int32(r.Uint32()))
				}
				issued[cy%c.lat] = reads
				p.commit()
				for port, v := range issued[(cy+1)%c.lat] { // the reads of cycle cy+1-L come up
					want[port] = v
				}
				for port := range want {
					require.Equal(t, want[port], p.out[port], "cycle %d: port %d (read data)", cy+1, port)
				}
			}
		})
	}
}
