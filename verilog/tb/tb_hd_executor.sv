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

  reg [8*VEC_L-1:0] line;
  integer           fd, n, kind, rows, cyc, header;
  // Expected values, one per column.
  reg               v_rst, v_enq_valid, v_enq_eop, v_ready, v_drop_valid, v_ack;
  reg [IW-1:0]      v_enq_qid, v_drop_qid;
  reg [FW-1:0]      v_cells, v_free, v_bld_cnt;
  reg [N*QW-1:0]    v_qlen;
  reg [CW-1:0]      v_free_head, v_free_tail, v_bld_first, v_bld_last;
  reg [PW-1:0]      v_pd_free_head, v_pd_free_tail;
  reg [KW-1:0]      v_pd_free_cnt;

  task automatic check_word(input reg [8*64-1:0] word);
    begin
      vec_check_param(TB, word, "N", N);
      vec_check_param(TB, word, "QW", QW);
      vec_check_param(TB, word, "B", B);
      vec_check_param(TB, word, "P", P);
    end
  endtask

  task automatic check_params;
    reg [8*64-1:0] w0, w1, w2, w3, w4, w5, w6, w7, w8;
    begin
      n = $sscanf(line, "%s %s %s %s %s %s %s %s %s", w0, w1, w2, w3, w4, w5, w6, w7, w8);
      check_word(w1); check_word(w2); check_word(w3); check_word(w4);
      check_word(w5); check_word(w6); check_word(w7); check_word(w8);
    end
  endtask

  task automatic check_header;
    reg [8*64-1:0] h0, h1, h2, h3, h4, h5, h6, h7, h8, h9, h10, h11, h12, h13, h14, h15, h16,
                   h17, h18, h19, h20;
    begin
      n = $sscanf(line, "%s %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s",
                  h0, h1, h2, h3, h4, h5, h6, h7, h8, h9, h10, h11, h12, h13, h14, h15, h16,
                  h17, h18, h19, h20);
      if (n != 20 || h1 != "rst_ni" || h2 != "enq_valid_i" || h3 != "enq_qid_i" ||
          h4 != "enq_eop_i" || h5 != "enq_ready_o" || h6 != "drop_valid_i" ||
          h7 != "drop_qid_i" || h8 != "drop_ack_o" || h9 != "drop_cells_o" ||
          h10 != "qlen_o" || h11 != "free_o" || h12 != "free_head_q" ||
          h13 != "free_tail_q" || h14 != "pd_free_head_q" || h15 != "pd_free_tail_q" ||
          h16 != "pd_free_cnt_q" || h17 != "bld_first_q" || h18 != "bld_last_q" ||
          h19 != "bld_cnt_q") begin
        $fatal(1, "%0s: header must name the hw/executor signals in order (docs/executor.md), got: %0s",
               TB, line);
      end
    end
  endtask

  // expect_eq stops on the first difference, naming the cycle and signal.
  task automatic expect_eq(input reg [8*16-1:0] name, input reg [N*QW+63:0] want,
                           input reg [N*QW+63:0] got);
    begin
      if (got !== want) $fatal(1, "cycle %0d: %0s expected %0h got %0h", cyc, name, want, got);
    end
  endtask

  initial begin
    fd = vec_open(TB);
    rows = 0;
    header = 0;
    while ($fgets(line, fd) != 0) begin
      kind = vec_kind(line);
      if (kind == VEC_COMMENT) begin
        check_params();
      end else if (kind == VEC_HEADER) begin
        check_header();
        header = 1;
      end else if (kind == VEC_DATA) begin
        if (header == 0) $fatal(1, "%0s: data row before the header row", TB);
        n = $sscanf(line, "%d %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h",
                    cyc, v_rst, v_enq_valid, v_enq_qid, v_enq_eop, v_ready, v_drop_valid,
                    v_drop_qid, v_ack, v_cells, v_qlen, v_free, v_free_head, v_free_tail,
                    v_pd_free_head, v_pd_free_tail, v_pd_free_cnt, v_bld_first, v_bld_last,
                    v_bld_cnt);
        if (n != 20) $fatal(1, "%0s: row %0d has %0d readable fields, want 20: %0s", TB, rows, n, line);
        if (cyc != rows) $fatal(1, "%0s: row %0d is numbered cycle %0d", TB, rows, cyc);
        rst_ni       = v_rst;
        enq_valid_i  = v_enq_valid;
        enq_qid_i    = v_enq_qid;
        enq_eop_i    = v_enq_eop;
        drop_valid_i = v_drop_valid;
        drop_qid_i   = v_drop_qid;
        #4;
        if (rows > 0) begin
          expect_eq("enq_ready_o", v_ready, enq_ready_o);
          expect_eq("drop_ack_o", v_ack, drop_ack_o);
          expect_eq("drop_cells_o", v_cells, drop_cells_o);
          expect_eq("qlen_o", v_qlen, qlen_o);
          expect_eq("free_o", v_free, free_o);
          expect_eq("free_head_q", v_free_head, dut.free_head_q);
          expect_eq("free_tail_q", v_free_tail, dut.free_tail_q);
          expect_eq("pd_free_head_q", v_pd_free_head, dut.pd_free_head_q);
          expect_eq("pd_free_tail_q", v_pd_free_tail, dut.pd_free_tail_q);
          expect_eq("pd_free_cnt_q", v_pd_free_cnt, dut.pd_free_cnt_q);
          expect_eq("bld_first_q", v_bld_first, dut.bld_first_q);
          expect_eq("bld_last_q", v_bld_last, dut.bld_last_q);
          expect_eq("bld_cnt_q", v_bld_cnt, dut.bld_cnt_q);
        end
        #1 clk_i = 1'b1;  // the rising edge that ends the cycle
        #5 clk_i = 1'b0;
        rows = rows + 1;
      end else if (kind == VEC_BAD) begin
        $fatal(1, "%0s: unreadable line after %0d rows: %0s", TB, rows, line);
      end
    end
    $fclose(fd);
    if (rows == 0) $fatal(1, "%0s: no data rows", TB);
    $display("PASS hd_executor %0d cycles", rows);
    $finish;
  end
endmodule
