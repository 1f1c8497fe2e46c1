package mem

import "fmt"

// FreeList is the free cell-pointer list, threaded through the links of the
// cell-pointer memory and split into K banks: cell x is always in bank
// x mod K, and bank b has its own head, tail and count registers. In hw/tm
// it models occamy_tm's tm_free_list (u_fl) over u_cp_mem.
//
// Why threaded through the cell-pointer memory: a packet's sub-list j is a
// run of cells popped one after another from one bank, so the free list's
// links already chain them and the enqueue writes no cell pointer at all;
// and freeing a whole sub-list ("chain" mode) is one write of the bank's
// tail link. The free list's port budget is the cell-pointer memory's.
//
// Port use and timing:
//   - Pop(b) takes bank b's head. If the bank holds more than one cell it
//     reads the head's link (one read) to learn the next head, which can be
//     popped from Mem.ReadyAt(now) on: a bank pops at most one cell per
//     ReadLatency cycles. Popping the last cell reads nothing.
//   - Append(x) puts cell x at the tail of its bank: one write of the old
//     tail's link, none when the bank is empty (the head register takes x,
//     poppable from the next cycle).
//   - AppendChain(b, head, tail, n) puts a chain of n cells already linked
//     head→…→tail at the tail of bank b: one write, or none when empty.
//   - Within one cycle, pops of a bank must come before appends to it:
//     Pop after Append in the same cycle returns an error (its read would
//     sample a link whose write is still posted).
type FreeList struct {
	Mem *Memory[int32] // the cell-pointer memory
	K   int            // banks

	Head, Tail []int32 // per bank, Nil when empty
	Count      []int32 // cells per bank

	ready    []uint64 // first cycle in which Head may be popped
	appended []uint64 // cycle+1 of the last append per bank
	total    int
}

// NewFreeList builds the free list over cp with k banks (a power of two,
// 1..8) and puts every cell on it: bank b holds b, b+k, b+2k, … in order,
// linked with Init (the reset sequence, outside the port budget).
func NewFreeList(cp *Memory[int32], k int) (*FreeList, error) {
	if k != 1 && k != 2 && k != 4 && k != 8 {
		return nil, fmt.Errorf("%s: free list with %d banks, allowed 1, 2, 4, 8", cp.P.Name, k)
	}
	f := &FreeList{
		Mem: cp, K: k,
		Head: make([]int32, k), Tail: make([]int32, k), Count: make([]int32, k),
		ready: make([]uint64, k), appended: make([]uint64, k),
	}
	n := cp.Entries()
	for b := 0; b < k; b++ {
		f.Head[b], f.Tail[b] = Nil, Nil
		for x := b; x < n; x += k {
			if f.Count[b] == 0 {
				f.Head[b] = int32(x)
			} else {
				cp.Init(int(f.Tail[b]), int32(x))
			}
			f.Tail[b] = int32(x)
			f.Count[b]++
		}
		if f.Tail[b] != Nil {
			cp.Init(int(f.Tail[b]), Nil)
		}
	}
	f.total = n
	return f, nil
}

// Bank is the bank of cell x.
func (f *FreeList) Bank(x int32) int { return int(x) & (f.K - 1) }

// Total is the number of cells on the free list.
func (f *FreeList) Total() int { return f.total }

// CanPop reports whether bank b can pop this cycle, and whether the pop
// needs a read port.
func (f *FreeList) CanPop(b int) (ok, needsRead bool) {
	return f.Count[b] > 0 && f.ready[b] <= f.Mem.Cycle(), f.Count[b] > 1
}

// Pop takes the head of bank b. The caller checks CanPop and, when a read
// is needed, Mem.ReadsLeft() > 0.
func (f *FreeList) Pop(b int) (int32, error) {
	now := f.Mem.Cycle()
	if f.Count[b] == 0 || f.ready[b] > now {
		return Nil, fmt.Errorf("%s: cycle %d: pop of free bank %d with %d cells, head ready at cycle %d", f.Mem.P.Name, now, b, f.Count[b], f.ready[b])
	}
	if f.appended[b] == now+1 {
		return Nil, fmt.Errorf("%s: cycle %d: pop of free bank %d after an append to it in the same cycle", f.Mem.P.Name, now, b)
	}
	x := f.Head[b]
	f.Count[b]--
	f.total--
	if f.Count[b] == 0 {
		f.Head[b], f.Tail[b] = Nil, Nil
		return x, nil
	}
	f.Head[b] = f.Mem.Read(int(x))
	f.ready[b] = f.Mem.ReadyAt(now)
	return x, nil
}

// AppendWrites is the number of cell-pointer writes an append to bank b
// uses now: 1, or 0 when the bank is empty.
func (f *FreeList) AppendWrites(b int) int {
	if f.Count[b] > 0 {
		return 1
	}
	return 0
}

// Append frees cell x to the tail of its bank. The caller checks
// Mem.WritesLeft() >= AppendWrites(Bank(x)).
func (f *FreeList) Append(x int32) { f.AppendChain(f.Bank(x), x, x, 1) }

// AppendChain frees a chain of n cells of bank b, already linked from head
// to tail, with one write. The caller checks the write port as for Append.
func (f *FreeList) AppendChain(b int, head, tail int32, n int) {
	now := f.Mem.Cycle()
	if f.Count[b] == 0 {
		f.Head[b] = head
		f.ready[b] = now + 1
	} else {
		f.Mem.Write(int(f.Tail[b]), head)
	}
	f.Tail[b] = tail
	f.Count[b] += int32(n)
	f.total += n
	f.appended[b] = now + 1
}

// Walk calls visit for every cell of bank b, head first, following links
// with Peek (no ports). It reports a list that leaves the memory.
func (f *FreeList) Walk(b int, visit func(x int32)) error {
	x := f.Head[b]
	for i := int32(0); i < f.Count[b]; i++ {
		if x < 0 || int(x) >= f.Mem.Entries() {
			return fmt.Errorf("free bank %d: cell %d of %d is %d, outside the cell-pointer memory", b, i, f.Count[b], x)
		}
		visit(x)
		if i == f.Count[b]-1 {
			if x != f.Tail[b] {
				return fmt.Errorf("free bank %d: list ends at cell %d, tail register is %d", b, x, f.Tail[b])
			}
			break
		}
		x = f.Mem.Peek(int(x))
	}
	return nil
}
