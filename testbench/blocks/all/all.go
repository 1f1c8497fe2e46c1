// Package all registers every block face (testbench/blocks/<block>): a
// command imports it for its side effect, the database/sql driver habit,
//
//	import _ "occamy/testbench/blocks/all"
//
// and then finds every block through testbench/blocks (Lookup, All). A new
// block's face is added here, in its package's own line.
package all

import (
	_ "occamy/testbench/blocks/arbiter"
	_ "occamy/testbench/blocks/cpsublists"
	_ "occamy/testbench/blocks/freelist"
	_ "occamy/testbench/blocks/maxfind"
	_ "occamy/testbench/blocks/pdlists"
	_ "occamy/testbench/blocks/selarb"
	_ "occamy/testbench/blocks/selector"
	_ "occamy/testbench/blocks/sram"
	_ "occamy/testbench/blocks/threshold"
	_ "occamy/testbench/blocks/tm"
	_ "occamy/testbench/blocks/tmadmission"
	_ "occamy/testbench/blocks/tmdequeue"
	_ "occamy/testbench/blocks/tmegress"
	_ "occamy/testbench/blocks/tmenqueue"
	_ "occamy/testbench/blocks/tmfreelist"
	_ "occamy/testbench/blocks/tmhdchoice"
	_ "occamy/testbench/blocks/tmhdexec"
	_ "occamy/testbench/blocks/tmpdlists"
	_ "occamy/testbench/blocks/tmsched"
)
