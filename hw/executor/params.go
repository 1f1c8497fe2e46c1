package executor

import (
	"fmt"

	"occamy/rtl"
)

// Block is the Verilog module name, used in errors and vector files.
const Block = "hd_executor"

// Parameter ranges accepted by New.
const (
	MinN, MaxN   = 1, rtl.MaxBitmap
	MinQW, MaxQW = 1, 32
	MinB, MaxB   = 1, 65536
	MinP, MaxP   = 1, 65536
)

// Params are the elaboration parameters of hd_executor.
type Params struct {
	N  int // number of queues, 1..256
	QW int // width of a queue length in cells, 1..32; must hold B (see Validate)
	B  int // buffer cells, 1..65536
	P  int // packet descriptors, 1..65536; 0 means "same as B", the Verilog default P = B
}

// DefaultParams returns the defaults: N=64, QW=16, B=16384, P=B.
func DefaultParams() Params { return Params{N: 64, QW: 16, B: 16384, P: 16384} }

// Resolved returns p with P=0 replaced by B.
func (p Params) Resolved() Params {
	if p.P == 0 {
		p.P = p.B
	}
	return p
}

// Validate returns a *rtl.ParamError for the first parameter out of range,
// checking N, QW, B, P in that order (after P=0 became B), and then that a
// queue length can hold the whole buffer: B <= 2^QW - 1, that is
// QW >= clog2(B+1). A queue length is never saturated, because a drop
// subtracts the packet's cell count from it and a clipped length would stay
// wrong forever; an elaboration error is the only honest answer.
func (p Params) Validate() error {
	p = p.Resolved()
	if err := rtl.CheckRange(Block, "N", p.N, MinN, MaxN); err != nil {
		return err
	}
	if err := rtl.CheckRange(Block, "QW", p.QW, MinQW, MaxQW); err != nil {
		return err
	}
	if err := rtl.CheckRange(Block, "B", p.B, MinB, MaxB); err != nil {
		return err
	}
	if err := rtl.CheckRange(Block, "P", p.P, MinP, MaxP); err != nil {
		return err
	}
	if fw := rtl.Clog2(p.B + 1); p.QW < fw {
		return &rtl.ParamError{Block: Block, Param: "QW", Value: int64(p.QW), Min: int64(fw), Max: MaxQW,
			Note: fmt.Sprintf("a queue length must hold B=%d cells", p.B)}
	}
	return nil
}

// Widths are the derived widths of hd_executor's ports and registers, the
// Verilog localparams.
type Widths struct {
	IW int // queue index: IdxWidth(N)
	CW int // cell index: IdxWidth(B)
	PW int // PD index: IdxWidth(P)
	FW int // cell count (free_o, drop_cells_o, a PD's count): clog2(B+1)
	KW int // packet count (per queue, free PDs): clog2(P+1)
}

// Widths returns the derived widths of valid (resolved) parameters.
func (p Params) Widths() Widths {
	p = p.Resolved()
	return Widths{
		IW: rtl.IdxWidth(p.N),
		CW: rtl.IdxWidth(p.B),
		PW: rtl.IdxWidth(p.P),
		FW: rtl.Clog2(p.B + 1),
		KW: rtl.Clog2(p.P + 1),
	}
}
