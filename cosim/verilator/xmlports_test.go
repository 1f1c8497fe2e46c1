package verilator

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"occamy/rtl/port"
)

// The fixtures under testdata/xml were written by Verilator 5.006:
//
//	verilator --xml-only -Wno-fatal --top-module types -GN=3 testdata/types.sv --xml-output testdata/xml/types.xml
func TestParseElaborationFixtures(t *testing.T) {
	tests := []struct {
		file  string
		top   string
		ports []port.Port
	}{
		{"testdata/xml/counter.xml", "counter", []port.Port{
			port.Input("clk_i", 1), port.Input("rst_ni", 1), port.Input("en_i", 1), port.Input("load_i", 1),
			port.Input("load_val_i", 8), port.Input("q_i", 40), port.Input("wide_i", 100),
			port.Output("cnt_o", 8), port.Output("wrap_o", 1), port.Output("q_o", 40), port.Output("wide_o", 100), port.Output("next_o", 8),
		}},
		{"testdata/xml/types.xml", "types", []port.Port{
			port.Input("clk_i", 1), port.Input("a_i", 8), port.Input("pa_i", 24), port.Input("st_i", 8), port.Input("un_i", 6),
			port.Input("en_i", 2), port.Input("wd_i", 12), port.Input("sts_i", 16),
			port.Output("rev_o", 6), port.Output("int_o", 32), port.Output("neg_o", 6),
		}},
	}
	for _, tc := range tests {
		t.Run(tc.top, func(t *testing.T) {
			f, err := os.Open(tc.file)
			require.NoError(t, err)
			defer f.Close()
			el, err := ParseElaboration(f)
			require.NoError(t, err)
			assert.Equal(t, tc.top, el.Top)
			require.Equal(t, len(tc.ports), len(el.Ports), "number of ports")
			for i, want := range tc.ports {
				assert.Equal(t, want, el.Ports[i], "port %d: want %v, got %v", i, want, el.Ports[i])
			}
			assert.Equal(t, []string{"testdata/" + tc.top + ".sv"}, el.Files)
		})
	}
}

// xmlDoc builds a minimal Verilator-style document with one top module.
func xmlDoc(vars, types string) string {
	return `<?xml version="1.0" ?><verilator_xml><files><file id="a" filename="&lt;built-in&gt;"/>` +
		`<file id="c" filename="x.sv"/></files><netlist><module name="x" topModule="1">` + vars +
		`</module><typetable>` + types + `</typetable></netlist></verilator_xml>`
}

