package main

import (
	"fmt"
	"os"
	"testing"
)

// TestMain moves the default directory of failure waveforms out of the
// source tree: a test that makes a run fail would leave out/ there.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "occamy-cmd-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	failWaveDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
