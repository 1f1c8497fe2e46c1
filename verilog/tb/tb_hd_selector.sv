// tb_hd_selector: self-checking Icarus testbench for hd_selector, driven by
// a .vec file (docs/architecture.md).
//
//   iverilog -g2012 -I verilog/tb -P tb_hd_selector.N=64 -P tb_hd_selector.QW=16 \
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

  reg [8*VEC_L-1:0] line;
  reg [8*64-1:0]    w0, w1, w2, w3, w4, w5, w6, w7, w8;
  integer           fd, n, kind, rows, cyc, header;
  reg               v_rst;
  reg [N*QW-1:0]    v_qlen, v_thr;
  reg [N-1:0]       v_over;

  task automatic check_params;
    begin
      n = $sscanf(line, "%s %s %s %s %s %s %s %s %s", w0, w1, w2, w3, w4, w5, w6, w7, w8);
      vec_check_param(TB, w1, "N", N);  vec_check_param(TB, w1, "QW", QW);
      vec_check_param(TB, w2, "N", N);  vec_check_param(TB, w2, "QW", QW);
      vec_check_param(TB, w3, "N", N);  vec_check_param(TB, w3, "QW", QW);
      vec_check_param(TB, w4, "N", N);  vec_check_param(TB, w4, "QW", QW);
      vec_check_param(TB, w5, "N", N);  vec_check_param(TB, w5, "QW", QW);
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
        n = $sscanf(line, "%s %s %s %s %s %s", w0, w1, w2, w3, w4, w5);
        if (n != 5 || w1 != "rst_ni" || w2 != "qlen_i" || w3 != "thr_i" || w4 != "over_o") begin
          $fatal(1, "%0s: header must be \"cycle rst_ni qlen_i thr_i over_o\", got: %0s", TB, line);
        end
        header = 1;
      end else if (kind == VEC_DATA) begin
        if (header == 0) $fatal(1, "%0s: data row before the header row", TB);
        n = $sscanf(line, "%d %h %h %h %h", cyc, v_rst, v_qlen, v_thr, v_over);
        if (n != 5) $fatal(1, "%0s: row %0d has %0d readable fields, want 5: %0s", TB, rows, n, line);
        if (cyc != rows) $fatal(1, "%0s: row %0d is numbered cycle %0d", TB, rows, cyc);
        // Inputs for the cycle, with clk low.
        rst_ni = v_rst;
        qlen_i = v_qlen;
        thr_i  = v_thr;
        #4;
        if (rows > 0 && over_o !== v_over) begin
          $fatal(1, "cycle %0d: over_o expected %h got %h", cyc, v_over, over_o);
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
    $display("PASS hd_selector %0d cycles", rows);
    $finish;
  end
endmodule
