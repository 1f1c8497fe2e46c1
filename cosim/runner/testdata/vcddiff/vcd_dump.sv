// vcd_dump: a second top-level module compiled next to one of the project's
// Icarus testbenches (verilog/tb/tb_<block>.sv) so that the run also writes
// a VCD of the whole testbench, design included:
//
//   iverilog -g2012 -I verilog/tb -P tb_rr_arbiter.N=8 -DTB=tb_rr_arbiter \
//     -o arb.vvp verilog/tb/tb_rr_arbiter.sv verilog/rr_arbiter.sv vcd_dump.sv
//   vvp -n arb.vvp +vec=FILE.vec +vcd=FILE.vcd
//
// TB names the testbench module; +vcd=FILE names the dump (default dump.vcd).
module vcd_dump;
  reg [8*1024-1:0] path;
  initial begin
    if (!$value$plusargs("vcd=%s", path)) path = "dump.vcd";
    $dumpfile(path);
    $dumpvars(0, `TB);
  end
endmodule
