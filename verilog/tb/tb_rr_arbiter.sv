// tb_rr_arbiter: self-checking Icarus testbench for rr_arbiter, driven by a
// .vec file (docs/architecture.md).
//
//   iverilog -g2012 -I verilog/tb -I verilog \
//     -P tb_rr_arbiter.N=64 \
//     -o build/tb_rr_arbiter.vvp verilog/tb/tb_rr_arbiter.sv verilog/rr_arbiter.sv
//   vvp -n build/tb_rr_arbiter.vvp +vec=FILE
//
// Columns: cycle rst_ni req_i ack_i gnt_valid_o gnt_idx_o. Each row: inputs
// applied with clk low, outputs compared just before the rising edge that
// ends the cycle. Row 0 is not compared: before the first reset edge the
// pointer, and so gnt_idx_o, is unknown in Verilog. On a mismatch it stops
// with "cycle N: <signal> expected X got Y" and a non-zero exit; at the end
// it prints "PASS rr_arbiter <rows> cycles".
module tb_rr_arbiter;
  parameter int N = 64;

  `include "vec_util.svh"

  localparam int IW = (N > 1) ? $clog2(N) : 1;
  localparam [8*64-1:0] TB = "tb_rr_arbiter";

  logic          clk_i  = 1'b0;
  logic          rst_ni = 1'b0;
  logic [N-1:0]  req_i  = '0;
  logic          ack_i  = 1'b0;
  logic          gnt_valid_o;
  logic [IW-1:0] gnt_idx_o;

  rr_arbiter #(.N(N)) dut (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .req_i       (req_i),
    .ack_i       (ack_i),
    .gnt_valid_o (gnt_valid_o),
    .gnt_idx_o   (gnt_idx_o)
  );

  `VEC_ROW_VARS
  reg               v_rst, v_ack, v_valid;
  reg [N-1:0]       v_req;
  reg [IW-1:0]      v_idx;

  initial begin
    `VEC_ROWS_BEGIN(TB, "N", {N}, 4, "cycle rst_ni req_i ack_i gnt_valid_o gnt_idx_o", "", 1)
        n = $sscanf(line, "%d %h %h %h %h %h", cyc, v_rst, v_req, v_ack, v_valid, v_idx);
        `VEC_CHECK_ROW(TB, 6)
        rst_ni = v_rst;
        req_i  = v_req;
        ack_i  = v_ack;
        #4;
        if (rows > 0) begin
          `VEC_EXPECT_W("gnt_valid_o", v_valid, gnt_valid_o)
          `VEC_EXPECT_W("gnt_idx_o", v_idx, gnt_idx_o)
        end
        `VEC_TICK(clk_i)
    `VEC_ROWS_END(TB, "rr_arbiter")
  end
endmodule
