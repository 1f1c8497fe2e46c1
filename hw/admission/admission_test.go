package admission

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl"
)

func TestValidate(t *testing.T) {
	good := Params{N: 64, Q: 8, QW: 16, AW: 4}
	require.NoError(t, good.Validate())
	cases := []struct {
		edit  func(*Params)
		param string
	}{
		{func(p *Params) { p.N = 0 }, "N"},
		{func(p *Params) { p.Q = 65 }, "Q"},
		{func(p *Params) { p.Q = 0 }, "Q"},
		{func(p *Params) { p.QW = 33 }, "QW"},
		{func(p *Params) { p.AW = 1 }, "AW"},
		{func(p *Params) { p.Wait = -1 }, "Wait"},
	}
	for _, tc := range cases {
		p := good
		tc.edit(&p)
		_, err := New(p)
		var pe *rtl.ParamError
		require.ErrorAs(t, err, &pe, "params %+v", p)
		assert.Equal(t, tc.param, pe.Param)
	}
	p := good
	p.Mode = 7
	assert.ErrorContains(t, p.Validate(), "unknown Mode 7")
}

// refDT is DT written from the paper: T = α·max(free,0) (α = 2^s), in
// exact integer arithmetic, saturated to QW bits.
func refDT(free, s, qw int) uint64 {
	if free < 0 {
		free = 0
	}
	max := uint64(1)<<qw - 1
	if uint64(free) > max {
		free = int(max)
	}
	var t uint64
	if s >= 0 {
		t = uint64(free) << s
	} else {
		t = uint64(free) >> -s
	}
	if t > max {
		t = max
	}
	return t
}

// TestDTExhaustive: QW=6, every free count, every exponent, every queue
// length and packet size at small widths, against the paper's rule.
func TestDTExhaustive(t *testing.T) {
	const qw = 6
	u, err := New(Params{N: 4, Q: 2, QW: qw, AW: 3})
	require.NoError(t, err)
	for s := -4; s <= 3; s++ {
		u.AlphaI[1] = int8(s)
		for free := -3; free < 1<<qw+2; free++ {
			u.FreeI = free
			u.Eval()
			thr := refDT(free, s, qw)
			require.Equal(t, thr, uint64(u.Threshold(3)), "free %d s %d: threshold of queue 3 (class 1)", free, s)
			for qlen := 0; qlen < 1<<qw; qlen += 3 {
				for n := 1; n <= 9; n++ {
					want := DropThresh
					if uint64(qlen+n) <= thr {
						want = DropFull
						if n <= free {
							want = Admit
						}
					}
					got := u.Decide(3, n, uint32(qlen), free, 0)
					require.Equal(t, want, got, "free %d s %d qlen %d n %d: decision %v, want %v", free, s, qlen, n, got, want)
				}
			}
		}
	}
}

func TestPushoutRule(t *testing.T) {
	u, err := New(Params{N: 4, Q: 1, QW: 16, AW: 4, Mode: Pushout, Wait: 10})
	require.NoError(t, err)
	r := rand.New(rand.NewPCG(2, 2))
	for i := 0; i < 10000; i++ {
		n, free := 1+r.IntN(8), r.IntN(30)-15
		qlen, maxQ := uint32(r.IntN(50)), uint32(r.IntN(50))
		got := u.Decide(0, n, qlen, free, maxQ)
		want := DropFull
		switch {
		case n <= free:
			want = Admit
		case qlen < maxQ && free-n >= -10:
			want = AdmitPushout
		}
		require.Equal(t, want, got, "n %d free %d qlen %d max %d", n, free, qlen, maxQ)
		assert.Equal(t, want <= AdmitPushout, got.Admitted())
	}
	assert.Equal(t, "drop-threshold", DropThresh.String())
	assert.Equal(t, "admit-pushout", AdmitPushout.String())
}

func TestABMRule(t *testing.T) {
	u, err := New(Params{N: 8, Q: 2, QW: 16, AW: 4, Mode: ABM})
	require.NoError(t, err)
	u.AlphaI[0] = 1 // α = 2
	r := rand.New(rand.NewPCG(3, 3))
	for i := 0; i < 20000; i++ {
		free, act := r.IntN(1000), r.IntN(5)
		u.FreeI = free
		u.ActiveI[0] = act
		u.Eval()
		n, qlen := 1+r.IntN(8), r.IntN(2000)
		thr := 2 * free / max(act, 1)
		want := Admit
		switch {
		case qlen+n > thr:
			want = DropThresh
		case n > free:
			want = DropFull
		}
		got := u.Decide(2, n, uint32(qlen), free, 0)
		require.Equal(t, want, got, "free %d active %d qlen %d n %d", free, act, qlen, n)
	}
}
