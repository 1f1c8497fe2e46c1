package registry

import (
	"occamy/cosim"
	"occamy/hw/executor"
	"occamy/rtl"
	"occamy/rtl/pack"
	"occamy/testbench/stimulus"
)

var executorParams = binding[executor.Params]{
	def: executor.DefaultParams(), names: []string{"N", "QW", "B", "P"},
	fields:   func(p *executor.Params) []*int { return []*int{&p.N, &p.QW, &p.B, &p.P} },
	validate: validateExecutor,
}

// validateExecutor is the model's Validate without its P=0 shorthand for
// P=B, which the Verilog does not have (the registry fills P=B itself when
// P is not given).
func validateExecutor(p executor.Params) error {
	if err := p.Validate(); err != nil {
		return err
	}
	return rtl.CheckRange(executor.Block, "P", p.P, executor.MinP, executor.MaxP)
}

// pFollowsB gives P the value of B when P is not given (the Verilog
// default P = B), for the executor and the top. An explicit P=0 is out of
// range, as the Verilog's check says.
func pFollowsB(given, p map[string]int) {
	if _, ok := given["P"]; !ok {
		p["P"] = p["B"]
	}
}

// Executor coverpoints.
const (
	exeFreeEmpty = iota
	exeFreeRefill
	exePdEmpty
	exePdOutCellsLeft
	exeOneQueueAllPds
	exeEopDropSame
	exeDropEmpty
	exeDropRange
	exeEnqStall
	exeResetBusy
)

// naPB says a corner needs P < B.
func naPB(p map[string]int) string {
	if p["P"] >= p["B"] {
		return "needs P < B"
	}
	return ""
}

// naPow2 says a corner needs an N that is not a power of two.
func naPow2(p map[string]int) string {
	if n := p["N"]; n&(n-1) == 0 {
		return "N is a power of two: every index is a queue"
	}
	return ""
}

var executorCover = []Coverpoint{
	{Name: "free_cells_empty", Desc: "the free cell list is empty"},
	{Name: "free_cells_refill", Desc: "the free cell list gets a cell back after running empty"},
	{Name: "free_pds_empty", Desc: "the free PD list is empty"},
	{Name: "pds_out_cells_left", Desc: "no free PD while free cells remain", NA: naPB},
	{Name: "one_queue_all_pds", Desc: "one queue holds every PD", NA: func(p map[string]int) string {
		if p["P"] > p["B"] {
			return "needs P <= B: P single-cell packets need P cells"
		}
		return ""
	}},
	{Name: "eop_drop_same_queue", Desc: "an eop and a drop on the same queue in one cycle"},
	{Name: "drop_empty_queue", Desc: "a drop request to an empty queue"},
	{Name: "drop_out_of_range", Desc: "a drop request to an index at or above N", NA: naPow2},
	{Name: "enq_stall", Desc: "a cell offered while enq_ready_o is low"},
	{Name: "reset_busy", Desc: "reset while cells are held"},
}

func init() {
	register(&Block{
		Name: "executor", Module: executor.Block, Doc: "docs/executor.md",
		Summary:     "head-drop executor with its register-file cell and PD store",
		Sources:     []string{"verilog/hd_executor.sv"},
		Params:      executorParams.params(),
		Small:       map[string]int{"N": 7, "QW": 5, "B": 20, "P": 9},
		Coverpoints: executorCover,
		Validate:    executorParams.check,
		derive:      pFollowsB,
		Ports: func(p map[string]int) []cosim.Port {
			iw, fw := rtl.IdxWidth(p["N"]), rtl.Clog2(p["B"]+1)
			return append(clockReset(),
				port("enq_valid_i", cosim.In, 1), port("enq_qid_i", cosim.In, iw), port("enq_eop_i", cosim.In, 1),
				port("enq_ready_o", cosim.Out, 1),
				port("drop_valid_i", cosim.In, 1), port("drop_qid_i", cosim.In, iw),
				port("drop_ack_o", cosim.Out, 1), port("drop_cells_o", cosim.Out, fw),
				port("qlen_o", cosim.Out, p["N"]*p["QW"]), port("free_o", cosim.Out, fw))
		},
		Elem: func(p map[string]int, name string) int {
			if name == "qlen_o" {
				return p["QW"]
			}
			return 0
		},
		Build: func(m map[string]int, l *cosim.Layout, seed int64) (Sides, error) {
			p := executorParams.decode(m)
			g, err := newExecutorGold(p, l)
			if err != nil {
				return Sides{}, err
			}
			src, err := stimulus.Executor(p, l, seed, g.e)
			if err != nil {
				return Sides{}, err
			}
			dir, err := stimulus.ExecutorDirected(p, l, g.e)
			return Sides{Golden: g, Random: src, Directed: dir, Hits: g.hits, Signals: g.e.Signals(), OnEval: &g.onEval}, err
		},
	})
}

