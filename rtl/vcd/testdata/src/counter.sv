module counter #(parameter int W = 8) (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic         en_i,
  output logic [W-1:0] cnt_o,
  output logic         wrap_o
);
  logic [W-1:0] cnt_q;
  logic [69:0]  wide_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin cnt_q <= '0; wide_q <= '0; end
    else if (en_i) begin cnt_q <= cnt_q + 1'b1; wide_q <= {wide_q[68:0], wide_q[69] ^ 1'b1}; end
  end
  assign cnt_o = cnt_q;
  assign wrap_o = &cnt_q;
endmodule
