// tb_hd_executor: self-checking Icarus testbench for hd_executor, driven by a
// .vec file (docs/architecture.md) written by verilog/tb/gen -block executor.
//
//   iverilog -g2012 -I verilog/tb -P tb_hd_executor.N=4 -P tb_hd_executor.QW=8 \
//     -P tb_hd_executor.B=32 -P tb_hd_executor.P=32 -o build/tb_hd_executor.vvp \
//     verilog/tb/tb_hd_executor.sv verilog/hd_executor.sv
//   vvp -n build/tb_hd_executor.vvp +vec=FILE
//
// Columns (the Go model's traced signals, docs/executor.md): cycle rst_ni
// enq_valid_i enq_qid_i enq_eop_i enq_ready_o drop_valid_i drop_qid_i
// drop_ack_o drop_cells_o qlen_o free_o free_head_q free_tail_q
// pd_free_head_q pd_free_tail_q pd_free_cnt_q bld_first_q bld_last_q
// bld_cnt_q. Outputs and the named registers (read inside the DUT) are
// compared just before the rising edge that ends each cycle, from row 1 on
// (before the first reset edge the Verilog state is X). On a mismatch it
// stops with "cycle N: <signal> expected X got Y" and a non-zero exit; at
// the end it prints "PASS hd_executor <rows> cycles".
module tb_hd_executor;
  parameter int N  = 4;
  parameter int QW = 8;
  parameter int B  = 32;
  parameter int P  = B;

  `include "vec_util.svh"

  localparam int IW = (N > 1) ? $clog2(N) : 1;
  localparam int CW = (B > 1) ? $clog2(B) : 1;
  localparam int PW = (P > 1) ? $clog2(P) : 1;
  localparam int FW = $clog2(B + 1);
  localparam int KW = $clog2(P + 1);
  localparam [8*64-1:0] TB = "tb_hd_executor";

  logic            clk_i        = 1'b0;
  logic            rst_ni       = 1'b0;
  logic            enq_valid_i  = 1'b0;
  logic [IW-1:0]   enq_qid_i    = '0;
  logic            enq_eop_i    = 1'b0;
  logic            enq_ready_o;
  logic            drop_valid_i = 1'b0;
  logic [IW-1:0]   drop_qid_i   = '0;
  logic            drop_ack_o;
  logic [FW-1:0]   drop_cells_o;
  logic [N*QW-1:0] qlen_o;
  logic [FW-1:0]   free_o;

  hd_executor #(.N(N), .QW(QW), .B(B), .P(P)) dut (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .enq_valid_i  (enq_valid_i),
    .enq_qid_i    (enq_qid_i),
    .enq_eop_i    (enq_eop_i),
    .enq_ready_o  (enq_ready_o),
    .drop_valid_i (drop_valid_i),
    .drop_qid_i   (drop_qid_i),
    .drop_ack_o   (drop_ack_o),
    .drop_cells_o (drop_cells_o),
    .qlen_o       (qlen_o),
    .free_o       (free_o)
  );

  `VEC_ROW_VARS
  // Expected values, one per column.
  reg               v_rst, v_enq_valid, v_enq_eop, v_ready, v_drop_valid, v_ack;
  reg [IW-1:0]      v_enq_qid, v_drop_qid;
  reg [FW-1:0]      v_cells, v_free, v_bld_cnt;
  reg [N*QW-1:0]    v_qlen;
  reg [CW-1:0]      v_free_head, v_free_tail, v_bld_first, v_bld_last;
  reg [PW-1:0]      v_pd_free_head, v_pd_free_tail;
  reg [KW-1:0]      v_pd_free_cnt;

  initial begin
    `VEC_ROWS_BEGIN(TB, "N QW B P", {N, QW, B, P}, 8,
                    {"cycle rst_ni enq_valid_i enq_qid_i enq_eop_i enq_ready_o drop_valid_i ",
                     "drop_qid_i drop_ack_o drop_cells_o qlen_o free_o free_head_q free_tail_q ",
                     "pd_free_head_q pd_free_tail_q pd_free_cnt_q bld_first_q bld_last_q bld_cnt_q"},
                    "name the hw/executor signals in order (docs/executor.md)", 1)
        n = $sscanf(line, "%d %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h",
                    cyc, v_rst, v_enq_valid, v_enq_qid, v_enq_eop, v_ready, v_drop_valid,
                    v_drop_qid, v_ack, v_cells, v_qlen, v_free, v_free_head, v_free_tail,
                    v_pd_free_head, v_pd_free_tail, v_pd_free_cnt, v_bld_first, v_bld_last,
                    v_bld_cnt);
        `VEC_CHECK_ROW(TB, 20)
        rst_ni       = v_rst;
        enq_valid_i  = v_enq_valid;
        enq_qid_i    = v_enq_qid;
        enq_eop_i    = v_enq_eop;
        drop_valid_i = v_drop_valid;
        drop_qid_i   = v_drop_qid;
        #4;
        if (rows > 0) begin
          `VEC_EXPECT("enq_ready_o", v_ready, enq_ready_o)
          `VEC_EXPECT("drop_ack_o", v_ack, drop_ack_o)
          `VEC_EXPECT("drop_cells_o", v_cells, drop_cells_o)
          `VEC_EXPECT("qlen_o", v_qlen, qlen_o)
          `VEC_EXPECT("free_o", v_free, free_o)
          `VEC_EXPECT("free_head_q", v_free_head, dut.free_head_q)
          `VEC_EXPECT("free_tail_q", v_free_tail, dut.free_tail_q)
          `VEC_EXPECT("pd_free_head_q", v_pd_free_head, dut.pd_free_head_q)
          `VEC_EXPECT("pd_free_tail_q", v_pd_free_tail, dut.pd_free_tail_q)
          `VEC_EXPECT("pd_free_cnt_q", v_pd_free_cnt, dut.pd_free_cnt_q)
          `VEC_EXPECT("bld_first_q", v_bld_first, dut.bld_first_q)
          `VEC_EXPECT("bld_last_q", v_bld_last, dut.bld_last_q)
          `VEC_EXPECT("bld_cnt_q", v_bld_cnt, dut.bld_cnt_q)
        end
        `VEC_TICK(clk_i)
    `VEC_ROWS_END(TB, "hd_executor")
  end
endmodule
