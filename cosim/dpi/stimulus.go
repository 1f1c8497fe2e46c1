package dpi

import (
	"fmt"

	"occamy/testbench/blocks"
	"occamy/testbench/stimulus"
)

// attach takes a Build's golden model, contract check, coverpoint
// counters and stimulus (the directed sequence, then random, as the
// runner's default).
func (m *Model) attach(sd blocks.Sides) {
	m.g, m.errf, m.hits = sd.Golden, sd.Err, sd.Hits
	m.src = sd.Random
	if sd.Directed != nil {
		m.src = stimulus.Chain(sd.Directed, sd.Random)
	}
}

// SeedError is a seed set after the run started.
type SeedError struct{ Cycle, Drawn uint64 }

func (e *SeedError) Error() string {
	return fmt.Sprintf("seed: set it before the first cycle (cycle %d, %d cycles of stimulus drawn)", e.Cycle, e.Drawn)
}

// SetSeed rebuilds the model with the registry's stimulus at seed (the
// runner's --seed), before the first cycle only.
func (m *Model) SetSeed(seed int64) error {
	if m.cycle != 0 || m.drawn != 0 || m.evaluated {
		return &SeedError{Cycle: m.cycle, Drawn: m.drawn}
	}
	sd, err := m.Block.Build(m.Params, &m.Layout, seed)
	if err != nil {
		return err
	}
	m.attach(sd)
	m.seed = seed
	return nil
}

// Seed is the stimulus seed.
func (m *Model) Seed() int64 { return m.seed }

// Stimulus writes the inputs of the next cycle to step (cycle Cycle())
// from the registry's own stimulus for the block (the co-simulator's:
// its directed sequence, then seeded random, closed loop through this
// model where the block needs it) into dst, InWords words. Draw once per
// cycle, before stepping it.
func (m *Model) Stimulus(dst []uint32) error {
	if len(dst) != len(m.in) {
		return &WordsError{Field: "stimulus", Got: len(dst), Want: len(m.in), Unit: "words"}
	}
	if m.drawn != m.cycle {
		return &PhaseError{Call: "stimulus", Reason: fmt.Sprintf("cycle %d's inputs were drawn already (draw once per cycle, then step it)", m.cycle)}
	}
	m.src.Next(m.cycle, dst)
	m.drawn++
	return nil
}
