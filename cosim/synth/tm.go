package synth

import (
	"fmt"
	_ "occamy/testbench/blocks/tm"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"occamy/testbench/blocks"
)

// TMBlock is the name `occamy synth --block` takes for the traffic manager.
// Its cost is not one flat run: see TMJob.
const TMBlock = "tm"

// The registry blocks the TM flow reads: the traffic manager (its module,
// its sources, its Verilog parameters and their rules) and the memory its
// sources instantiate (the module that becomes a black box).
const (
	tmReg  = "tm"
	memReg = "sram"
)

// TMParamError is a parameter the TM's synthesis does not take: not one of
// the TM's Verilog parameters, or one of its run-time inputs.
type TMParamError struct {
	Param   string
	RunTime bool     // a run-time input (cfg_*_i) of the TM's cosim block
	Known   []string // the Verilog parameters synth takes
}

// Error implements error.
func (e *TMParamError) Error() string {
	if e.RunTime {
		return fmt.Sprintf("tm: %s is a run-time input (cfg_*_i), not a Verilog parameter; synth takes %s",
			e.Param, strings.Join(e.Known, ", "))
	}
	return fmt.Sprintf("tm: no Verilog parameter %s; synth takes %s", e.Param, strings.Join(e.Known, ", "))
}

// TMJob is the traffic manager's hardware cost at validated Verilog
// parameters, with every instance of the memory module (sram_mp) a black
// box. Its runs (Runner.RunTM) are: one elaboration that dumps the
// hierarchy and the memories' parameters, then one flattened synthesis per
// distinct sub-module of that hierarchy on its own at the parameters the
// TM gives it, and one of the top with its sub-modules as black boxes (the
// top's own logic). Before `ltp -noff` the black-box cells are deleted, so
// a memory's read data starts a path and its address and write data end
// one, as a registered SRAM's do.
type TMJob struct {
	Module    string   // the top, occamy_tm
	Params    []Param  // every Verilog parameter of the TM, in the registry's order
	Files     []string // the TM's sources under verilog/ in the registry's order, without MemFile
	MemModule string   // the memory module, sram_mp
	MemFile   string   // its source under verilog/, read for its ports only
}

// TMParamNames lists the Verilog parameters the TM's synthesis takes.
func TMParamNames() []string {
	r := mustReg(tmReg)
	names := make([]string, len(r.Params))
	for i, p := range r.Params {
		names[i] = p.Name
	}
	return names
}

// TMSmall is the TM registry block's small parameter set (its Verilog
// parameters only): a size Yosys synthesises in about a minute.
func TMSmall() map[string]int {
	r := mustReg(tmReg)
	return r.Verilog(r.SmallParams())
}

func mustReg(name string) *blocks.Block {
	r, err := blocks.Lookup(name)
	if err != nil {
		panic("synth: " + err.Error())
	}
	return r
}

// NewTMJob resolves the given Verilog parameters of the TM (the rest at
// their defaults) with the registry's rules, so a size out of range fails
// with the *rtl.ParamError the Verilog's elaboration check states. A name
// that is not a Verilog parameter is a *TMParamError.
func NewTMJob(given map[string]int) (TMJob, error) {
	r := mustReg(tmReg)
	known := TMParamNames()
	run := map[string]bool{}
	for _, p := range r.Run {
		run[p.Name] = true
	}
	names := make([]string, 0, len(given))
	for k := range given {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, k := range names {
		if !slices.Contains(known, k) {
			return TMJob{}, &TMParamError{Param: k, RunTime: run[k], Known: known}
		}
	}
	p, err := r.Resolve(given)
	if err != nil {
		return TMJob{}, err
	}
	mem := mustReg(memReg)
	if len(mem.Sources) != 1 {
		return TMJob{}, fmt.Errorf("synth: the memory block %s has %d sources, want 1", mem.Name, len(mem.Sources))
	}
	j := TMJob{Module: r.Module, MemModule: mem.Module, MemFile: strings.TrimPrefix(mem.Sources[0], "verilog/")}
	for _, q := range r.Params {
		j.Params = append(j.Params, Param{q.Name, p[q.Name]})
	}
	for _, f := range r.Sources {
		if f = strings.TrimPrefix(f, "verilog/"); f != j.MemFile {
			j.Files = append(j.Files, f)
		}
	}
	return j, nil
}

// ParamString is the parameter list as "P=8,Q=8,...".
func (j TMJob) ParamString() string { return paramString(j.Params) }

func paramString(ps []Param) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = p.Name + "=" + strconv.Itoa(p.Value)
	}
	return strings.Join(parts, ",")
}

