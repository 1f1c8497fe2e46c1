package blocks

import "occamy/rtl/port"

// Description is a block as `occamy blocks --json` shows it: every fact
// the scripts need, ports at the default parameters.
type Description struct {
	Name        string         `json:"name"`
	Aliases     []string       `json:"aliases,omitempty"`
	Module      string         `json:"module"`
	Summary     string         `json:"summary"`
	Doc         string         `json:"doc,omitempty"`
	Hidden      bool           `json:"hidden,omitempty"`
	Parent      string         `json:"parent,omitempty"` // the block this one is a sub-module of
	Sources     []string       `json:"sources"`
	Params      []Param        `json:"params"`
	Run         []Param        `json:"run,omitempty"`
	Defaults    map[string]int `json:"defaults"`
	Small       map[string]int `json:"small"`
	Ports       []PortDesc     `json:"ports"`
	Coverpoints []Coverpoint   `json:"coverpoints"`
	Lint        []string       `json:"lint,omitempty"`
	Loose       []string       `json:"lint_loose,omitempty"`
	Rejects     []Reject       `json:"lint_rejects,omitempty"`
	Testbench   []TBSet        `json:"testbench,omitempty"`
}

// PortDesc is one port at the default parameters.
type PortDesc struct {
	Name  string `json:"name"`
	Dir   string `json:"dir"`
	Width int    `json:"width"`
}

// Describe returns the block's description.
func (b *Block) Describe() Description {
	d := Description{Name: b.Name, Aliases: b.Aliases, Module: b.Module, Summary: b.Summary, Doc: b.Doc,
		Hidden: b.Hidden, Parent: b.Parent, Sources: b.Sources, Params: b.Params, Run: b.Run, Defaults: b.Defaults(), Small: b.SmallParams(),
		Coverpoints: b.Coverpoints, Lint: b.Checks.Lint, Loose: b.Checks.Loose, Rejects: b.Checks.Rejects,
		Testbench: b.Checks.Testbench}
	for _, p := range b.Ports(d.Defaults) {
		dir := "in"
		if p.Dir == port.Out {
			dir = "out"
		}
		d.Ports = append(d.Ports, PortDesc{Name: p.Name, Dir: dir, Width: p.Width})
	}
	if d.Coverpoints == nil {
		d.Coverpoints = []Coverpoint{}
	}
	return d
}