// executorGold wraps hw/executor.
type executorGold struct {
	e                             *executor.Executor
	rst, ev, eq, eop, dv, dq      int
	ready, ack, cells, qlen, free int
	qWords                        int
	hits                          []uint64
	wasEmpty                      bool
	onEval                        func()
}

func newExecutorGold(p executor.Params, l *cosim.Layout) (*executorGold, error) {
	e, err := executor.New(p)
	if err != nil {
		return nil, err
	}
	s := slot{l}
	return &executorGold{e: e,
		rst: s.in("rst_ni"), ev: s.in("enq_valid_i"), eq: s.in("enq_qid_i"), eop: s.in("enq_eop_i"),
		dv: s.in("drop_valid_i"), dq: s.in("drop_qid_i"),
		ready: s.out("enq_ready_o"), ack: s.out("drop_ack_o"), cells: s.out("drop_cells_o"),
		qlen: s.out("qlen_o"), free: s.out("free_o"), qWords: cosim.WordsFor(e.P.N * e.P.QW),
		hits: make([]uint64, len(executorCover))}, nil
}

// Step implements Golden.
func (g *executorGold) Step(in, out []uint32) {
	e := g.e
	e.RstNI = bit(in[g.rst])
	e.EnqValidI, e.EnqQidI, e.EnqEopI = bit(in[g.ev]), uint16(in[g.eq]), bit(in[g.eop])
	e.DropValidI, e.DropQidI = bit(in[g.dv]), uint16(in[g.dq])
	e.Eval()
	g.cover()
	if g.onEval != nil {
		g.onEval()
	}
	out[g.ready] = b2w(e.EnqReadyO)
	out[g.ack] = b2w(e.DropAckO)
	out[g.cells] = e.DropCellsO
	pack.Pack(out[g.qlen:g.qlen+g.qWords], e.QlenQ(), e.P.N, e.P.QW)
	out[g.free] = e.FreeO()
	eop := e.RstNI && e.EnqValidI && e.EnqEopI && e.EnqReadyO && int(e.EnqQidI) < e.P.N
	e.Commit()
	hit(g.hits, exeOneQueueAllPds, eop && e.PdFree() == 0 && e.Pkts(int(e.EnqQidI)) == uint32(e.P.P))
}

// cover counts the coverpoints visible before the edge.
func (g *executorGold) cover() {
	e, h := g.e, g.hits
	if !e.RstNI {
		hit(h, exeResetBusy, e.FreeO() < uint32(e.P.B))
		g.wasEmpty = false
		return
	}
	free, pds := e.FreeO(), e.PdFree()
	hit(h, exeFreeEmpty, free == 0)
	hit(h, exeFreeRefill, g.wasEmpty && free > 0)
	g.wasEmpty = free == 0 || g.wasEmpty && free == 0
	hit(h, exePdEmpty, pds == 0)
	hit(h, exePdOutCellsLeft, pds == 0 && free > 0)
	hit(h, exeEnqStall, e.EnqValidI && !e.EnqReadyO)
	hit(h, exeEopDropSame, e.EnqValidI && e.EnqEopI && e.EnqReadyO && e.DropAckO && e.DropQidI == e.EnqQidI)
	if e.DropValidI {
		q := int(e.DropQidI)
		hit(h, exeDropRange, q >= e.P.N)
		hit(h, exeDropEmpty, q < e.P.N && e.Pkts(q) == 0)
	}
}
