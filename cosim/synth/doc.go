// Package synth measures the hardware cost of the project's Verilog blocks
// with Yosys 0.23 in a generic 6-input LUT mapping. It is the library behind
// `occamy synth` and docs/hardware-cost.md (`make synth`).
//
// One Job is one Yosys run: a Block (threshold, selector, arbiter,
// selector+arbiter, executor, top) at parameters validated by the golden
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
// parameters (the executor's default register files would take many
// minutes); `-flatten` gives a top one total. The selector+arbiter pair is
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
// WriteMarkdown turns the results of AllJobs into the report; its text
// depends on the results only, so equal RTL gives an equal file.
package synth
