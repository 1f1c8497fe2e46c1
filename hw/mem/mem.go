// Package mem models the traffic manager's on-chip memories as explicit,
// port-budgeted resources: the PD memory with its per-queue linked lists,
// the cell-pointer memory holding k parallel sub-lists per packet, the free
// cell-pointer list threaded through the same links, and the cell-data
// memory.
//
// Every memory declares how many reads and writes it serves per cycle and
// its read latency (Params). A request beyond the budget in one cycle is a
// modelling error: it is not served, and the memory records a *PortError
// naming itself, the cycle, the ports requested and the budget, which Err
// returns until the next Clear. Pipelines ask ReadsLeft/WritesLeft before
// issuing; a pipeline that does not is caught.
//
// Timing, fixed here for every memory:
//   - Read samples the array when issued, like a synchronous SRAM's address
//     register, and its data may be used from cycle issue+ReadLatency on
//     (ReadyAt). The model returns the data at once; the pipelines hold it
//     until then.
//   - Write is posted: it takes effect at Commit, the rising edge that ends
//     the cycle. A read and a write of one address in the same cycle read
//     the old data (read-before-write). Two writes of one address in one
//     cycle apply in issue order, the last one winning.
//   - Peek and Init touch the array without a port: Peek is for invariant
//     checkers, Init for the reset sequence. Neither is hardware behaviour
//     on the per-cycle path.
package mem

import (
	"fmt"

	"occamy/rtl"
)

// Parameter ranges accepted by Params.Validate.
const (
	MaxEntries = 1 << 24
	MaxPorts   = 64
	MaxLatency = 16
)

// Params declare one memory.
type Params struct {
	Name        string // instance name used in errors and traces, e.g. "pd_mem"
	Entries     int    // words, 1..2^24
	ReadPorts   int    // reads served per cycle, 1..64
	WritePorts  int    // writes accepted per cycle, 1..64
	ReadLatency int    // cycles from a read's issue to the use of its data, 1..16
}

// Validate returns a *rtl.ParamError for the first parameter out of range.
func (p Params) Validate() error {
	blk := p.Name
	if blk == "" {
		blk = "mem"
	}
	if err := rtl.CheckRange(blk, "Entries", p.Entries, 1, MaxEntries); err != nil {
		return err
	}
	if err := rtl.CheckRange(blk, "ReadPorts", p.ReadPorts, 1, MaxPorts); err != nil {
		return err
	}
	if err := rtl.CheckRange(blk, "WritePorts", p.WritePorts, 1, MaxPorts); err != nil {
		return err
	}
	return rtl.CheckRange(blk, "ReadLatency", p.ReadLatency, 1, MaxLatency)
}

// PortError is a request beyond a memory's port budget in one cycle.
type PortError struct {
	Mem       string // memory name
	Cycle     uint64 // the memory's cycle count when it happened
	Op        string // "read" or "write"
	Requested int    // ports of that kind requested so far this cycle, the refused one included
	Budget    int    // ports of that kind per cycle
}

// Error implements error.
func (e *PortError) Error() string {
	return fmt.Sprintf("%s: cycle %d: %d %ss requested, budget %d per cycle", e.Mem, e.Cycle, e.Requested, e.Op, e.Budget)
}

// AddrError is an access outside a memory.
type AddrError struct {
	Mem     string
	Cycle   uint64
	Op      string // "read" or "write"
	Addr    int
	Entries int
}

// Error implements error.
func (e *AddrError) Error() string {
	return fmt.Sprintf("%s: cycle %d: %s of address %d outside 0..%d", e.Mem, e.Cycle, e.Op, e.Addr, e.Entries-1)
}

// Merge applies a posted write v to the stored word dst. A nil Merge
// replaces the word; a partial write (one field of a PD, say) passes a
// function that copies only that field. Use top-level functions: they cost
// no allocation.
type Merge[T any] func(dst *T, v T)

type posted[T any] struct {
	addr  int
	v     T
	merge Merge[T]
}

// portUse counts a cycle's port requests.
type portUse struct{ reads, writes int }

// Memory is one port-budgeted memory of words of type T.
type Memory[T any] struct {
	P Params

	data    []T
	post    []posted[T] // this cycle's writes, the first npost of WritePorts entries
	npost   int
	portUse // reads and writes requested this cycle
	cycle   uint64
	err     error
	nerr    int

	// Refusals of this cycle not yet recorded in err and nerr (record
	// does, at the first of Err, Errors, Clear and Commit): how many, and
	// the first one's operation, address and request count. Keeping the
	// refused case to a few stores lets Read and Write inline.
	refused  int
	refWrite bool
	refAddr  int
	refReq   int
	errs     *bool // the owner's flag (SetErrFlag): set when an error is recorded

	// TotalReads and TotalWrites count served accesses since New.
	TotalReads, TotalWrites uint64
}

