package synth

import "slices"

// PrevTM is an earlier TM run and the hashes of the sources it read: RunTM
// takes from it every sub-module whose design is the same (same module,
// same elaborated parameters) and whose source files, its own and those of
// every module under it, hash the same. The top's own logic is taken only
// when no source changed (its sub-modules' ports shape it).
type PrevTM struct {
	Result  TMResult
	Sources map[string]string // file name → SHA-256, as Saved.Sources
}

// PartialTM returns what of the saved TM result RunTM may reuse for tm,
// or nil when there is none or its parameters differ.
func (s Saved) PartialTM(tm *TMJob) *PrevTM {
	if tm == nil || s.TM == nil || s.TM.Job.Module != tm.Module || s.TM.Job.ParamString() != tm.ParamString() {
		return nil
	}
	return &PrevTM{Result: *s.TM, Sources: s.Sources}
}

// part finds the earlier result of module base at params, if every file
// in files hashes as it did then.
func (p *PrevTM) part(base string, params []Param, files []string, now map[string][]byte) (TMPart, bool) {
	if p == nil {
		return TMPart{}, false
	}
	for _, f := range files {
		if old, ok := p.Sources[f]; !ok || old != sourceHash(now[f]) {
			return TMPart{}, false
		}
	}
	if base == p.Result.Own.Module && slices.Equal(params, p.Result.Own.Params) {
		return p.Result.Own, true
	}
	for _, q := range p.Result.Parts {
		if q.Module == base && slices.Equal(params, q.Params) {
			return q, true
		}
	}
	return TMPart{}, false
}

// subtreeFiles lists the source files of a module and everything under it
// (the memory's black box included when it is instantiated), and the
// headers they include.
func subtreeFiles(h Hier, m *HierModule, j TMJob) []string {
	seen := map[string]bool{}
	for _, f := range headers {
		seen[f] = true
	}
	var walk func(m *HierModule)
	walk = func(m *HierModule) {
		f := m.Base + ".sv"
		if m.Blackbox {
			f = j.MemFile
		}
		if seen[f] {
			return
		}
		seen[f] = true
		for _, c := range m.Cells {
			if sub := h.Modules[c.Type]; sub != nil {
				walk(sub)
			}
		}
	}
	walk(m)
	out := make([]string, 0, len(seen))
	for f := range seen {
		out = append(out, f)
	}
	slices.Sort(out)
	return out
}
