// tb_pd_lists: self-checking Icarus testbench for pd_lists, driven by a .vec
// file written by verilog/tb/gen -block pdlists (hw/memports.PDLists over
// mem.PDLists).
//
//   iverilog -g2012 -I verilog/tb -I verilog \
//     -P tb_pd_lists.N=4 -P tb_pd_lists.P=16 \
//     -P tb_pd_lists.LAT=1 -P tb_pd_lists.LW=4 -P tb_pd_lists.DW=8 \
//     -o build/tb_pd_lists.vvp verilog/tb/tb_pd_lists.sv verilog/pd_lists.sv verilog/sram_mp.sv
//   vvp -n build/tb_pd_lists.vvp +vec=FILE
//
// Columns: cycle rst_ni link_i link_qid_i link_cells_i link_data_i link_ok_o
// link_pd_o rd_i rd_qid_i rd_ok_o rd_pd_o unl_valid_o unl_qid_o unl_pd_o
// unl_cells_o unl_data_o cnt_o head_len_o free_o pd_reads pd_writes. The
// last two are the PD memory's reads and writes since the last reset
// (mem.Memory's TotalReads and TotalWrites); the testbench counts them from
// the module's two sram_mp halves (a head read reads both: one read). Outputs
// are compared just before the rising edge that ends each cycle, from row 1
// on. On a mismatch it stops with "cycle N: <signal> expected X got Y"; at
// the end it prints "PASS pd_lists <rows> cycles".
module tb_pd_lists;
  parameter int N   = 4;
  parameter int P   = 16;
  parameter int LAT = 1;
  parameter int LW  = 4;
  parameter int DW  = 8;

  `include "vec_util.svh"

  localparam int IW = (N > 1) ? $clog2(N) : 1;
  localparam int PW = (P > 1) ? $clog2(P) : 1;
  localparam int KW = $clog2(P + 1);
  localparam [8*64-1:0] TB = "tb_pd_lists";

  logic            clk_i        = 1'b0;
  logic            rst_ni       = 1'b0;
  logic            link_i       = 1'b0;
  logic [IW-1:0]   link_qid_i   = '0;
  logic [LW-1:0]   link_cells_i = '0;
  logic [DW-1:0]   link_data_i  = '0;
  logic            link_ok_o;
  logic [PW-1:0]   link_pd_o;
  logic            rd_i         = 1'b0;
  logic [IW-1:0]   rd_qid_i     = '0;
  logic            rd_ok_o;
  logic [PW-1:0]   rd_pd_o;
  logic            unl_valid_o;
  logic [IW-1:0]   unl_qid_o;
  logic [PW-1:0]   unl_pd_o;
  logic [LW-1:0]   unl_cells_o;
  logic [DW-1:0]   unl_data_o;
  logic [N*KW-1:0] cnt_o;
  logic [N*LW-1:0] head_len_o;
  logic [KW-1:0]   free_o;

  pd_lists #(.N(N), .P(P), .LAT(LAT), .LW(LW), .DW(DW)) dut (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .link_i       (link_i),
    .link_qid_i   (link_qid_i),
    .link_cells_i (link_cells_i),
    .link_data_i  (link_data_i),
    .link_ok_o    (link_ok_o),
    .link_pd_o    (link_pd_o),
    .rd_i         (rd_i),
    .rd_qid_i     (rd_qid_i),
    .rd_ok_o      (rd_ok_o),
    .rd_pd_o      (rd_pd_o),
    .unl_valid_o  (unl_valid_o),
    .unl_qid_o    (unl_qid_o),
    .unl_pd_o     (unl_pd_o),
    .unl_cells_o  (unl_cells_o),
    .unl_data_o   (unl_data_o),
    .cnt_o        (cnt_o),
    .head_len_o   (head_len_o),
    .free_o       (free_o)
  );

  `VEC_ROW_VARS
  reg               v_rst, v_link, v_link_ok, v_rd, v_rd_ok, v_unl;
  reg [IW-1:0]      v_link_qid, v_rd_qid, v_unl_qid;
  reg [LW-1:0]      v_link_cells, v_unl_cells;
  reg [DW-1:0]      v_link_data, v_unl_data;
  reg [PW-1:0]      v_link_pd, v_rd_pd, v_unl_pd;
  reg [N*KW-1:0]    v_cnt;
  reg [N*LW-1:0]    v_hlen;
  reg [KW-1:0]      v_free;
  reg [31:0]        v_reads, v_writes;
  reg [31:0]        n_reads = '0, n_writes = '0;  // counted from the PD memory's ports

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      n_reads  <= '0;
      n_writes <= '0;
    end else begin
      n_reads  <= n_reads + 32'(dut.rd_en);
      n_writes <= n_writes + 32'(dut.body_we) + 32'(dut.link_we);
    end
  end

  initial begin
    `VEC_ROWS_BEGIN(TB, "N P LAT LW DW", {N, P, LAT, LW, DW}, 7,
                    {"cycle rst_ni link_i link_qid_i link_cells_i link_data_i link_ok_o ",
                     "link_pd_o rd_i rd_qid_i rd_ok_o rd_pd_o unl_valid_o unl_qid_o unl_pd_o ",
                     "unl_cells_o unl_data_o cnt_o head_len_o free_o pd_reads pd_writes"},
                    "name the hw/memports.PDLists signals in order", 0)
        n = $sscanf(line, "%d %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h",
                    cyc, v_rst, v_link, v_link_qid, v_link_cells, v_link_data, v_link_ok,
                    v_link_pd, v_rd, v_rd_qid, v_rd_ok, v_rd_pd, v_unl, v_unl_qid, v_unl_pd,
                    v_unl_cells, v_unl_data, v_cnt, v_hlen, v_free, v_reads, v_writes);
        `VEC_CHECK_ROW(TB, 22)
        rst_ni       = v_rst;
        link_i       = v_link;
        link_qid_i   = v_link_qid;
        link_cells_i = v_link_cells;
        link_data_i  = v_link_data;
        rd_i         = v_rd;
        rd_qid_i     = v_rd_qid;
        #4;
        if (rows > 0) begin
          `VEC_EXPECT("link_ok_o", v_link_ok, link_ok_o)
          `VEC_EXPECT("link_pd_o", v_link_pd, link_pd_o)
          `VEC_EXPECT("rd_ok_o", v_rd_ok, rd_ok_o)
          `VEC_EXPECT("rd_pd_o", v_rd_pd, rd_pd_o)
          `VEC_EXPECT("unl_valid_o", v_unl, unl_valid_o)
          `VEC_EXPECT("unl_qid_o", v_unl_qid, unl_qid_o)
          `VEC_EXPECT("unl_pd_o", v_unl_pd, unl_pd_o)
          `VEC_EXPECT("unl_cells_o", v_unl_cells, unl_cells_o)
          `VEC_EXPECT("unl_data_o", v_unl_data, unl_data_o)
          `VEC_EXPECT("cnt_o", v_cnt, cnt_o)
          `VEC_EXPECT("head_len_o", v_hlen, head_len_o)
          `VEC_EXPECT("free_o", v_free, free_o)
          `VEC_EXPECT("pd_reads", v_reads, n_reads)
          `VEC_EXPECT("pd_writes", v_writes, n_writes)
        end
        `VEC_TICK(clk_i)
    `VEC_ROWS_END(TB, "pd_lists")
  end
endmodule
