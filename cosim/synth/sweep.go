package synth

import "fmt"

// SweepN are the queue counts of the full report.
var SweepN = []int{8, 16, 32, 64, 128, 256}

// SweepQW are the widths of the full report.
var SweepQW = []int{16, 32}

// AllJobs returns the jobs of the full report (`occamy synth --all`): the
// selector, the arbiter, the pair and the maximum finder for every N in SweepN and QW in
// SweepQW and the threshold unit at each QW of SweepQW (the traffic manager
// is RunTM's). The arbiter does not depend on QW; Runner.Run synthesises
// each distinct design once.
func AllJobs() ([]Job, error) {
	var jobs []Job
	add := func(name string, s Size) error {
		b, err := Lookup(name)
		if err != nil {
			return err
		}
		j, err := NewJob(b, s)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		jobs = append(jobs, j)
		return nil
	}
	for _, qw := range SweepQW {
		for _, n := range SweepN {
			for _, name := range []string{"selector", "arbiter", "selector+arbiter", "maxfind"} {
				if err := add(name, Size{N: n, QW: qw}); err != nil {
					return nil, err
				}
			}
		}
	}
	for _, qw := range SweepQW {
		if err := add("threshold", Size{QW: qw}); err != nil {
			return nil, err
		}
	}
	return jobs, nil
}
