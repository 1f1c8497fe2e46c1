package tm

// HDLaneDepth is the depth D of each of the head-drop executor's lanes:
// the sub-lists one free-list bank's lane holds, waiting for stage G
// (fixed). Verilog: tm_hd_exec's localparam LD, of the same value. The
// executor issues a head-drop PD read only while every lane holds fewer
// than D entries after the cycle's unlink, so the read's own unlink (at
// most one entry per lane: a packet's sub-lists are in distinct banks)
// always fits.
const HDLaneDepth = 4

// hdEntry is one sub-list of an expelled packet in its bank's lane
// (tm_hd_exec's lane entry {cur, tail, left}). While the lane's front
// waits for its link read (laneFront.pend), cur is stale: the cell is
// that read's data.
type hdEntry struct {
	q    int    // queue it was expelled from (invariant messages; not a register of the RTL)
	ser  uint32 // its packet's serial (coverage: HDServedPackets; not a register of the RTL)
	cur  int32  // per cell: the next cell to free; chain: the sub-list's head
	tail int32  // the sub-list's last cell
	left int    // cells still to free
}

// laneItems returns each lane's entries, oldest first, and each lane's
// front read in flight (for State).
func (h *HDExec) laneItems() ([][]hdEntry, []flPend) {
	s, p := make([][]hdEntry, h.k), make([]flPend, h.k)
	for b := range s {
		s[b] = h.lanes[b].Items(nil)
		if f := h.front[b]; f.pend {
			p[b] = flPend{true, f.port, f.due}
		}
	}
	return s, p
}

// cells is the executor's cells unlinked and not yet freed: its lanes'
// entries and stage A's register (occamy_tm's fly_q counts the same).
func (h *HDExec) cells() int {
	n := 0
	for b := 0; b < h.k; b++ {
		for i := 0; i < h.lanes[b].Len(); i++ {
			n += h.lanes[b].At(i).left
		}
		if h.pushed[b] {
			n += h.push[b].left
		}
	}
	return n
}

// HDServedPackets is the number of distinct packets whose cells the
// head-drop lanes freed in the last cycle (0 when none): 2 or more shows
// the executor's pipeline overlapping packets (a coverpoint of the TM).
func (m *TM) HDServedPackets() int { return m.u.hd.ServedPktsO }
