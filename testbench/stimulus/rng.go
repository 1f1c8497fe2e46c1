package stimulus

// RNG is a small, fast, seeded pseudo-random generator (SplitMix64). The
// sources draw many numbers per cycle (one or more per queue), so they use
// this instead of math/rand: same seed, same sequence, on every platform.
type RNG struct{ s uint64 }

// NewRNG returns a generator seeded with seed.
func NewRNG(seed int64) *RNG { return &RNG{s: uint64(seed)*0x9e3779b97f4a7c15 + 0x632be59bd9b4e019} }

// Uint64 returns 64 random bits.
func (r *RNG) Uint64() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// Intn returns a number in [0, n); n must be in 1..2^32.
func (r *RNG) Intn(n int) int { return int((r.Uint64() >> 32) * uint64(n) >> 32) }

// OneIn reports true with probability 1/n.
func (r *RNG) OneIn(n int) bool { return r.Intn(n) == 0 }

// Between returns a number in [lo, hi].
func (r *RNG) Between(lo, hi int) int { return lo + r.Intn(hi-lo+1) }
