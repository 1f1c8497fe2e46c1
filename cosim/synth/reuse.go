package synth

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path/filepath"

	"occamy/cosim"
	"occamy/rtl/infile"
)

// jobSources names the sources a job reads: files under verilog/, and its
// wrapper by its own name.
func jobSources(j Job) []string {
	fs := append([]string(nil), j.Block.Files...)
	if j.Block.Extra != "" {
		fs = append(fs, j.Block.Extra)
	}
	return fs
}

// tmSources names the sources the TM job reads.
func tmSourceNames(j TMJob) []string { return append(append([]string(nil), j.Files...), j.MemFile) }

// Hashes returns the SHA-256 of every source the jobs and the TM job (nil
// for none) read, by name, as Saved.Sources keeps them.
func (r *Runner) Hashes(jobs []Job, tm *TMJob) (map[string]string, error) {
	names := map[string]bool{}
	for _, j := range jobs {
		for _, f := range jobSources(j) {
			names[f] = true
		}
	}
	if tm != nil {
		for _, f := range tmSourceNames(*tm) {
			names[f] = true
		}
	}
	h := map[string]string{}
	for f := range names {
		var b []byte
		if src, ok := ExtraSource(f); ok {
			b = []byte(src)
		} else {
			var err error
			if b, err = infile.ReadFile(filepath.Join(r.VerilogDir, f), cosim.MaxSourceBytes); err != nil {
				return nil, fmt.Errorf("synth: %w", err)
			}
		}
		h[f] = sourceHash(b)
	}
	return h, nil
}

// sourceHash is a source's SHA-256 in hex, as Saved.Sources keeps it.
func sourceHash(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// Reuse splits jobs into those with a saved result whose every source is
// unchanged (have) and the rest, and returns the saved TM result when tm
// is not nil, has the saved job's parameters and reads unchanged sources.
// now are the current sources' hashes (Hashes).
func (s Saved) Reuse(now map[string]string, jobs []Job, tm *TMJob) (have []Result, rest []Job, tmRes *TMResult) {
	same := func(files []string) bool {
		for _, f := range files {
			if old, ok := s.Sources[f]; !ok || old != now[f] {
				return false
			}
		}
		return true
	}
	saved := map[string]Result{}
	for _, r := range s.Results {
		saved[r.Job.Key()] = r
	}
	for _, j := range jobs {
		if r, ok := saved[j.Key()]; ok && same(jobSources(j)) {
			r.Job = j
			have = append(have, r)
			continue
		}
		rest = append(rest, j)
	}
	if tm != nil && s.TM != nil && s.TM.Job.Module == tm.Module && s.TM.Job.ParamString() == tm.ParamString() &&
		same(tmSourceNames(*tm)) && same(tmSourceNames(s.TM.Job)) {
		t := *s.TM
		tmRes = &t
	}
	return have, rest, tmRes
}
