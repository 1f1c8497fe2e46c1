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
// (tm_hd_exec's lane entry {cur, tail, left}).
type hdEntry struct {
	q     int    // queue it was expelled from (invariant messages; not a register of the RTL)
	ser   uint32 // its packet's serial (coverage: HDServedPackets; not a register of the RTL)
	cur   int32  // per cell: the next cell to free; chain: the sub-list's head
	tail  int32  // the sub-list's last cell
	left  int    // cells still to free
	ready uint64 // per cell: first cycle cur may be used (its link read's latency)
}

// room reports whether every lane can take one more entry (none can be
// full while fewer than HDLaneDepth entries are held in all).
func (h *HDExec) room() bool {
	if h.held < HDLaneDepth {
		return true
	}
	for b := 0; b < h.k; b++ {
		if h.lanes[b].Full() {
			return false
		}
	}
	return true
}

// busy reports whether a lane holds work (stage G has something to do).
func (h *HDExec) busy() bool { return h.held > 0 }

// laneItems returns each lane's entries, oldest first (for State).
func (h *HDExec) laneItems() [][]hdEntry {
	s := make([][]hdEntry, h.k)
	for b := range s {
		s[b] = h.lanes[b].Items(nil)
	}
	return s
}

// HDServedPackets is the number of distinct packets whose cells the
// head-drop lanes freed in the last cycle (0 when none): 2 or more shows
// the executor's pipeline overlapping packets (a coverpoint of the TM).
func (m *TM) HDServedPackets() int { return m.hd.servedPkts }

// served notes that a lane freed cells of packet ser this cycle.
func (h *HDExec) served(ser uint32) {
	for i := 0; i < h.servedPkts; i++ {
		if h.servedSer[i] == ser {
			return
		}
	}
	h.servedSer[h.servedPkts] = ser
	h.servedPkts++
}
