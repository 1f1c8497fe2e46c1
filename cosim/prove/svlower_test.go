//go:build !verilator

package prove

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLowerSV: each rewrite of the pre-pass on a small text: what it
// writes, and that every line keeps its number (the rewrite of a multi-line
// construct sits on its first line, the newlines after it).
func TestLowerSV(t *testing.T) {
	cases := []struct {
		name, src, want string
	}{
		{"int cast", "assign y = int'(a) > 3;", "assign y = $signed((32)'(a)) > 3;"},
		{"shortint and byte casts", "y = shortint'(a) + byte'(b);", "y = $signed((16)'(a)) + $signed((8)'(b));"},
		{"signed cast kept", "y = signed'(a) + unsigned'(b) + W'(c);", "y = signed'(a) + unsigned'(b) + W'(c);"},
		{"typedef cast", "typedef logic [3:0] nib_t;\nassign y = nib_t'(a);", "typedef logic [3:0] nib_t;\nassign y = $unsigned((4)'(a));"},
		{"signed typedef cast", "typedef logic signed [W-1:0] s_t;\nassign y = s_t'(a);",
			"typedef logic signed [W-1:0] s_t;\nassign y = $signed(((((W-1) >= (0)) ? ((W-1) - (0) + 1) : ((0) - (W-1) + 1)))'(a));"},
		{"enum typedef cast", "typedef enum logic [1:0] {A, B} e_t;\nassign y = e_t'(a);", "typedef enum logic [1:0] {A, B} e_t;\nassign y = $unsigned((2)'(a));"},
		{"struct typedef cast", "typedef struct packed { logic [2:0] a; logic b; } s_t;\nassign y = s_t'(x);",
			"typedef struct packed { logic [2:0] a; logic b; } s_t;\nassign y = $unsigned(((3) + (1))'(x));"},
		{"$bits of a typedef", "typedef logic [7:0] b_t;\nlocalparam int B = $bits(b_t);", "typedef logic [7:0] b_t;\nlocalparam int B = (8);"},
		{"priority if", "always_comb priority if (a) y = 1; else y = 0;", "always_comb  if (a) y = 1; else y = 0;"},
		{"unique case kept", "always_comb unique case (a) 1: y = 1; default: y = 0; endcase", "always_comb unique case (a) 1: y = 1; default: y = 0; endcase"},
		{"foreach", "always_comb foreach (a[i]) y = i;",
			"always_comb for (int i = $left(a); ($left(a) >= $right(a)) ? (i >= $right(a)) : (i <= $right(a)); i += ($left(a) >= $right(a)) ? -1 : 1)  y = i;"},
		{"foreach two dimensions, the first skipped", "always_comb foreach (m[, j]) y = j;",
			"always_comb for (int j = $left(m, 2); ($left(m, 2) >= $right(m, 2)) ? (j >= $right(m, 2)) : (j <= $right(m, 2)); j += ($left(m, 2) >= $right(m, 2)) ? -1 : 1)  y = j;"},
		{"block declaration with initializer", "always_comb begin\n  logic t = a;\n  logic u = t;\n  y = u;\nend",
			"always_comb begin\n  logic t;\n  logic u; t = a; u = t;\n  y = u;\nend"},
		{"automatic declaration", "always_comb begin\n  automatic int k = 2;\n  y = k;\nend", "always_comb begin\n  int k; k = 2;\n  y = k;\nend"},
		{"declaration without initializer kept", "always_comb begin\n  logic t;\n  t = a;\nend", "always_comb begin\n  logic t;\n  t = a;\nend"},
		{"function local with initializer", "function automatic logic f(input logic a);\n  logic r = a;\n  f = r;\nendfunction",
			"function automatic logic f(input logic a);\n  logic r; r = a;\n  f = r;\nendfunction"},
		{"return at the end", "function automatic logic [3:0] f(input logic [3:0] x);\n  return x + 1;\nendfunction",
			"function automatic logic [3:0] f(input logic [3:0] x);\n  f = x + 1;\nendfunction"},
		{"return in both branches", "function automatic int g(input int x);\n  if (x > 0) return 1;\n  else begin\n    return 2;\n  end\nendfunction",
			"function automatic int g(input int x);\n  if (x > 0) g = 1;\n  else begin\n    g = 2;\n  end\nendfunction"},
		{"void function", "function automatic void f(output logic o);\n  o = 1;\n  return;\nendfunction",
			"task automatic  f(output logic o);\n  o = 1;\n  ;\nendtask"},
		{"statement labels", "always_comb begin\n  l1: for (int i = 0; i < 2; i++) y = i;\n  l2: begin y = 0; end\nend",
			"always_comb begin\n   for (int i = 0; i < 2; i++) y = i;\n  begin : l2 y = 0; end\nend"},
		{"immediate assertion with action block", "always_ff @(posedge c) begin\n  assert (a) else $error(\"x %0d\",\n    a);\n  q <= a;\nend",
			"always_ff @(posedge c) begin\n  ;\n\n  q <= a;\nend"},
		{"concurrent assertion with label", "a1: assert property (@(posedge c) a |-> b)\n  else $error(\"x\");\nassign y = a;",
			"\n\nassign y = a;"},
		{"simulation task", "always_comb if (a) $display(\"a\");", "always_comb if (a) ;"},
		{"wildcard equality", "assign y = a + b ==? 4'b1?0x;", "assign y = (((a + b) | 4'b0101) == 4'b1101);"},
		{"wildcard inequality after a non-blocking assignment", "always_ff @(posedge c) q <= a !=? 2'b?1;", "always_ff @(posedge c) q <= (((a) | 2'b10) != 2'b11);"},
		{"wildcard equality without wildcards", "assign y = a ==? 2'b01;", "assign y = ((a) == (2'b01));"},
		{"md packed declaration and selects", "module m(input logic [3:0][7:0] a, output logic [7:0] y, output logic z);\n  assign y = a[2];\n  assign z = a[1][3];\nendmodule",
			"module m(input logic [32-1:0] a, output logic [7:0] y, output logic z);\n  assign y = a[((2)) * 8 +: 8];\n  assign z = a[((1)) * 8 + (3)];\nendmodule"},
		{"md packed ascending outer", "module m(input logic [0:3][1:0] a, output logic [1:0] y);\n  assign y = a[i];\nendmodule",
			"module m(input logic [8-1:0] a, output logic [1:0] y);\n  assign y = a[((3 - (i))) * 2 +: 2];\nendmodule"},
		{"md packed part-select and $left", "module m(input logic [N-1:0][W-1:0] a, output logic [1:0] y);\n  assign y = a[$left(a)][1:0];\nendmodule",
			"module m(input logic [(((N-1) + 1) * ((W-1) + 1))-1:0] a, output logic [1:0] y);\n  assign y = a[((((N-1) >= (0)) ? (((N-1)) - (0)) : ((0) - ((N-1))))) * ((W-1) + 1) + (((W-1) >= (0)) ? ((0) - (0)) : ((0) - (0))) +: (2)];\nendmodule"},
		{"import in the header", "package p; localparam int W = 4; endpackage\nmodule m import p::*; (input logic [W-1:0] a, output logic [W-1:0] y);\n  assign y = a;\nendmodule",
			"package p; localparam int W = 4; endpackage\nmodule m  (input logic [p::W-1:0] a, output logic [p::W-1:0] y);\n  assign y = a;\nendmodule"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := lowerSV(c.src, nil)
			assert.Empty(t, r.Refused)
			assert.Equal(t, c.want, r.Text)
			assert.Equal(t, strings.Count(c.src, "\n"), strings.Count(r.Text, "\n"), "line count")
		})
	}
}

