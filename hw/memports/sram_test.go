package memports

import (
	"errors"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/rtl"
)

// TestSRAMParams checks every parameter's range error names it.
func TestSRAMParams(t *testing.T) {
	good := SRAMParams{Depth: 16, Width: 8, RP: 2, WP: 2, Lat: 1}
	cases := []struct {
		name string
		mod  func(p *SRAMParams)
		want string
	}{
		{"DEPTH", func(p *SRAMParams) { p.Depth = 0 }, "DEPTH"},
		{"WIDTH", func(p *SRAMParams) { p.Width = 65 }, "WIDTH"},
		{"RP", func(p *SRAMParams) { p.RP = 0 }, "RP"},
		{"WP", func(p *SRAMParams) { p.WP = 65 }, "WP"},
		{"LAT", func(p *SRAMParams) { p.Lat = 17 }, "LAT"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := good
			tc.mod(&p)
			_, err := NewSRAM(p)
			var pe *rtl.ParamError
			require.True(t, errors.As(err, &pe), "%s: want *rtl.ParamError, got %v", tc.name, err)
			require.Equal(t, tc.want, pe.Param)
		})
	}
}

// TestSRAMTable is a cycle-by-cycle table at LAT=2, RP=WP=1, DEPTH=4: a
// write lands at the edge, a read in the write's cycle gets the old word,
// data shows LAT cycles after issue, reset clears the pipeline.
func TestSRAMTable(t *testing.T) {
	s, err := NewSRAM(SRAMParams{Depth: 4, Width: 8, RP: 1, WP: 1, Lat: 2})
	require.NoError(t, err)
	rows := []struct {
		rst, rd bool
		raddr   uint32
		wr      bool
		waddr   uint32
		wdata   uint64
		valid   bool
		data    uint64
	}{
		// rst_ni rd_en_i rd_addr_i wr_en_i wr_addr_i wr_data_i | rd_valid_o rd_data_o
		{true, true, 1, true, 1, 0xaa, false, 0}, // 0: read-before-write: old 0
		{true, true, 1, false, 0, 0, false, 0},   // 1: sees 0xaa
		{true, false, 0, true, 1, 0xbb, true, 0}, // 2: data of cycle 0
		{true, true, 1, false, 0, 0, true, 0xaa}, // 3: data of cycle 1
		{false, true, 1, false, 0, 0, false, 0},  // 4: reset: pipeline cleared
		{true, false, 0, false, 0, 0, false, 0},  // 5
		{true, false, 0, false, 0, 0, false, 0},  // 6: cycle 4's read was dropped
	}
	for c, r := range rows {
		s.RstNI, s.RdEnI[0], s.RdAddrI[0] = r.rst, r.rd, r.raddr
		s.WrEnI[0], s.WrAddrI[0], s.WrDataI[0] = r.wr, r.waddr, r.wdata
		s.Eval()
		require.Equal(t, r.valid, s.RdValidO[0], "cycle %d: rd_valid_o", c)
		require.Equal(t, r.data, s.RdDataO[0], "cycle %d: rd_data_o", c)
		s.Commit()
		require.NoError(t, s.Err(), "cycle %d", c)
	}
}

// TestSRAMReference runs random traffic against a plain array with a
// delay line and compares every cycle.
func TestSRAMReference(t *testing.T) {
	for _, p := range []SRAMParams{
		{Depth: 16, Width: 8, RP: 2, WP: 2, Lat: 1},
		{Depth: 5, Width: 64, RP: 3, WP: 2, Lat: 3},
		{Depth: 1, Width: 1, RP: 1, WP: 1, Lat: 1},
	} {
		s, err := NewSRAM(p)
		require.NoError(t, err)
		arr := make([]uint64, p.Depth)
		type rd struct {
			ok bool
			v  uint64
		}
		line := make([][]rd, p.Lat) // line[0] is the oldest
		for i := range line {
			line[i] = make([]rd, p.RP)
		}
		rng := rand.New(rand.NewSource(7))
		mask := ^uint64(0) >> (64 - uint(p.Width))
		for c := 0; c < 3000; c++ {
			s.RstNI = rng.Intn(50) != 0
			for i := range s.RdEnI {
				s.RdEnI[i], s.RdAddrI[i] = rng.Intn(2) == 0, uint32(rng.Intn(p.Depth))
			}
			used := map[uint32]bool{}
			for i := range s.WrEnI {
				a := uint32(rng.Intn(p.Depth))
				s.WrEnI[i], s.WrAddrI[i], s.WrDataI[i] = rng.Intn(2) == 0 && !used[a], a, rng.Uint64()
				used[a] = used[a] || s.WrEnI[i]
			}
			s.Eval()
			for i := 0; i < p.RP; i++ {
				require.Equal(t, line[0][i].ok, s.RdValidO[i], "cycle %d: rd_valid_o[%d]", c, i)
				require.Equal(t, line[0][i].v, s.RdDataO[i], "cycle %d: rd_data_o[%d]", c, i)
			}
			next := make([]rd, p.RP)
			for i := range next {
				if s.RstNI && s.RdEnI[i] {
					next[i] = rd{true, arr[s.RdAddrI[i]]}
				}
			}
			line = append(line[1:], next)
			if !s.RstNI {
				for j := range line {
					line[j] = make([]rd, p.RP)
				}
			} else {
				for i := range s.WrEnI {
					if s.WrEnI[i] {
						arr[s.WrAddrI[i]] = s.WrDataI[i] & mask
					}
				}
			}
			s.Commit()
			require.NoError(t, s.Err(), "cycle %d", c)
		}
	}
}

// TestSRAMUsageErrors checks two writes of one address and an address out
// of range are reported.
func TestSRAMUsageErrors(t *testing.T) {
	s, err := NewSRAM(SRAMParams{Depth: 4, Width: 8, RP: 1, WP: 2, Lat: 1})
	require.NoError(t, err)
	s.RstNI = true
	s.WrEnI[0], s.WrEnI[1] = true, true
	s.Commit()
	require.ErrorContains(t, s.Err(), "both write address 0")
	s2, err := NewSRAM(SRAMParams{Depth: 3, Width: 8, RP: 1, WP: 1, Lat: 1})
	require.NoError(t, err)
	s2.RstNI, s2.RdEnI[0], s2.RdAddrI[0] = true, true, 3
	s2.Commit()
	require.ErrorContains(t, s2.Err(), "outside")
}

// BenchmarkSRAMCycle measures one Eval+Commit with every port busy.
func BenchmarkSRAMCycle(b *testing.B) {
	s, _ := NewSRAM(SRAMParams{Depth: 64, Width: 16, RP: 4, WP: 4, Lat: 2})
	s.RstNI = true
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		for p := 0; p < 4; p++ {
			s.RdEnI[p], s.RdAddrI[p] = true, uint32((i+p)&63)
			s.WrEnI[p], s.WrAddrI[p], s.WrDataI[p] = true, uint32((i+16*p)&63), uint64(i)
		}
		s.Eval()
		s.Commit()
	}
}
