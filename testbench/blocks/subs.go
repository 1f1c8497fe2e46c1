package blocks

import (
	"fmt"
	"path"
	"strings"
)

// Sub is a sub-module of a block's Verilog that a user may put their own
// module in place of (occamy cosim --block tm --replace NAME --rtl FILE):
// the whole block is then built with the user's module and co-simulated
// against the block's golden model as usual.
//
// Its port contract is not declared here: it is the ports of the
// project's module as the block instantiates it, read by elaborating the
// block's own Verilog at the run's parameters (runner), so it follows
// whatever that module's file says.
type Sub struct {
	Name   string // the name on the command line: executor, selector, arbiter
	Module string // the project's Verilog module, which the user's module replaces
	Doc    string // the page that documents what the module must do
	// Standalone says that `--block NAME` is this sub-module inside the
	// block (the executor, whose stand-alone block is retired), rather
	// than a block of its own (the selector, the arbiter).
	Standalone bool
	// Matrix is the regression `--block NAME` runs for a stand-alone
	// sub-module (the block with the user's module in it); nil: the
	// block's (SubRegression).
	Matrix *Matrix
}

// SubError is a --replace name the block does not have.
type SubError struct {
	Block, Name string
	Known       []string
}

func (e *SubError) Error() string {
	if len(e.Known) == 0 {
		return fmt.Sprintf("%s has no replaceable sub-module (replace %q asked for)", e.Block, e.Name)
	}
	return fmt.Sprintf("%s has no replaceable sub-module %q (known: %s)", e.Block, e.Name, strings.Join(e.Known, ", "))
}

// Sub finds a replaceable sub-module by its name or its module name.
func (b *Block) Sub(name string) (*Sub, error) {
	var known []string
	for i := range b.Subs {
		s := &b.Subs[i]
		if s.Name == name || s.Module == name {
			return s, nil
		}
		known = append(known, s.Name)
	}
	return nil, &SubError{Block: b.Name, Name: name, Known: known}
}

// SubSource is the entry of Sources that declares the sub-module: the file
// named after its module (one module per file), which a user's module of
// the same name takes the place of in the file list.
func (b *Block) SubSource(s *Sub) (string, error) {
	for _, f := range b.Sources {
		if path.Base(f) == s.Module+".sv" {
			return f, nil
		}
	}
	return "", fmt.Errorf("blocks: %s's sources have no %s.sv for sub-module %s", b.Name, s.Module, s.Name)
}

// LookupStandalone finds a sub-module that `--block NAME` names by its
// Name (the executor), with the block it lives in; nil when NAME is no
// such thing. Its module name is not enough: `--block tm_hd_exec` is the
// sub-block's own face.
func LookupStandalone(name string) (*Block, *Sub) {
	for _, b := range Every() {
		for i := range b.Subs {
			if s := &b.Subs[i]; s.Standalone && s.Name == name {
				return b, s
			}
		}
	}
	return nil, nil
}

// Standalones are the sub-modules a command names on their own (Sub.Standalone),
// in registry order: what --block takes besides the blocks.
func Standalones() []*Sub {
	var s []*Sub
	for _, b := range All() {
		for i := range b.Subs {
			if b.Subs[i].Standalone {
				s = append(s, &b.Subs[i])
			}
		}
	}
	return s
}
