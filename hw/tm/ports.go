package tm

// Outputs are the TM's per-cycle outputs in the occamy_tm port contract
// (docs/tm.md, "The Verilog top: occamy_tm"): what a co-simulation compares
// every cycle besides Probe's queue lengths, free count and port use. They
// are filled by Eval and valid until the next Eval; slices alias the model.
type Outputs struct {
	// InOK[i] (in_ok_o[i]) is true when offer i of this cycle (Offer
	// order) was admitted; only the first NIn entries are meaningful.
	InOK []bool
	NIn  int
	// EgValid bit p (eg_valid_o[p]): port p sent a cell this cycle, of
	// queue EgQid[p] with data tag EgTag[p] (Tag: packet serial and cell
	// index), which is what the cell-data memory returned for it.
	EgValid uint32
	EgQid   []int32
	EgTag   []uint64
	// HDValid (hd_valid_o): a head drop unlinked a packet of HDCells cells
	// from queue HDQid this cycle (its cells are freed from now on).
	HDValid bool
	HDQid   int
	HDCells int
}

// Tag is the content the model writes in cell i of the packet with the
// given serial (serials count admissions from 1), and what egress reports.
func Tag(serial uint32, i int) uint64 { return tag(serial, i) }

// Outputs returns this cycle's outputs (after Eval or Step). The pointer
// stays valid; later cycles update the same struct.
func (m *TM) Outputs() *Outputs { return &m.obs.out }

// initOutputs sizes the output view once, at New.
func (m *TM) initOutputs() {
	m.obs.out.InOK = m.u.adm.InOkO
	m.obs.out.EgQid = m.u.eg.EgQidO
	m.obs.out.EgTag = m.u.eg.EgTagO
}

// clearOutputs starts a cycle's outputs: nothing admitted, sent or dropped.
func (m *TM) clearOutputs() {
	m.obs.out.NIn, m.obs.out.EgValid, m.obs.out.HDValid = 0, 0, false
}
