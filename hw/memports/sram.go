// Package memports wraps the port-budgeted memories of hw/mem in port-level,
// two-phase models (Eval, Commit) whose ports are those of the Verilog
// modules verilog/sram_mp.sv, verilog/free_list.sv and verilog/pd_lists.sv,
// so that the Icarus testbenches replay tables generated from the same
// behaviour the traffic manager uses. All behaviour (read latency,
// read-before-write, free-list banks, PD-list forwarding) comes from hw/mem;
// this package only adds the registers the hardware needs to hold read data
// until it is usable and maps Go values to port bits.
package memports

import (
	"fmt"

	"occamy/hw/mem"
	"occamy/rtl"
)

// SRAMBlock is the Verilog module name of SRAM.
const SRAMBlock = "sram_mp"

// SRAMParams are sram_mp's parameters.
type SRAMParams struct {
	Depth int // words, 1..2^24
	Width int // bits per word, 1..64
	RP    int // read ports, 1..64
	WP    int // write ports, 1..64
	Lat   int // read latency, 1..16
}

// Validate returns a *rtl.ParamError naming the first parameter out of range.
func (p SRAMParams) Validate() error {
	checks := []struct {
		name      string
		v, lo, hi int
	}{
		{"DEPTH", p.Depth, 1, mem.MaxEntries},
		{"WIDTH", p.Width, 1, 64},
		{"RP", p.RP, 1, mem.MaxPorts},
		{"WP", p.WP, 1, mem.MaxPorts},
		{"LAT", p.Lat, 1, mem.MaxLatency},
	}
	for _, c := range checks {
		if err := rtl.CheckRange(SRAMBlock, c.name, c.v, c.lo, c.hi); err != nil {
			return err
		}
	}
	return nil
}

// AW is the address width, max(1, clog2(Depth)).
func (p SRAMParams) AW() int { return rtl.IdxWidth(p.Depth) }

// SRAM is the port-level model of sram_mp over a mem.Memory[uint64].
//
// Timing is mem.Memory's: a read issued in cycle c samples the array before
// the writes of c land and shows on RdValidO/RdDataO in cycle c+Lat; RdDataO
// is 0 for a port whose RdValidO is 0. A cycle with RstNI low clears the
// read pipeline and drops its reads and writes; the array keeps its words
// (zero at New, like a testbench that zeroes the Verilog array at time 0).
// Two writes of one address in one cycle are a usage error in Verilog
// (asserted); here mem.Memory applies them in port order.
type SRAM struct {
	P   SRAMParams
	Mem *mem.Memory[uint64]

	// Inputs.
	RstNI   bool
	RdEnI   []bool
	RdAddrI []uint32
	WrEnI   []bool
	WrAddrI []uint32
	WrDataI []uint64

	// Outputs (registered).
	RdValidO []bool
	RdDataO  []uint64

	// Read pipeline: stage s holds the reads issued s+1 cycles ago; the last
	// stage drives the outputs. Flattened: port p of stage s at s*RP+p.
	vld []bool
	dat []uint64

	err error
}

// NewSRAM validates p and returns an SRAM of zero words, out of reset.
func NewSRAM(p SRAMParams) (*SRAM, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	m, err := mem.New[uint64](mem.Params{Name: SRAMBlock, Entries: p.Depth, ReadPorts: p.RP, WritePorts: p.WP, ReadLatency: p.Lat})
	if err != nil {
		return nil, err
	}
	s := &SRAM{
		P: p, Mem: m,
		RdEnI: make([]bool, p.RP), RdAddrI: make([]uint32, p.RP),
		WrEnI: make([]bool, p.WP), WrAddrI: make([]uint32, p.WP), WrDataI: make([]uint64, p.WP),
		RdValidO: make([]bool, p.RP), RdDataO: make([]uint64, p.RP),
		vld: make([]bool, p.Lat*p.RP), dat: make([]uint64, p.Lat*p.RP),
	}
	s.Eval()
	return s, nil
}

// Eval drives the outputs from the last pipeline stage.
func (s *SRAM) Eval() {
	last := (s.P.Lat - 1) * s.P.RP
	copy(s.RdValidO, s.vld[last:])
	copy(s.RdDataO, s.dat[last:])
}

// Commit is the rising edge: reads sample the array through mem.Memory
// (before its writes land), the pipeline shifts, writes land.
func (s *SRAM) Commit() {
	rp := s.P.RP
	if !s.RstNI {
		clear(s.vld)
		clear(s.dat)
		s.Mem.Commit()
		s.Eval()
		return
	}
	copy(s.vld[rp:], s.vld[:len(s.vld)-rp])
	copy(s.dat[rp:], s.dat[:len(s.dat)-rp])
	mask := uint64(1)<<s.P.Width - 1
	if s.P.Width == 64 {
		mask = ^uint64(0)
	}
	for p := 0; p < rp; p++ {
		s.vld[p], s.dat[p] = false, 0
		if s.RdEnI[p] {
			s.vld[p] = true
			s.dat[p] = s.Mem.Read(int(s.RdAddrI[p]))
		}
	}
	for p := 0; p < s.P.WP; p++ {
		if !s.WrEnI[p] {
			continue
		}
		for o := 0; o < p; o++ {
			if s.WrEnI[o] && s.WrAddrI[o] == s.WrAddrI[p] && s.err == nil {
				s.err = fmt.Errorf("%s: cycle %d: write ports %d and %d both write address %d", SRAMBlock, s.Mem.Cycle(), o, p, s.WrAddrI[p])
			}
		}
		s.Mem.Write(int(s.WrAddrI[p]), s.WrDataI[p]&mask)
	}
	if s.err == nil && s.Mem.Err() != nil {
		s.err = s.Mem.Err()
	}
	s.Mem.Commit()
	s.Eval()
}

// Err returns the first usage error (address out of range, two writes of
// one address in a cycle): what the Verilog asserts.
func (s *SRAM) Err() error { return s.err }

// Signals lists sram_mp's ports in the order of the vector table, packed as
// in Verilog (entry p at [p*W +: W]).
func (s *SRAM) Signals() []rtl.Signal {
	aw, w := s.P.AW(), s.P.Width
	return []rtl.Signal{
		rtl.Flag("rst_ni", func() bool { return s.RstNI }),
		packBools("rd_en_i", s.RdEnI),
		packU32("rd_addr_i", s.RdAddrI, aw),
		packBools("wr_en_i", s.WrEnI),
		packU32("wr_addr_i", s.WrAddrI, aw),
		packU64("wr_data_i", s.WrDataI, w),
		packBools("rd_valid_o", s.RdValidO),
		packU64("rd_data_o", s.RdDataO, w),
	}
}
