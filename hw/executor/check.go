package executor

import "fmt"

// Owner codes of the checker's scratch maps: which list holds a cell or PD.
const (
	ownNone    int32 = 0
	ownFree    int32 = 1 // the free cell list or the free PD list
	ownBuilder int32 = 2 // the packet under construction (cells only)
	ownQueue0  int32 = 3 // queue q is ownQueue0+q
)

// checkScratch is the checker's working memory, allocated on first use.
type checkScratch struct {
	cell []int32 // owner of each cell
	pd   []int32 // owner of each PD
}

// ownerName names an owner code for error messages.
func ownerName(o int32, pd bool) string {
	switch {
	case o == ownFree && pd:
		return "the free PD list"
	case o == ownFree:
		return "the free cell list"
	case o == ownBuilder:
		return "the packet under construction"
	default:
		return fmt.Sprintf("queue %d", o-ownQueue0)
	}
}

// Check walks the whole store and returns an error naming the first
// inconsistency: a register out of range, a list whose walk does not end at
// its tail register, a PD or cell on two lists or on none, a PD whose cell
// count disagrees with its chain, a queue length that is not the sum of its
// packets' cells, or free + sum of queue lengths + cells under construction
// != B. It reads the committed state only (what Eval reads), never the
// pending writes, and it is for tests: it costs O(B + P + N).
func (e *Executor) Check() error {
	sc := &e.check
	if sc.cell == nil {
		sc.cell = make([]int32, e.P.B)
		sc.pd = make([]int32, e.P.P)
	}
	clear(sc.cell)
	clear(sc.pd)
	s := &e.q
	b, p := uint32(e.P.B), uint32(e.P.P)
	if s.FreeCntQ > b {
		return fmt.Errorf("free_cnt_q=%d exceeds B=%d", s.FreeCntQ, b)
	}
	if s.PdFreeCntQ > p {
		return fmt.Errorf("pd_free_cnt_q=%d exceeds P=%d", s.PdFreeCntQ, p)
	}
	if err := e.walkCells(ownFree, -1, s.FreeHeadQ, s.FreeTailQ, s.FreeCntQ); err != nil {
		return err
	}
	if err := e.walkCells(ownBuilder, -1, s.BldFirstQ, s.BldLastQ, s.BldCntQ); err != nil {
		return err
	}
	var queued uint32
	for q := range e.qHead {
		n, err := e.walkQueue(q)
		if err != nil {
			return err
		}
		queued += n
	}
	if err := e.walkPDs(ownFree, s.PdFreeHeadQ, s.PdFreeTailQ, s.PdFreeCntQ, nil); err != nil {
		return err
	}
	for c, o := range sc.cell {
		if o == ownNone {
			return fmt.Errorf("cell %d is on no list (leaked)", c)
		}
	}
	for i, o := range sc.pd {
		if o == ownNone {
			return fmt.Errorf("PD %d is on no list (leaked)", i)
		}
	}
	if sum := s.FreeCntQ + queued + s.BldCntQ; sum != b {
		return fmt.Errorf("free %d + queued %d + under construction %d = %d, want B=%d",
			s.FreeCntQ, queued, s.BldCntQ, sum, b)
	}
	return nil
}

// cellListName names a cell list: owner's list, or the packet of PD pd
// (pd >= 0) on owner's queue.
func cellListName(owner int32, pd int) string {
	if pd >= 0 {
		return fmt.Sprintf("%s packet PD %d", ownerName(owner, false), pd)
	}
	return ownerName(owner, false)
}

// walkCells follows n cells from first through cell_next, marking each with
// owner, and checks that the walk ends at last. pd is the PD whose packet
// is walked, or -1 for the free list and the packet under construction.
func (e *Executor) walkCells(owner int32, pd int, first, last uint16, n uint32) error {
	sc := &e.check
	cur := first
	for i := uint32(0); i < n; i++ {
		if int(cur) >= e.P.B {
			return fmt.Errorf("%s: entry %d is cell %d, beyond B=%d", cellListName(owner, pd), i, cur, e.P.B)
		}
		if o := sc.cell[cur]; o != ownNone {
			return fmt.Errorf("cell %d is on %s and on %s", cur, ownerName(o, false), cellListName(owner, pd))
		}
		sc.cell[cur] = owner
		if i == n-1 {
			if cur != last {
				return fmt.Errorf("%s: walk of %d cells ends at cell %d, but its last-cell pointer is %d",
					cellListName(owner, pd), n, cur, last)
			}
			break
		}
		cur = e.cellNext[cur]
	}
	return nil
}

// walkPDs follows n PDs from head through pd_next, marking each with owner,
// checks that the walk ends at tail and, when cells is not nil, walks each
// PD's cell chain for that owner and adds its cells to *cells.
func (e *Executor) walkPDs(owner int32, head, tail uint16, n uint32, cells *uint32) error {
	sc := &e.check
	cur := head
	for i := uint32(0); i < n; i++ {
		if int(cur) >= e.P.P {
			return fmt.Errorf("%s: entry %d is PD %d, beyond P=%d", ownerName(owner, true), i, cur, e.P.P)
		}
		if o := sc.pd[cur]; o != ownNone {
			return fmt.Errorf("PD %d is on %s and on %s", cur, ownerName(o, true), ownerName(owner, true))
		}
		sc.pd[cur] = owner
		if cells != nil {
			info := e.pd[cur]
			if info.Cnt == 0 || info.Cnt > uint32(e.P.B) {
				return fmt.Errorf("%s: PD %d has cell count %d, want 1..%d", ownerName(owner, true), cur, info.Cnt, e.P.B)
			}
			if err := e.walkCells(owner, int(cur), info.First, info.Last, info.Cnt); err != nil {
				return err
			}
			*cells += info.Cnt
		}
		if i == n-1 {
			if cur != tail {
				return fmt.Errorf("%s: walk of %d PDs ends at PD %d, but its tail pointer is %d", ownerName(owner, true), n, cur, tail)
			}
			break
		}
		cur = e.pdNext[cur]
	}
	return nil
}

// walkQueue checks queue q's PD list and packets and returns its cells.
func (e *Executor) walkQueue(q int) (uint32, error) {
	var cells uint32
	if err := e.walkPDs(ownQueue0+int32(q), e.qHead[q], e.qTail[q], e.qPkts[q], &cells); err != nil {
		return 0, err
	}
	if cells != e.qLen[q] {
		return 0, fmt.Errorf("queue %d: qlen %d, but its %d packets hold %d cells", q, e.qLen[q], e.qPkts[q], cells)
	}
	return cells, nil
}
