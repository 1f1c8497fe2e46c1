// dt_threshold: Dynamic Threshold (DT) per alpha class, combinational.
//
// Parameters
//   C  (1..64, default 8)  number of alpha classes
//   QW (1..32, default 16) width of the free count and of a threshold, in cells
//   AW (2..8,  default 4)  width of each class's alpha exponent, signed
//                          two's complement
//
// Ports
//   free_i  [QW-1:0]    free cells, B - sum of queue lengths
//   alpha_i [C*AW-1:0]  class c's exponent s_c at [c*AW +: AW]; alpha_c = 2^s_c
//   thr_o   [C*QW-1:0]  class c's threshold T_c at [c*QW +: QW]
//
// Behaviour
//   T_c = free_i << s_c when s_c >= 0, free_i >> -s_c when s_c < 0.
//   Saturation: a left shift that would carry any set bit past bit QW-1
//   gives 2^QW - 1 (all ones), never a wrapped value; a left shift of 0 is 0.
//   A right shift truncates toward zero; shifting by QW or more gives 0.
//   The most negative exponent -2^(AW-1) is a right shift by 2^(AW-1).
//
// Latency
//   None: no clock and no state; thr_o follows free_i and alpha_i in the
//   same cycle.
//
// Structure
//   One shifter per class: free_i is placed at bits [2*QW-1:QW] of a 2*QW-bit
//   word and shifted right by QW - s, with s clamped to [-QW, QW]. The low QW
//   bits of the result are the shifted value; any set bit in the high QW bits
//   is an overflow, which saturates the output.
`include "occamy_checks.svh"

module dt_threshold #(
  parameter int C  = 8,
  parameter int QW = 16,
  parameter int AW = 4
) (
  input  logic [QW-1:0]   free_i,
  input  logic [C*AW-1:0] alpha_i,
  output logic [C*QW-1:0] thr_o
);

  // Elaboration checks (occamy_checks.svh).
  `OCCAMY_CHECKS_BEGIN
    `OCCAMY_CHECK_RANGE(dt_threshold, C, 1, 64)
    `OCCAMY_CHECK_RANGE(dt_threshold, QW, 1, 32)
    `OCCAMY_CHECK_RANGE(dt_threshold, AW, 2, 8)
  `OCCAMY_CHECKS_END

  // Shift amount into the 2*QW-bit word: 0..2*QW, so SW bits.
  localparam int SW = $clog2(2 * QW + 1);
  // Whether an AW-bit exponent can reach the clamps at all (s in
  // -2^(AW-1)..2^(AW-1)-1): at AW = 4, QW = 16 neither can, and the
  // constant lets Verilator drop both compares from every settle.
  localparam bit CAN_HI = (1 << (AW - 1)) - 1 >= QW;
  localparam bit CAN_LO = -(1 << (AW - 1)) <= -QW;

  for (genvar c = 0; c < C; c++) begin : g_class
    logic signed [AW-1:0] s;      // class exponent
    logic                 s_hi;   // s >= QW: every nonzero free saturates
    logic                 s_lo;   // s <= -QW: result is 0
    logic        [SW-1:0] amt;    // right shift of the 2*QW-bit word
    logic      [2*QW-1:0] word;   // {free_i, QW zeros} >> amt

    assign s    = alpha_i[c*AW +: AW];
    // Compare in 32-bit signed arithmetic so no width can wrap.
    assign s_hi = CAN_HI && 32'(s) >= QW;
    assign s_lo = CAN_LO && 32'(s) <= -QW;

    always_comb begin
      if (s_hi) begin
        amt = '0;
      end else if (s_lo) begin
        amt = SW'(2 * QW);
      end else begin
        amt = SW'(QW - 32'(s));
      end
    end

    assign word = {free_i, {QW{1'b0}}} >> amt;

    // Saturate on any bit shifted past QW-1.
    assign thr_o[c*QW +: QW] = (|word[2*QW-1:QW]) ? {QW{1'b1}} : word[QW-1:0];
  end

endmodule
