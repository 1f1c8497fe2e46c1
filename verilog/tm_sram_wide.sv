// tm_sram_wide: a multi-port SRAM of any word width, built from sram_mp
// slices of at most 64 bits that share every address and enable.
//
// Why: sram_mp's words are 1..64 bits (its port-level Go model keeps a word
// in a uint64). The traffic manager's PD body (cells, serial, K sub-list
// heads and tails) and its ingress FIFO entries are wider at large K and B,
// so they are cut into slices; a vendor macro replaces each slice as it
// replaces an sram_mp.
//
// Parameters
//   DEPTH (1..16777216, default 16) words
//   WIDTH (1..4096,     default 96) bits per word
//   RP, WP (1..64, default 1) read and write ports
//   LAT   (1..16, default 1) read latency
//   Derived: AW = max(1, clog2(DEPTH)); NS = ceil(WIDTH/64) slices, slice s
//   holding bits [64s +: min(64, WIDTH-64s)].
//
// Ports: as sram_mp (rd_en_i, rd_addr_i, rd_valid_o, rd_data_o, wr_en_i,
// wr_addr_i, wr_data_i; entry p of a packed port at [p*W +: W]).
//
// Timing, reset and assertions: those of sram_mp, slice by slice (a read
// issued in cycle c shows in c+LAT and sees the array before the writes of
// c; reset clears the read pipeline and leaves the array).
`include "occamy_checks.svh"

module tm_sram_wide #(
  parameter int  DEPTH = 16,
  parameter int  WIDTH = 96,
  parameter int  RP    = 1,
  parameter int  WP    = 1,
  parameter int  LAT   = 1,
  // Derived, not to be set:
  localparam int AW    = (DEPTH > 1) ? $clog2(DEPTH) : 1  // address bits
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic [RP-1:0]       rd_en_i,
  input  logic [RP*AW-1:0]    rd_addr_i,
  output logic [RP-1:0]       rd_valid_o,
  output logic [RP*WIDTH-1:0] rd_data_o,
  input  logic [WP-1:0]       wr_en_i,
  input  logic [WP*AW-1:0]    wr_addr_i,
  input  logic [WP*WIDTH-1:0] wr_data_i
);

  localparam int NS = (WIDTH + 63) / 64;

  `OCCAMY_CHECKS_BEGIN
    `OCCAMY_CHECK_RANGE(tm_sram_wide, WIDTH, 1, 4096)
  `OCCAMY_CHECKS_END

  logic [NS*RP-1:0] vld;

  for (genvar s = 0; s < NS; s++) begin : g_slice
    localparam int SW = (WIDTH - 64 * s > 64) ? 64 : WIDTH - 64 * s;
    logic [RP*SW-1:0] rdat;
    logic [WP*SW-1:0] wdat;
    for (genvar p = 0; p < WP; p++) begin : g_w
      assign wdat[p*SW +: SW] = wr_data_i[p*WIDTH + 64*s +: SW];
    end
    for (genvar p = 0; p < RP; p++) begin : g_r
      assign rd_data_o[p*WIDTH + 64*s +: SW] = rdat[p*SW +: SW];
    end
    sram_mp #(.DEPTH(DEPTH), .WIDTH(SW), .RP(RP), .WP(WP), .LAT(LAT)) u_mem (
      .clk_i, .rst_ni,
      .rd_en_i, .rd_addr_i, .rd_valid_o(vld[s*RP +: RP]), .rd_data_o(rdat),
      .wr_en_i, .wr_addr_i, .wr_data_i(wdat)
    );
  end

  assign rd_valid_o = vld[RP-1:0];

  // The slices' valid bits are equal by construction; slice 0's is the output.
  /* verilator lint_off UNUSEDSIGNAL */
  logic unused_vld;
  assign unused_vld = ^vld;
  /* verilator lint_on UNUSEDSIGNAL */

endmodule
