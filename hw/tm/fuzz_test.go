package tm

import (
	"testing"
)

// FuzzTM decodes a configuration and an arrival stream from the fuzz input.
// Whatever the bytes, New and Step must not panic; a configuration New
// accepts must run with every invariant holding, and an arrival out of
// range must come back as an error, never a panic.
func FuzzTM(f *testing.F) {
	f.Add([]byte{2, 2, 64, 1, 4, 1, 0, 0, 0, 3, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte{1, 1, 8, 0, 1, 0, 3, 1, 1, 0, 200, 7, 255, 0})
	f.Add([]byte{8, 8, 255, 3, 8, 2, 2, 0, 1, 1, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 10 {
			return
		}
		c := DefaultConfig()
		c.P = int(data[0]%9) - 1                                    // -1..7: zero and negative ports included
		c.Q = int(data[1] % 10)                                     // 0..9
		c.B = int(data[2])*4 - 8                                    // -8..1012
		c.K = []int{1, 2, 3, 4, 8}[data[3]%5]                       // 3 is invalid
		c.MaxPkt = int(data[4] % 20)                                // 0..19
		c.R = int(data[5]%4) + 0                                    // 0..3
		c.Policy = Policy(data[6] % (uint8(numPolicies) + 1))       // one past the last is invalid
		c.FreeMode = []FreeMode{FreeCell, FreeChain, ""}[data[7]%3] // "" is invalid
		c.Sched = []SchedMode{SchedSP, SchedDRR, "x"}[data[8]%3]    // "x" is invalid
		c.AlphaExp = make([]int, max(c.Q, 0))
		c.Quantum = make([]int, max(c.Q, 0))
		for i := range c.AlphaExp {
			c.AlphaExp[i] = int(int8(data[9])) % 10
			c.Quantum[i] = 1 + int(data[9])%20
		}
		c.PushoutWait = 8
		c.CP = MemConfig{ReadPorts: 2 * max(c.K, 1), WritePorts: max(c.K, 1), ReadLatency: 1 + int(data[9]%3)}
		c.CD = MemConfig{ReadPorts: max(c.K, 1), WritePorts: max(c.K, 1), ReadLatency: 1 + int(data[8]%3)}
		c.Check = true
		m, err := New(c)
		if err != nil {
			return
		}
		bad := false
		for i, b := range data[10:] {
			q := int(b) % (c.N() + 1) // N itself is out of range
			cells := 1 + int(b>>3)%(c.MaxPkt+1)
			bad = bad || q >= c.N() || cells > c.MaxPkt
			m.Offer(Arrival{Queue: q, Cells: cells})
			if err := m.Step(); err != nil {
				if !bad {
					t.Fatalf("cycle %d: valid arrivals, config %+v: %v", i, c, err)
				}
				return
			}
		}
		for i := 0; i < 300; i++ {
			if err := m.Step(); err != nil {
				t.Fatalf("drain cycle %d: config %+v: %v", i, c, err)
			}
		}
	})
}
