// tb_tm_maxfind: self-checking Icarus testbench for tm_maxfind, driven by a
// .vec file (docs/architecture.md) from verilog/tb/gen.
//
//   iverilog -g2012 -I verilog/tb -I verilog \
//     -P tb_tm_maxfind.N=64 -P tb_tm_maxfind.QW=16 \
//     -o build/tb_tm_maxfind.vvp verilog/tb/tb_tm_maxfind.sv verilog/tm_maxfind.sv
//   vvp -n build/tb_tm_maxfind.vvp +vec=FILE
//
// Columns: cycle cand_i qlen_i valid_o idx_o max_o. The block is
// combinational: each row's inputs are applied and the outputs compared
// after settling, every row. On a mismatch it stops with "cycle N: idx_o
// expected X got Y" and a non-zero exit; at the end it prints
// "PASS tm_maxfind <rows> cycles".
module tb_tm_maxfind;
  parameter int N  = 64;
  parameter int QW = 16;

  `include "vec_util.svh"

  localparam int IW = (N > 1) ? $clog2(N) : 1;
  localparam [8*64-1:0] TB = "tb_tm_maxfind";

  logic [N-1:0]    cand_i = '0;
  logic [N*QW-1:0] qlen_i = '0;
  logic            valid_o;
  logic [IW-1:0]   idx_o;
  logic [QW-1:0]   max_o;

  tm_maxfind #(.N(N), .QW(QW)) dut (
    .cand_i  (cand_i),
    .qlen_i  (qlen_i),
    .valid_o (valid_o),
    .idx_o   (idx_o),
    .max_o   (max_o)
  );

  `VEC_ROW_VARS
  reg [N-1:0]    v_cand;
  reg [N*QW-1:0] v_qlen;
  reg            v_valid;
  reg [IW-1:0]   v_idx;
  reg [QW-1:0]   v_max;

  initial begin
    `VEC_ROWS_BEGIN(TB, "N QW", {N, QW}, 4, "cycle cand_i qlen_i valid_o idx_o max_o", "", 1)
        n = $sscanf(line, "%d %h %h %h %h %h", cyc, v_cand, v_qlen, v_valid, v_idx, v_max);
        `VEC_CHECK_ROW(TB, 6)
        cand_i = v_cand;
        qlen_i = v_qlen;
        #4;
        `VEC_EXPECT_W("valid_o", v_valid, valid_o)
        `VEC_EXPECT_W("idx_o", v_idx, idx_o)
        `VEC_EXPECT_W("max_o", v_max, max_o)
        #6;
    `VEC_ROWS_END(TB, "tm_maxfind")
  end
endmodule
