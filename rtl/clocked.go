package rtl

// Clocked is a synchronous block with a two-phase cycle.
//
// Eval computes outputs and next state from inputs and current state and
// must leave the current state untouched; Commit is the rising clock edge
// and copies next state into current state. Eval may run more than once in
// a cycle (for example after a test changes an input) and must give the
// same result each time.
type Clocked interface {
	Eval()
	Commit()
}

// Comb adapts a function to Clocked with an empty Commit. Use it for
// combinational glue between blocks (wires, muxes), placed in the
// simulator's order where the values it reads are already evaluated.
type Comb func()

// Eval runs the function.
func (f Comb) Eval() { f() }

// Commit does nothing: combinational logic has no state.
func (f Comb) Commit() {}
