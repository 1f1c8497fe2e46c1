package rtl

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRingAgainstSlice drives a ring and a plain slice FIFO (the trivially
// correct reference) with random pushes and pops at small capacities and
// compares length, fullness, every entry and the Push (or PushSlot) result
// at each step.
func TestRingAgainstSlice(t *testing.T) {
	for c := 0; c <= 5; c++ {
		r := NewRing[int](c)
		var ref []int
		rnd := rand.New(rand.NewPCG(uint64(c), 3))
		for step := 0; step < 2000; step++ {
			switch op := rnd.IntN(4); {
			case op == 0:
				ok := r.Push(step)
				require.Equal(t, len(ref) < c, ok, "cap %d step %d: Push result", c, step)
				if ok {
					ref = append(ref, step)
				}
			case op == 1:
				p := r.PushSlot()
				require.Equal(t, len(ref) < c, p != nil, "cap %d step %d: PushSlot result", c, step)
				if p != nil {
					*p = step
					ref = append(ref, step)
				}
			case len(ref) > 0:
				require.Equal(t, ref[0], *r.Front(), "cap %d step %d: Front", c, step)
				r.Pop()
				ref = ref[1:]
			}
			require.Equal(t, len(ref), r.Len(), "cap %d step %d: Len", c, step)
			require.Equal(t, len(ref) == c, r.Full(), "cap %d step %d: Full", c, step)
			for i, v := range ref {
				require.Equal(t, v, *r.At(i), "cap %d step %d: At(%d)", c, step, i)
			}
			require.Equal(t, append([]int{}, ref...), r.Items([]int{}), "cap %d step %d: Items", c, step)
		}
	}
}

// TestRingNoAlloc: Push, PushSlot, Front, At and Pop allocate nothing.
func TestRingNoAlloc(t *testing.T) {
	r := NewRing[[4]int64](8)
	n := testing.AllocsPerRun(100, func() {
		for i := 0; i < 8; i++ {
			r.Push([4]int64{int64(i)})
		}
		for r.Len() > 0 {
			r.Pop()
		}
		for i := 0; i < 8; i++ {
			*r.PushSlot() = [4]int64{int64(i)}
		}
		for r.Len() > 0 {
			_ = r.At(r.Len() - 1)
			_ = r.Front()
			r.Pop()
		}
	})
	require.Zero(t, n)
}
