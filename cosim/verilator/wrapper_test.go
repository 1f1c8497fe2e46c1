package verilator

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"occamy/rtl/port"
)

func TestPortsHeader(t *testing.T) {
	ports := []port.Port{port.Input("clk_i", 1), port.Input("rst_ni", 1), port.Input("b_i", 8), port.Input("q_i", 40), port.Input("w_i", 100), port.Input("e_i", 64),
		port.Output("b_o", 32), port.Output("q_o", 33), port.Output("w_o", 96)}
	l, err := port.NewLayout(ports, "clk_i", "rst_ni", false)
	require.NoError(t, err)
	h, err := portsHeader("top", &l, true, false)
	require.NoError(t, err)
	for _, want := range []string{
		"#define OCC_TRACE 1",
		"#define OCC_CLOCK(t) ((t)->clk_i)",
		"#define OCC_RESET_OFF 0",
		"#define OCC_RESET_ASSERTED 0u",
		"#define OCC_IN_WORDS 10",
		"#define OCC_OUT_WORDS 6",
		"t->rst_ni = (in + 0)[0] & 0x1u;",
		"t->b_i = (in + 1)[0] & 0xffu;",
		"t->q_i = (QData)(in + 2)[0] | ((QData)((in + 2)[1] & 0xffu) << 32);",
		"std::memcpy(t->w_i.data(), in + 4, 16);",
		"t->w_i.data()[3] &= 0xfu;",
		"t->e_i = (QData)(in + 8)[0] | ((QData)((in + 8)[1] & 0xffffffffu) << 32);",
		"(out + 0)[0] = t->b_o;",
		"(out + 1)[0] = (uint32_t)t->q_o;",
		"(out + 1)[1] = (uint32_t)(t->q_o >> 32);",
		"std::memcpy(out + 3, t->w_o.data(), 12);",
		"abi=2;top=top;clock=clk_i;reset=rst_ni;resethigh=false;trace=true;in=rst_ni:1,b_i:8,q_i:40,w_i:100,e_i:64;out=b_o:32,q_o:33,w_o:96",
	} {
		assert.Contains(t, h, want)
	}
	assert.NotContains(t, h, "t->w_o.data()[2] &=", "a whole-word output needs no mask")

	comb, err := port.NewLayout([]port.Port{port.Input("a_i", 3), port.Output("y_o", 3)}, "", "", false)
	require.NoError(t, err)
	h, err = portsHeader("c", &comb, false, false)
	require.NoError(t, err)
	assert.Contains(t, h, "#define OCC_HAS_CLOCK 0")
	assert.Contains(t, h, "#define OCC_HAS_RESET 0")
	assert.False(t, strings.Contains(h, "OCC_CLOCK("))

	bad, err := port.NewLayout([]port.Port{port.Input("a$b", 1)}, "", "", false)
	require.NoError(t, err)
	_, err = portsHeader("c", &bad, false, false)
	assert.EqualError(t, err, `cosim: port name "a$b" is not supported by the wrapper (want a plain identifier)`)
}

func TestTopMask(t *testing.T) {
	for _, tc := range []struct {
		w    int
		want string
	}{{1, "0x1u"}, {8, "0xffu"}, {31, "0x7fffffffu"}, {32, "0xffffffffu"}, {33, "0x1u"}, {64, "0xffffffffu"}, {100, "0xfu"}} {
		assert.Equal(t, tc.want, topMask(tc.w), "width %d", tc.w)
	}
}
