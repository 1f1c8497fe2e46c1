package synth

import (
	_ "embed"
	"fmt"
	_ "occamy/testbench/blocks/arbiter"
	_ "occamy/testbench/blocks/maxfind"
	_ "occamy/testbench/blocks/selector"
	_ "occamy/testbench/blocks/threshold"
	"strconv"
	"strings"

	"occamy/testbench/blocks"
)

// Size holds the sizes a block may take; each block uses only some of them
// (Block.Uses).
type Size struct {
	N  int // queues / requesters (not used by the threshold unit)
	QW int // width of a queue length, threshold, free count
}

// DefaultSize is the paper's 64 queues at QW=16.
var DefaultSize = Size{N: 64, QW: 16}

// Param is one Verilog parameter set with `hierarchy -chparam`.
type Param struct {
	Name  string
	Value int
}

// Block is one design `occamy synth` can cost: a block face (testbench/blocks)
// (its module, sources and parameter rules) at the sizes it takes.
type Block struct {
	Name    string   // command-line name, e.g. "selector"
	Module  string   // Verilog top, e.g. "hd_selector"
	Summary string   // one line for tables and help
	Uses    string   // the Size fields it uses, e.g. "N,QW"
	Files   []string // project sources under verilog/, read in this order
	Extra   string   // a wrapper source of this package, "" if none
	reg     string   // the registry block whose parameters it takes
}

//go:embed occamy_sel_arb.sv
var selArbSource string

// SelArbFile is the file name the selector+arbiter wrapper is written to.
const SelArbFile = "occamy_sel_arb.sv"

// ExtraSource returns the source of a wrapper named in Block.Extra.
func ExtraSource(name string) (string, bool) {
	if name == SelArbFile {
		return selArbSource, true
	}
	return "", false
}

// costed are the registry blocks `occamy synth` costs, with the Size
// fields each takes; selector+arbiter is the selector's parameters on the
// flattened wrapper of this package.
var costed = []struct{ name, reg, uses, summary string }{
	{"threshold", "threshold", "QW", "DT threshold unit, C=8 classes, AW=4 (combinational)"},
	{"selector", "selector", "N,QW", ""},
	{"arbiter", "arbiter", "N", ""},
	{"selector+arbiter", "selector", "N,QW", "selector whose registered bitmap drives the arbiter, flattened"},
	{"maxfind", "maxfind", "N,QW", "longest-queue maximum finder (Pushout's Difficulty 3, occamy-lqd), combinational"},
}

// headers are the project's shared headers relative to verilog/
// (blocks.Headers): the modules include them, so every job copies them
// beside its sources and hashes them with its sources.
var headers = func() []string {
	var hs []string
	for _, h := range blocks.Headers {
		f, ok := strings.CutPrefix(h, "verilog/")
		if !ok {
			panic("synth: header " + h + " is outside verilog/")
		}
		hs = append(hs, f)
	}
	return hs
}()

var costedBlocks = func() []Block {
	var bs []Block
	for _, c := range costed {
		r, err := blocks.Lookup(c.reg)
		if err != nil {
			panic("synth: " + err.Error())
		}
		b := Block{Name: c.name, Module: r.Module, Summary: c.summary, Uses: c.uses, reg: c.reg}
		if b.Summary == "" {
			b.Summary = r.Summary
		}
		for _, f := range r.Sources {
			b.Files = append(b.Files, strings.TrimPrefix(f, "verilog/"))
		}
		if c.name == "selector+arbiter" {
			b.Module, b.Extra = "occamy_sel_arb", SelArbFile
			arb, _ := blocks.Lookup("arbiter")
			b.Files = append(b.Files, strings.TrimPrefix(arb.Sources[0], "verilog/"))
		}
		bs = append(bs, b)
	}
	return bs
}()

