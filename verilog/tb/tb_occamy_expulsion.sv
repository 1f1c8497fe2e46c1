// tb_occamy_expulsion: self-checking Icarus testbench for the expulsion path
// top, driven by a .vec file written by verilog/tb/gen -block expulsion
// (from the hw/expulsion golden model).
//
//   iverilog -g2012 -I verilog/tb -P tb_occamy_expulsion.N=8 -P tb_occamy_expulsion.Q=4 \
//     -P tb_occamy_expulsion.QW=8 -P tb_occamy_expulsion.AW=4 -P tb_occamy_expulsion.B=64 \
//     -P tb_occamy_expulsion.P=64 -o build/tb_occamy_expulsion.vvp \
//     verilog/tb/tb_occamy_expulsion.sv verilog/occamy_expulsion.sv verilog/dt_threshold.sv \
//     verilog/hd_selector.sv verilog/rr_arbiter.sv verilog/hd_executor.sv
//   vvp -n build/tb_occamy_expulsion.vvp +vec=FILE
//
// Columns: cycle rst_ni alpha_i enq_valid_i enq_qid_i enq_eop_i enq_ready_o
// drop_valid_o drop_qid_o. Outputs are compared just before the rising edge
// that ends each cycle, from row 1 on. On a mismatch it stops with
// "cycle N: <signal> expected X got Y" and a non-zero exit; at the end it
// prints "PASS occamy_expulsion <rows> cycles".
module tb_occamy_expulsion;
  parameter int N  = 8;
  parameter int Q  = 4;
  parameter int QW = 8;
  parameter int AW = 4;
  parameter int B  = 64;
  parameter int P  = B;

  `include "vec_util.svh"

  localparam int IW = (N > 1) ? $clog2(N) : 1;
  localparam [8*64-1:0] TB = "tb_occamy_expulsion";

  logic          clk_i       = 1'b0;
  logic          rst_ni      = 1'b0;
  logic [Q*AW-1:0] alpha_i   = '0;
  logic          enq_valid_i = 1'b0;
  logic [IW-1:0] enq_qid_i   = '0;
  logic          enq_eop_i   = 1'b0;
  logic          enq_ready_o;
  logic          drop_valid_o;
  logic [IW-1:0] drop_qid_o;

  occamy_expulsion #(.N(N), .Q(Q), .QW(QW), .AW(AW), .B(B), .P(P)) dut (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .alpha_i      (alpha_i),
    .enq_valid_i  (enq_valid_i),
    .enq_qid_i    (enq_qid_i),
    .enq_eop_i    (enq_eop_i),
    .enq_ready_o  (enq_ready_o),
    .drop_valid_o (drop_valid_o),
    .drop_qid_o   (drop_qid_o)
  );

  `VEC_ROW_VARS
  reg               v_rst, v_enq_valid, v_enq_eop, v_ready, v_drop_valid;
  reg [Q*AW-1:0]    v_alpha;
  reg [IW-1:0]      v_enq_qid, v_drop_qid;

  initial begin
    `VEC_ROWS_BEGIN(TB, "N Q QW AW B P", {N, Q, QW, AW, B, P}, 8,
                    {"cycle rst_ni alpha_i enq_valid_i enq_qid_i enq_eop_i enq_ready_o ",
                     "drop_valid_o drop_qid_o"}, "", 1)
        n = $sscanf(line, "%d %h %h %h %h %h %h %h %h", cyc, v_rst, v_alpha, v_enq_valid,
                    v_enq_qid, v_enq_eop, v_ready, v_drop_valid, v_drop_qid);
        `VEC_CHECK_ROW(TB, 9)
        rst_ni      = v_rst;
        alpha_i     = v_alpha;
        enq_valid_i = v_enq_valid;
        enq_qid_i   = v_enq_qid;
        enq_eop_i   = v_enq_eop;
        #4;
        if (rows > 0) begin
          `VEC_EXPECT_W("enq_ready_o", v_ready, enq_ready_o)
          `VEC_EXPECT_W("drop_valid_o", v_drop_valid, drop_valid_o)
          `VEC_EXPECT_W("drop_qid_o", v_drop_qid, drop_qid_o)
        end
        `VEC_TICK(clk_i)
    `VEC_ROWS_END(TB, "occamy_expulsion")
  end
endmodule
