package prove

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// abcStatus is what one ABC engine run concluded.
type abcStatus struct {
	status   int // 1 proved, 0 counterexample, -1 undecided
	frames   int // frames reached (bmc3: the last frame fully checked, 0-based)
	cexFrame int // the frame at which the output is asserted (status 0)
	po       int // the output asserted (status 0)
	elapsed  time.Duration
	cpu      time.Duration
	timedOut bool
	out      string
}

var (
	statusLine = regexp.MustCompile(`Status = (-?\d+)\s+Frames = (-?\d+)`)
	cexLine    = regexp.MustCompile(`CEX: Po =\s*(\d+)\s+Frame =\s*(\d+)`)
	verifyOK   = regexp.MustCompile(`Verification of invariant with \d+ clauses was successful`)
)

// abc runs an ABC engine command on an AIGER file; cexFile, when set,
// receives the counterexample (write_cex -n: one name@frame=value a line).
// limit is passed to the engine (-T) and also bounds the process, with a
// grace of a few seconds for ABC to stop by itself.
func abc(ctx context.Context, dir string, memMB int, aig, engine string, limit time.Duration, cexFile string) (abcStatus, error) {
	secs := max(1, int(limit.Seconds()))
	cmd := fmt.Sprintf("read_aiger %s; %s; print_status", aig, engine)
	if !strings.Contains(engine, "iprove") { // iprove has no time limit of its own
		cmd = fmt.Sprintf("read_aiger %s; %s -T %d; print_status", aig, engine, secs)
	}
	if cexFile != "" {
		cmd += "; write_cex -n " + cexFile
	}
	cctx, cancel := context.WithTimeout(ctx, time.Duration(secs)*time.Second+5*time.Second)
	defer cancel()
	// bmc3 runs beside pdr at a lower priority: on an idle machine each
	// has a core; on a busy one the proof keeps its share.
	nice := 0
	if strings.HasPrefix(engine, "bmc3") {
		nice = 10
	}
	r := run(cctx, dir, memMB, nice, abcProg, "-q", cmd)
	st := abcStatus{status: -1, elapsed: r.elapsed, cpu: r.cpu, timedOut: r.timedOut, out: r.out}
	if r.timedOut {
		if err := ctx.Err(); err != nil {
			return st, err
		}
		return st, nil
	}
	if r.err != nil {
		if memKilled(r) {
			st.out += "\n(memory limit reached)"
			return st, nil
		}
		return st, setupf("yosys-abc %s failed (%v):\n  %s", engine, r.err, lastLines(r.out, 8))
	}
	m := statusLine.FindStringSubmatch(r.out)
	if m == nil {
		return st, setupf("yosys-abc %s printed no status:\n  %s", engine, lastLines(r.out, 8))
	}
	st.status, _ = strconv.Atoi(m[1])
	st.frames, _ = strconv.Atoi(m[2])
	if st.status == 0 {
		c := cexLine.FindStringSubmatch(r.out)
		if c == nil {
			return st, setupf("yosys-abc %s reported a counterexample without its frame:\n  %s", engine, lastLines(r.out, 8))
		}
		st.po, _ = strconv.Atoi(c[1])
		st.cexFrame, _ = strconv.Atoi(c[2])
	}
	// pdr that runs out of time while checking its own invariant still
	// prints "Property proved" (ABC in Yosys 0.23); only a checked
	// invariant counts.
	if st.status == 1 && strings.Contains(engine, "pdr") && !verifyOK.MatchString(r.out) {
		st.status = -1
		st.out += "\n(pdr's invariant was not verified: not taken as a proof)"
	}
	return st, nil
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n  ")
}
