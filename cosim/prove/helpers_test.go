package prove

import (
	"testing"
	"time"
)

const byo = "../runner/testdata/byo/"

// needTools skips a test when yosys or yosys-abc is missing (make test
// installs yosys, which ships both).
func needTools(t *testing.T) {
	t.Helper()
	if err := ToolMissing(); err != nil {
		t.Skipf("prove needs Yosys 0.23 and yosys-abc: %v", err)
	}
}

func opts(block, file, top string, params map[string]int) Options {
	return Options{Block: block, RTL: []string{file}, Top: top, Params: params, VerilogDir: "../..",
		Timeout: 60 * time.Second, NoReplay: true}
}
