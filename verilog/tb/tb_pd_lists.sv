// tb_pd_lists: self-checking Icarus testbench for pd_lists, driven by a .vec
// file written by verilog/tb/gen -block pdlists (hw/memports.PDLists over
// mem.PDLists).
//
//   iverilog -g2012 -I verilog/tb -P tb_pd_lists.N=4 -P tb_pd_lists.P=16 \
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

  reg [8*VEC_L-1:0] line;
  integer           fd, n, kind, rows, cyc, header;
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

  task automatic check_word(input reg [8*64-1:0] word);
    begin
      vec_check_param(TB, word, "N", N);
      vec_check_param(TB, word, "P", P);
      vec_check_param(TB, word, "LAT", LAT);
      vec_check_param(TB, word, "LW", LW);
      vec_check_param(TB, word, "DW", DW);
    end
  endtask

  task automatic check_params;
    reg [8*64-1:0] w0, w1, w2, w3, w4, w5, w6, w7;
    begin
      n = $sscanf(line, "%s %s %s %s %s %s %s %s", w0, w1, w2, w3, w4, w5, w6, w7);
      check_word(w1); check_word(w2); check_word(w3); check_word(w4);
      check_word(w5); check_word(w6); check_word(w7);
    end
  endtask

  task automatic check_header;
    reg [8*64-1:0] h0, h1, h2, h3, h4, h5, h6, h7, h8, h9, h10, h11, h12, h13, h14, h15, h16,
                   h17, h18, h19, h20, h21;
    begin
      n = $sscanf(line, "%s %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s",
                  h0, h1, h2, h3, h4, h5, h6, h7, h8, h9, h10, h11, h12, h13, h14, h15, h16,
                  h17, h18, h19, h20, h21);
      if (n != 22 || h1 != "rst_ni" || h2 != "link_i" || h3 != "link_qid_i" ||
          h4 != "link_cells_i" || h5 != "link_data_i" || h6 != "link_ok_o" ||
          h7 != "link_pd_o" || h8 != "rd_i" || h9 != "rd_qid_i" || h10 != "rd_ok_o" ||
          h11 != "rd_pd_o" || h12 != "unl_valid_o" || h13 != "unl_qid_o" ||
          h14 != "unl_pd_o" || h15 != "unl_cells_o" || h16 != "unl_data_o" ||
          h17 != "cnt_o" || h18 != "head_len_o" || h19 != "free_o" || h20 != "pd_reads" ||
          h21 != "pd_writes") begin
        $fatal(1, "%0s: header must name the hw/memports.PDLists signals in order, got: %0s", TB, line);
      end
    end
  endtask

  task automatic expect_eq(input reg [8*16-1:0] name, input reg [N*KW+N*LW+63:0] want,
                           input reg [N*KW+N*LW+63:0] got);
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
        n = $sscanf(line, "%d %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h",
                    cyc, v_rst, v_link, v_link_qid, v_link_cells, v_link_data, v_link_ok,
                    v_link_pd, v_rd, v_rd_qid, v_rd_ok, v_rd_pd, v_unl, v_unl_qid, v_unl_pd,
                    v_unl_cells, v_unl_data, v_cnt, v_hlen, v_free, v_reads, v_writes);
        if (n != 22) $fatal(1, "%0s: row %0d has %0d readable fields, want 22: %0s", TB, rows, n, line);
        if (cyc != rows) $fatal(1, "%0s: row %0d is numbered cycle %0d", TB, rows, cyc);
        rst_ni       = v_rst;
        link_i       = v_link;
        link_qid_i   = v_link_qid;
        link_cells_i = v_link_cells;
        link_data_i  = v_link_data;
        rd_i         = v_rd;
        rd_qid_i     = v_rd_qid;
        #4;
        if (rows > 0) begin
          expect_eq("link_ok_o", v_link_ok, link_ok_o);
          expect_eq("link_pd_o", v_link_pd, link_pd_o);
          expect_eq("rd_ok_o", v_rd_ok, rd_ok_o);
          expect_eq("rd_pd_o", v_rd_pd, rd_pd_o);
          expect_eq("unl_valid_o", v_unl, unl_valid_o);
          expect_eq("unl_qid_o", v_unl_qid, unl_qid_o);
          expect_eq("unl_pd_o", v_unl_pd, unl_pd_o);
          expect_eq("unl_cells_o", v_unl_cells, unl_cells_o);
          expect_eq("unl_data_o", v_unl_data, unl_data_o);
          expect_eq("cnt_o", v_cnt, cnt_o);
          expect_eq("head_len_o", v_hlen, head_len_o);
          expect_eq("free_o", v_free, free_o);
          expect_eq("pd_reads", v_reads, n_reads);
          expect_eq("pd_writes", v_writes, n_writes);
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
    $display("PASS pd_lists %0d cycles", rows);
    $finish;
  end
endmodule
