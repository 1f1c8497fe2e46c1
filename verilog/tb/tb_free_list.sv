// tb_free_list: self-checking Icarus testbench for free_list, driven by a
// .vec file written by verilog/tb/gen -block freelist (hw/memports.FreeList
// over mem.FreeList).
//
//   iverilog -g2012 -I verilog/tb -I verilog \
//     -P tb_free_list.CELLS=16 -P tb_free_list.K=2 \
//     -P tb_free_list.LAT=1 -o build/tb_free_list.vvp \
//     verilog/tb/tb_free_list.sv verilog/free_list.sv verilog/sram_mp.sv
//   vvp -n build/tb_free_list.vvp +vec=FILE
//
// Columns: cycle rst_ni pop_i pop_ok_o pop_cell_o app_i app_head_i
// app_tail_i app_n_i cnt_o free_o link_reads link_writes. The last two are
// the link memory's reads and writes since the last reset (mem.Memory's
// TotalReads and TotalWrites); the testbench counts the same from the
// module's sram_mp ports (dut.rd_en, dut.wr_en), so a design that reads or
// writes more or less than the model fails even when the ports agree.
// Outputs are compared just before the rising edge that ends each cycle,
// from row 1 on (before the first reset edge the Verilog state is X). On a
// mismatch it stops with "cycle N: <signal> expected X got Y"; at the end it
// prints "PASS free_list <rows> cycles".
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

  `VEC_ROW_VARS
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

  initial begin
    `VEC_ROWS_BEGIN(TB, "CELLS K LAT", {CELLS, K, LAT}, 5,
                    {"cycle rst_ni pop_i pop_ok_o pop_cell_o app_i app_head_i app_tail_i ",
                     "app_n_i cnt_o free_o link_reads link_writes"},
                    "name the hw/memports.FreeList signals in order", 0)
        n = $sscanf(line, "%d %h %h %h %h %h %h %h %h %h %h %h %h", cyc, v_rst, v_pop, v_ok,
                    v_cell, v_app, v_head, v_tail, v_n, v_cnt, v_free, v_reads, v_writes);
        `VEC_CHECK_ROW(TB, 13)
        rst_ni     = v_rst;
        pop_i      = v_pop;
        app_i      = v_app;
        app_head_i = v_head;
        app_tail_i = v_tail;
        app_n_i    = v_n;
        #4;
        if (rows > 0) begin
          `VEC_EXPECT("pop_ok_o", v_ok, pop_ok_o)
          `VEC_EXPECT("pop_cell_o", v_cell, pop_cell_o)
          `VEC_EXPECT("cnt_o", v_cnt, cnt_o)
          `VEC_EXPECT("free_o", v_free, free_o)
          `VEC_EXPECT("link_reads", v_reads, n_reads)
          `VEC_EXPECT("link_writes", v_writes, n_writes)
        end
        `VEC_TICK(clk_i)
    `VEC_ROWS_END(TB, "free_list")
  end
endmodule
