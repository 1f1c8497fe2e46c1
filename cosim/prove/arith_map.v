// Techmap rules of occamy prove for narrow adders, subtractors and
// comparators (up to 32 bits): one ripple-carry chain each, instead of
// Yosys 0.23's $alu/$lcu pair, which costs half of the miter's build time for
// a design with one adder and one compare per loop iteration. Wider cells
// and mixed signedness fall through to the generic rules.
(* techmap_celltype = "$add $sub" *)
module _occ_addsub (A, B, Y);
  parameter A_SIGNED = 0;
  parameter B_SIGNED = 0;
  parameter A_WIDTH = 1;
  parameter B_WIDTH = 1;
  parameter Y_WIDTH = 1;
  parameter _TECHMAP_CELLTYPE_ = "";
  input [A_WIDTH-1:0] A;
  input [B_WIDTH-1:0] B;
  output [Y_WIDTH-1:0] Y;
  wire _TECHMAP_FAIL_ = Y_WIDTH > 32;
  localparam SUB = _TECHMAP_CELLTYPE_ == "$sub";
  wire [Y_WIDTH-1:0] a, b;
  generate
    if (A_SIGNED) begin : g_as
      assign a = $signed(A);
    end else begin : g_au
      assign a = A;
    end
    if (B_SIGNED) begin : g_bs
      assign b = $signed(B);
    end else begin : g_bu
      assign b = B;
    end
  endgenerate
  wire [Y_WIDTH:0] c;
  assign c[0] = SUB;
  genvar i;
  generate
    for (i = 0; i < Y_WIDTH; i = i + 1) begin : g_bit
      wire bb = SUB ? ~b[i] : b[i];
      assign Y[i] = a[i] ^ bb ^ c[i];
      assign c[i+1] = (a[i] & bb) | (a[i] & c[i]) | (bb & c[i]);
    end
  endgenerate
endmodule

(* techmap_celltype = "$lt $le $gt $ge" *)
module _occ_cmp (A, B, Y);
  parameter A_SIGNED = 0;
  parameter B_SIGNED = 0;
  parameter A_WIDTH = 1;
  parameter B_WIDTH = 1;
  parameter Y_WIDTH = 1;
  parameter _TECHMAP_CELLTYPE_ = "";
  input [A_WIDTH-1:0] A;
  input [B_WIDTH-1:0] B;
  output [Y_WIDTH-1:0] Y;
  localparam W = (A_WIDTH > B_WIDTH) ? A_WIDTH : B_WIDTH;
  localparam S = A_SIGNED && B_SIGNED;
  wire _TECHMAP_FAIL_ = W > 32 || (A_SIGNED != B_SIGNED);
  // x >= y (unsigned, after sign extension and, for signed operands, the
  // sign bit flipped) is the carry out of x + ~y + 1.
  localparam SWAP = _TECHMAP_CELLTYPE_ == "$gt" || _TECHMAP_CELLTYPE_ == "$le";
  localparam NEG = _TECHMAP_CELLTYPE_ == "$gt" || _TECHMAP_CELLTYPE_ == "$lt";
  wire [W-1:0] a, b, x, y;
  generate
    if (S) begin : g_s
      assign a = $signed(A);
      assign b = $signed(B);
    end else begin : g_u
      assign a = A;
      assign b = B;
    end
  endgenerate
  wire [W-1:0] fa, fb;
  generate
    if (S) begin : g_flip
      assign fa = a ^ (1 << (W - 1));
      assign fb = b ^ (1 << (W - 1));
    end else begin : g_keep
      assign fa = a;
      assign fb = b;
    end
  endgenerate
  assign x = SWAP ? fb : fa;
  assign y = SWAP ? fa : fb;
  wire [W:0] c;
  assign c[0] = 1'b1;
  genvar i;
  generate
    for (i = 0; i < W; i = i + 1) begin : g_bit
      wire ny = ~y[i];
      assign c[i+1] = (x[i] & ny) | (x[i] & c[i]) | (ny & c[i]);
    end
  endgenerate
  wire ge = c[W];
  assign Y = NEG ? !ge : ge;
endmodule
