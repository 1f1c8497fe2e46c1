// occamy_checks: the parameter checks of every module, written once per
// check and run by each tool the project reads its Verilog with.
//
// Usage, in a module body (the include goes after the file's header
// comment, whose first line names the module):
//
//   `include "occamy_checks.svh"
//   ...
//   `OCCAMY_CHECKS_BEGIN
//     `OCCAMY_CHECK_RANGE(rr_arbiter, N, 1, 256)
//     `OCCAMY_CHECK(g_bad_k, K != 1 && K != 2 && K != 4 && K != 8,
//       $fatal(1, "tm_dequeue: parameter K=%0d out of range, allowed 1, 2, 4, 8", K))
//   `OCCAMY_CHECKS_END
//
// OCCAMY_CHECK_RANGE(M, P, LO, HI) stops when parameter P is outside
// LO..HI, with the message "M: parameter P=<value> out of range, allowed
// LO..HI" (M is the name the Go model's error uses; LO and HI appear in
// the message as written). OCCAMY_CHECK(LABEL, BAD, FATAL) runs the
// $fatal call FATAL when BAD holds: a range whose end is another
// parameter, a rule that is no range, any other wording. LABEL names the
// generate block, g_bad_<parameter> (OCCAMY_CHECK_RANGE's is g_bad_P). A
// message too long for one line passes its tail as a "%s" argument, so
// the text printed is the same.
//
// How each tool stops: under Verilator 5.006 and Yosys 0.23 (read_verilog
// -sv) each check is a generate if, so a bad parameter stops elaboration
// with its $fatal. Icarus 11 has no elaboration-time system tasks:
// OCCAMY_CHECKS_BEGIN and _END make the checks one initial block of plain
// if statements, run in order at time 0, which stops at the first failing
// one. Where a bad value would break elaboration before the checks run (a
// zero or negative width), the module clamps the localparam involved
// (e.g. QS = max(QW, 1) in a part select) so the message comes first.
`ifndef OCCAMY_CHECKS_SVH
`define OCCAMY_CHECKS_SVH

`ifdef __ICARUS__

`define OCCAMY_CHECKS_BEGIN initial begin
`define OCCAMY_CHECKS_END end
`define OCCAMY_CHECK(LABEL, BAD, FATAL) if (BAD) FATAL;
`define OCCAMY_CHECK_RANGE(M, P, LO, HI) \
  if ((P) < (LO) || (P) > (HI)) \
    $fatal(1, `"M: parameter P=%0d out of range, allowed LO..HI`", P);

`else

`define OCCAMY_CHECKS_BEGIN
`define OCCAMY_CHECKS_END
`define OCCAMY_CHECK(LABEL, BAD, FATAL) if (BAD) begin : LABEL FATAL; end
`define OCCAMY_CHECK_RANGE(M, P, LO, HI) \
  if ((P) < (LO) || (P) > (HI)) begin : g_bad_``P \
    $fatal(1, `"M: parameter P=%0d out of range, allowed LO..HI`", P); \
  end

`endif

`endif // OCCAMY_CHECKS_SVH
