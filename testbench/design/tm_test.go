package design

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// altMap is the map of the project's example TM, alt_tm.
func altMap(t testing.TB) []byte {
	b, err := os.ReadFile(filepath.Join("..", "..", "cosim", "testdata", "alt_tm", "alt_tm.yaml"))
	require.NoError(t, err)
	return b
}

func TestTMSectionExample(t *testing.T) {
	f, err := Parse("alt_tm.yaml", altMap(t))
	require.NoError(t, err)
	require.NoError(t, f.CheckTM())
	tm := f.TM
	assert.Equal(t, "alt_tm_sb.sv", tm.Adapter)
	assert.Equal(t, 1, tm.Egress.Lanes, "the default egress lanes")
	assert.Equal(t, Window{Lo: 1, Hi: 1, Set: true}, tm.Staleness.Admit.Qlen)
	assert.Equal(t, Window{Lo: 2, Hi: 2, Set: true}, tm.Staleness.Admit.Thr())
	assert.Equal(t, Window{Lo: 3, Hi: 3, Set: true}, tm.Staleness.HeadDrop.Thr())
	assert.Equal(t, []string{"dt", "occamy"}, tm.Config.Policy.Settings())
	assert.Equal(t, []string{"chain"}, tm.Config.FreeMode.Settings())
	assert.Empty(t, tm.Egress.Spacing, "spacing is not checked unless declared")
	assert.Zero(t, tm.HeadDrop.Unfreed, "unfreed is not declared unless given")
}

// TestTMMapFields: egress.spacing and head_drop.unfreed are read.
func TestTMMapFields(t *testing.T) {
	base := string(altMap(t))
	r := strings.NewReplacer(", data: eg_data_o", ", data: eg_data_o, spacing: exact",
		"cells: hd_cells_o}", "cells: hd_cells_o, unfreed: 2}")
	f, err := Parse("alt.yaml", []byte(r.Replace(base)))
	require.NoError(t, err)
	f.TM.Observe.ThresholdFree = Unqueued
	require.NoError(t, f.CheckTM())
	assert.Equal(t, Exact, f.TM.Egress.Spacing)
	assert.Equal(t, 2, f.TM.HeadDrop.Unfreed)
}

// TestTMAdmitLatency: admit.latency and admit.settle are read with ok (0
// when absent; settle down to -latency).
func TestTMAdmitLatency(t *testing.T) {
	base := string(altMap(t))
	old := "    valid: adm_valid_o\n    drop: adm_drop_o\n    queue: adm_queue_o\n    cells: adm_cells_o\n    window: 16"
	require.Equal(t, 1, strings.Count(base, old), "test anchor")
	for _, x := range []struct {
		admit        string
		want, settle int
	}{{"    ok: adm_ok_o\n    latency: 2", 2, 0}, {"    ok: adm_ok_o", 0, 0},
		{"    ok: adm_ok_o\n    latency: 1\n    settle: 1", 1, 1}, {"    ok: adm_ok_o\n    latency: 2\n    settle: -2", 2, -2}} {
		f, err := Parse("alt.yaml", []byte(strings.Replace(base, old, x.admit, 1)))
		require.NoError(t, err)
		require.NoError(t, f.CheckTM())
		assert.Equal(t, x.want, f.TM.Admit.Latency, "%q", x.admit)
		assert.Equal(t, x.settle, f.TM.Admit.Settle, "%q", x.admit)
	}
}