// New validates p and returns a memory of zero words.
func New[T any](p Params) (*Memory[T], error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return &Memory[T]{P: p, data: make([]T, p.Entries), post: make([]posted[T], p.WritePorts)}, nil
}

// ReadsLeft is the number of reads still available this cycle.
func (m *Memory[T]) ReadsLeft() int { return m.P.ReadPorts - m.reads }

// WritesLeft is the number of writes still available this cycle.
func (m *Memory[T]) WritesLeft() int { return m.P.WritePorts - m.writes }

// Use returns the reads and writes requested so far this cycle.
func (m *Memory[T]) Use() (reads, writes int) { return m.reads, m.writes }

// ReadyAt is the first cycle in which data read in cycle issue may be used.
func (m *Memory[T]) ReadyAt(issue uint64) uint64 { return issue + uint64(m.P.ReadLatency) }

// Cycle is the memory's cycle count (number of Commits).
func (m *Memory[T]) Cycle() uint64 { return m.cycle }

// Read issues a read of addr and returns the word as it is at issue. Over
// budget or out of range, it records an error and returns the zero word.
func (m *Memory[T]) Read(addr int) T {
	m.reads++
	// data once: after the store to TotalReads Go would reload the
	// slice and check the index again.
	if data := m.data; m.reads <= m.P.ReadPorts && uint(addr) < uint(len(data)) {
		m.TotalReads++
		return data[addr]
	}
	if m.refused++; m.refused == 1 {
		m.refWrite, m.refAddr, m.refReq = false, addr, m.reads
	}
	var z T
	return z
}

// ReadTo is Read with the word stored in *dst: a large T (a PD) then
// goes from the memory to dst in one copy, not through Read's result.
func (m *Memory[T]) ReadTo(addr int, dst *T) {
	if data := m.data; m.reads < m.P.ReadPorts && uint(addr) < uint(len(data)) { // Read would serve it
		m.reads++
		m.TotalReads++
		*dst = data[addr]
		return
	}
	*dst = m.Read(addr) // refused: Read records it
}

// Write posts a write of v to addr, applied at Commit. Over budget or out of
// range, it records an error and drops the write.
func (m *Memory[T]) Write(addr int, v T) { m.WriteMerge(addr, v, nil) }

// WriteLast writes v[i] to addr[i] in order, as Write would each, for a
// caller that issues no further Read or Peek of the memory before its
// Commit: with no write posted before them this cycle, the words land at
// once, which nothing can tell from their landing at Commit (no read of
// this cycle follows, and the writes keep their order). The port budget
// and the refusals are Write's.
func (m *Memory[T]) WriteLast(addr []int32, v []T) {
	if m.npost != 0 || m.writes+len(addr) > m.P.WritePorts {
		m.writeLastSlow(addr, v)
		return
	}
	// Within the budget, only an address out of range is refused (and it
	// posts nothing, so the next words still land at once).
	// The words served are counted at the end, or before a refusal (which
	// records the request count with them).
	v = v[:len(addr)]
	data, n := m.data, 0
	for i, a := range addr {
		if x := int(a); uint(x) < uint(len(data)) { // (an int index: Go then checks no bound again)
			data[x] = v[i]
			n++
		} else {
			m.writes += n
			m.TotalWrites += uint64(n)
			n = 0
			m.WriteMerge(int(a), v[i], nil)
		}
	}
	m.writes += n
	m.TotalWrites += uint64(n)
}

// writeLastSlow is WriteLast word by word (WriteMergeLast's rule for each):
// after a posted write or over the budget.
func (m *Memory[T]) writeLastSlow(addr []int32, v []T) {
	for i, a := range addr {
		m.WriteMergeLast(int(a), &v[i], nil)
	}
}

