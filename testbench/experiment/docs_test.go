package experiment

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDocsCoverEveryExperiment: docs/experiments.md has a section, the
// command and a committed figure for every experiment, and every image it
// shows exists.
func TestDocsCoverEveryExperiment(t *testing.T) {
	docs := filepath.Join("..", "..", "docs")
	data, err := os.ReadFile(filepath.Join(docs, "experiments.md"))
	require.NoError(t, err)
	text := string(data)
	for _, n := range Names() {
		assert.Contains(t, text, "## `"+n+"`", "section for %s", n)
		assert.Contains(t, text, "occamy experiment "+n+"\n", "command for %s", n)
		assert.Contains(t, text, "(img/"+n+".png)", "figure for %s", n)
	}
	for _, m := range regexp.MustCompile(`\]\((img/[^)]+)\)`).FindAllStringSubmatch(text, -1) {
		st, err := os.Stat(filepath.Join(docs, m[1]))
		if assert.NoError(t, err, "image %s", m[1]) {
			assert.Positive(t, st.Size(), m[1])
		}
	}
	assert.False(t, strings.Contains(text, "TODO"), "no TODO left")
}
