// hd_sched: a head-drop scheduler as one unit, written the way outside
// Occamy RTL often is: N comparators against one shared threshold give a
// combinational bitmap, which a round-robin arbiter with a registered
// grant and no ack (rr_arb_reg) serves. The bitmap is not a port: the
// checks read it by its path (--observe over_o=bitmap). Checked against
// the selector+arbiter contract (selarb) through hd_sched.yaml.
//
// Parameters
//   N  (2..256, default 8) queues
//   QW (1..32, default 8)  width of a length and of the threshold
//
// Ports
//   clk, rstn           clock; synchronous active-low reset
//   qlen [N*QW-1:0]     queue i's length at [i*QW +: QW]
//   thr [QW-1:0]        the threshold of every queue
//   grant_valid         registered: some queue was over the threshold
//   grant [IW-1:0]      registered: the queue chosen, round robin (don't
//                       care while grant_valid is 0)
//
// Latency
//   bitmap: none (combinational); grant: one cycle from the lengths.
module hd_sched #(
  parameter int  N  = 8,
  parameter int  QW = 8,
  localparam int IW = (N > 1) ? $clog2(N) : 1
) (
  input  logic            clk,
  input  logic            rstn,
  input  logic [N*QW-1:0] qlen,
  input  logic [QW-1:0]   thr,
  output logic            grant_valid,
  output logic [IW-1:0]   grant
);

  logic [N-1:0] bitmap;  // queue i is over the threshold

  for (genvar i = 0; i < N; i++) begin : g_q
    assign bitmap[i] = qlen[i*QW +: QW] > thr;
  end

  rr_arb_reg #(.N(N)) u_arb (
    .clk, .rst_n(rstn), .req(bitmap), .grant_valid, .grant
  );

endmodule