// TestLowerSVRefuses: what the pre-pass does not rewrite is named with
// its line and the workaround.
func TestLowerSVRefuses(t *testing.T) {
	cases := []struct {
		name, src, construct string
		line                 int
	}{
		{"streaming", "x = 1;\nassign y = {<<{a}};", "streaming operator {<<{...}}", 2},
		{"streaming with slice", "assign y = {>>4{a}};", "streaming operator {>>{...}}", 1},
		{"assignment pattern", "always_comb\n  y = '{default: 0};", "assignment pattern '{...}", 2},
		{"type parameter", "module m #(parameter type T = logic) ();\nendmodule", "type parameter", 1},
		{"break", "always_comb for (int i = 0; i < 4; i++) begin\n  if (a[i]) break;\nend", "break", 2},
		{"continue", "always_comb for (int i = 0; i < 4; i++) begin\n  if (a[i]) continue;\nend", "continue", 2},
		{"do while", "always_comb begin\n  do i++; while (i < 4);\nend", "do ... while", 2},
		{"disable", "always_comb begin : b\n  disable b;\nend", "disable", 2},
		{"enum method", "always_ff @(posedge c) s <= s.next();", "method .next()", 1},
		{"early return", "function automatic int f(input int x);\n  if (x) return 1;\n  f = 2;\nendfunction", "return", 2},
		{"return in a loop", "function automatic int f(input int x);\n  for (int i = 0; i < 2; i++) return i;\nendfunction", "return", 2},
		{"static with initializer", "always_comb begin\n  static int k = 0;\n  y = k;\nend", "static variable", 2},
		{"wildcard equality with a name", "assign y = a ==? P;", "==?", 1},
		{"unpacked-array port", "module m(input logic [3:0] a [4], output logic y);\nendmodule", "unpacked-array port a", 1},
		{"unpacked-array port in the body", "module m(a, y);\n  input logic [3:0] a [4];\n  output logic y;\nendmodule", "unpacked-array port a", 2},
		{"default argument", "function automatic int f(input int x, input int d = 1);\n  f = x + d;\nendfunction", "default argument value", 1},
		{"argument by name", "function automatic int f(input int x);\n  f = x;\nendfunction\nassign y = f(.x(a));", "argument by name in a call of f", 4},
		{"unknown package", "module m import q::*; (input logic a);\nendmodule", "import q::*", 1},
		{"md typedef", "module m;\n  typedef logic [1:0][3:0] t;\nendmodule", "typedef t", 2},
		{"interface", "interface bus;\n  logic a;\nendinterface", "interface", 1},
		{"inside operand with a cast inside it", "assign y = a inside {[W'(i) + 1 : 3]};", "inside", 1},
		{"inside item of wildcards only", "assign y = a inside {'x};", "inside", 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := lowerSV("`line 1 \"my.sv\" 0\n"+c.src, nil)
			require.NotEmpty(t, r.Refused, "want a refusal of %s", c.construct)
			f := r.Refused[0]
			assert.Equal(t, c.construct, f.Signal)
			assert.Equal(t, "my.sv:"+strconv.Itoa(c.line), f.Pos)
			assert.NotEmpty(t, f.What)
		})
	}
}

