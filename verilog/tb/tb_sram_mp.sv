// tb_sram_mp: self-checking Icarus testbench for sram_mp, driven by a .vec
// file written by verilog/tb/gen -block sram (hw/memports.SRAM over
// mem.Memory).
//
//   iverilog -g2012 -I verilog/tb -I verilog \
//     -P tb_sram_mp.DEPTH=16 -P tb_sram_mp.WIDTH=8 \
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

  `VEC_ROW_VARS
  integer              i;
  reg                  v_rst;
  reg [RP-1:0]         v_rd_en, v_rd_valid;
  reg [RP*AW-1:0]      v_rd_addr;
  reg [WP-1:0]         v_wr_en;
  reg [WP*AW-1:0]      v_wr_addr;
  reg [WP*WIDTH-1:0]   v_wr_data;
  reg [RP*WIDTH-1:0]   v_rd_data;

  initial begin
    for (i = 0; i < DEPTH; i = i + 1) dut.mem_q[i] = '0;
    `VEC_ROWS_BEGIN(TB, "DEPTH WIDTH RP WP LAT", {DEPTH, WIDTH, RP, WP, LAT}, 7,
      "cycle rst_ni rd_en_i rd_addr_i wr_en_i wr_addr_i wr_data_i rd_valid_o rd_data_o",
      "name the hw/memports.SRAM signals in order", 0)
        n = $sscanf(line, "%d %h %h %h %h %h %h %h %h", cyc, v_rst, v_rd_en, v_rd_addr,
                    v_wr_en, v_wr_addr, v_wr_data, v_rd_valid, v_rd_data);
        `VEC_CHECK_ROW(TB, 9)
        rst_ni    = v_rst;
        rd_en_i   = v_rd_en;
        rd_addr_i = v_rd_addr;
        wr_en_i   = v_wr_en;
        wr_addr_i = v_wr_addr;
        wr_data_i = v_wr_data;
        #4;
        if (rows > 0) begin
          `VEC_EXPECT("rd_valid_o", v_rd_valid, rd_valid_o)
          `VEC_EXPECT("rd_data_o", v_rd_data, rd_data_o)
        end
        `VEC_TICK(clk_i)
    `VEC_ROWS_END(TB, "sram_mp")
  end
endmodule