// TestTMSectionErrors: each mistake is one error naming the file, the
// line of the key at fault and the key.
func TestTMSectionErrors(t *testing.T) {
	base := string(altMap(t))
	for _, x := range []struct {
		name, old, new, want string
	}{
		{"unknown key", "    cell_rate: 1 ", "    cell_rat: 1 ", "unknown key cell_rat"},
		{"no egress data", ", data: eg_data_o", "", "tm.egress.data: missing"},
		{"window backwards", "threshold: 1                              #", "threshold: [3, 1]                         #", "tm.staleness.threshold: window [3, 1]"},
		{"window not a pair", "threshold: 1                              #", "threshold: [1, 2, 3]                      #", "want a number of cycles or a pair"},
		{"ok and valid", "    valid: adm_valid_o\n", "    valid: adm_valid_o\n    ok: x\n", "tm.admit: give either ok"},
		{"earlier unknown", "    valid: adm_valid_o\n", "    valid: adm_valid_o\n    earlier: some\n", `earlier "some": give admitted`},
		{"earlier offered with valid", "    valid: adm_valid_o\n", "    valid: adm_valid_o\n    earlier: offered\n", "earlier: offered needs ok"},
		{"latency with valid", "    valid: adm_valid_o\n", "    valid: adm_valid_o\n    latency: 1\n", "tm.admit.latency: latency needs ok"},
		{"latency out of range", "    valid: adm_valid_o\n", "    valid: adm_valid_o\n    latency: 65\n", "tm.admit.latency: 65 out of range, allowed 0..64"},
		{"settle with valid", "    valid: adm_valid_o\n", "    valid: adm_valid_o\n    settle: 1\n", "tm.admit.settle: settle needs ok"},
		{"settle below -latency", "    valid: adm_valid_o\n", "    valid: adm_valid_o\n    settle: -1\n", "tm.admit.settle: -1 out of range, allowed 0..64"},
		{"serial offered, no input", "    serial: off_serial_i ", "    #", "serial: offered needs ingress.serial"},
		{"index bits too few", "index_bits: 8", "index_bits: 2", "2 index bits cannot number the 8 cells"},
		{"unknown policy", "values: {dt: 0, occamy: 1}", "values: {dt: 0, red: 1}", `"red": want dt or occamy or occamy-lqd or pushout-ports`},
		{"no line rate", ", line_rate: 4}", "}", "tm.shape.line_rate"},
		{"buffer out of range", "buffer: 256", "buffer: 0", "tm.shape.buffer: 0 out of range"},
		{"sum without free", "    free: free_o\n", "", "sum needs qlen and free"},
		{"backlog below a packet", "backlog: 12", "backlog: 4", "tm.ingress.backlog: 4 out of range, allowed 8.."},
		{"egress latency negative", ", data: eg_data_o", ", data: eg_data_o, latency: -1", "tm.egress.latency: -1 out of range"},
		{"spacing unknown", ", data: eg_data_o", ", data: eg_data_o, spacing: at_most", `tm.egress.spacing: "at_most": want at_least or exact`},
		{"unfreed out of range", "cells: hd_cells_o}", "cells: hd_cells_o, unfreed: 65}", "tm.head_drop.unfreed: 65 out of range, allowed 0..64"},
		{"unfreed without unqueued", "cells: hd_cells_o}", "cells: hd_cells_o, unfreed: 2}", "tm.head_drop.unfreed: unfreed needs observe.threshold_free: unqueued"},
	} {
		t.Run(x.name, func(t *testing.T) {
			require.Equal(t, 1, strings.Count(base, x.old), "test anchor %q", x.old)
			f, err := Parse("alt.yaml", []byte(strings.Replace(base, x.old, x.new, 1)))
			if err == nil {
				err = f.CheckTM()
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), x.want)
			assert.Regexp(t, `^alt\.yaml:\d+: `, err.Error(), "the error names the file and line")
		})
	}
}

func TestNoTMSection(t *testing.T) {
	f, err := Parse("arb.yaml", []byte("block: arbiter\n"))
	require.NoError(t, err)
	assert.ErrorContains(t, f.CheckTM(), "no tm: section")
}

// FuzzTMSection: any text either fails to parse, fails CheckTM with an
// *Error, or passes; never a panic.
func FuzzTMSection(f *testing.F) {
	f.Add(altMap(f))
	f.Add([]byte("tm: {shape: {ports: 1}}"))
	f.Add([]byte("tm:\n  staleness: {admit: {qlen: [1, 2]}}\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		d, err := Parse("f.yaml", b)
		if err != nil {
			return
		}
		if err := d.CheckTM(); err != nil {
			var e *Error
			require.ErrorAs(t, err, &e)
		}
	})
}
