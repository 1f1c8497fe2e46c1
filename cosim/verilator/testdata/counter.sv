// counter: a throwaway top for the cosim tests. An up-counter with enable
// and load, plus registered copies of a 40-bit and a 100-bit input so that
// every Verilator port type (CData, QData, VlWide) is exercised.
module counter #(
  parameter int W = 8
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic         en_i,
  input  logic         load_i,
  input  logic [W-1:0] load_val_i,
  input  logic [39:0]  q_i,
  input  logic [99:0]  wide_i,
  output logic [W-1:0] cnt_o,
  output logic         wrap_o,
  output logic [39:0]  q_o,
  output logic [99:0]  wide_o,
  output logic [W-1:0] next_o
);
  // next_o is combinational: what cnt_o becomes at the next edge.
  always_comb begin
    next_o = cnt_o;
    if (load_i) next_o = load_val_i;
    else if (en_i) next_o = cnt_o + 1'b1;
  end
  assign wrap_o = &cnt_o;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      cnt_o  <= '0;
      q_o    <= '0;
      wide_o <= '0;
    end else begin
      cnt_o  <= next_o;
      q_o    <= q_i;
      wide_o <= wide_i;
    end
  end
endmodule
