// Techmap rule of occamy prove: a one-bit $shiftx (x[i] with a variable i,
// as a procedural loop over a request vector writes it) as a balanced mux
// tree with an out-of-range guard, instead of the generic log shifter that
// Yosys 0.23 builds 32 stages wide (1 500 muxes per bit select at N=64,
// 100 000 for a 64-requester loop). An out-of-range index reads 0, as in
// Verilator's two-state model.
(* techmap_celltype = "$shiftx" *)
module _occ_shiftx1 (A, B, Y);
  parameter A_SIGNED = 0;
  parameter B_SIGNED = 0;
  parameter A_WIDTH = 1;
  parameter B_WIDTH = 1;
  parameter Y_WIDTH = 1;
  input [A_WIDTH-1:0] A;
  input [B_WIDTH-1:0] B;
  output [Y_WIDTH-1:0] Y;
  localparam SW = (A_WIDTH > 1) ? $clog2(A_WIDTH) : 1;
  localparam L = 1 << SW;
  wire _TECHMAP_FAIL_ = (Y_WIDTH != 1) || (B_WIDTH < 1);
  wire [2*L-2:0] t;
  genvar i;
  generate
    for (i = 0; i < L; i = i + 1) begin : g_leaf
      if (i < A_WIDTH) begin : g_a
        assign t[L-1+i] = A[i];
      end else begin : g_z
        assign t[L-1+i] = 1'b0;
      end
    end
    for (i = 0; i < L-1; i = i + 1) begin : g_node
      // node i has children 2i+1, 2i+2; its depth d = floor(log2(i+1)), select bit SW-1-d
      assign t[i] = B[SW-1-$clog2(i+2)+1] ? t[2*i+2] : t[2*i+1];
    end
  endgenerate
  wire over;
  if (B_WIDTH > SW) begin : g_hi
    assign over = |B[B_WIDTH-1:SW];
  end else begin : g_nohi
    assign over = 1'b0;
  end
  assign Y = over ? 1'b0 : t[0];
endmodule
