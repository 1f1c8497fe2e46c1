package tm

// AdmitLag is the cycles from an offer at occamy_tm's ingress slots to its
// answer on in_ok_o: in hw/tm, from the Offer before a Step to the Step
// whose Outputs.InOK (and NIn) answer it and whose EvAdmit and EvAdmDrop
// events name it by its index in its own cycle (Event.Offer). It is 1:
// tm_admission decides the offers of cycle c at c+1 (docs/tm.md,
// "Admission in three stages"). An offer beyond MaxOffers (an ingress
// drop) is answered in its own cycle. Stats count an offer in the cycle of
// its answer; an admitted packet's cells count in the lengths and the free
// count one cycle after its answer, from the edge that ends that cycle
// (Probe after that Step; qlen_o from the cycle after). Every consumer of
// the answers pairs them with the offers of AdmitLag cycles before through
// an OfferRing.
const AdmitLag = 1

// AdmitSettle is the cycles from an admission's answer to its cells in the
// lengths and the free count (Probe; qlen_o and free_o a cycle later): 2,
// tm_admission registers the decision's effects (stage 3, s3: per-queue
// cells decoded, the packets packed) at the edge after the answer and
// applies them (stage 4) in the cycle after, so that no path runs from
// the decision register into the lengths, the free count, the PD lists or
// the enqueue (issue 29). The enqueue takes the packets then too.
const AdmitSettle = 2

// ThrLag is the cycles by which the DT thresholds that admission, the
// selector and the head-drop choice read are stale: occamy_tm registers
// them (thr_q, reset to the thresholds of the reset free count B), so in
// cycle c they are T(tfree_q of c − ThrLag), the thresholds' free count
// (free_q + fly_q) at the start of the cycle before (issue 29: u_thr's 4
// LUT6 levels end at thr_q instead of running into u_adm's, u_sel's and
// u_choice's; docs/tm.md, "The thresholds are a register"). Probe's Thr
// is thr_q, the thresholds the cycle used. hw/tm models exactly 1 (the
// check below fails to compile at any other value).
const ThrLag = 1

const _ = uint(ThrLag-1) + uint(1-ThrLag) // hw/tm's thr_q is one register: ThrLag must be 1

// SettleLag is the cycles from an offer until its cells, if admitted, show
// in Probe's lengths and free count: what a closed-loop source counts as
// still in flight (CellsInFlight).
const SettleLag = AdmitLag + AdmitSettle

// OfferRing keeps what a consumer offered in each of the last lag+1
// cycles, so that the answers of a cycle pair with the offers they answer:
// Now is the cycle being offered, Answered the one lag cycles before it,
// whose answers the coming Step gives (the same slot when lag is 0). The
// slots are made once; a consumer reuses what each holds (a slice kept
// with its capacity), so a cycle allocates nothing.
type OfferRing[T any] struct {
	slots []T
	cycle int // slot of the cycle being offered
}

// NewOfferRing returns a ring for answers lag cycles after their offers
// (AdmitLag for hw/tm and occamy_tm; tests pass other lags).
func NewOfferRing[T any](lag int) *OfferRing[T] {
	return &OfferRing[T]{slots: make([]T, max(lag, 0)+1)}
}

// Lag is the cycles from an offer to its answer.
func (r *OfferRing[T]) Lag() int { return len(r.slots) - 1 }

// Now is the slot of the cycle being offered.
func (r *OfferRing[T]) Now() *T { return &r.slots[r.cycle] }

// Answered is the slot of the offers the coming Step answers: those of lag
// cycles before Now's (its zero value, or what the caller reset it to,
// in the first lag cycles).
func (r *OfferRing[T]) Answered() *T { return &r.slots[(r.cycle+1)%len(r.slots)] }

// Next moves to the next cycle: the oldest slot becomes Now's (the caller
// resets what it holds).
func (r *OfferRing[T]) Next() { r.cycle = (r.cycle + 1) % len(r.slots) }

// Each calls f on every slot (to make or reset what they hold).
func (r *OfferRing[T]) Each(f func(*T)) {
	for i := range r.slots {
		f(&r.slots[i])
	}
}

// CellsInFlight counts the cells offered and not yet in the lengths and
// the free count, the part of a closed-loop source's offers that Probe
// does not show yet: a cycle's offers enter it (Offer) and leave at the
// edge lag cycles later (Edge; SettleLag for hw/tm and occamy_tm).
type CellsInFlight struct {
	ring *OfferRing[uint64]
	n    uint64
}

// NewCellsInFlight returns a count for cells that show lag cycles after
// their offers (SettleLag for hw/tm and occamy_tm; tests pass other lags).
func NewCellsInFlight(lag int) *CellsInFlight {
	return &CellsInFlight{ring: NewOfferRing[uint64](lag)}
}

// Offer counts n cells offered in the cycle being offered.
func (f *CellsInFlight) Offer(n uint64) {
	*f.ring.Now() += n
	f.n += n
}

// N is the cells offered and not yet answered.
func (f *CellsInFlight) N() uint64 { return f.n }

