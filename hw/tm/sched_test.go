package tm

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSchedNoGrantIsZero: in every cycle without a grant, the egress
// scheduler's gnt_qid_o and gnt_port_o are 0, as hw/scheduler documents
// and as tm_sched drives them (its en_i low when the dequeue cannot take a
// packet). Before, a cycle whose stage C did not run kept the last grant's
// queue and port, and occamy sim --rtl verilator --vcd differed from the Go
// trace on u_sched.gnt_qid_o while gnt_valid_o was 0 (incast at the
// defaults, from cycle 26).
func TestSchedNoGrantIsZero(t *testing.T) {
	for _, sch := range []SchedMode{SchedSP, SchedDRR} {
		for _, pol := range []Policy{PolicyDT, PolicyOccamy} {
			t.Run(fmt.Sprintf("%s/%s", sch, pol), func(t *testing.T) {
				m, err := New(stateConfig(pol, FreeCell, sch))
				require.NoError(t, err)
				r := rand.New(rand.NewPCG(uint64(len(sch)), uint64(pol)))
				stale, granted := 0, 0
				for cy := 0; cy < 5000; cy++ {
					drive(r, m)
					m.Eval()
					s := m.sch.u
					if s.ValidO {
						granted++
					} else {
						require.Zero(t, s.QidO, "cycle %d: gnt_qid_o without a grant", cy)
						require.Zero(t, s.PortO, "cycle %d: gnt_port_o without a grant", cy)
						stale++
					}
					m.Commit()
					require.NoError(t, m.Err())
				}
				require.Greater(t, granted, 100, "a weak check: few grants")
				require.Greater(t, stale, 100, "a weak check: few cycles without one")
			})
		}
	}
}
