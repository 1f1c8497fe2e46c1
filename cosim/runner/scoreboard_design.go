package runner

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"occamy/cosim"
	hw "occamy/hw/tm"
	"occamy/testbench/blocks"
	tmface "occamy/testbench/blocks/tm"
	"occamy/testbench/design"
)

// scoreDUT is the design a scoreboard run checks.
type scoreDUT struct {
	sim     cosim.Simulator
	m       *design.File // the map: the user's, or occamy_tm's own
	top     string
	files   []string
	design  *cosim.Design
	sess    *session // occamy_tm (its contract and --replace checks), nil for a user's TM
	sub     *blocks.Sub
	params  map[string]int // the TM face's parameters: traffic, configuration, hw/tm
	cfg     hw.Config
	cfgText string
}

// scoreDesign resolves what a scoreboard run checks: a user's TM through
// its map (f with a tm: section), or occamy_tm through its own.
func scoreDesign(ctx context.Context, opt Options, f *design.File) (*scoreDUT, error) {
	sim, err := simulator(opt.Sim)
	if err != nil {
		return nil, err
	}
	if err := refusal(sim.Caps(), opt); err != nil {
		return nil, err
	}
	if opt.Cycles <= 0 {
		opt.Cycles = sim.Caps().DefaultCycles
	}
	if f == nil || f.TM == nil {
		return ownDUT(opt, sim)
	}
	return userDUT(opt, sim, f)
}

// ownDUT is occamy_tm (a copy of it in opt.RTL, or occamy_tm with a
// replaced sub-module when opt says so) through the map its face gives.
func ownDUT(opt Options, sim cosim.Simulator) (*scoreDUT, error) {
	if opt.Block == "" {
		opt.Block = "tm"
	}
	b, _, err := lookupReplace(opt.Block, opt.Replace)
	if err != nil {
		return nil, err
	}
	if b.Name != "tm" {
		return nil, setupf("the scoreboard checks a traffic manager: --block tm or executor, not %s", opt.Block)
	}
	opt.Params = classesByDefault(opt.Params)
	s, err := prepare(opt)
	if err != nil {
		return nil, err
	}
	if s.user && s.sub == nil && s.top != b.Module {
		return nil, fieldf("RTL", "%s is not occamy_tm: a traffic manager of your own needs its map, --map FILE with a tm: section (docs/scoreboard.md); --replace SUB puts your sub-module in occamy_tm", s.top)
	}
	if s.p["RECONF"] != 0 {
		return nil, setupf("RECONF=%d: the scoreboard holds the configuration from reset; give RECONF=0", s.p["RECONF"])
	}
	m, err := tmface.ScoreMap(s.p)
	if err != nil {
		return nil, &SetupError{Msg: "occamy_tm's map", Err: err}
	}
	if s.sub != nil && s.sub.Name == "executor" {
		// How long a head drop's cells stay off the free count is the
		// executor's timing (tm_hd_exec frees them from the cycle after the
		// report on): the user's may free them sooner, so the map does not
		// declare it (executor_prev frees a cycle earlier and, declared,
		// fails policy at cycle 33).
		m.TM.HeadDrop.Unfreed = 0
	}
	cfg, err := tmface.Config(s.p)
	if err != nil {
		return nil, &SetupError{Msg: "parameters", Err: err}
	}
	return &scoreDUT{sim: sim, m: m, top: s.top, files: s.files, design: s.buildDesign(), sess: s, sub: s.sub,
		params: s.p, cfg: cfg, cfgText: tmface.ConfigText(s.p)}, nil
}

