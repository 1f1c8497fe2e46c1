package tm

import "occamy/rtl"

// sampleQ takes the start-of-cycle register copies and evaluates the
// combinational blocks that read them: thresholds and the selector.
func (m *TM) sampleQ() {
	// Only the queues whose length changed since the last copy are copied
	// (admit and unlink mark them in qChg); the pushout maximum follows
	// them, with a full search only when the longest queue shrank.
	selDirty := m.qChg.Any()
	if selDirty {
		mx, full := m.adm.maxQ, false
		for w := range m.qChg {
			for word := m.qChg[w]; word != 0; word &= word - 1 {
				i := w<<6 | trailingZeros(word)
				old, v := m.qlenQ[i], m.qlenD[i]
				m.qlenQ[i] = v
				if v >= mx {
					mx = v
				} else if old == mx {
					full = true
				}
			}
		}
		m.qChg = rtl.Bitmap{}
		if m.pol == polPushoutPort {
			if full {
				mx = 0
				for _, v := range m.qlenQ {
					mx = max(mx, v)
				}
			}
			m.adm.maxQ = mx
		}
	}
	m.freeQ = m.freeD
	if m.adm.thresholds(m.freeD) {
		selDirty = true
	}
	// The selector's next register value depends only on qlen and thr: when
	// neither changed since its last Eval, that value is already in its
	// register, so only its output needs refreshing.
	if selDirty {
		m.sel.Eval()
	} else {
		m.sel.OverO = m.sel.State().OverQ
	}
}
