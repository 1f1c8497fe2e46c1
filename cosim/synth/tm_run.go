package synth

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"occamy/cosim"
	"occamy/rtl/infile"
)

// TMPart is the cost of one instance of a sub-module, synthesised on its
// own (flattened, its own sub-modules included) at the parameters the TM
// gives it, or of the top's own logic (Path "").
type TMPart struct {
	Path   string  // instance path, e.g. u_hd or u_hd.u_maxfind; "" for the top's own logic
	Module string  // Verilog module, e.g. tm_hd_exec
	Role   string  // the first words of the module's header comment
	Params []Param // as elaborated
	Depth  int     // 1: an instance in the top (the parts of the total); 2..: inside one, counted in it
	Cost   Cost
	Levels Path
	Wall   time.Duration // Yosys's wall time (shared between instances of one design)
}

// TMMemory is one memory instance, from its black box's parameters.
type TMMemory struct {
	Path                 string // e.g. u_cp_mem, u_pd_mem.g_slice[0].u_mem
	Words, Width, RP, WP int
	Lat, InitStride      int
	Bits                 int // Words × Width
	ReadBits, WriteBits  int // RP × Width, WP × Width: data bits through its ports per cycle
}

// TMResult is the traffic manager's cost.
type TMResult struct {
	Job      TMJob
	Own      TMPart        // the top's own logic (its sub-modules black boxes)
	Parts    []TMPart      // every sub-module instance, depth first
	Memories []TMMemory    // every memory instance, depth first
	Wall     time.Duration // the whole run's, the elaboration included
	Jobs     int           // Yosys processes at a time
	Designs  int           // synthesis runs: the distinct sub-modules and the top
	Reused   int           // of the Designs, taken from Runner.PrevTM instead of run
}

// Total is the top's own logic plus every instance in the top (Depth 1),
// each synthesised on its own: no optimisation across a sub-module's
// boundary, so a flat run can come out smaller.
func (r TMResult) Total() Cost {
	t := r.Own.Cost
	for _, p := range r.Parts {
		if p.Depth == 1 {
			t.LUTs += p.Cost.LUTs
			t.FFs += p.Cost.FFs
			t.Other += p.Cost.Other
			t.Cells += p.Cost.Cells
		}
	}
	return t
}

// Part returns the first part whose module is module.
func (r TMResult) Part(module string) (TMPart, bool) {
	for _, p := range r.Parts {
		if p.Module == module {
			return p, true
		}
	}
	return TMPart{}, false
}

// Inside is the first instance of module below parent (its path under
// parent's); false when parent has no path or holds none.
func (r TMResult) Inside(parent TMPart, module string) (TMPart, bool) {
	if parent.Path == "" {
		return TMPart{}, false
	}
	for _, p := range r.Parts {
		if p.Module == module && strings.HasPrefix(p.Path, parent.Path+".") {
			return p, true
		}
	}
	return TMPart{}, false
}

