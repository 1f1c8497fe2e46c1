package icarus

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"time"

	"occamy/cosim"
)

// DefaultStall is how long a run may go without completing a cycle before
// it is stopped as a design that does not settle (Files.Stall 0). Icarus
// has no bound of its own on the events of one time step: a combinational
// loop that oscillates (a = ~a) runs forever where Verilator stops after
// its convergence limit ("did not converge"). The harness writes and
// flushes each cycle's output line, so a run whose output file stops
// growing for this long is stuck inside one cycle; the slowest cycle
// measured (occamy_tm at its defaults) takes milliseconds.
const DefaultStall = 30 * time.Second

// StallMsg is the message of a run stopped by the stall watchdog.
func StallMsg(stall time.Duration, cycle int) string {
	return fmt.Sprintf("Icarus completed no cycle in %v: cycle %d did not settle (a combinational loop that never settles? Verilator reports one as \"did not converge\")", stall, cycle)
}

// runWatched runs cmd, whose harness writes one line per cycle to out,
// and kills it when out has not grown for stall: the result is then a
// fatal *cosim.SimError at the cycle that did not settle (the lines
// written). It returns what the program printed.
func runWatched(ctx context.Context, cmd *exec.Cmd, out string, stall time.Duration) (string, error) {
	if stall <= 0 {
		stall = DefaultStall
	}
	var buf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	if err := cmd.Start(); err != nil {
		return "", err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	tick := time.NewTicker(min(stall/10, time.Second))
	defer tick.Stop()
	size, since := int64(-1), time.Now()
	for {
		select {
		case err := <-done:
			return buf.String(), err
		case now := <-tick.C:
			if st, err := os.Stat(out); err == nil && st.Size() != size {
				size, since = st.Size(), now
			}
			if now.Sub(since) < stall || ctx.Err() != nil {
				continue
			}
			_ = cmd.Process.Kill()
			<-done
			n := countLines(out)
			return buf.String(), &cosim.SimError{Top: "occ_tb", Kind: cosim.SimFatal, Cycle: uint64(n), Msg: StallMsg(stall, n)}
		}
	}
}

// countLines is the number of complete lines in a file.
func countLines(path string) int {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	return bytes.Count(b, []byte{'\n'})
}
