//go:build !verilator

package prove

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestXLines: every based literal with an x, z or ? digit is an X site,
// except in comments, strings and casex/casez labels (wildcards there);
// a plain case label with x is a value (it never matches in simulation).
func TestXLines(t *testing.T) {
	cases := []struct {
		name, src string
		want      []int
	}{
		{"unbased x", "a = 'x;", []int{1}},
		{"unbased z", "a = 'Z;", []int{1}},
		{"sized binary", "a = 4'b10x1;", []int{1}},
		{"hex z", "a = 8'hz;", []int{1}},
		{"hex digit x", "a = 8'hxF;", []int{1}},
		{"signed", "a = 4'sbx;", []int{1}},
		{"decimal x", "a = 'dx;", []int{1}},
		{"question mark is z", "a = 4'b1???;", []int{1}},
		{"space after base", "a = 4'b 10x1;", []int{1}},
		{"no x", "a = 8'hFF + 'h0 + '1 + '0 + 32'd5 + 4'b1010;", nil},
		{"casts", "a = W'(i) + 32'(b) + N'(c);", nil},
		{"words with x", "x_q = xdata + 'd9;", nil},
		{"line comment", "a = b; // 'x\nc = 'x;", []int{2}},
		{"block comment", "/* 'x\n 4'bx */ a = 'x;", []int{2}},
		{"string", "$display(\"'x\"); a = 1'bx;", []int{1}},
		{"ternary", "a = c ? 'x : b;", []int{1}},
		{"concatenation", "a = {b, 2'bx1};", []int{1}},
		{"casex labels", "casex (a)\n 4'b1x00: y = 1;\n 4'b0xxx, 4'bz1zz: y = 2;\n default: y = 3;\nendcase", nil},
		{"casez labels, x value", "casez (a)\n 4'b1?00: y = 'x;\nendcase", []int{2}},
		{"casez label after end", "casez (a)\n 2'b1?: begin y = 1; end\n 2'b?1: y = 2;\nendcase", nil},
		{"case label is a value", "case (a)\n 2'bx0: y = 1;\nendcase", []int{2}},
		{"casex call argument", "casex (a)\n 2'b1x: y = f(b, 2'bx1, c);\nendcase", []int{2}},
		{"casex nested in case", "case (s)\n 1: casex (a) 2'b1x: y = 0; endcase\n 2: y = 2'bx1;\nendcase", []int{3}},
		{"several lines", "a = 'x;\nb = 1;\nc = 2'bz0;", []int{1, 3}},
		{"case inside labels", "case (a) inside\n 4'b1???: y = 1;\n [0:3], 4'b01?0: y = 'x;\nendcase", []int{3}},
		{"case inside after case", "case (b)\n 1: y = 2'bx1;\nendcase\ncase (a) inside\n 2'b1?: y = 1;\nendcase", []int{2}},
		{"wildcard equality", "y = (a ==? 4'b1?0x) && (b !=? 2'bz1) || c == 2'bx1;", []int{1}},
		{"inside items", "y = a inside {4'b1???, [0:3]} ? 1'bx : b;", []int{1}},
		{"inside item in a call", "y = a inside {f(2'bx1), 2'b?1};", []int{1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, xLines(c.src))
		})
	}
}

// TestSysFuncs: Yosys's warnings and errors about system functions become
// findings with the user's file name and the line; other lines do not.
func TestSysFuncs(t *testing.T) {
	names := map[string]string{"/abs/my.sv": "my.sv"}
	cases := []struct {
		name, out string
		want      []string
	}{
		{"implicit $random", "/abs/my.sv:12: Warning: Identifier `\\$random' is implicitly declared.\n",
			[]string{"my.sv:12: $random: a non-deterministic system function; Yosys 0.23 reads it as an undriven wire, so a proof would not cover its values"}},
		{"implicit $time (no backslash)", "/abs/my.sv:3: Warning: Identifier `$time' is implicitly declared.\n",
			[]string{"my.sv:3: $time: a non-deterministic system function; Yosys 0.23 reads it as an undriven wire, so a proof would not cover its values"}},
		{"unknown system function", "/abs/my.sv:4: Warning: Identifier `\\$frob' is implicitly declared.\n",
			[]string{"my.sv:4: $frob: a system function Yosys 0.23 does not know; it reads it as an undriven wire"}},
		{"$urandom_range with arguments", "/abs/my.sv:7: ERROR: Can't resolve function name `\\$urandom_range'.\n",
			[]string{"my.sv:7: $urandom_range: a non-deterministic system function, which a proof cannot model"}},
		{"an unsupported function stays Yosys's error", "/abs/my.sv:7: ERROR: Can't resolve function name `\\$frob'.\n", nil},
		{"an ordinary implicit wire", "/abs/my.sv:5: Warning: Identifier `\\foo' is implicitly declared.\n", nil},
		{"printed twice (-q and -l)", "/abs/my.sv:12: Warning: Identifier `\\$random' is implicitly declared.\n/abs/my.sv:12: Warning: Identifier `\\$random' is implicitly declared.\n",
			[]string{"my.sv:12: $random: a non-deterministic system function; Yosys 0.23 reads it as an undriven wire, so a proof would not cover its values"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			for _, f := range sysFuncs(c.out, names) {
				got = append(got, f.String())
			}
			assert.Equal(t, c.want, got)
		})
	}
}

// TestHierRefs: Yosys's warning about an implicitly declared dotted name
// (a hierarchical reference it did not resolve) is a finding with the
// user's file and line; a $function and a plain name are not.
func TestHierRefs(t *testing.T) {
	names := map[string]string{"/abs/my.sv": "my.sv"}
	out := "/abs/my.sv:43: Warning: Identifier `\\u_any.any_q' is implicitly declared.\n" +
		"/abs/my.sv:44: Warning: Identifier `\\$random' is implicitly declared.\n" +
		"/abs/my.sv:45: Warning: Identifier `\\plain' is implicitly declared.\n" +
		"/abs/my.sv:46: Warning: Identifier `\\g_q[2].u.x' is implicitly declared.\n"
	var got []string
	for _, f := range hierRefs(out, names) {
		got = append(got, f.String())
	}
	want := "a hierarchical reference: Yosys 0.23 does not resolve it and reads it as an undriven wire; bring the signal out through a port of the instance"
	assert.Equal(t, []string{"my.sv:43: u_any.any_q: " + want, "my.sv:46: g_q[2].u.x: " + want}, got)
}
