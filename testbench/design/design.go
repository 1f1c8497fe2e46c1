package design

// File is one design file, or the flags of one run, or both merged. The
// zero value declares nothing: the design is taken as a clone of the
// reference, as without --map.
type File struct {
	// Path is the file the declarations came from ("" for flags only);
	// relative Files and Incdirs are resolved against its directory.
	Path string `yaml:"-"`

	Block    string `yaml:"block"` // the contract, a name `occamy blocks` lists
	Source   `yaml:",inline"`
	Protocol `yaml:",inline"`

	// Check is the kind of check: equivalence (the default), properties
	// or scoreboard.
	Check string `yaml:"check"`
	// WaitBound is the arbiter property's bound: the most grants a
	// requester that keeps requesting may wait (0: N-1).
	WaitBound int `yaml:"wait_bound"`
	// KeepGoing counts every difference instead of stopping at the first.
	KeepGoing bool `yaml:"keep_going"`
	// LowestTie asks a maximum finder's properties for the reference's
	// tie rule (the lowest index among the maximal candidates).
	LowestTie bool `yaml:"lowest_tie"`

	// TM is the transaction map of a traffic manager (issue 26).
	TM *TMSection `yaml:"tm"`

	name  string         // the file's base name, for errors
	lines map[string]int // "latency.gnt_idx_o" -> line, for errors
}

// Source is where the design is and how it is clocked.
type Source struct {
	Top     string         `yaml:"top"`     // top module ("" : --top, else discovered)
	Files   []string       `yaml:"files"`   // relative to the file; --rtl replaces the list
	Incdirs []string       `yaml:"incdirs"` // relative to the file
	Params  map[string]int `yaml:"params"`  // contract parameter names, as --param
	Clock   string         `yaml:"clock"`   // the design's clock port ("" : clk_i)
	Reset   *Reset         `yaml:"reset"`   // nil: rst_ni, active low, synchronous
}

// Reset is the design's reset port.
type Reset struct {
	Port   string `yaml:"port"`
	Active string `yaml:"active"` // low (default) or high
	Async  bool   `yaml:"async"`
}

// Protocol is how the design's ports and timing differ from the contract.
type Protocol struct {
	// Ports renames: the design's port name to the contract's.
	Ports map[string]string `yaml:"ports"`
	// Tie holds contract inputs the design lacks at a value, on both sides.
	Tie map[string]uint64 `yaml:"tie"`
	// Latency is, per contract output, the cycles from the inputs that
	// decide it to the output.
	Latency map[string]int `yaml:"latency"`
	// DontCare: a contract output that is not compared or checked while
	// the named valid output is 0.
	DontCare map[string]string `yaml:"dont_care"`
	// Constrain is what the stimulus must respect.
	Constrain Constrain `yaml:"constrain"`
	// Observe names internal signals: a name to a hierarchical path.
	Observe map[string]string `yaml:"observe"`
}

// Constrain is the stimulus constraints a design needs.
type Constrain struct {
	OneClass bool `yaml:"one_class"` // every threshold equal (one alpha class)
	Hold     int  `yaml:"hold"`      // request maps and lengths held this many cycles (0: free)
}