// userDUT is a user's TM through its map.
func userDUT(opt Options, sim cosim.Simulator, f *design.File) (*scoreDUT, error) {
	if opt.Block != "" && opt.Block != "tm" && opt.Block != "traffic-manager" {
		return nil, setupf("a map with a tm: section checks a traffic manager: --block tm, not %s", opt.Block)
	}
	if opt.Replace != "" {
		return nil, fieldf("Replace", "--replace builds occamy_tm with your sub-module; a map with a tm: section checks your whole TM")
	}
	if err := f.CheckTM(); err != nil {
		return nil, err
	}
	if f.Clock != "" && f.Clock != "clk_i" {
		return nil, &design.Error{Where: f.At("clock"), What: fmt.Sprintf("clock: %s: the scoreboard drives a clock named clk_i; rename it in an adapter", f.Clock)}
	}
	t := f.TM
	dir := filepath.Dir(f.Path)
	rel := func(p string) string {
		if filepath.IsAbs(p) || f.Path == "" {
			return p
		}
		return filepath.Join(dir, p)
	}
	var srcs []string
	if t.Adapter != "" {
		srcs = append(srcs, rel(t.Adapter))
	}
	if len(opt.RTL) > 0 {
		srcs = append(srcs, opt.RTL...)
	} else {
		for _, x := range f.Files {
			srcs = append(srcs, rel(x))
		}
	}
	if len(srcs) == 0 {
		return nil, fieldf("RTL", "no Verilog: give --rtl FILE..., or files: in the map")
	}
	files, err := userFiles(srcs)
	if err != nil {
		return nil, err
	}
	var given []string
	for _, x := range f.Incdirs {
		given = append(given, rel(x))
	}
	given = append(given, opt.IncludeDirs...)
	root, _ := findRoot(opt.VerilogDir, []string{"verilog/hd_selector.sv"})
	inc, err := includeDirs(files, given, root)
	if err != nil {
		return nil, err
	}
	top := opt.Top
	if top == "" {
		top = f.Top
	}
	if top == "" {
		var mods []string
		if top, mods = guessTop(files, ""); top == "" {
			return nil, setupf("cannot tell the top module: the files declare %s; give top: in the map or --top", orNone(mods))
		}
	}
	p, err := scoreParams(opt, f)
	if err != nil {
		return nil, err
	}
	cfg, err := tmface.Config(p)
	if err != nil {
		return nil, &SetupError{Msg: "parameters", Err: err}
	}
	vp := map[string]string{}
	for k, v := range t.VerilogParams {
		vp[k] = fmt.Sprint(v)
	}
	d := &cosim.Design{Files: files, IncludeDirs: inc, Top: top, Params: vp, User: true, CacheDir: opt.CacheDir}
	return &scoreDUT{sim: sim, m: f, top: top, files: files, design: d, params: p, cfg: cfg, cfgText: tmface.ConfigText(p)}, nil
}

// scoreParams are the TM face's parameters of a user's TM: the map's
// params:, the flags over them, the shape and the design's fixed settings
// over both (a flag that contradicts them is an error).
func scoreParams(opt Options, f *design.File) (map[string]int, error) {
	fb, err := blocks.Lookup("tm")
	if err != nil {
		return nil, err
	}
	t := f.TM
	given := map[string]int{}
	for k, v := range f.Params {
		given[k] = v
	}
	for k, v := range opt.Params {
		given[k] = v
	}
	given = classesByDefault(given)
	set := map[string]int{"P": t.Shape.Ports, "Q": t.Shape.QueuesPerPort, "B": t.Shape.Buffer, "MAXPKT": t.Shape.MaxPacket,
		"IN": t.Ingress.Slots, "AW": t.Config.Alpha.Width, "RECONF": 0}
	if t.Shape.LineRate > 0 {
		set["R"] = t.Shape.LineRate
	}
	for _, x := range []struct {
		name  string
		ch    design.Choice
		value map[string]int
	}{{"CHAIN", t.Config.FreeMode, map[string]int{"cell": 0, "chain": 1}}, {"DRR", t.Config.Sched, map[string]int{"sp": 0, "drr": 1}},
		{"RECHECK", t.Config.Recheck, map[string]int{"off": 0, "on": 1}}} {
		if x.ch.Fixed != "" {
			set[x.name] = x.value[x.ch.Fixed]
		}
	}
	if pol := t.Config.Policy.Fixed; pol != "" {
		for i, p := range tmface.Policies {
			if p.String() == pol {
				set["POLICY"] = i
			}
		}
	}
	names := make([]string, 0, len(set))
	for k := range set {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if v, ok := given[k]; ok && v != set[k] {
			return nil, setupf("%s=%d, but the map's design has %s=%d (%s)", k, v, k, set[k], strings.TrimSpace(f.At("tm")))
		}
		given[k] = set[k]
	}
	if _, ok := given["SW"]; !ok {
		given["SW"] = min(max(t.Tag.SerialBits, 1), tmface.SerialBitsMax)
	}
	p, err := resolveParams(fb, given)
	if err != nil {
		return nil, err
	}
	if err := fb.Validate(p); err != nil {
		return nil, &SetupError{Msg: "parameters", Err: err}
	}
	return p, nil
}

// DefaultClasses seeds the α of each class of a scoreboard run that gives
// neither ALPHA nor CLASSES: different αs per class, so that a queue
// egress serves (a class of small α) is also over its threshold and head
// drop and egress meet on one queue head (alt_tm's bug-eg-hd-same needs
// it; docs/scoreboard.md).
const DefaultClasses = 1

// classesByDefault is p with CLASSES=DefaultClasses when p sets neither
// ALPHA nor CLASSES.
func classesByDefault(p map[string]int) map[string]int {
	_, a := p["ALPHA"]
	_, c := p["CLASSES"]
	if a || c {
		return p
	}
	q := map[string]int{"CLASSES": DefaultClasses}
	for k, v := range p {
		q[k] = v
	}
	return q
}

var _ = context.Background
