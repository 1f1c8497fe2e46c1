// tb_rr_arbiter: self-checking Icarus testbench for rr_arbiter, driven by a
// .vec file (docs/architecture.md).
//
//   iverilog -g2012 -I verilog/tb -P tb_rr_arbiter.N=64 \
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

  reg [8*VEC_L-1:0] line;
  reg [8*64-1:0]    w0, w1, w2, w3, w4, w5, w6, w7, w8;
  integer           fd, n, kind, rows, cyc, header;
  reg               v_rst, v_ack, v_valid;
  reg [N-1:0]       v_req;
  reg [IW-1:0]      v_idx;

  task automatic check_params;
    begin
      n = $sscanf(line, "%s %s %s %s %s %s %s %s %s", w0, w1, w2, w3, w4, w5, w6, w7, w8);
      vec_check_param(TB, w1, "N", N);
      vec_check_param(TB, w2, "N", N);
      vec_check_param(TB, w3, "N", N);
      vec_check_param(TB, w4, "N", N);
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
        n = $sscanf(line, "%s %s %s %s %s %s %s", w0, w1, w2, w3, w4, w5, w6);
        if (n != 6 || w1 != "rst_ni" || w2 != "req_i" || w3 != "ack_i" ||
            w4 != "gnt_valid_o" || w5 != "gnt_idx_o") begin
          $fatal(1, "%0s: header must be \"cycle rst_ni req_i ack_i gnt_valid_o gnt_idx_o\", got: %0s",
                 TB, line);
        end
        header = 1;
      end else if (kind == VEC_DATA) begin
        if (header == 0) $fatal(1, "%0s: data row before the header row", TB);
        n = $sscanf(line, "%d %h %h %h %h %h", cyc, v_rst, v_req, v_ack, v_valid, v_idx);
        if (n != 6) $fatal(1, "%0s: row %0d has %0d readable fields, want 6: %0s", TB, rows, n, line);
        if (cyc != rows) $fatal(1, "%0s: row %0d is numbered cycle %0d", TB, rows, cyc);
        rst_ni = v_rst;
        req_i  = v_req;
        ack_i  = v_ack;
        #4;
        if (rows > 0) begin
          if (gnt_valid_o !== v_valid) begin
            $fatal(1, "cycle %0d: gnt_valid_o expected %h got %h", cyc, v_valid, gnt_valid_o);
          end
          if (gnt_idx_o !== v_idx) begin
            $fatal(1, "cycle %0d: gnt_idx_o expected %h got %h", cyc, v_idx, gnt_idx_o);
          end
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
    $display("PASS rr_arbiter %0d cycles", rows);
    $finish;
  end
endmodule