// TestLowerSVNote: an initializer without automatic in an always block is
// read as Verilator reads it, with a note.
func TestLowerSVNote(t *testing.T) {
	r := lowerSV("`line 1 \"my.sv\" 0\nalways_comb begin\n  logic t = a;\n  y = t;\nend", nil)
	require.Len(t, r.Notes, 1)
	assert.Contains(t, r.Notes[0], "my.sv:2: t: declared with an initializer in a procedural block without automatic")
	r = lowerSV("always_comb begin\n  automatic logic t = a;\n  y = t;\nend", nil)
	assert.Empty(t, r.Notes)
}

// FuzzLowerSV: the pre-pass never panics (lowerSV would turn a panic
// into a refusal; the target calls it without that net), keeps the line count, and a
// second pass over its own output changes nothing it already rewrote.
func FuzzLowerSV(f *testing.F) {
	for _, s := range []string{
		"module m; assign y = int'(a) inside {[0:3], 4'b1?0?}; endmodule",
		"always_comb begin logic t = a; foreach (x[i]) if (x[i] ==? 2'b1?) y = i; end",
		"module m import p::*; (input logic [3:0][1:0] a); assign y = a[1][0]; endmodule",
		"function automatic int f(); if (a) return 1; else return 2; endfunction",
		"case (a) inside [1:2], 3: y = 1; default: y = 0; endcase",
		"'{ ( [ begin case endcase end ) }",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		r := lowerSVPasses(src, nil)
		if strings.Count(r.Text, "\n") != strings.Count(src, "\n") {
			t.Fatalf("line count %d, want %d", strings.Count(r.Text, "\n"), strings.Count(src, "\n"))
		}
		if len(r.Refused) == 0 {
			again := lowerSV(r.Text, nil)
			if len(again.Lowered) > 0 && again.Text == r.Text {
				t.Fatalf("a rewrite reported that changed nothing: %v", again.Lowered)
			}
		}
	})
}

