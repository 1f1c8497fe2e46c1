// occamy_golden_pkg: the DPI-C imports of liboccamy_golden, the Occamy
// golden models (docs/dpi.md; C side: occamy_golden.h). Import the package,
// link or load liboccamy_golden.so, and per cycle pack the DUT's inputs and
// outputs into word arrays at the offsets the library gives
// (occamy_golden_port, occamy_golden_port_offset), then call
// occamy_golden_check_oa. Return codes: 0 OK, 1 MISMATCH, -1 error
// (occamy_golden_error), -2 not a live handle.
//
// Word arrays are `bit [31:0] w[]` open arrays (any unpacked array of
// 32-bit words, fixed-size or dynamic), word k of a port holding its bits
// [32k +: 32]. Checked on Verilator 5.006; the packed svBitVecVal entry
// points of occamy_golden.h (occamy_golden_set_input, ..._get_output,
// ..._check) can be imported by a module at its own widths.
package occamy_golden_pkg;
  import "DPI-C" function string occamy_golden_abi();
  import "DPI-C" function chandle occamy_golden_new(input string block, input string params);
  import "DPI-C" function string occamy_golden_error(input chandle h);
  import "DPI-C" function void occamy_golden_free(input chandle h);
  import "DPI-C" function string occamy_golden_describe(input chandle h);
  import "DPI-C" function int occamy_golden_in_words(input chandle h);
  import "DPI-C" function int occamy_golden_out_words(input chandle h);
  import "DPI-C" function int occamy_golden_port(input chandle h, input string name);
  import "DPI-C" function string occamy_golden_port_name(input chandle h, input int port);
  import "DPI-C" function int occamy_golden_port_width(input chandle h, input int port);
  import "DPI-C" function int occamy_golden_port_offset(input chandle h, input int port);
  import "DPI-C" function int occamy_golden_reset(input chandle h, input int cycles);
  import "DPI-C" function int occamy_golden_eval(input chandle h);
  import "DPI-C" function int occamy_golden_commit(input chandle h);
  import "DPI-C" function int occamy_golden_step(input chandle h);
  import "DPI-C" function int occamy_golden_set_inputs_oa(input chandle h, input bit [31:0] in[]);
  import "DPI-C" function int occamy_golden_get_outputs_oa(input chandle h,
                                                          output bit [31:0] out[]);
  import "DPI-C" function int occamy_golden_check_oa(input chandle h, input bit [31:0] in[],
                                                     input bit [31:0] dut[]);
  import "DPI-C" function int occamy_golden_compare_oa(input chandle h, input bit [31:0] dut[]);
  import "DPI-C" function int occamy_golden_seed(input chandle h, input longint seed);
  import "DPI-C" function int occamy_golden_stimulus_oa(input chandle h, output bit [31:0] in[]);
  import "DPI-C" function string occamy_golden_mismatch(input chandle h);
  import "DPI-C" function longint occamy_golden_cycle(input chandle h);
  import "DPI-C" function longint occamy_golden_compared(input chandle h);
  import "DPI-C" function longint occamy_golden_mismatches(input chandle h);
  import "DPI-C" function string occamy_golden_verdict(input chandle h, input string top,
                                                       input longint seed);
endpackage