func TestParseElaborationErrors(t *testing.T) {
	tests := []struct {
		name, doc, want string
	}{
		{"unpacked array", xmlDoc(`<var name="up_i" dtype_id="1" dir="input"/>`,
			`<basicdtype id="2" name="logic" left="7" right="0"/><unpackarraydtype id="1" sub_dtype_id="2"><range><const name="32'h0"/><const name="32'h1"/></range></unpackarraydtype>`),
			"port up_i of x: unpacked arrays are not supported"},
		{"inout", xmlDoc(`<var name="io" dtype_id="1" dir="inout"/>`, `<basicdtype id="1" name="logic"/>`),
			"port io of x is an inout"},
		{"real", xmlDoc(`<var name="r_i" dtype_id="1" dir="input"/>`, `<basicdtype id="1" name="real"/>`),
			"type real is not supported"},
		{"unknown type", xmlDoc(`<var name="a_i" dtype_id="9" dir="input"/>`, ``), `unknown type id "9"`},
		{"type cycle", xmlDoc(`<var name="a_i" dtype_id="1" dir="input"/>`, `<refdtype id="1" sub_dtype_id="1"/>`),
			"too deep"},
		{"no top", `<verilator_xml><netlist><module name="x"/></netlist></verilator_xml>`, "names no top module"},
		{"bad xml", `<verilator_xml><netlist>`, "reading Verilator XML"},
		{"huge", xmlDoc(`<var name="h_i" dtype_id="1" dir="input"/>`, `<basicdtype id="1" name="logic" left="99999999" right="0"/>`),
			"outside 1.."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseElaboration(strings.NewReader(tc.doc))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestParseElaborationSkipsInnerVars(t *testing.T) {
	// Only direct children of the top module with a dir are ports; a var
	// inside a nested scope or a non-top module is not.
	doc := `<verilator_xml><netlist><module name="sub"><var name="s_i" dtype_id="1" dir="input"/></module>` +
		`<module name="x" topModule="1"><var name="a_i" dtype_id="1" dir="input"/><begin><var name="t" dtype_id="1" dir="input"/></begin>` +
		`<var name="n" dtype_id="1"/></module><typetable><basicdtype id="1" name="logic"/></typetable></netlist></verilator_xml>`
	el, err := ParseElaboration(strings.NewReader(doc))
	require.NoError(t, err)
	assert.Equal(t, []port.Port{port.Input("a_i", 1)}, el.Ports)
}

func TestParseConst(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"32'sh3", 3, true},
		{"32'h1f", 31, true},
		{"32'shffffffff", -1, true},
		{"8'sh80", -128, true},
		{"4'b1010", 10, true},
		{"16'd65535", 65535, true},
		{"64'shffffffffffffffff", -1, true},
		{"12", 12, true},
		{"-3", -3, true},
		{"32'hx", 0, false},
		{"0'h0", 0, false},
		{"8'h1ff", 0, false},
		{"32'", 0, false},
		{"32'q7", 0, false},
		{"", 0, false},
	}
	for _, tc := range tests {
		got, err := parseConst(tc.in)
		if !tc.ok {
			assert.Error(t, err, "parseConst(%q)", tc.in)
			continue
		}
		require.NoError(t, err, "parseConst(%q)", tc.in)
		assert.Equal(t, tc.want, got, "parseConst(%q)", tc.in)
	}
}

// FuzzParseElaboration checks that no input makes the parser panic, and
// that every port it returns has a sane width and direction. The seeds are
// whole Verilator files, which the fuzzer minimises slowly; run it with
// -fuzzminimizetime=2s, e.g.
//
//	go test ./cosim -run '^$' -fuzz FuzzParseElaboration -fuzztime 15s -fuzzminimizetime 2s
func FuzzParseElaboration(f *testing.F) {
	for _, p := range []string{"testdata/xml/counter.xml", "testdata/xml/types.xml", "testdata/xml/oddpath.xml"} {
		b, err := os.ReadFile(p)
		require.NoError(f, err)
		f.Add(string(b))
	}
	f.Add(xmlDoc(`<var name="a" dtype_id="1" dir="input"/>`, `<packarraydtype id="1" sub_dtype_id="1"><range><const name="32'h3"/><const name="32'h0"/></range></packarraydtype>`))
	f.Fuzz(func(t *testing.T, doc string) {
		el, err := ParseElaboration(strings.NewReader(doc))
		if err != nil {
			return
		}
		for _, p := range el.Ports {
			if p.Width < 1 || p.Width > maxPortWidth || (p.Dir != port.In && p.Dir != port.Out) {
				t.Fatalf("port %+v out of range", p)
			}
		}
	})
}

// TestParseElaborationSharedMembers: a chain of 60 unions whose two members
// are both the previous union is 1 bit wide but takes 2^60 steps to size
// without memoisation; a chain of structs doubles its width each level and
// must be rejected as too wide.
func TestParseElaborationSharedMembers(t *testing.T) {
	chain := func(kind string) string {
		var b strings.Builder
		b.WriteString(`<basicdtype id="t0" name="logic"/>`)
		for i := 1; i <= 60; i++ {
			prev := "t" + strconv.Itoa(i-1)
			fmt.Fprintf(&b, `<%s id="t%d" name="s"><memberdtype id="m" sub_dtype_id="%s"/><memberdtype id="m" sub_dtype_id="%s"/></%s>`, kind, i, prev, prev, kind)
		}
		return b.String()
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		el, err := ParseElaboration(strings.NewReader(xmlDoc(`<var name="u_i" dtype_id="t60" dir="input"/>`, chain("uniondtype"))))
		assert.NoError(t, err)
		assert.Equal(t, []port.Port{port.Input("u_i", 1)}, el.Ports)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("sizing a chain of shared union members did not finish in 10 s")
	}
	structs := chain("structdtype")
	el, err := ParseElaboration(strings.NewReader(xmlDoc(`<var name="s_i" dtype_id="t10" dir="input"/>`, structs)))
	require.NoError(t, err)
	assert.Equal(t, 1024, el.Ports[0].Width)
	_, err = ParseElaboration(strings.NewReader(xmlDoc(`<var name="h_i" dtype_id="t60" dir="input"/>`, structs)))
	assert.ErrorContains(t, err, "port h_i of x: wider than")
}

// TestParseElaborationOddPaths: Verilator 5.006's file list for a path with
// a space and non-ASCII letters (testdata/xml/oddpath.xml, written by
//
//	verilator --xml-only -Wno-fatal --top-module inc_top "+incdir+/tmp/verd sp/ünï" "/tmp/verd sp/ünï/inc_top.sv"
//
// where inc_top.sv includes "my defs.svh") lists a bogus "/tmp/verd" and
// writes each byte of ü and ï as its own character reference. The parsed
// list is the two real files, spelt right, so hashing them works.
func TestParseElaborationOddPaths(t *testing.T) {
	f, err := os.Open("testdata/xml/oddpath.xml")
	require.NoError(t, err)
	defer f.Close()
	el, err := ParseElaboration(f)
	require.NoError(t, err)
	require.Equal(t, []string{"/tmp/verd sp/ünï/inc_top.sv", "/tmp/verd sp/ünï/my defs.svh"}, el.Files)

	for _, c := range []struct{ in, want string }{
		{"plain/a.sv", "plain/a.sv"},
		{"\u00c3\u00bc.sv", "ü.sv"}, // the bytes of ü, one reference each
		{"\u00fc.sv", "\u00fc.sv"},  // a lone Latin-1 byte is not UTF-8: kept as read
		{"日本/a.sv", "日本/a.sv"},      // real multi-byte runes: kept
	} {
		require.Equal(t, c.want, xmlBytes(c.in), "%q", c.in)
	}
	require.Equal(t, []string{"/x y/c.sv"}, dropSpaceCuts([]string{"/x", "/x y/c.sv"}), "the cut goes, in any order")
	require.Equal(t, []string{"/a b/c.sv"}, dropSpaceCuts([]string{"/a b/c.sv", "/a"}))
	require.Equal(t, []string{"/a/b.sv", "/a c.sv"}, dropSpaceCuts([]string{"/a/b.sv", "/a c.sv"}), "a path is not a cut of a longer one without the space")
}