// WriteMergeLast is WriteMerge (Write with a nil merge) for a caller that,
// as WriteLast's, issues no further Read or Peek of the memory before its
// Commit: with no write posted before it this cycle, the word is merged
// at once, in its place among the cycle's writes. The word is passed by
// its address (a large T, a PD, then is copied once, into the memory); it
// is read before WriteMergeLast returns and not kept.
func (m *Memory[T]) WriteMergeLast(addr int, v *T, merge Merge[T]) {
	data := m.data // once (Read's reason)
	if m.npost != 0 || m.writes >= m.P.WritePorts || uint(addr) >= uint(len(data)) {
		m.WriteMerge(addr, *v, merge)
		return
	}
	m.writes++
	m.TotalWrites++
	if merge == nil {
		data[addr] = *v
	} else {
		merge(&data[addr], *v)
	}
}

// WriteMerge posts a partial write: at Commit, merge(&word, v) runs instead
// of word = v. It costs one write port like Write.
func (m *Memory[T]) WriteMerge(addr int, v T, merge Merge[T]) {
	m.writes++
	if m.writes <= m.P.WritePorts && uint(addr) < uint(len(m.data)) {
		m.TotalWrites++
		w := &m.post[m.npost]
		w.addr, w.v, w.merge = addr, v, merge
		m.npost++
		return
	}
	if m.refused++; m.refused == 1 {
		m.refWrite, m.refAddr, m.refReq = true, addr, m.writes
	}
}

// record turns this cycle's refusals into errors: the first one's, and a
// count of them all.
func (m *Memory[T]) record() {
	op, budget := "read", m.P.ReadPorts
	if m.refWrite {
		op, budget = "write", m.P.WritePorts
	}
	var err error = &AddrError{Mem: m.P.Name, Cycle: m.cycle, Op: op, Addr: m.refAddr, Entries: len(m.data)}
	if m.refReq > budget {
		err = &PortError{Mem: m.P.Name, Cycle: m.cycle, Op: op, Requested: m.refReq, Budget: budget}
	}
	if m.err == nil {
		m.err = err
	}
	m.nerr += m.refused
	m.refused = 0
	if m.errs != nil {
		*m.errs = true
	}
}

// Commit is the rising edge: posted writes take effect in issue order, the
// port counters clear and the cycle count advances.
func (m *Memory[T]) Commit() {
	if m.npost|m.refused != 0 {
		m.land()
	}
	m.portUse = portUse{}
	m.cycle++
}

// land applies the posted writes in issue order and records the cycle's
// refusals.
func (m *Memory[T]) land() {
	for i := range m.post[:m.npost] {
		w := &m.post[i]
		if w.merge == nil {
			m.data[w.addr] = w.v
		} else {
			w.merge(&m.data[w.addr], w.v)
		}
	}
	m.npost = 0
	if m.refused > 0 {
		m.record()
	}
}

// Failed reports an error recorded or a refusal pending since New or the
// last Clear: whether Err would return an error, without recording it.
func (m *Memory[T]) Failed() bool { return m.refused|m.nerr != 0 }

// Err returns the first error recorded since New or the last Clear.
func (m *Memory[T]) Err() error {
	if m.refused > 0 {
		m.record()
	}
	return m.err
}

// Errors returns how many errors were recorded since New or the last Clear.
func (m *Memory[T]) Errors() int {
	if m.refused > 0 {
		m.record()
	}
	return m.nerr
}

// SetErrFlag gives the memory its owner's error flag: each time it records
// an error (at the Commit of a cycle with a refusal, or at Err or Errors)
// it sets *f, so an owner with several memories tests one flag a cycle
// instead of each Failed. Clear leaves the flag to its owner.
func (m *Memory[T]) SetErrFlag(f *bool) { m.errs = f }

// Clear forgets recorded errors.
func (m *Memory[T]) Clear() { m.err, m.nerr, m.refused = nil, 0, 0 }

// Peek returns a word without using a port (for checkers and tests).
func (m *Memory[T]) Peek(addr int) T { return m.data[addr] }

// Init stores a word without using a port (the reset sequence).
func (m *Memory[T]) Init(addr int, v T) { m.data[addr] = v }

// Entries is the number of words.
func (m *Memory[T]) Entries() int { return len(m.data) }

// Signals traces this cycle's port use as rd_use and wr_use.
func (m *Memory[T]) Signals() []rtl.Signal {
	rw := rtl.Clog2(m.P.ReadPorts + 1)
	ww := rtl.Clog2(m.P.WritePorts + 1)
	return []rtl.Signal{
		rtl.Scalar("rd_use", max(rw, 1), func() uint64 { return uint64(min(m.reads, m.P.ReadPorts)) }),
		rtl.Scalar("wr_use", max(ww, 1), func() uint64 { return uint64(min(m.writes, m.P.WritePorts)) }),
	}
}
