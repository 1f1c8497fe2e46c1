// tb_free_list: self-checking Icarus testbench for free_list, driven by a
// .vec file written by verilog/tb/gen -block freelist (hw/memports.FreeList
// over mem.FreeList).
//
//   iverilog -g2012 -I verilog/tb -P tb_free_list.CELLS=16 -P tb_free_list.K=2 \
//     -P tb_free_list.LAT=1 -o build/tb_free_list.vvp \
//     verilog/tb/tb_free_list.sv verilog/free_list.sv verilog/sram_mp.sv
//   vvp -n build/tb_free_list.vvp +vec=FILE
//
// Columns: cycle rst_ni pop_i pop_ok_o pop_cell_o app_i app_head_i
// app_tail_i app_n_i cnt_o free_o link_reads link_writes. The last two are
// the link memory's reads and writes since the last reset (mem.Memory's
// TotalReads and TotalWrites); the testbench counts the same from the
// module's sram_mp ports (dut.rd_en, dut.wr_en), so a design that reads or
// writes more or less than the model fails even when the ports agree. Outputs are compared just before the
// rising edge that ends each cycle, from row 1 on (before the first reset
// edge the Verilog state is X). On a mismatch it stops with "cycle N:
// <signal> expected X got Y"; at the end it prints "PASS free_list <rows>
// cycles".
module tb_free_list;
  parameter int CELLS = 16;
  parameter int K     = 2;
  parameter int LAT   = 1;

  `include "vec_util.svh"

  localparam int CW = (CELLS > 1) ? $clog2(CELLS) : 1;
  localparam int FW = $clog2(CELLS + 1);
  localparam [8*64-1:0] TB = "tb_free_list";

  logic            clk_i      = 1'b0;
  logic            rst_ni     = 1'b0;
  logic [K-1:0]    pop_i      = '0;
  logic [K-1:0]    pop_ok_o;
  logic [K*CW-1:0] pop_cell_o;
  logic [K-1:0]    app_i      = '0;
  logic [K*CW-1:0] app_head_i = '0;
  logic [K*CW-1:0] app_tail_i = '0;
  logic [K*FW-1:0] app_n_i    = '0;
  logic [K*FW-1:0] cnt_o;
  logic [FW-1:0]   free_o;

  free_list #(.CELLS(CELLS), .K(K), .LAT(LAT)) dut (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .pop_i      (pop_i),
    .pop_ok_o   (pop_ok_o),
    .pop_cell_o (pop_cell_o),
    .app_i      (app_i),
    .app_head_i (app_head_i),
    .app_tail_i (app_tail_i),
    .app_n_i    (app_n_i),
    .cnt_o      (cnt_o),
    .free_o     (free_o)
  );

  reg [8*VEC_L-1:0] line;
  integer           fd, n, kind, rows, cyc, header;
  reg               v_rst;
  reg [K-1:0]       v_pop, v_ok, v_app;
  reg [K*CW-1:0]    v_cell, v_head, v_tail;
  reg [K*FW-1:0]    v_n, v_cnt;
  reg [FW-1:0]      v_free;
  reg [31:0]        v_reads, v_writes;
  reg [31:0]        n_reads = '0, n_writes = '0;  // counted from the link memory's ports

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      n_reads  <= '0;
      n_writes <= '0;
    end else begin
      n_reads  <= n_reads + 32'($countones(dut.rd_en));
      n_writes <= n_writes + 32'($countones(dut.wr_en));
    end
  end

  task automatic check_word(input reg [8*64-1:0] word);
    begin
      vec_check_param(TB, word, "CELLS", CELLS);
      vec_check_param(TB, word, "K", K);
      vec_check_param(TB, word, "LAT", LAT);
    end
  endtask

  task automatic check_params;
    reg [8*64-1:0] w0, w1, w2, w3, w4, w5;
    begin
      n = $sscanf(line, "%s %s %s %s %s %s", w0, w1, w2, w3, w4, w5);
      check_word(w1); check_word(w2); check_word(w3); check_word(w4); check_word(w5);
    end
  endtask

  task automatic check_header;
    reg [8*64-1:0] h0, h1, h2, h3, h4, h5, h6, h7, h8, h9, h10, h11, h12;
    begin
      n = $sscanf(line, "%s %s %s %s %s %s %s %s %s %s %s %s %s", h0, h1, h2, h3, h4, h5, h6,
                  h7, h8, h9, h10, h11, h12);
      if (n != 13 || h11 != "link_reads" || h12 != "link_writes" || h1 != "rst_ni" || h2 != "pop_i" || h3 != "pop_ok_o" ||
          h4 != "pop_cell_o" || h5 != "app_i" || h6 != "app_head_i" || h7 != "app_tail_i" ||
          h8 != "app_n_i" || h9 != "cnt_o" || h10 != "free_o") begin
        $fatal(1, "%0s: header must name the hw/memports.FreeList signals in order, got: %0s", TB, line);
      end
    end
  endtask

  task automatic expect_eq(input reg [8*16-1:0] name, input reg [K*FW+63:0] want,
                           input reg [K*FW+63:0] got);
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
        n = $sscanf(line, "%d %h %h %h %h %h %h %h %h %h %h %h %h", cyc, v_rst, v_pop, v_ok,
                    v_cell, v_app, v_head, v_tail, v_n, v_cnt, v_free, v_reads, v_writes);
        if (n != 13) $fatal(1, "%0s: row %0d has %0d readable fields, want 13: %0s", TB, rows, n, line);
        if (cyc != rows) $fatal(1, "%0s: row %0d is numbered cycle %0d", TB, rows, cyc);
        rst_ni     = v_rst;
        pop_i      = v_pop;
        app_i      = v_app;
        app_head_i = v_head;
        app_tail_i = v_tail;
        app_n_i    = v_n;
        #4;
        if (rows > 0) begin
          expect_eq("pop_ok_o", v_ok, pop_ok_o);
          expect_eq("pop_cell_o", v_cell, pop_cell_o);
          expect_eq("cnt_o", v_cnt, cnt_o);
          expect_eq("free_o", v_free, free_o);
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
    $display("PASS free_list %0d cycles", rows);
    $finish;
  end
endmodule
