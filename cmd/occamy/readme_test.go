package main

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/testbench/experiment"
)

// TestReadmeExperiments: the README's task table has a command for every
// experiment `make experiments` runs, and states no count of them that
// could go stale ("all five" ran seven).
func TestReadmeExperiments(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	require.NoError(t, err)
	s := string(b)
	for _, n := range experiment.Names() {
		assert.Contains(t, s, "`bin/occamy experiment "+n+" --out out/exp`", "README's command for experiment %s", n)
	}
	assert.NotRegexp(t, regexp.MustCompile(`(?i)\ball (two|three|four|five|six|seven|eight|nine|ten) experiments\b`), s)
}

// TestDocsSelfContained: the README and docs/ point to no document a user
// does not have (the design brief the project was started from): the
// facts they need are in docs/.
func TestDocsSelfContained(t *testing.T) {
	files, err := filepath.Glob("../../docs/*.md")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range append(files, "../../README.md") {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		assert.NotRegexp(t, regexp.MustCompile(`(?i)design[ -]brief|\bthe brief\b`), string(b), f)
	}
}
