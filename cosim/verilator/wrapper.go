package verilator

import (
	"embed"
	"fmt"
	"occamy/rtl/port"
	"regexp"
	"strings"
)

// abiVersion is the version of the extern "C" interface in csrc/occ_wrap.cpp;
// the loader refuses a library that reports another.
const abiVersion = 2

// csrc holds the C++ wrapper, the runtime hooks, the runtime makefile and the
// benchmark driver. Their bytes are part of every cache key.
//
//go:embed csrc/occ_wrap.cpp csrc/occ_hooks.h csrc/runtime.mk csrc/occ_bench.cpp csrc/occ_train.cpp
var csrc embed.FS

func csrcFile(name string) string {
	b, err := csrc.ReadFile("csrc/" + name)
	if err != nil {
		panic("cosim: embedded file missing: " + name) // a build defect, not user input
	}
	return string(b)
}

var cIdent = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// metaString describes a layout in one line; the wrapper returns the same
// string from occ_meta so the loader can check a library against its cache
// entry.
func metaString(top string, l *port.Layout, trace bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "abi=%d;top=%s;clock=%s;reset=%s;resethigh=%t;trace=%t;in=", abiVersion, top, l.Clock, l.Reset, l.ResetHigh, trace)
	for i, p := range l.Inputs {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%s:%d", p.Name, p.Width)
	}
	b.WriteString(";out=")
	for i, p := range l.Outputs {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%s:%d", p.Name, p.Width)
	}
	return b.String()
}

// portsHeader generates occ_ports.h: the only part of the wrapper that
// depends on the top. It defines how the flat word arrays map onto the
// Verilated model's port members.
func portsHeader(top string, l *port.Layout, trace, regin bool) (string, error) {
	for _, ps := range [][]port.Port{l.Inputs, l.Outputs} {
		for _, p := range ps {
			if !cIdent.MatchString(p.Name) || strings.HasPrefix(p.Name, "__") {
				return "", fmt.Errorf("cosim: port name %q is not supported by the wrapper (want a plain identifier)", p.Name)
			}
		}
	}
	var b strings.Builder
	w := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	w("// occ_ports.h: port mapping of top %s for the cosim wrapper. Generated; do not edit.\n", top)
	w("#ifndef OCC_PORTS_H_\n#define OCC_PORTS_H_\n#include <cstdint>\n#include <cstring>\n#include \"Vocc.h\"\n\n")
	w("#define OCC_TRACE %d\n", b2i(trace))
	w("#define OCC_HAS_CLOCK %d\n", b2i(l.Clock != ""))
	if l.Clock != "" {
		w("#define OCC_CLOCK(t) ((t)->%s)\n", l.Clock)
	}
	w("#define OCC_REGIN %d\n", b2i(regin && l.Clock != ""))
	if regin && l.Clock != "" {
		w("#define OCC_LOAD(t) ((t)->%s)\n", reginLoad)
	}
	ri := l.Input(l.Reset)
	w("#define OCC_HAS_RESET %d\n", b2i(l.Reset != "" && ri >= 0))
	if l.Reset != "" && ri >= 0 {
		w("#define OCC_RESET_OFF %d\n", l.InOff[ri])
		w("#define OCC_RESET_ASSERTED %du\n", b2i(l.ResetHigh))
	}
	w("#define OCC_IN_WORDS %d\n#define OCC_OUT_WORDS %d\n", l.InWords, l.OutWords)
	w("static const char OCC_META[] = %q;\n\n", metaString(top, l, trace))

	w("static inline void occ_set_inputs(Vocc* t, const uint32_t* in) {\n")
	for i, p := range l.Inputs {
		setCode(&b, p, fmt.Sprintf("in + %d", l.InOff[i]))
	}
	w("    (void)t;\n    (void)in;\n}\n\n")
	w("static inline void occ_get_outputs(Vocc* t, uint32_t* out) {\n")
	for i, p := range l.Outputs {
		getCode(&b, p, fmt.Sprintf("out + %d", l.OutOff[i]))
	}
	w("    (void)t;\n    (void)out;\n}\n\n")
	w("static inline int occ_set_input(Vocc* t, int idx, const uint32_t* w) {\n    switch (idx) {\n")
	for i, p := range l.Inputs {
		w("    case %d:\n", i)
		setCode(&b, p, "w")
		w("        return 0;\n")
	}
	w("    }\n    (void)t;\n    (void)w;\n    return -1;\n}\n\n")
	w("static inline int occ_get_output(Vocc* t, int idx, uint32_t* w) {\n    switch (idx) {\n")
	for i, p := range l.Outputs {
		w("    case %d:\n", i)
		getCode(&b, p, "w")
		w("        return 0;\n")
	}
	w("    }\n    (void)t;\n    (void)w;\n    return -1;\n}\n#endif\n")
	return b.String(), nil
}

func b2i(v bool) int {
	if v {
		return 1
	}
	return 0
}

// topMask is the mask of the valid bits in a port's most significant word.
func topMask(width int) string {
	if r := width % 32; r != 0 {
		return fmt.Sprintf("0x%xu", uint32(1)<<uint(r)-1)
	}
	return "0xffffffffu"
}

// setCode writes the C++ that loads port p from the words at src, masking
// bits above the width (Verilator assumes them clear).
func setCode(b *strings.Builder, p port.Port, src string) {
	switch {
	case p.Width <= 32:
		fmt.Fprintf(b, "    t->%s = (%s)[0] & %s;\n", p.Name, src, topMask(p.Width))
	case p.Width <= 64:
		fmt.Fprintf(b, "    t->%s = (QData)(%s)[0] | ((QData)((%s)[1] & %s) << 32);\n", p.Name, src, src, topMask(p.Width))
	default:
		n := p.Words()
		fmt.Fprintf(b, "    std::memcpy(t->%s.data(), %s, %d);\n", p.Name, src, 4*n)
		if p.Width%32 != 0 {
			fmt.Fprintf(b, "    t->%s.data()[%d] &= %s;\n", p.Name, n-1, topMask(p.Width))
		}
	}
}

// getCode writes the C++ that stores port p into the words at dst.
func getCode(b *strings.Builder, p port.Port, dst string) {
	switch {
	case p.Width <= 32:
		fmt.Fprintf(b, "    (%s)[0] = t->%s;\n", dst, p.Name)
	case p.Width <= 64:
		fmt.Fprintf(b, "    (%s)[0] = (uint32_t)t->%s;\n    (%s)[1] = (uint32_t)(t->%s >> 32);\n", dst, p.Name, dst, p.Name)
	default:
		fmt.Fprintf(b, "    std::memcpy(%s, t->%s.data(), %d);\n", dst, p.Name, 4*p.Words())
	}
}
