// tb_dt_threshold: self-checking Icarus testbench for dt_threshold, driven by
// a .vec file (docs/architecture.md).
//
//   iverilog -g2012 -I verilog/tb -P tb_dt_threshold.C=8 -P tb_dt_threshold.QW=16 \
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

  reg [8*VEC_L-1:0] line;
  reg [8*64-1:0]    w0, w1, w2, w3, w4, w5, w6, w7, w8;
  integer           fd, n, kind, rows, cyc, header;
  reg [QW-1:0]      v_free;
  reg [C*AW-1:0]    v_alpha;
  reg [C*QW-1:0]    v_thr;

  task automatic check_word(input reg [8*64-1:0] w);
    begin
      vec_check_param(TB, w, "C", C);
      vec_check_param(TB, w, "QW", QW);
      vec_check_param(TB, w, "AW", AW);
    end
  endtask

  task automatic check_params;
    begin
      n = $sscanf(line, "%s %s %s %s %s %s %s %s %s", w0, w1, w2, w3, w4, w5, w6, w7, w8);
      check_word(w1);
      check_word(w2);
      check_word(w3);
      check_word(w4);
      check_word(w5);
      check_word(w6);
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
        n = $sscanf(line, "%s %s %s %s %s", w0, w1, w2, w3, w4);
        if (n != 4 || w1 != "free_i" || w2 != "alpha_i" || w3 != "thr_o") begin
          $fatal(1, "%0s: header must be \"cycle free_i alpha_i thr_o\", got: %0s", TB, line);
        end
        header = 1;
      end else if (kind == VEC_DATA) begin
        if (header == 0) $fatal(1, "%0s: data row before the header row", TB);
        n = $sscanf(line, "%d %h %h %h", cyc, v_free, v_alpha, v_thr);
        if (n != 4) $fatal(1, "%0s: row %0d has %0d readable fields, want 4: %0s", TB, rows, n, line);
        if (cyc != rows) $fatal(1, "%0s: row %0d is numbered cycle %0d", TB, rows, cyc);
        free_i  = v_free;
        alpha_i = v_alpha;
        #4;
        if (thr_o !== v_thr) begin
          $fatal(1, "cycle %0d: thr_o expected %h got %h", cyc, v_thr, thr_o);
        end
        #6;
        rows = rows + 1;
      end else if (kind == VEC_BAD) begin
        $fatal(1, "%0s: unreadable line after %0d rows: %0s", TB, rows, line);
      end
    end
    $fclose(fd);
    if (rows == 0) $fatal(1, "%0s: no data rows", TB);
    $display("PASS dt_threshold %0d cycles", rows);
    $finish;
  end
endmodule
