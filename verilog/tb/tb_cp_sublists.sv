// tb_cp_sublists: self-checking Icarus testbench for cp_sublists, driven by
// a .vec file written by verilog/tb/gen -block cpsublists
// (hw/memports.CPSubLists over mem.Memory).
//
//   iverilog -g2012 -I verilog/tb -I verilog \
//     -P tb_cp_sublists.CELLS=16 -P tb_cp_sublists.K=2 \
//     -P tb_cp_sublists.LAT=1 -P tb_cp_sublists.MAXN=8 -o build/tb_cp_sublists.vvp \
//     verilog/tb/tb_cp_sublists.sv verilog/cp_sublists.sv verilog/sram_mp.sv
//   vvp -n build/tb_cp_sublists.vvp +vec=FILE
//
// Columns: cycle rst_ni start_i start_heads_i start_n_i start_ok_o wr_en_i
// wr_addr_i wr_data_i out_valid_o out_mask_o out_cell_o out_idx_o
// out_last_o busy_o link_reads link_writes. The last two are the link
// memory's served reads and writes since time 0 (mem.Memory's TotalReads
// and TotalWrites); the testbench counts the same from the module's sram_mp
// ports (dut.rd_en, dut.wr_en_i) in cycles out of reset, so a design that
// reads more or less than the model fails even when the outputs agree.
// Outputs are compared just before the rising edge that ends each cycle,
// from row 1 on. On a mismatch it stops with "cycle N: <signal> expected X
// got Y"; at the end it prints "PASS cp_sublists <rows> cycles".
module tb_cp_sublists;
  parameter int CELLS = 16;
  parameter int K     = 2;
  parameter int LAT   = 1;
  parameter int MAXN  = 8;

  `include "vec_util.svh"

  localparam int CW = (CELLS > 1) ? $clog2(CELLS) : 1;
  localparam int NW = $clog2(MAXN + 1);
  localparam [8*64-1:0] TB = "tb_cp_sublists";

  logic            clk_i         = 1'b0;
  logic            rst_ni        = 1'b0;
  logic            start_i       = 1'b0;
  logic [K*CW-1:0] start_heads_i = '0;
  logic [NW-1:0]   start_n_i     = '0;
  logic            start_ok_o;
  logic [K-1:0]    wr_en_i       = '0;
  logic [K*CW-1:0] wr_addr_i     = '0;
  logic [K*CW-1:0] wr_data_i     = '0;
  logic            out_valid_o;
  logic [K-1:0]    out_mask_o;
  logic [K*CW-1:0] out_cell_o;
  logic [NW-1:0]   out_idx_o;
  logic            out_last_o;
  logic            busy_o;

  cp_sublists #(.CELLS(CELLS), .K(K), .LAT(LAT), .MAXN(MAXN)) dut (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .start_i       (start_i),
    .start_heads_i (start_heads_i),
    .start_n_i     (start_n_i),
    .start_ok_o    (start_ok_o),
    .wr_en_i       (wr_en_i),
    .wr_addr_i     (wr_addr_i),
    .wr_data_i     (wr_data_i),
    .out_valid_o   (out_valid_o),
    .out_mask_o    (out_mask_o),
    .out_cell_o    (out_cell_o),
    .out_idx_o     (out_idx_o),
    .out_last_o    (out_last_o),
    .busy_o        (busy_o)
  );

  reg [8*VEC_L-1:0] line;
  integer           fd, n, kind, rows, cyc, header;
  reg               v_rst, v_start, v_ok, v_valid, v_last, v_busy;
  reg [K*CW-1:0]    v_heads, v_waddr, v_wdata, v_cell;
  reg [NW-1:0]      v_n, v_idx;
  reg [K-1:0]       v_wen, v_mask;
  reg [31:0]        v_reads, v_writes;
  reg [31:0]        n_reads = '0, n_writes = '0;  // counted from the link memory's ports

  always @(posedge clk_i) begin
    if (rst_ni) begin
      n_reads  <= n_reads + 32'($countones(dut.rd_en));
      n_writes <= n_writes + 32'($countones(dut.wr_en_i));
    end
  end

  task automatic check_word(input reg [8*64-1:0] word);
    begin
      vec_check_param(TB, word, "CELLS", CELLS);
      vec_check_param(TB, word, "K", K);
      vec_check_param(TB, word, "LAT", LAT);
      vec_check_param(TB, word, "MAXN", MAXN);
    end
  endtask

  task automatic check_params;
    reg [8*64-1:0] w0, w1, w2, w3, w4, w5, w6;
    begin
      n = $sscanf(line, "%s %s %s %s %s %s %s", w0, w1, w2, w3, w4, w5, w6);
      check_word(w1); check_word(w2); check_word(w3);
      check_word(w4); check_word(w5); check_word(w6);
    end
  endtask

  task automatic check_header;
    reg [8*64-1:0] h0, h1, h2, h3, h4, h5, h6, h7, h8, h9, h10, h11, h12, h13, h14, h15, h16;
    begin
      n = $sscanf(line, "%s %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s", h0, h1, h2, h3, h4,
                  h5, h6, h7, h8, h9, h10, h11, h12, h13, h14, h15, h16);
      if (n != 17 || h1 != "rst_ni" || h2 != "start_i" || h3 != "start_heads_i" ||
          h4 != "start_n_i" || h5 != "start_ok_o" || h6 != "wr_en_i" || h7 != "wr_addr_i" ||
          h8 != "wr_data_i" || h9 != "out_valid_o" || h10 != "out_mask_o" ||
          h11 != "out_cell_o" || h12 != "out_idx_o" || h13 != "out_last_o" || h14 != "busy_o" ||
          h15 != "link_reads" || h16 != "link_writes") begin
        $fatal(1, "%0s: header must name the hw/memports.CPSubLists signals in order, got: %0s",
               TB, line);
      end
    end
  endtask

  task automatic expect_eq(input reg [8*16-1:0] name, input reg [K*CW+63:0] want,
                           input reg [K*CW+63:0] got);
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
        n = $sscanf(line, "%d %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h", cyc, v_rst, v_start,
                    v_heads, v_n, v_ok, v_wen, v_waddr, v_wdata, v_valid, v_mask, v_cell, v_idx,
                    v_last, v_busy, v_reads, v_writes);
        if (n != 17)
          $fatal(1, "%0s: row %0d has %0d readable fields, want 17: %0s", TB, rows, n, line);
        if (cyc != rows) $fatal(1, "%0s: row %0d is numbered cycle %0d", TB, rows, cyc);
        rst_ni        = v_rst;
        start_i       = v_start;
        start_heads_i = v_heads;
        start_n_i     = v_n;
        wr_en_i       = v_wen;
        wr_addr_i     = v_waddr;
        wr_data_i     = v_wdata;
        #4;
        if (rows > 0) begin
          expect_eq("start_ok_o", v_ok, start_ok_o);
          expect_eq("out_valid_o", v_valid, out_valid_o);
          expect_eq("out_mask_o", v_mask, out_mask_o);
          expect_eq("out_cell_o", v_cell, out_cell_o);
          expect_eq("out_idx_o", v_idx, out_idx_o);
          expect_eq("out_last_o", v_last, out_last_o);
          expect_eq("busy_o", v_busy, busy_o);
          expect_eq("link_reads", v_reads, n_reads);
          expect_eq("link_writes", v_writes, n_writes);
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
    $display("PASS cp_sublists %0d cycles", rows);
    $finish;
  end
endmodule