// params resolves the registry block's parameters at the size, with its
// rules (the same *rtl.ParamError the Verilog's elaboration check states).
func (b Block) params(s Size) ([]Param, error) {
	r, err := blocks.Lookup(b.reg)
	if err != nil {
		return nil, err
	}
	given := map[string]int{}
	for _, f := range strings.Split(b.Uses, ",") {
		given[f] = map[string]int{"N": s.N, "QW": s.QW}[f]
	}
	p, err := r.Resolve(given)
	if err != nil {
		return nil, err
	}
	ps := make([]Param, len(r.Params))
	for i, q := range r.Params {
		ps[i] = Param{q.Name, p[q.Name]}
	}
	return ps, nil
}

// Blocks returns every block `occamy synth` knows, in report order.
func Blocks() []Block { return append([]Block(nil), costedBlocks...) }

// BlockNames returns the known block names, in report order.
func BlockNames() []string {
	names := make([]string, len(costedBlocks))
	for i, b := range costedBlocks {
		names[i] = b.Name
	}
	return names
}

// UnknownBlockError is a block name that is not one of BlockNames.
type UnknownBlockError struct{ Name string }

// Error implements error.
func (e *UnknownBlockError) Error() string {
	return fmt.Sprintf("unknown block %q; known blocks: %s", e.Name, strings.Join(append(BlockNames(), TMBlock), ", "))
}

// Lookup finds a block by its name or by its Verilog module name.
func Lookup(name string) (Block, error) {
	for _, b := range costedBlocks {
		if name == b.Name || name == b.Module {
			return b, nil
		}
	}
	return Block{}, &UnknownBlockError{Name: name}
}

// Takes reports whether the block uses the Size field named field ("N",
// "QW").
func (b Block) Takes(field string) bool {
	return strings.Contains(","+b.Uses+",", ","+field+",")
}

// Job is one Yosys run: a block at validated parameters.
type Job struct {
	Block  Block
	Size   Size    // the size asked for; fields the block does not use are zero
	Params []Param // the -chparam list
}

// NewJob validates s for block b (with the golden model's parameter checks,
// so the error is the same *rtl.ParamError the Verilog's elaboration check
// describes) and returns the job. Fields of s the block does not use are
// cleared.
func NewJob(b Block, s Size) (Job, error) {
	if b.reg == "" {
		return Job{}, &UnknownBlockError{Name: b.Name}
	}
	if !b.Takes("N") {
		s.N = 0
	}
	if !b.Takes("QW") {
		s.QW = 0
	}
	ps, err := b.params(s)
	if err != nil {
		return Job{}, err
	}
	return Job{Block: b, Size: s, Params: ps}, nil
}

// ParamString is the parameter list as "N=64,QW=16".
func (j Job) ParamString() string {
	parts := make([]string, len(j.Params))
	for i, p := range j.Params {
		parts[i] = p.Name + "=" + strconv.Itoa(p.Value)
	}
	return strings.Join(parts, ",")
}

// Key identifies the job's design: two jobs with equal keys give the same
// netlist, so a Runner synthesises it once.
func (j Job) Key() string { return j.Block.Module + "(" + j.ParamString() + ")" }

// Script is the Yosys script for the job, reading the files by the names
// given (relative to Yosys's working directory) and writing stat's output
// to statFile and ltp's to ltpFile.
func (j Job) Script(files []string, statFile, ltpFile string) string {
	var b strings.Builder
	b.WriteString("read_verilog -defer -sv -DSYNTHESIS")
	for _, f := range files {
		b.WriteString(" " + f)
	}
	b.WriteString("\nhierarchy -top " + j.Block.Module)
	for _, p := range j.Params {
		fmt.Fprintf(&b, " -chparam %s %d", p.Name, p.Value)
	}
	fmt.Fprintf(&b, "\nsynth -top %s -flatten -lut 6\n", j.Block.Module)
	fmt.Fprintf(&b, "tee -q -o %s stat\n", statFile)
	fmt.Fprintf(&b, "tee -q -o %s ltp -noff\n", ltpFile)
	return b.String()
}

// FlowSummary is the flow of every job, for reports.
const FlowSummary = "read_verilog -defer -sv -DSYNTHESIS <files>; hierarchy -top X -chparam ...; " +
	"synth -top X -flatten -lut 6; stat; ltp -noff"
