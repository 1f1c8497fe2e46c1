package tm

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOfferRing: at lag 0, 1 and 3 the slot Answered gives in a cycle is
// the one Now gave lag cycles before (the zero value before that), and the
// ring allocates nothing per cycle.
func TestOfferRing(t *testing.T) {
	for _, lag := range []int{0, 1, 3} {
		t.Run(fmt.Sprint("lag", lag), func(t *testing.T) {
			r := NewOfferRing[int](lag)
			require.Equal(t, lag, r.Lag())
			for c := 0; c < 20; c++ {
				*r.Now() = c + 100
				want := 0
				if c >= lag {
					want = c - lag + 100
				}
				require.Equal(t, want, *r.Answered(), "cycle %d: the offers of cycle %d", c, c-lag)
				r.Next()
			}
			n := testing.AllocsPerRun(100, func() {
				*r.Now() = 1
				_ = *r.Answered()
				r.Next()
			})
			require.Zero(t, n, "allocations per cycle")
		})
	}
}

// TestDeqFreeLagDeclared: one 4-cell packet (k=2, two rounds) dequeued from
// an otherwise idle TM; the free count rises by a round's cells exactly
// DeqFreeLag cycles after the round (its data reads, Probe's cd reads): per
// cell by each round's cells, chain by the packet's after its last round.
func TestDeqFreeLagDeclared(t *testing.T) {
	for _, fm := range []FreeMode{FreeCell, FreeChain} {
		t.Run(fm.String(), func(t *testing.T) {
			m, err := New(timingConfig(fm))
			require.NoError(t, err)
			m.Offer(Arrival{Queue: 0, Cells: 4})
			const cycles = 24
			var cd, free [cycles]int
			for cy := 0; cy < cycles; cy++ {
				require.NoError(t, m.Step(), "cycle %d", cy)
				p := m.Probe()
				cd[cy], free[cy] = p.Ports[MemCD].Reads, p.Free
			}
			rounds, first, last := 0, 0, 0
			for cy := range cd {
				if cd[cy] > 0 {
					if rounds == 0 {
						first = cy
					}
					rounds, last = rounds+1, cy
				}
			}
			require.Equal(t, 2, rounds, "a 4-cell packet at k=2: two rounds (cd reads per cycle %v)", cd)
			// From the first round on nothing else moves the free count (the
			// packet's admission took its cells at cycle 2).
			for cy := first; cy < cycles; cy++ {
				want := 0
				if r := cy - DeqFreeLag; r >= 0 {
					if fm == FreeCell {
						want = cd[r]
					} else if r == last {
						want = 4
					}
				}
				assert.Equal(t, want, free[cy]-free[cy-1],
					"cycle %d: free count rise (free %d -> %d), expected the cells of the round of cycle %d (DeqFreeLag %d; cd reads %v)",
					cy, free[cy-1], free[cy], cy-DeqFreeLag, DeqFreeLag, cd)
			}
		})
	}
}

// TestHDFreeLagDeclared: TestDequeueOverlapsHeadDrop's run per cell (queue
// 0 dequeued, queue 1 head-dropped, no offer after cycle 0). From cycle 5
// on only frees move the free count, and each cycle's rise is the
// dequeue's round of DeqFreeLag cycles before (its cd reads) plus the
// cells the executor's lanes freed HDFreeLag cycles before (HDPipe.Freed).
func TestHDFreeLagDeclared(t *testing.T) {
	m, err := New(timingConfig(FreeCell))
	require.NoError(t, err)
	for i := 0; i < 4; i++ {
		m.Offer(Arrival{Queue: 0, Cells: 4})
	}
	m.Offer(Arrival{Queue: 1, Cells: 4})
	m.Offer(Arrival{Queue: 1, Cells: 4})
	const cycles = 40
	var cd, freed, free [cycles]int
	for cy := 0; cy < cycles; cy++ {
		require.NoError(t, m.Step(), "cycle %d", cy)
		p := m.Probe()
		cd[cy], freed[cy], free[cy] = p.Ports[MemCD].Reads, p.HDPipe.Freed, p.Free
	}
	hd := 0
	for _, n := range freed {
		hd += n
	}
	require.Equal(t, 8, hd, "the executor frees queue 1's two 4-cell packets (freed per cycle %v)", freed)
	require.Equal(t, 64, free[cycles-1], "every cell back on the free list (free per cycle %v)", free)
	for cy := 5; cy < cycles; cy++ {
		want := cd[cy-DeqFreeLag] + freed[cy-HDFreeLag]
		assert.Equal(t, want, free[cy]-free[cy-1],
			"cycle %d: free count rise (free %d -> %d), expected the dequeue's round of cycle %d (%d cells) and the lanes' frees of cycle %d (%d cells)",
			cy, free[cy-1], free[cy], cy-DeqFreeLag, cd[cy-DeqFreeLag], cy-HDFreeLag, freed[cy-HDFreeLag])
	}
}
