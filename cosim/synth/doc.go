// Package synth measures the hardware cost of the project's Verilog blocks
// with Yosys 0.23 in a generic 6-input LUT mapping. It is the library behind
// `occamy synth` and docs/hardware-cost.md (`make synth`).
//
// One Job is one Yosys run: a Block (threshold, selector, arbiter,
// selector+arbiter, maxfind) at parameters validated by the golden
// model's own Params.Validate, so a bad size fails with the same
// *rtl.ParamError the Verilog's elaboration check describes, before Yosys
// starts. The script of every job is
//
//	read_verilog -defer -sv -DSYNTHESIS <the block's files>
//	hierarchy -top X -chparam NAME VALUE ...
//	synth -top X -flatten -lut 6
//	tee -q -o stat.txt stat
//	tee -q -o ltp.txt ltp -noff
//
// run in a fresh directory holding copies of the sources, so no absolute
// path reaches Yosys's output. `-defer` elaborates only the requested
// parameters; `-flatten` gives a top one total. The selector+arbiter pair is
// the wrapper occamy_sel_arb.sv, embedded in this package.
//
// ParseStat counts `$lut` cells (LUTs), fine-grained flip-flop cells
// (one bit each) and anything else; ParseLTP reads the longest path's
// length, which after the LUT map is the number of LUT levels, and its end
// points. Both return a *ParseError naming the module and what was not
// understood rather than guessing.
//
// Runner.Run deduplicates equal designs and runs Yosys processes in
// parallel, at most one per core by default (errgroup), largest design
// first. LookYosys fails with "yosys not found: apt-get install yosys".
// WriteMarkdown turns the results of AllJobs and of RunTM into the
// report; its text depends on the results only, so equal RTL gives an
// equal file. WriteJSON and ReadJSON keep a run's results, so the report
// can be written again without Yosys.
//
// The traffic manager (TMBlock, "tm") is not one flat run: at its defaults
// a flat synthesis takes about 20 minutes and `ltp` loops through the
// memories' black boxes. NewTMJob takes the TM's Verilog parameters (the
// registry's rules) and its sources from the registry's "tm" block, with
// the "sram" block's module (sram_mp) read as a port-only black box
// (MemoryStub). Runner.RunTM then
//
//	elaborates once: hierarchy -top occamy_tm -chparam ...; dump =* %C =*/i:* %u
//	   -> ParseHier: every module's parameters and instances, Walk from the top:
//	      the sub-module instances and the memories (their DEPTH, WIDTH, RP, WP, LAT)
//	per distinct sub-module M: hierarchy -top M; synth -top M -flatten -lut 6
//	the top: blackbox its sub-modules; synth -top occamy_tm -flatten -lut 6
//	each: delete =A:blackbox %C; stat; ltp -noff
//
// so the sub-blocks are whatever the RTL instantiates (a new file in the
// registry's list and an instance in occamy_tm are enough), each at the
// parameters the TM gives it, and a memory's read data starts a path and
// its address and write data end one, as a registered SRAM's do. The
// total is the top's own logic plus the instances in the top, each on its
// own.
//
// Runner.RunTMFlat synthesises the TM flat, whole, with the same black-box
// memories (FlatScript: the elaboration, then the map-and-measure tail,
// then write_json of the netlist ltp measured). Besides ltp's one longest
// path it gives a Census (CensusOf on ReadNetlist's module): every
// endpoint (register bit, output port bit, net only a deleted black box
// read) deeper than a budget, with the start of its deepest path, grouped
// by the sub-block the path starts in and the one it ends in, and in each
// group by name (a vector's bits, a register array's elements: one name),
// its levels counted as ltp counts them, so its maximum is ltp's length.
// Runner.RunTMCones cuts the input cone of named nets out of the flat TM
// and maps each alone; RunTMConeRows does so for every name of a
// census's groups (ConesOfRows), so that a group's flat maximum shows as
// padding or as the depth its logic needs.
package synth