// TestStripObservers: simulation-only code (the lines Verilator's
// preprocessor gives only without SYNTHESIS) that assigns only what it
// declares is left out, with a note; code that assigns anything else is
// kept and named; code only a synthesis tool reads is named.
func TestStripObservers(t *testing.T) {
	head := "`line 1 \"my.sv\" 0\nmodule m(input logic c, input logic a, output logic y);\n"
	cases := []struct {
		name, sim, synth, want, note string
	}{
		{"observer",
			head + "  assign y = a;\n  logic seen;\n  always @(posedge c) begin\n    seen = a;\n    if (seen) $display(\"x\");\n  end\nendmodule\n",
			head + "  assign y = a;\n\n\n\n\n\nendmodule\n",
			head + "  assign y = a;\n  \n\n\n\n\nendmodule\n",
			"my.sv:3-7: code compiled only without SYNTHESIS assigns only what it declares, so no output depends on it: left out of the proof"},
		{"drives an output",
			head + "  assign y = ~a;\nendmodule\n",
			head + "\nendmodule\n",
			head + "  assign y = ~a;\nendmodule\n",
			"my.sv:2: code compiled only without SYNTHESIS assigns y: proven as occamy cosim compiles it"},
		{"a register of the design",
			head + "  logic q;\n  always_ff @(posedge c) q <= a;\n  always_ff @(posedge c) q <= ~a;\n  assign y = q;\nendmodule\n",
			head + "  logic q;\n  always_ff @(posedge c) q <= a;\n\n  assign y = q;\nendmodule\n",
			head + "  logic q;\n  always_ff @(posedge c) q <= a;\n  always_ff @(posedge c) q <= ~a;\n  assign y = q;\nendmodule\n",
			"my.sv:4: code compiled only without SYNTHESIS assigns q"},
		{"synthesis only",
			head + "  assign y = a;\n\nendmodule\n",
			head + "  assign y = a;\n  logic k; assign k = a;\nendmodule\n",
			head + "  assign y = a;\n\nendmodule\n",
			"my.sv:3: code read only with SYNTHESIS defined: not proven"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			text, notes := stripObservers(c.sim, c.synth, nil)
			assert.Equal(t, c.want, text)
			assert.Equal(t, strings.Count(c.sim, "\n"), strings.Count(text, "\n"))
			require.NotEmpty(t, notes)
			assert.Contains(t, strings.Join(notes, "\n"), c.note)
		})
	}
	text, notes := stripObservers(head+"endmodule\n", head+"endmodule\n", nil)
	assert.Equal(t, head+"endmodule\n", text)
	assert.Empty(t, notes)
}
