package tm

// flow is a minimal constant-rate arrival process for the tests in this
// package: packets of Cells cells to Queue at Rate cells per cycle
// (fixed-point credit, no randomness), from cycle Start for Total cells
// (0 = forever).
type flow struct {
	Queue, Cells int
	Rate         float64
	Start        uint64
	Total        int

	credit float64
	sent   int
}

// offer offers this cycle's packets of every flow to m.
func offer(m *TM, flows []*flow) {
	c := m.Cycle()
	for _, f := range flows {
		if c < f.Start || f.Total > 0 && f.sent >= f.Total {
			continue
		}
		f.credit += f.Rate
		for f.credit >= float64(f.Cells) && (f.Total == 0 || f.sent < f.Total) {
			f.credit -= float64(f.Cells)
			f.sent += f.Cells
			m.Offer(Arrival{Queue: f.Queue, Cells: f.Cells})
		}
	}
}
