package cosim

import "occamy/rtl/port"

// Elaboration is what port discovery reads from a simulator's elaboration
// of a design (Verilator's XML netlist): the contract check's input.
type Elaboration struct {
	Top   string      // name of the top module
	Ports []port.Port // the top's ports in declaration order
	Files []string    // every source file Verilator read, in its order
	// Modules are every module of the elaborated design, one per
	// parameterisation (Verilator names a specialised copy
	// "tm_hd_exec__N40_L7"), the top included, in the XML's order.
	Modules []Module

	Warnings string // what Verilator printed while elaborating (set by Verilator's Discover and Build)
}

// Module is one elaborated module: a sub-module's ports at the
// parameters its instance gives, as the design uses it.
type Module struct {
	Name string // Verilator's name of this parameterisation
	Orig string // the module's name in the source
	// Params are the module's parameters (not its localparams) with their
	// values in this parameterisation, as decimal strings ready for -G.
	Params map[string]string
	// Ports are its ports in declaration order; Err, when set, is why they
	// could not all be sized (an unpacked array port, ...): Ports is then
	// incomplete.
	Ports []port.Port
	Err   error
}

// ModulesNamed returns the parameterisations of the source module orig.
func (el *Elaboration) ModulesNamed(orig string) []Module {
	var s []Module
	for _, m := range el.Modules {
		if m.Orig == orig {
			s = append(s, m)
		}
	}
	return s
}