// Edge ends the cycle after its Step: the cells offered lag cycles before
// leave the count.
func (f *CellsInFlight) Edge() {
	a := f.ring.Answered()
	f.n -= *a
	*a = 0
	f.ring.Next()
}

// Clear forgets every offer in flight (a reset: they never will show).
func (f *CellsInFlight) Clear() {
	f.ring.Each(func(n *uint64) { *n = 0 })
	f.n = 0
}

// DeqFreeLag is the cycles from a dequeue round to its frees: tm_dequeue
// registers them (fa_q, fh_q, ft_q, fn_q, fd_q), so the cells a round of
// cycle c frees (per cell: its cells; chain: the packet's sub-lists with
// its last round) join the free list in stage F of c+DeqFreeLag and count
// in the free count (free_o, and the thresholds' tfree_q) from the edge
// that ends that cycle (issue 29: no path from u_deq's job FIFO into
// u_fl's counts, u_hd's lanes or u_cp_mem's write ports; docs/tm.md, "The
// dequeue's frees are a register"). A freed cell can be popped by an
// enqueue in c+DeqFreeLag+1 at the earliest. hw/tm models exactly 1 (the
// check below fails to compile at any other value).
const DeqFreeLag = 1

const _ = uint(DeqFreeLag-1) + uint(1-DeqFreeLag) // tm_dequeue's fa_q.. are one register: DeqFreeLag must be 1

// HDFreeLag is the cycles from the head-drop executor's frees to the free
// count: the lanes return their cells to the free list in stage G of
// cycle c (tm_hd_exec's freed_o), occamy_tm registers their number
// (hdf_q) and adds it into free_q in c+HDFreeLag, so they count in
// free_o and admission's room from the edge that ends c+HDFreeLag (issue
// 29, hdfree: no path from the lanes' decisions into free_q). The cells
// stay in fly_q until then, so the thresholds' free count (tfree_q =
// free_q + fly_q) does not move: it credits a head drop's cells from its
// unlink, as before. The free list holds the cells from c on: an enqueue
// may pop one before free_q counts it, which only leaves admission a
// cycle more cautious. hw/tm models exactly 1.
const HDFreeLag = 1

const _ = uint(HDFreeLag-1) + uint(1-HDFreeLag) // occamy_tm's hdf_q is one register: HDFreeLag must be 1

// EgressBookLag is the cycles by which u_egress's pending view is stale: a
// packet booked on its port in cycle c (stage C, issue_i) is registered
// there (tm_egress's isv_q, isc_q) and counts in the port's pending cells
// from the edge that ends c+EgressBookLag; in c+1..c+EgressBookLag its
// port's port_rdy_o is low whatever it holds (issue 29: no path from the
// PD lists' head lengths through the booking's select into pend_q;
// docs/tm.md, "The egress cut"). With the top's lock of a granted port in
// the cycle after its grant (gport), a port is granted at most once in
// three cycles. hw/tm models exactly 1 (the check below fails to compile
// at any other value).
const EgressBookLag = 1

const _ = uint(EgressBookLag-1) + uint(1-EgressBookLag) // tm_egress's isv_q is one register: EgressBookLag must be 1

// EnqTakeLag is the cycles from an admitted packet's admission on adm_*
// (tm_admission's output, AdmitLag after its offer) to the earliest cycle
// the enqueue engine takes it and does its first round: tm_enqueue's
// engine takes its packet only from a next-packet register (nv_q, nx_q)
// that the ingress FIFO's oldest packet, or this cycle's first admission
// when the FIFO is empty, loads (issue 29: no path from adm_* or the
// FIFO's read data through a first round's pops and link into the free
// list and the PD lists; docs/tm.md, "The enqueue takes from a
// register"). The register loads again in the cycle it is taken, so a
// packet a cycle still goes back to back. hw/tm models exactly 1 (the
// check below fails to compile at any other value).
const EnqTakeLag = 1

const _ = uint(EnqTakeLag-1) + uint(1-EnqTakeLag) // tm_enqueue's nx_q is one register: EnqTakeLag must be 1

// EnqGoLag is the cycles from the enqueue engine's decision that a round
// goes (tm_enqueue's go: every bank it pops holds a cell, and in a
// packet's first round its whole sub-list) to the round itself: its pops
// on u_fl, its cell-data writes and, for the last round, the link on
// u_pdl leave from a register (xv_q, xpop_q, ...: stage X) the cycle
// after (issue 29: no path from u_fl's counts through go into u_fl's
// counts, u_hd's lanes, cp_mem's read addresses or u_pdl; docs/tm.md,
// "The enqueue's round is a register"). The decision reads the counts at
// the start of its cycle less the pops of the round in stage X then (a
// count one cycle old, the frees of that cycle not counted: a round can
// wait a cycle when a bank is nearly empty). Rounds still go back to
// back. hw/tm models exactly 1 (the check below fails to compile at any
// other value).
const EnqGoLag = 1

const _ = uint(EnqGoLag-1) + uint(1-EnqGoLag) // tm_enqueue's xv_q is one register: EnqGoLag must be 1
