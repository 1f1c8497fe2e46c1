// hd_sel_loopref: a selector with the registered bitmap of hd_selector's
// contract, whose comparators are instances in a generate loop and whose
// bitmap bits are read back through a hierarchical reference written
// inside the loop (u_cmp.over). Verilator 5.006 has been seen to resolve
// such a reference silently to the loop's first copy: occamy cosim
// refuses it on Verilator and checks it on Icarus.
module hd_sel_loopref_cmp #(
  parameter int QW = 8
) (
  input  logic [QW-1:0] q,
  input  logic [QW-1:0] t
);
  logic over;
  assign over = q > t;
endmodule

module hd_sel_loopref #(
  parameter int N  = 8,
  parameter int QW = 8
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic [N*QW-1:0] qlen_i,
  input  logic [N*QW-1:0] thr_i,
  output logic [N-1:0]    over_o
);
  logic [N-1:0] over_d, over_q;
  for (genvar i = 0; i < N; i++) begin : g_q
    hd_sel_loopref_cmp #(.QW(QW)) u_cmp (.q(qlen_i[i*QW +: QW]), .t(thr_i[i*QW +: QW]));
    assign over_d[i] = u_cmp.over;
  end
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      over_q <= '0;
    end else begin
      over_q <= over_d;
    end
  end
  assign over_o = over_q;
endmodule
