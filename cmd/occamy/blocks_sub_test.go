package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/testbench/blocks"
)

// TestBlocksSubBlocksGrouped: `occamy blocks` lists the TM's sub-blocks
// once, indented under the TM after its own lines, with their module
// parameters only (the run-time ones are the TM's, listed once); asked
// for alone, a sub-block is listed unindented under the same heading; its
// --tsv line has no ranges.
func TestBlocksSubBlocksGrouped(t *testing.T) {
	out, errText, code := runCLI(t, "blocks")
	require.Equal(t, 0, code, errText)
	require.Equal(t, 1, strings.Count(out, "sub-blocks of tm ("), out)
	tmAt := strings.Index(out, "\ntm (also traffic-manager): ")
	head := strings.Index(out, "  sub-blocks of tm (")
	require.True(t, tmAt >= 0 && head > tmAt, "the heading after the TM's lines")
	assert.Equal(t, 1, strings.Count(out, "  run-time:"), "run-time parameters listed once, the TM's")
	n := 0
	for _, b := range blocks.All() {
		if b.Parent != "tm" {
			continue
		}
		n++
		at := strings.Index(out, "\n  "+b.Name+" — ")
		assert.Greater(t, at, head, "%s indented under the TM's sub-blocks", b.Name)
	}
	require.Equal(t, 9, n, "the nine sub-blocks of hw/tm")

	out, errText, code = runCLI(t, "blocks", "tm_sched")
	require.Equal(t, 0, code, errText)
	assert.True(t, strings.HasPrefix(out, "sub-blocks of tm ("), out)
	assert.Contains(t, out, "\ntm_sched — ")
	assert.Contains(t, out, "  small set:   P=2 Q=2 LW=3 DFW=18, at tm's small set\n")

	// lint.sh runs a sub-block at its sets only: the TM checks the ranges
	// (the sub-module has no parameter checks of its own for them).
	out, errText, code = runCLI(t, "blocks", "--tsv", "tm_sched", "tm")
	require.Equal(t, 0, code, errText)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, 2)
	assert.Equal(t, "tm_sched\ttm_sched\tverilog/tm_sched.sv\tP=8 Q=8 LW=7 DFW=18\tP=2 Q=2 LW=3 DFW=18\t", lines[0])
	assert.Contains(t, lines[1], "\tP:1:32 Q:1:8 ", "the TM keeps its ranges")
}
