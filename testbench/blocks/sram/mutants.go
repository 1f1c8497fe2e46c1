package sram

import "occamy/testbench/blocks"

// mutants are sram's bugs for the self-check (cosim/mutation); docs/mutation.md
// lists the stimulus that kills each.
var mutants = []blocks.Mutant{
	// sram_mp: reads sample the old word, LAT cycles to rd_*_o.
	{
		ID: "sram-idle-data", File: "sram_mp.sv",
		Anchor:  "dat_q[p*WIDTH +: WIDTH] <= rd_en_i[p] ? mem_q[rd_addr_i[p*AW +: AW]] : '0;",
		Replace: "dat_q[p*WIDTH +: WIDTH] <= mem_q[rd_addr_i[p*AW +: AW]];",
		Desc:    "an idle read port still shows the addressed word instead of 0",
	},
	{
		ID: "sram-latency-short", File: "sram_mp.sv",
		Anchor:  "assign rd_valid_o = vld_q[(L-1)*RP +: RP];",
		Replace: "assign rd_valid_o = vld_q[0 +: RP];",
		Desc:    "rd_valid_o taken from the first pipeline stage: valid LAT-1 cycles early",
	},
	{
		ID: "sram-reset-keeps-pipe", File: "sram_mp.sv",
		Anchor:  "vld_q <= '0;",
		Replace: "vld_q <= vld_d;",
		Desc:    "reset does not clear the read pipeline: a read in flight still shows valid",
	},
	{
		ID: "sram-one-write-port", File: "sram_mp.sv",
		Anchor:  "if (wr_en_i[p]) mem_q[wr_addr_i[p*AW +: AW]] = wr_data_i[p*WIDTH +: WIDTH];",
		Replace: "if (wr_en_i[p] && p == 0) mem_q[wr_addr_i[p*AW +: AW]] = wr_data_i[p*WIDTH +: WIDTH];",
		Desc:    "only write port 0 writes the array",
	},
}
