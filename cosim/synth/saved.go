package synth

import (
	"encoding/json"
	"fmt"
	"io"
)

// Saved is one run's results as `occamy synth --json FILE` writes them:
// the report (WriteMarkdown) can be written again from them without
// running Yosys (`--from-json FILE`), and a user can read the numbers
// without parsing tables.
type Saved struct {
	Command string    `json:"command"`
	Version string    `json:"version"`
	Results []Result  `json:"results"`
	TM      *TMResult `json:"tm,omitempty"`
	// Sources are the SHA-256 of every source the run read, by name
	// (Runner.Hashes), so Reuse takes a result only while its RTL is
	// unchanged.
	Sources map[string]string `json:"sources,omitempty"`
}

// WriteJSON writes s, indented.
func WriteJSON(w io.Writer, s Saved) error { return encodeIndented(w, s) }

// encodeIndented writes v as indented JSON: every file synth saves.
func encodeIndented(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// ReadJSON reads what WriteJSON wrote. Each result's job is made again from
// its block name and size (NewJob), so a block that no longer exists or
// whose parameters changed is an error naming it rather than a stale row.
func ReadJSON(r io.Reader) (Saved, error) {
	var s Saved
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return Saved{}, fmt.Errorf("synth results: %w", err)
	}
	for i, res := range s.Results {
		b, err := Lookup(res.Job.Block.Name)
		if err != nil {
			return Saved{}, fmt.Errorf("synth results: result %d: %w", i, err)
		}
		j, err := NewJob(b, res.Job.Size)
		if err != nil {
			return Saved{}, fmt.Errorf("synth results: result %d (%s): %w", i, b.Name, err)
		}
		if j.Key() != res.Job.Key() {
			return Saved{}, fmt.Errorf("synth results: result %d is %s, but the block now gives %s", i, res.Job.Key(), j.Key())
		}
		s.Results[i].Job = j
	}
	return s, nil
}

// Merge joins saved runs: every design once (the first run's result), the
// first TM result, the union of the sources' hashes. Runs on different
// Yosys versions, or that hashed one source differently (measured on other
// RTL), are an error: their numbers do not belong in one report. The
// command is the first run's.
func Merge(runs ...Saved) (Saved, error) {
	if len(runs) == 0 {
		return Saved{}, fmt.Errorf("nothing to merge")
	}
	m := Saved{Command: runs[0].Command, Version: runs[0].Version, Sources: map[string]string{}}
	seen := map[string]bool{}
	for i, s := range runs {
		if s.Version != m.Version {
			return Saved{}, fmt.Errorf("run %d is %q, run 0 %q: one Yosys per report", i, s.Version, m.Version)
		}
		for f, h := range s.Sources {
			if old, ok := m.Sources[f]; ok && old != h {
				return Saved{}, fmt.Errorf("run %d measured another %s than an earlier run (SHA-256 differs)", i, f)
			}
			m.Sources[f] = h
		}
		for _, r := range s.Results {
			if !seen[r.Job.Key()] {
				seen[r.Job.Key()] = true
				m.Results = append(m.Results, r)
			}
		}
		if m.TM == nil && s.TM != nil {
			m.TM = s.TM
		}
	}
	return m, nil
}