// RunTM elaborates the TM once, then synthesises its top's own logic and
// each distinct sub-module in parallel (at most r.Jobs Yosys processes),
// largest source first. The first failure cancels the rest.
func (r *Runner) RunTM(ctx context.Context, j TMJob) (TMResult, error) {
	if r.Yosys == "" {
		return TMResult{}, &MissingYosysError{}
	}
	start := time.Now()
	srcs, err := r.tmSources(j)
	if err != nil {
		return TMResult{}, err
	}
	h, hp, mems, err := r.hierarchy(ctx, j, srcs)
	if err != nil {
		return TMResult{}, err
	}
	res := TMResult{Job: j, Jobs: r.jobs(), Memories: mems}
	// One run per distinct derived module, and one for the top.
	type run struct {
		module string
		top    bool
		weight int
		part   TMPart
	}
	runs := map[string]*run{j.Module: {module: j.Module, top: true, weight: len(srcs[j.Module+".sv"])}}
	order := []string{j.Module}
	for _, p := range hp {
		if _, ok := runs[p.Module.Name]; ok {
			continue
		}
		runs[p.Module.Name] = &run{module: p.Module.Name, weight: subtreeBytes(h, p.Module, srcs)}
		order = append(order, p.Module.Name)
	}
	res.Designs = len(order)
	// Designs an earlier run measured on the same sources are taken from it.
	allFiles := subtreeFiles(h, h.Modules[j.Module], j)
	order = slices.DeleteFunc(order, func(name string) bool {
		m, files := h.Modules[name], allFiles
		if name != j.Module {
			files = subtreeFiles(h, m, j)
		}
		q, ok := r.PrevTM.part(m.Base, m.Params, files, srcs)
		if ok {
			runs[name].part = TMPart{Cost: q.Cost, Levels: q.Levels, Wall: q.Wall}
			res.Reused++
		}
		return ok
	})
	sort.SliceStable(order, func(a, b int) bool { return runs[order[a]].weight > runs[order[b]].weight })
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(r.jobs())
	var mu sync.Mutex
	done := 0
	for _, name := range order {
		rn := runs[name]
		g.Go(func() error {
			out, wall, err := r.yosysIn(gctx, j, srcs, j.PartScript(rn.module, rn.top, "stat.txt", "ltp.txt"), "stat.txt", "ltp.txt")
			if err != nil {
				return err
			}
			c, err := ParseStat(out[0], rn.module)
			if err != nil {
				return err
			}
			p, err := ParseLTP(out[1], rn.module)
			if err != nil {
				return err
			}
			rn.part = TMPart{Cost: c, Levels: p, Wall: wall}
			if r.Progress != nil {
				mu.Lock()
				done++
				r.Progress(Result{Job: Job{Block: Block{Name: "tm:" + BaseName(rn.module), Module: rn.module}}, Cost: c, Path: p, Wall: wall}, done, len(order))
				mu.Unlock()
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return TMResult{}, err
	}
	fill := func(p TMPart, m *HierModule) TMPart {
		rn := runs[m.Name]
		p.Module, p.Params = m.Base, m.Params
		p.Role = moduleRole(string(srcs[m.Base+".sv"]), m.Base)
		p.Cost, p.Levels, p.Wall = rn.part.Cost, rn.part.Levels, rn.part.Wall
		return p
	}
	res.Own = fill(TMPart{}, h.Modules[j.Module])
	for _, p := range hp {
		res.Parts = append(res.Parts, fill(TMPart{Path: p.Path, Depth: p.Depth}, p.Module))
	}
	res.Wall = time.Since(start)
	return res, nil
}

// TMHierarchy elaborates the TM (one short Yosys run) and returns its
// sub-module instances and its memories, without synthesising anything.
func (r *Runner) TMHierarchy(ctx context.Context, j TMJob) ([]HierPart, []TMMemory, error) {
	if r.Yosys == "" {
		return nil, nil, &MissingYosysError{}
	}
	srcs, err := r.tmSources(j)
	if err != nil {
		return nil, nil, err
	}
	_, hp, mems, err := r.hierarchy(ctx, j, srcs)
	return hp, mems, err
}

func (r *Runner) hierarchy(ctx context.Context, j TMJob, srcs map[string][]byte) (Hier, []HierPart, []TMMemory, error) {
	dump, _, err := r.yosysIn(ctx, j, srcs, j.HierScript("hier.txt"), "hier.txt")
	if err != nil {
		return Hier{}, nil, nil, err
	}
	h, err := ParseHier(dump[0])
	if err != nil {
		return Hier{}, nil, nil, err
	}
	hp, hm, err := h.Walk(j.Module, j.MemModule)
	if err != nil {
		return Hier{}, nil, nil, err
	}
	var mems []TMMemory
	for _, m := range hm {
		mem, err := tmMemory(m)
		if err != nil {
			return Hier{}, nil, nil, err
		}
		mems = append(mems, mem)
	}
	return h, hp, mems, nil
}

func (r *Runner) jobs() int {
	if r.Jobs <= 0 {
		return runtime.NumCPU()
	}
	return r.Jobs
}

// tmSources reads the TM's sources and makes the memory's black box, by
// file name.
func (r *Runner) tmSources(j TMJob) (map[string][]byte, error) {
	srcs := map[string][]byte{}
	for _, f := range append(append([]string(nil), j.Files...), j.MemFile) {
		b, err := infile.ReadFile(filepath.Join(r.VerilogDir, f), cosim.MaxSourceBytes)
		if err != nil {
			return nil, fmt.Errorf("synth tm: %w (run from the repository root or pass --verilog DIR)", err)
		}
		srcs[f] = b
	}
	stub, err := MemoryStub(string(srcs[j.MemFile]), j.MemModule)
	if err != nil {
		return nil, err
	}
	srcs[j.StubFile()] = []byte(stub)
	return srcs, nil
}

// subtreeBytes is the source size of a module and everything under it, a
// rough order of its synthesis time.
func subtreeBytes(h Hier, m *HierModule, srcs map[string][]byte) int {
	n := len(srcs[m.Base+".sv"])
	for _, c := range m.Cells {
		if sub := h.Modules[c.Type]; sub != nil && !sub.Blackbox {
			n += subtreeBytes(h, sub, srcs)
		}
	}
	return n
}

// yosysIn runs script in a fresh directory holding the TM's sources (not
// the memory's own: its black box instead) and returns the named outputs.
func (r *Runner) yosysIn(ctx context.Context, j TMJob, srcs map[string][]byte, script string, outs ...string) ([]string, time.Duration, error) {
	dir, err := os.MkdirTemp("", "occamy-synth-tm-")
	if err != nil {
		return nil, 0, err
	}
	defer os.RemoveAll(dir)
	for name, b := range srcs {
		if name == j.MemFile {
			continue
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			return nil, 0, err
		}
	}
	return r.yosysRun(ctx, dir, script, Job{Block: Block{Name: TMBlock, Module: j.Module}, Params: j.Params}, outs...)
}

// tmMemory reads a memory's size and ports from its black box's
// parameters (sram_mp's DEPTH, WIDTH, RP, WP, LAT, INIT_STRIDE).
func tmMemory(m HierMemory) (TMMemory, error) {
	get := func(name string) (int, error) {
		v, ok := m.Module.Param(name)
		if !ok {
			return 0, &ParseError{What: "hierarchy", Module: m.Module.Name, Reason: fmt.Sprintf("memory %s has no parameter %s", m.Path, name)}
		}
		return v, nil
	}
	var mem TMMemory
	mem.Path = m.Path
	for _, f := range []struct {
		name string
		v    *int
	}{{"DEPTH", &mem.Words}, {"WIDTH", &mem.Width}, {"RP", &mem.RP}, {"WP", &mem.WP}, {"LAT", &mem.Lat}, {"INIT_STRIDE", &mem.InitStride}} {
		v, err := get(f.name)
		if err != nil {
			return TMMemory{}, err
		}
		*f.v = v
	}
	mem.Bits, mem.ReadBits, mem.WriteBits = mem.Words*mem.Width, mem.RP*mem.Width, mem.WP*mem.Width
	return mem, nil
}
