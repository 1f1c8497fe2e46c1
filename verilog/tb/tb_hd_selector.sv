// tb_hd_selector: self-checking Icarus testbench for hd_selector, driven by
// a .vec file (docs/architecture.md).
//
//   iverilog -g2012 -I verilog/tb -I verilog \
//     -P tb_hd_selector.N=64 -P tb_hd_selector.QW=16 \
//     -o build/tb_hd_selector.vvp verilog/tb/tb_hd_selector.sv verilog/hd_selector.sv
//   vvp -n build/tb_hd_selector.vvp +vec=FILE
//
// Columns: cycle rst_ni qlen_i thr_i over_o. Each row: inputs applied with
// clk low, over_o compared just before the rising edge that ends the cycle.
// Row 0 is not compared: before the first reset edge over_o is unknown in
// Verilog, while the Go model shows its power-up state. On a mismatch it
// stops with "cycle N: over_o expected X got Y" and a non-zero exit; at the
// end it prints "PASS hd_selector <rows> cycles".
module tb_hd_selector;
  parameter int N  = 64;
  parameter int QW = 16;

  `include "vec_util.svh"

  localparam [8*64-1:0] TB = "tb_hd_selector";

  logic            clk_i  = 1'b0;
  logic            rst_ni = 1'b0;
  logic [N*QW-1:0] qlen_i = '0;
  logic [N*QW-1:0] thr_i  = '0;
  logic [N-1:0]    over_o;

  hd_selector #(.N(N), .QW(QW)) dut (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .qlen_i (qlen_i),
    .thr_i  (thr_i),
    .over_o (over_o)
  );

  `VEC_ROW_VARS
  reg               v_rst;
  reg [N*QW-1:0]    v_qlen, v_thr;
  reg [N-1:0]       v_over;

  initial begin
    `VEC_ROWS_BEGIN(TB, "N QW", {N, QW}, 5, "cycle rst_ni qlen_i thr_i over_o", "", 1)
        n = $sscanf(line, "%d %h %h %h %h", cyc, v_rst, v_qlen, v_thr, v_over);
        `VEC_CHECK_ROW(TB, 5)
        // Inputs for the cycle, with clk low.
        rst_ni = v_rst;
        qlen_i = v_qlen;
        thr_i  = v_thr;
        #4;
        if (rows > 0) begin
          `VEC_EXPECT_W("over_o", v_over, over_o)
        end
        `VEC_TICK(clk_i)
    `VEC_ROWS_END(TB, "hd_selector")
  end
endmodule
