// sram_mp: behavioural multi-port SRAM with the timing of hw/mem.Memory
// (cycle-exact with the port-level Go model hw/memports.SRAM).
//
// Parameters
//   DEPTH       (1..16777216, default 16) words
//   WIDTH       (1..64,       default 8)  bits per word
//   RP          (1..64,       default 1)  read ports
//   WP          (1..64,       default 1)  write ports
//   LAT         (1..16,       default 1)  read latency in cycles
//   INIT_STRIDE (0..DEPTH,    default 0)  0: reset leaves the array alone (an
//               SRAM); S > 0: reset writes word x with x+S, or all ones when
//               x+S >= DEPTH. This stands for the reset sequence that threads
//               a free list through the array (mem.Memory.Init, outside the
//               port budget); hw/mem's FreeList with k banks uses S = k.
//   Derived: AW = max(1, clog2(DEPTH)) address bits.
//
// Ports (entry p of a packed port at [p*W +: W])
//   clk_i, rst_ni            clock; synchronous active-low reset
//   rd_en_i   [RP]           read port p issues a read this cycle
//   rd_addr_i [RP*AW]        its address
//   rd_valid_o[RP]           registered: the read issued LAT cycles ago
//   rd_data_o [RP*WIDTH]     registered: its word, 0 when rd_valid_o is 0
//   wr_en_i   [WP]           write port p writes this cycle
//   wr_addr_i [WP*AW]        its address
//   wr_data_i [WP*WIDTH]     its word
//
// Timing (mem.Memory's)
//   A read issued in cycle c samples the array as it is in cycle c (at the
//   rising edge ending c, before the writes of c land) and shows on
//   rd_valid_o/rd_data_o in cycle c+LAT. A write issued in cycle c lands at
//   the edge ending c. So a read and a write of one address in one cycle read
//   the old word, and a read in cycle c+1 sees the write of cycle c.
//
// Reset
//   rst_ni = 0 at an edge clears the read pipeline (rd_valid_o = 0 and
//   rd_data_o = 0 for LAT cycles) and drops that cycle's reads and writes;
//   the array keeps its words unless INIT_STRIDE > 0. Words never written
//   are X (the Go model's are 0: a testbench zeroes the array at time 0).
//
// Port budget
//   Each port carries at most one request per cycle, so "more requests than
//   ports" (mem.PortError) cannot even be expressed here: the budget is the
//   port count. Asserted under `ifndef SYNTHESIS (after the first reset
//   edge): no two enabled write ports to one address in a cycle (the Go model
//   would apply them in issue order; hardware must not rely on that), and
//   every enabled address below DEPTH (mem.AddrError).
//
// Storage: the array is written with blocking assignments at the end of the
// one clocked process, after the read pipeline has sampled it (Verilator
// 5.006 rejects non-blocking array writes in a loop, BLKLOOPINIT).
`include "occamy_checks.svh"

module sram_mp #(
  parameter int  DEPTH       = 16,
  parameter int  WIDTH       = 8,
  parameter int  RP          = 1,
  parameter int  WP          = 1,
  parameter int  LAT         = 1,
  parameter int  INIT_STRIDE = 0,
  // Derived, not to be set:
  localparam int AW          = (DEPTH > 1) ? $clog2(DEPTH) : 1  // address bits
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

  // At least 1, so a bad LAT reaches the checks below instead of failing
  // elaboration with a less helpful message.
  localparam int L = (LAT > 0) ? LAT : 1;

  // Elaboration checks (occamy_checks.svh).
  `OCCAMY_CHECKS_BEGIN
    `OCCAMY_CHECK_RANGE(sram_mp, DEPTH, 1, 16777216)
    `OCCAMY_CHECK_RANGE(sram_mp, WIDTH, 1, 64)
    `OCCAMY_CHECK_RANGE(sram_mp, RP, 1, 64)
    `OCCAMY_CHECK_RANGE(sram_mp, WP, 1, 64)
    `OCCAMY_CHECK_RANGE(sram_mp, LAT, 1, 16)
    `OCCAMY_CHECK(g_bad_init_stride, INIT_STRIDE < 0 || INIT_STRIDE > DEPTH,
      $fatal(1, "sram_mp: parameter INIT_STRIDE=%0d out of range, allowed 0..%0d (DEPTH)",
             INIT_STRIDE, DEPTH))
  `OCCAMY_CHECKS_END

  logic [WIDTH-1:0] mem_q [0:DEPTH-1];

  // Read pipeline: stage s (0..L-1) at [s*RP +: RP] and [s*RP*WIDTH +: RP*WIDTH];
  // stage L-1 drives the outputs.
  logic [L*RP-1:0]         vld_q, vld_d;
  logic [L*RP*WIDTH-1:0]   dat_q, dat_d;  // dat_d: the pipeline shifted, stage 0 empty

  // The words read this cycle enter stage 0 in the clocked process below,
  // before the writes there land. When they came from an always_comb
  // reading mem_q, the Verilated model (5.006) evaluated them after those
  // blocking writes at LAT=1, so a read and a write of one word in one
  // cycle returned the new word; co-simulating sram_mp at LAT=1 found it,
  // Icarus was right.
  always_comb begin
    vld_d            = vld_q << RP;
    vld_d[RP-1:0]    = rd_en_i;
    dat_d            = dat_q << (RP * WIDTH);
  end

  assign rd_valid_o = vld_q[(L-1)*RP +: RP];
  assign rd_data_o  = dat_q[(L-1)*RP*WIDTH +: RP*WIDTH];

  /* verilator lint_off BLKSEQ */
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      vld_q <= '0;
      dat_q <= '0;
      if (INIT_STRIDE > 0) begin
        for (int x = 0; x < DEPTH; x++) begin
          mem_q[x] = (x + INIT_STRIDE < DEPTH) ? WIDTH'(64'(x) + 64'(INIT_STRIDE)) : '1;
        end
      end
    end else begin
      vld_q <= vld_d;
      dat_q <= dat_d;
      for (int p = 0; p < RP; p++) begin
        dat_q[p*WIDTH +: WIDTH] <= rd_en_i[p] ? mem_q[rd_addr_i[p*AW +: AW]] : '0;
      end
      // Writes last: the read pipeline above sampled the old words.
      for (int p = 0; p < WP; p++) begin
        if (wr_en_i[p]) mem_q[wr_addr_i[p*AW +: AW]] = wr_data_i[p*WIDTH +: WIDTH];
      end
    end
  end
  /* verilator lint_on BLKSEQ */

`ifndef SYNTHESIS
  logic rst_seen = 1'b0;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      rst_seen <= 1'b1;
    end else if (rst_seen) begin
      for (int p = 0; p < RP; p++) begin
        if (rd_en_i[p]) begin
          assert (32'(rd_addr_i[p*AW +: AW]) < DEPTH)
            else $error("sram_mp: read port %0d address %0d outside 0..%0d",
                        p, rd_addr_i[p*AW +: AW], DEPTH - 1);
        end
      end
      for (int p = 0; p < WP; p++) begin
        if (wr_en_i[p]) begin
          assert (32'(wr_addr_i[p*AW +: AW]) < DEPTH)
            else $error("sram_mp: write port %0d address %0d outside 0..%0d",
                        p, wr_addr_i[p*AW +: AW], DEPTH - 1);
          for (int o = p + 1; o < WP; o++) begin
            assert (!(wr_en_i[o] && wr_addr_i[o*AW +: AW] == wr_addr_i[p*AW +: AW]))
              else $error("sram_mp: write ports %0d and %0d both write address %0d in one cycle",
                          p, o, wr_addr_i[p*AW +: AW]);
          end
        end
      end
    end
  end
`endif

endmodule
