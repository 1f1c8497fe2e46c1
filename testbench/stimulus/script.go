package stimulus

// Script is a finite list of cycles (a directed sequence): rst_ni and a function writing the
// other inputs (which start from zero each cycle).
type Script struct {
	Rst  Field // rst_ni
	rows []scriptRow
	i    int
}

type scriptRow struct {
	rstN uint64
	put  func(in []uint32)
}

// Add appends a cycle: rst_ni and the function writing the other inputs.
func (d *Script) Add(rstN uint64, put func([]uint32)) {
	d.rows = append(d.rows, scriptRow{rstN: rstN, put: put})
}

// Done implements Finite.
func (d *Script) Done() bool { return d.i >= len(d.rows) }

// Next implements Source.
func (d *Script) Next(_ uint64, in []uint32) {
	for k := range in {
		in[k] = 0
	}
	row := d.rows[min(d.i, len(d.rows)-1)]
	d.i++
	row.put(in)
	d.Rst.Put(in, row.rstN)
}