// Param returns the value of the named parameter, 0 when the job has none.
func (j TMJob) Param(name string) int { return paramValue(Job{Params: j.Params}, name) }

// StubFile is the file the memory's black box is written to.
func (j TMJob) StubFile() string { return strings.TrimSuffix(j.MemFile, ".sv") + "_blackbox.sv" }

// MemoryStub returns module's header in src (its parameters and ports,
// through the first line that starts with ");") and an endmodule: the
// black box Yosys reads with -lib. It fails when src has no such header.
func MemoryStub(src, module string) (string, error) {
	head := regexp.MustCompile(`(?m)^module\s+` + regexp.QuoteMeta(module) + `\b`)
	loc := head.FindStringIndex(src)
	if loc == nil {
		return "", fmt.Errorf("synth: no \"module %s\" in its source", module)
	}
	rest := src[loc[0]:]
	end := regexp.MustCompile(`(?m)^\);`).FindStringIndex(rest)
	if end == nil {
		return "", fmt.Errorf("synth: module %s's port list has no closing \");\" at the start of a line", module)
	}
	return "// Black box of " + module + ": its parameters and ports, no body (generated by occamy synth).\n" +
		rest[:end[1]] + "\nendmodule\n", nil
}

// elaborate is the script prefix every TM run shares: the memory as a
// black box, the TM's sources, the hierarchy at the job's parameters.
func (j TMJob) elaborate() string {
	var b strings.Builder
	b.WriteString("read_verilog -defer -sv -DSYNTHESIS -lib " + j.StubFile() + "\n")
	b.WriteString("read_verilog -defer -sv -DSYNTHESIS " + strings.Join(j.Files, " ") + "\n")
	b.WriteString("hierarchy -top " + j.Module)
	for _, p := range j.Params {
		fmt.Fprintf(&b, " -chparam %s %d", p.Name, p.Value)
	}
	b.WriteString("\n")
	return b.String()
}

// HierScript dumps, after elaboration, every cell that instantiates a
// module (with the modules' parameters and input ports, so each module is
// listed) into hierFile.
func (j TMJob) HierScript(hierFile string) string {
	return j.elaborate() + "tee -q -o " + hierFile + " dump =* %C =*/i:* %u\n"
}

// PartScript synthesises the elaborated module (a derived name from the
// hierarchy dump) on its own, flattened; top says whether it is the TM's
// top, whose sub-modules then become black boxes. The black-box cells are
// deleted before stat and ltp.
func (j TMJob) PartScript(module string, top bool, statFile, ltpFile string) string {
	var b strings.Builder
	b.WriteString(j.elaborate())
	if top {
		b.WriteString("blackbox * " + j.Module + " %d\n")
	} else {
		b.WriteString("hierarchy -top " + module + "\n")
	}
	b.WriteString(mapAndMeasure(module, statFile, ltpFile))
	return b.String()
}

// mapAndMeasure maps module flattened to LUT6, deletes the black-box
// cells (so a memory's ports start and end paths) and writes stat and ltp
// to statFile and ltpFile: the tail of PartScript and FlatScript.
func mapAndMeasure(module, statFile, ltpFile string) string {
	return fmt.Sprintf("synth -top %s -flatten -lut 6\n", module) +
		"select -clear\ndelete =A:blackbox %C\n" +
		fmt.Sprintf("tee -q -o %s stat\n", statFile) +
		fmt.Sprintf("tee -q -o %s ltp -noff\n", ltpFile)
}

// TMFlowSummary is the TM flow, for reports.
const TMFlowSummary = "read_verilog -defer -sv -DSYNTHESIS -lib <sram_mp black box>; read_verilog -defer -sv -DSYNTHESIS <files>; " +
	"hierarchy -top occamy_tm -chparam ...; then per sub-module: hierarchy -top <it>; synth -top <it> -flatten -lut 6; " +
	"delete =A:blackbox %C; stat; ltp -noff (the top: blackbox its sub-modules instead)"
