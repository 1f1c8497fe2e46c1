package rtl

// Ring is a fixed-capacity FIFO, the register FIFO of a hardware block:
// storage of Cap entries, a read pointer and a fill count. Push, Pop, Front
// and At never allocate. The zero Ring has capacity 0; build one with
// NewRing.
//
// Its contents, oldest first, are Items; two rings holding the same items
// are equal for State (the read pointer's position is not compared: it is
// not observable at any port).
type Ring[T any] struct {
	buf     []T
	head, n int
}

// NewRing returns an empty ring of capacity c (c >= 0).
func NewRing[T any](c int) Ring[T] { return Ring[T]{buf: make([]T, c)} }

// Len is the number of entries held.
func (r *Ring[T]) Len() int { return r.n }

// Cap is the capacity.
func (r *Ring[T]) Cap() int { return len(r.buf) }

// Full reports Len() == Cap().
func (r *Ring[T]) Full() bool { return r.n == len(r.buf) }

// Push appends v as the newest entry; it returns false (and stores
// nothing) when the ring is full.
func (r *Ring[T]) Push(v T) bool {
	p := r.PushSlot()
	if p == nil {
		return false
	}
	*p = v
	return true
}

// PushSlot appends an entry and returns it for the caller to fill in
// place (a large T then skips Push's copy of its argument); it returns nil
// (and appends nothing) when the ring is full. The entry holds what its
// slot last held until the caller writes it.
func (r *Ring[T]) PushSlot() *T {
	if r.n == len(r.buf) {
		return nil
	}
	i := r.head + r.n
	if i >= len(r.buf) {
		i -= len(r.buf)
	}
	r.n++
	return &r.buf[i]
}

// Front returns the oldest entry, to read or update in place. The ring must
// not be empty.
func (r *Ring[T]) Front() *T { return &r.buf[r.head] }

// At returns entry i, 0 being the oldest (0 <= i < Len()).
func (r *Ring[T]) At(i int) *T {
	i += r.head
	if i >= len(r.buf) {
		i -= len(r.buf)
	}
	return &r.buf[i]
}

// Pop removes the oldest entry. The ring must not be empty.
func (r *Ring[T]) Pop() {
	r.head++
	if r.head == len(r.buf) {
		r.head = 0
	}
	r.n--
}

// Items appends the entries, oldest first, to dst and returns it.
func (r *Ring[T]) Items(dst []T) []T {
	for i := 0; i < r.n; i++ {
		dst = append(dst, *r.At(i))
	}
	return dst
}
