package dpi

import (
	"fmt"
	"strings"

	"occamy/rtl/port"
)

// LayoutText lists a layout's ports as "in=rst_ni:1@0,req_i:64@1;out=gnt_valid_o:1@0,..."
// (name:width@first word), inputs then outputs, in layout order.
func LayoutText(l *port.Layout) string {
	var b strings.Builder
	b.WriteString("in=")
	for i, q := range l.Inputs {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%s:%d@%d", q.Name, q.Width, l.InOff[i])
	}
	b.WriteString(";out=")
	for i, q := range l.Outputs {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%s:%d@%d", q.Name, q.Width, l.OutOff[i])
	}
	return b.String()
}

// Describe is the model's one-line description for the C caller:
// "block=arbiter;module=rr_arbiter;params=N=64;clock=clk_i;reset=rst_ni;in_words=4;out_words=2;in=...;out=...".
func (m *Model) Describe() string {
	return fmt.Sprintf("block=%s;module=%s;params=%s;clock=%s;reset=%s;in_words=%d;out_words=%d;%s",
		m.Block.Name, m.Block.Module, strings.ReplaceAll(m.Block.ParamText(m.Params), " ", ","),
		m.Layout.Clock, m.Layout.Reset, m.Layout.InWords, m.Layout.OutWords, LayoutText(&m.Layout))
}
