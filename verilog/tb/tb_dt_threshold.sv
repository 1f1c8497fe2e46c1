// tb_dt_threshold: self-checking Icarus testbench for dt_threshold, driven by
// a .vec file (docs/architecture.md).
//
//   iverilog -g2012 -I verilog/tb -I verilog \
//     -P tb_dt_threshold.C=8 -P tb_dt_threshold.QW=16 \
//     -P tb_dt_threshold.AW=4 -o build/tb_dt_threshold.vvp \
//     verilog/tb/tb_dt_threshold.sv verilog/dt_threshold.sv
//   vvp -n build/tb_dt_threshold.vvp +vec=FILE
//
// Columns: cycle free_i alpha_i thr_o. The block is combinational: each
// row's inputs are applied and thr_o is compared after settling, every row.
// On a mismatch it stops with "cycle N: thr_o expected X got Y" and a
// non-zero exit; at the end it prints "PASS dt_threshold <rows> cycles".
module tb_dt_threshold;
  parameter int C  = 8;
  parameter int QW = 16;
  parameter int AW = 4;

  `include "vec_util.svh"

  localparam [8*64-1:0] TB = "tb_dt_threshold";

  logic [QW-1:0]   free_i  = '0;
  logic [C*AW-1:0] alpha_i = '0;
  logic [C*QW-1:0] thr_o;

  dt_threshold #(.C(C), .QW(QW), .AW(AW)) dut (
    .free_i  (free_i),
    .alpha_i (alpha_i),
    .thr_o   (thr_o)
  );

  `VEC_ROW_VARS
  reg [QW-1:0]      v_free;
  reg [C*AW-1:0]    v_alpha;
  reg [C*QW-1:0]    v_thr;

  initial begin
    `VEC_ROWS_BEGIN(TB, "C QW AW", {C, QW, AW}, 6, "cycle free_i alpha_i thr_o", "", 1)
        n = $sscanf(line, "%d %h %h %h", cyc, v_free, v_alpha, v_thr);
        `VEC_CHECK_ROW(TB, 4)
        free_i  = v_free;
        alpha_i = v_alpha;
        #4;
        `VEC_EXPECT_W("thr_o", v_thr, thr_o)
        #6;
    `VEC_ROWS_END(TB, "dt_threshold")
  end
endmodule
