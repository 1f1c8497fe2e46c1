// Command gen writes a .vec vector file from a block's Go golden model, for
// the Icarus testbenches in verilog/tb. It wraps vectors.Generate:
//
//	go run ./verilog/tb/gen -block selector -param N=64 -param QW=16 \
//	    -cycles 2000 -seed 1 -o build/verilog/vec/selector.vec
//
// -block is a block face (testbench/blocks/<block>: a face with its own
// vector stimulus, Checks.Vectors, through it; any other from the face's
// golden model and the co-simulator's stimulus), or an alias or module
// name; -param NAME=VALUE
// may repeat, and also takes a comma list (N=5,QW=3); parameters left out
// take the face's defaults. Without -o the table goes to standard output.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	_ "occamy/testbench/blocks/all"
	"os"
	"strconv"
	"strings"

	"occamy/testbench/blocks"
	"occamy/testbench/vectors"
)

// paramFlag collects NAME=VALUE parameters from repeated -param flags.
type paramFlag map[string]int

// String implements flag.Value.
func (p paramFlag) String() string {
	parts := make([]string, 0, len(p))
	for k, v := range p {
		parts = append(parts, k+"="+strconv.Itoa(v))
	}
	return strings.Join(parts, ",")
}

// Set implements flag.Value: one NAME=VALUE or a comma list of them.
func (p paramFlag) Set(s string) error {
	for _, kv := range strings.Split(s, ",") {
		name, val, ok := strings.Cut(strings.TrimSpace(kv), "=")
		if !ok || name == "" {
			return fmt.Errorf("parameter %q is not NAME=VALUE", kv)
		}
		n, err := strconv.Atoi(val)
		if err != nil {
			return fmt.Errorf("parameter %s: value %q is not an integer", name, val)
		}
		p[name] = n
	}
	return nil
}

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

// run parses the arguments, generates the table and writes it.
func run(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("gen", flag.ContinueOnError)
	params := paramFlag{}
	block := fs.String("block", "", "block: "+strings.Join(blocks.Names(), ", ")+" (or an alias or module name)")
	fs.Var(params, "param", "block parameter NAME=VALUE (repeatable, or a comma list)")
	cycles := fs.Int("cycles", 1000, "number of cycles (rows)")
	seed := fs.Int64("seed", 1, "stimulus seed")
	out := fs.String("o", "", "output file (default standard output)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if *block == "" {
		return errors.New("-block is required (" + strings.Join(blocks.Names(), ", ") + ")")
	}
	var t *vectors.Table
	b, err := blocks.Lookup(*block)
	if err != nil {
		return err
	}
	if g := b.Checks.Vectors; g != nil {
		// The block's own edge-biased vector stimulus (its face's
		// Checks.Vectors), at the face's parameters.
		var p map[string]int
		if p, err = b.Resolve(params); err == nil {
			t, err = vectors.Generate(b.Module, p, g, *cycles, *seed)
		}
	} else {
		t, err = generateFromFace(b, params, *cycles, *seed)
	}
	if err != nil {
		return err
	}
	if *out == "" {
		return t.Write(stdout)
	}
	f, err := os.Create(*out)
	if err != nil {
		return err
	}
	if err := t.Write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
