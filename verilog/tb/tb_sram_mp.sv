// tb_sram_mp: self-checking Icarus testbench for sram_mp, driven by a .vec
// file written by verilog/tb/gen -block sram (hw/memports.SRAM over
// mem.Memory).
//
//   iverilog -g2012 -I verilog/tb -P tb_sram_mp.DEPTH=16 -P tb_sram_mp.WIDTH=8 \
//     -P tb_sram_mp.RP=2 -P tb_sram_mp.WP=2 -P tb_sram_mp.LAT=1 \
//     -o build/tb_sram_mp.vvp verilog/tb/tb_sram_mp.sv verilog/sram_mp.sv
//   vvp -n build/tb_sram_mp.vvp +vec=FILE
//
// Columns: cycle rst_ni rd_en_i rd_addr_i wr_en_i wr_addr_i wr_data_i
// rd_valid_o rd_data_o. The array is zeroed at time 0 (the Go model's words
// start at 0; an SRAM's are unknown). Outputs are compared just before the
// rising edge that ends each cycle, from row 1 on. On a mismatch it stops
// with "cycle N: <signal> expected X got Y"; at the end it prints
// "PASS sram_mp <rows> cycles".
module tb_sram_mp;
  parameter int DEPTH = 16;
  parameter int WIDTH = 8;
  parameter int RP    = 2;
  parameter int WP    = 2;
  parameter int LAT   = 1;

  `include "vec_util.svh"

  localparam int AW = (DEPTH > 1) ? $clog2(DEPTH) : 1;
  localparam [8*64-1:0] TB = "tb_sram_mp";

  logic                clk_i     = 1'b0;
  logic                rst_ni    = 1'b0;
  logic [RP-1:0]       rd_en_i   = '0;
  logic [RP*AW-1:0]    rd_addr_i = '0;
  logic [RP-1:0]       rd_valid_o;
  logic [RP*WIDTH-1:0] rd_data_o;
  logic [WP-1:0]       wr_en_i   = '0;
  logic [WP*AW-1:0]    wr_addr_i = '0;
  logic [WP*WIDTH-1:0] wr_data_i = '0;

  sram_mp #(.DEPTH(DEPTH), .WIDTH(WIDTH), .RP(RP), .WP(WP), .LAT(LAT)) dut (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .rd_en_i    (rd_en_i),
    .rd_addr_i  (rd_addr_i),
    .rd_valid_o (rd_valid_o),
    .rd_data_o  (rd_data_o),
    .wr_en_i    (wr_en_i),
    .wr_addr_i  (wr_addr_i),
    .wr_data_i  (wr_data_i)
  );

  reg [8*VEC_L-1:0]    line;
  integer              fd, n, kind, rows, cyc, header, i;
  reg                  v_rst;
  reg [RP-1:0]         v_rd_en, v_rd_valid;
  reg [RP*AW-1:0]      v_rd_addr;
  reg [WP-1:0]         v_wr_en;
  reg [WP*AW-1:0]      v_wr_addr;
  reg [WP*WIDTH-1:0]   v_wr_data;
  reg [RP*WIDTH-1:0]   v_rd_data;

  task automatic check_word(input reg [8*64-1:0] word);
    begin
      vec_check_param(TB, word, "DEPTH", DEPTH);
      vec_check_param(TB, word, "WIDTH", WIDTH);
      vec_check_param(TB, word, "RP", RP);
      vec_check_param(TB, word, "WP", WP);
      vec_check_param(TB, word, "LAT", LAT);
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
    reg [8*64-1:0] h0, h1, h2, h3, h4, h5, h6, h7, h8;
    begin
      n = $sscanf(line, "%s %s %s %s %s %s %s %s %s", h0, h1, h2, h3, h4, h5, h6, h7, h8);
      if (n != 9 || h1 != "rst_ni" || h2 != "rd_en_i" || h3 != "rd_addr_i" ||
          h4 != "wr_en_i" || h5 != "wr_addr_i" || h6 != "wr_data_i" ||
          h7 != "rd_valid_o" || h8 != "rd_data_o") begin
        $fatal(1, "%0s: header must name the hw/memports.SRAM signals in order, got: %0s", TB, line);
      end
    end
  endtask

  task automatic expect_eq(input reg [8*16-1:0] name, input reg [RP*WIDTH+63:0] want,
                           input reg [RP*WIDTH+63:0] got);
    begin
      if (got !== want) $fatal(1, "cycle %0d: %0s expected %0h got %0h", cyc, name, want, got);
    end
  endtask

  initial begin
    for (i = 0; i < DEPTH; i = i + 1) dut.mem_q[i] = '0;
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
        n = $sscanf(line, "%d %h %h %h %h %h %h %h %h", cyc, v_rst, v_rd_en, v_rd_addr,
                    v_wr_en, v_wr_addr, v_wr_data, v_rd_valid, v_rd_data);
        if (n != 9) $fatal(1, "%0s: row %0d has %0d readable fields, want 9: %0s", TB, rows, n, line);
        if (cyc != rows) $fatal(1, "%0s: row %0d is numbered cycle %0d", TB, rows, cyc);
        rst_ni    = v_rst;
        rd_en_i   = v_rd_en;
        rd_addr_i = v_rd_addr;
        wr_en_i   = v_wr_en;
        wr_addr_i = v_wr_addr;
        wr_data_i = v_wr_data;
        #4;
        if (rows > 0) begin
          expect_eq("rd_valid_o", v_rd_valid, rd_valid_o);
          expect_eq("rd_data_o", v_rd_data, rd_data_o);
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
    $display("PASS sram_mp %0d cycles", rows);
    $finish;
  end
endmodule
