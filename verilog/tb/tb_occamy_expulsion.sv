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

  reg [8*VEC_L-1:0] line;
  integer           fd, n, kind, rows, cyc, header;
  reg               v_rst, v_enq_valid, v_enq_eop, v_ready, v_drop_valid;
  reg [Q*AW-1:0]    v_alpha;
  reg [IW-1:0]      v_enq_qid, v_drop_qid;

  task automatic check_word(input reg [8*64-1:0] word);
    begin
      vec_check_param(TB, word, "N", N);
      vec_check_param(TB, word, "Q", Q);
      vec_check_param(TB, word, "QW", QW);
      vec_check_param(TB, word, "AW", AW);
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
    reg [8*64-1:0] h0, h1, h2, h3, h4, h5, h6, h7, h8, h9;
    begin
      n = $sscanf(line, "%s %s %s %s %s %s %s %s %s %s", h0, h1, h2, h3, h4, h5, h6, h7, h8, h9);
      if (n != 9 || h1 != "rst_ni" || h2 != "alpha_i" || h3 != "enq_valid_i" ||
          h4 != "enq_qid_i" || h5 != "enq_eop_i" || h6 != "enq_ready_o" ||
          h7 != "drop_valid_o" || h8 != "drop_qid_o") begin
        $fatal(1, "%0s: header must be \"cycle rst_ni alpha_i enq_valid_i enq_qid_i enq_eop_i enq_ready_o drop_valid_o drop_qid_o\", got: %0s",
               TB, line);
      end
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
        n = $sscanf(line, "%d %h %h %h %h %h %h %h %h", cyc, v_rst, v_alpha, v_enq_valid,
                    v_enq_qid, v_enq_eop, v_ready, v_drop_valid, v_drop_qid);
        if (n != 9) $fatal(1, "%0s: row %0d has %0d readable fields, want 9: %0s", TB, rows, n, line);
        if (cyc != rows) $fatal(1, "%0s: row %0d is numbered cycle %0d", TB, rows, cyc);
        rst_ni      = v_rst;
        alpha_i     = v_alpha;
        enq_valid_i = v_enq_valid;
        enq_qid_i   = v_enq_qid;
        enq_eop_i   = v_enq_eop;
        #4;
        if (rows > 0) begin
          if (enq_ready_o !== v_ready)
            $fatal(1, "cycle %0d: enq_ready_o expected %h got %h", cyc, v_ready, enq_ready_o);
          if (drop_valid_o !== v_drop_valid)
            $fatal(1, "cycle %0d: drop_valid_o expected %h got %h", cyc, v_drop_valid, drop_valid_o);
          if (drop_qid_o !== v_drop_qid)
            $fatal(1, "cycle %0d: drop_qid_o expected %h got %h", cyc, v_drop_qid, drop_qid_o);
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
    $display("PASS occamy_expulsion %0d cycles", rows);
    $finish;
  end
endmodule
