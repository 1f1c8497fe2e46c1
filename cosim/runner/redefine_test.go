package runner

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// brokenSelector is the project's hd_selector with its compare inverted:
// a module no run may take for the project's.
func brokenSelector(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../../verilog/hd_selector.sv")
	require.NoError(t, err)
	s := strings.Replace(string(b), "qlen_i[i*QS +: QS] > thr_i", "qlen_i[i*QS +: QS] < thr_i", 1)
	require.NotEqual(t, string(b), s)
	return s
}

// project is a project file's text.
func project(t *testing.T, f string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("../../verilog", f))
	require.NoError(t, err)
	return string(b)
}

// lineIn is the line of the first "module NAME" in text.
func lineIn(t *testing.T, text, module string) int {
	t.Helper()
	i := strings.Index(text, "module "+module)
	require.GreaterOrEqual(t, i, 0)
	return strings.Count(text[:i], "\n") + 1
}

// TestRedefinedModules: a user's file that declares a module of the
// project other than the one it replaces, or a module twice, is refused
// before anything is elaborated, naming both declarations, on both
// simulators. Before, Verilator kept the project's hd_selector beside the
// user's rr_arbiter (a MODDUP note) and said MATCH on a design whose
// broken selector never ran (TestRedefinedModuleCLI shows it), Icarus
// refused it with iverilog's own error, and a plain --rtl run or a proof
// took a project module that the run does not check without a word.
func TestRedefinedModules(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, parts ...string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(strings.Join(parts, "\n")), 0o644))
		return p
	}
	sel := brokenSelector(t)
	arb := project(t, "rr_arbiter.sv")
	exec := project(t, "tm_hd_exec.sv")
	arbSel := write("arb_sel.sv", arb, sel)
	execTop := write("exec_top.sv", exec, "module occamy_tm; endmodule")
	helperA := write("helper_a.sv", arb, "module helper; endmodule")
	helperB := write("helper_b.sv", "module helper(); endmodule")
	commented := write("commented.sv", arb, "/* a note:\nmodule hd_selector\n*/ // module tm_sched")
	selOnly := write("sel_only.sv", sel)
	selAt := lineIn(t, arb+"\n"+sel, "hd_selector #")
	projSel := fmt.Sprintf("verilog/hd_selector.sv:%d", lineIn(t, project(t, "hd_selector.sv"), "hd_selector #"))
	tmSrc := fmt.Sprintf("verilog/occamy_tm.sv:%d", lineIn(t, project(t, "occamy_tm.sv"), "occamy_tm"))

	refused := []struct {
		name string
		opt  Options
		want string
	}{
		{"replace arbiter, a selector beside it", Options{Block: "tm", Replace: "arbiter", RTL: []string{arbSel}},
			fmt.Sprintf("RTL: your %s:%d redefines module hd_selector of the project's %s, which this run compiles too", arbSel, selAt, projSel)},
		{"executor, the TM's top beside it", Options{Block: "executor", RTL: []string{execTop}},
			fmt.Sprintf("redefines module occamy_tm of the project's %s, which this run compiles too: a simulator runs only one of the two (Verilator the project's, with a MODDUP warning), so the verdict would not be of yours; your files may redefine only tm_hd_exec, the executor your files put in place of the project's", tmSrc)},
		{"replace selector, the project's own file again", Options{Block: "tm", Replace: "selector", RTL: []string{selOnly, "../../verilog/rr_arbiter.sv"}},
			"your ../../verilog/rr_arbiter.sv:"},
		{"plain arbiter, a selector beside it", Options{Block: "arbiter", RTL: []string{arbSel}},
			fmt.Sprintf("RTL: your %s:%d redefines module hd_selector of the project's %s, which this run does not check: your files may redefine only the arbiter's own module rr_arbiter", arbSel, selAt, projSel)},
		{"a module in two files", Options{Block: "arbiter", RTL: []string{helperA, helperB}},
			fmt.Sprintf("RTL: module helper is declared twice, at %s:%d and at %s:1", helperA, lineIn(t, arb+"\nmodule helper; endmodule", "helper"), helperB)},
		{"a file twice", Options{Block: "arbiter", RTL: []string{helperB, helperB}},
			fmt.Sprintf("RTL: %s is given twice", helperB)},
	}
	for _, c := range refused {
		for _, sim := range []string{Verilator, Icarus} {
			t.Run(c.name+"/"+sim, func(t *testing.T) {
				c.opt.Sim, c.opt.VerilogDir = sim, "../.."
				_, err := prepare(c.opt)
				require.Error(t, err, "accepted")
				assert.Contains(t, err.Error(), c.want)
				var se *SetupError
				require.ErrorAs(t, err, &se)
				assert.Equal(t, "RTL", se.Field)
			})
		}
	}

	// What stays accepted: the module replaced, a whole block's modules
	// (a copy of the TM, as the mutation run gives), a module of one's
	// own, a project module named in a comment.
	var tmCopy []string
	s := testSession(t, Options{Block: "tm"})
	for _, f := range s.files {
		tmCopy = append(tmCopy, write(filepath.Base(f), project(t, filepath.Base(f))))
	}
	for _, opt := range []Options{
		{Block: "tm", Replace: "arbiter", RTL: []string{write("rr_arbiter.sv", arb)}},
		{Block: "tm", Replace: "selector", RTL: []string{selOnly}},
		{Block: "tm", RTL: tmCopy},
		{Block: "arbiter", RTL: []string{helperA}},
		{Block: "arbiter", RTL: []string{commented}},
		{Block: "selector", RTL: []string{selOnly}},
	} {
		t.Run("accepted "+opt.Block+" "+opt.Replace, func(t *testing.T) {
			testSession(t, opt)
		})
	}
}

// TestRedefinitionErrorIsTyped: the refusal carries its declarations for
// a caller (occamy prove) to word.
func TestRedefinitionErrorIsTyped(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "two.sv")
	require.NoError(t, os.WriteFile(f, []byte(project(t, "rr_arbiter.sv")+"\n"+brokenSelector(t)), 0o644))
	bs, err := Describe("arbiter", nil, "../..")
	require.NoError(t, err)
	err = CheckUserModules([]string{f}, bs)
	var re *RedefinitionError
	require.True(t, errors.As(err, &re), "%v", err)
	assert.Equal(t, "hd_selector", re.Module)
	assert.Equal(t, "verilog/hd_selector.sv", re.Other)
	assert.True(t, re.Project)
	assert.False(t, re.Compiled)
	require.NoError(t, CheckUserModules([]string{"testdata/byo/my_rr_arbiter.sv"}, bs))
	// prove gives the sources absolute, the root as found (relative).
	for i, f := range bs.Sources {
		bs.Sources[i], _ = filepath.Abs(f)
	}
	require.NoError(t, CheckUserModules([]string{"../../verilog/rr_arbiter.sv"}, bs))
}
