// tb_dpi_rr_arbiter: rr_arbiter checked every cycle against the golden
// model of liboccamy_golden through DPI-C (occamy_golden_pkg).
//
// Parameters: N (the arbiter's), CYCLES (cycles after the first), SEED.
// Ports: clk_i from the driver (tb_dpi_main.cpp); done_o and fail_o tell
// it when to stop and what to return.
//
// Each rising edge the scoreboard packs the cycle's inputs and the DUT's
// outputs (settled, before the edge's updates) into word arrays at the
// offsets the library gives, and occamy_golden_check_oa steps the golden
// model and compares. The testbench restates no layout: it asks the
// library for word counts, offsets and widths, and checks the widths
// against its own ports once. Stimulus: xorshift64 request maps that are
// dense, sparse, one-hot, all ones or empty, held 1-8 cycles; ack in runs
// or random; reset in cycles 0-1 and pulsed now and then.
module tb_dpi_rr_arbiter #(
  parameter int N = 64,
  parameter int CYCLES = 20000,
  parameter longint SEED = 1
) (
  input  logic clk_i,
  output logic done_o,
  output logic fail_o
);
  import occamy_golden_pkg::*;
  // Testbench code, not RTL: the scoreboard and the generator are
  // procedural (blocking writes to the word arrays and the generator state
  // at the edge), and the word offsets are ints.
  /* verilator lint_off BLKSEQ */
  /* verilator lint_off UNUSEDSIGNAL */

  localparam int IW = (N > 1) ? $clog2(N) : 1;
  localparam int RW = (N + 31) / 32;
  // Word arrays of one cycle: Verilator 5.006 faults on a dynamic array
  // passed to an open-array DPI argument, so they are fixed-size, one
  // word per 32 bits of each port, and checked against the library's
  // counts at the start.
  localparam int IN_WORDS = 1 + RW + 1;
  localparam int OUT_WORDS = 1 + (IW + 31) / 32;

  logic          rst_ni;
  logic [N-1:0]  req;
  logic          ack;
  logic          gnt_valid;
  logic [IW-1:0] gnt_idx;

  rr_arbiter #(.N(N)) dut (
    .clk_i, .rst_ni, .req_i(req), .ack_i(ack), .gnt_valid_o(gnt_valid), .gnt_idx_o(gnt_idx)
  );

  chandle h;
  bit [31:0] in_w[IN_WORDS];
  bit [31:0] out_w[OUT_WORDS];
  int o_rst, o_req, o_ack, o_valid, o_idx;
  longint unsigned rng;
  longint cycle;
  int hold;
  int mode;
  logic [32*RW-1:0] req_x;  // req_i zero-extended to whole words

  // offset_of returns a port's first word, after checking its width.
  function automatic int offset_of(string name, int width);
    int p = occamy_golden_port(h, name);
    if (p < 0) $fatal(1, "tb: %s", occamy_golden_error(h));
    if (occamy_golden_port_width(h, p) != width)
      $fatal(1, "tb: %s is %0d bits in the library, %0d in the testbench", name,
             occamy_golden_port_width(h, p), width);
    return occamy_golden_port_offset(h, p);
  endfunction

  function automatic longint unsigned next_rng(longint unsigned x);
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return x;
  endfunction

  // rand_map is a request map of the current mode.
  function automatic logic [N-1:0] rand_map();
    logic [N-1:0] m = '0;
    for (int k = 0; k < RW; k++) begin
      rng = next_rng(rng);
      m = m | (N'(rng[31:0]) << (32 * k));
    end
    case (mode)
      0: return m;
      1: begin
        logic [N-1:0] s = '0;
        for (int k = 0; k < RW; k++) begin
          rng = next_rng(rng);
          s = s | (N'(rng[63:32]) << (32 * k));
        end
        return m & s;
      end
      2: begin
        rng = next_rng(rng);
        return N'(1) << (rng % 64'(N));
      end
      3: return '1;
      default: return '0;
    endcase
  endfunction

  initial begin
    string err;
    h = occamy_golden_new("arbiter", $sformatf("N=%0d", N));
    err = occamy_golden_error(h);
    if (err != "") $fatal(1, "tb: %s", err);
    if (occamy_golden_in_words(h) != IN_WORDS || occamy_golden_out_words(h) != OUT_WORDS)
      $fatal(1, "tb: the library's layout has %0d input and %0d output words, %s %0d and %0d: %s",
             occamy_golden_in_words(h), occamy_golden_out_words(h), "the testbench", IN_WORDS,
             OUT_WORDS, occamy_golden_describe(h));
    o_rst = offset_of("rst_ni", 1);
    o_req = offset_of("req_i", N);
    o_ack = offset_of("ack_i", 1);
    o_valid = offset_of("gnt_valid_o", 1);
    o_idx = offset_of("gnt_idx_o", IW);
    rng = 64'h9e3779b97f4a7c15 ^ SEED;
    cycle = 0;
    hold = 0;
    mode = 0;
    rst_ni = 1'b0;
    req = '0;
    ack = 1'b0;
    done_o = 1'b0;
    fail_o = 1'b0;
  end

  always @(posedge clk_i) begin
    if (!done_o) begin
      int rc;
      in_w[o_rst] = 32'(rst_ni);
      req_x = (32 * RW)'(req);
      for (int k = 0; k < RW; k++) in_w[o_req + k] = req_x[32 * k +: 32];
      in_w[o_ack] = 32'(ack);
      out_w[o_valid] = 32'(gnt_valid);
      out_w[o_idx] = 32'(gnt_idx);
      rc = occamy_golden_check_oa(h, in_w, out_w);
      if (rc < 0) begin
        $display("tb: ERROR %s", occamy_golden_error(h));
        fail_o <= 1'b1;
        done_o <= 1'b1;
      end else if (rc == 1 || cycle == longint'(CYCLES)) begin
        string v = occamy_golden_verdict(h, "rr_arbiter", SEED);
        if (v == "") $display("tb: ERROR %s", occamy_golden_error(h));
        else $display("%s", v);
        fail_o <= (rc != 0) || (v == "");
        done_o <= 1'b1;
      end
      cycle <= cycle + 1;
      // Next cycle's stimulus.
      rng = next_rng(rng);
      rst_ni <= !(cycle < 1 || rng[11:0] == 12'h0);
      if (hold == 0) begin
        rng = next_rng(rng);
        mode = int'(rng[7:0]) % 5;
        hold = 1 + int'(rng[5:3]);
        req <= rand_map();
      end else begin
        hold = hold - 1;
      end
      rng = next_rng(rng);
      ack <= (rng[9:8] != 2'b00);
    end
  end

  final if (h != null) occamy_golden_free(h);
  /* verilator lint_on UNUSEDSIGNAL */
  /* verilator lint_on BLKSEQ */
endmodule
