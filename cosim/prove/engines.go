package prove

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"
)

// scorrLatches: above this many registers pdr runs after ABC's scorr,
// which merges the registers the two designs hold one to one (same
// encoding) by induction: the executor against itself at N=2 B=8 (211
// registers) is then proven in 0.1 s where pdr alone gave up after 30 s;
// with a dozen registers (the arbiter) scorr only adds time.
const scorrLatches = 32

// decide runs pdr on the free power-up miter, then bmc3 on the zero
// power-up one for the shortest replayable counterexample (or, when pdr
// ran out of time, for a bounded answer), and replays a counterexample.
func (d *design) decide(ctx context.Context, deadline time.Time, res *Result) error {
	if res.Latches == 0 {
		// Combinational: SAT sweeping proves what pdr cannot (the
		// threshold unit's shifters at QW=16); pdr still finds the
		// counterexamples, bmc3 does not run on a network without latches.
		st, err := abc(ctx, d.dir, d.opt.MemMB, "free.aig", "iprove", time.Until(deadline)*2/3, "")
		if err != nil {
			return err
		}
		res.Proof = st.elapsed
		d.cpu += st.cpu
		if st.status == 1 {
			res.Verdict, res.Engine = Proven, "iprove"
			return nil
		}
	}
	engine := "pdr"
	if res.Latches > scorrLatches {
		engine = "scorr; pdr"
	}
	// The whole depth, also after pdr found a counterexample: pdr's may
	// need non-zero power-up values that a replay cannot set, where a
	// longer one from zeros exists.
	depth := d.opt.Depth
	var pdr, bmc abcStatus
	what := fmt.Sprintf("ABC: %s for a proof, bmc3 for the shortest counterexample (at most %s)", engine, time.Until(deadline).Round(time.Second))
	err := d.opt.Steps.Run(what, func() error {
		var err error
		pdr, bmc, err = d.portfolio(ctx, deadline, engine, depth, res.Latches > 0)
		return err
	})
	if err != nil {
		return err
	}
	res.Proof += pdr.elapsed
	res.PDRFrames = pdr.frames
	if pdr.status == 1 {
		res.Verdict, res.Engine = Proven, engine
		return nil
	}
	if res.Latches == 0 && pdr.status != 0 {
		res.Verdict = Inconclusive
		return nil
	}
	res.Search = bmc.elapsed
	switch {
	case bmc.status == 0:
		res.Verdict, res.Engine = Refuted, "bmc3"
		m, err := readMap(filepath.Join(d.dir, "zero.map"))
		if err != nil {
			return errors.Join(d.checkSpace(), setupf("AIGER map: %v", err))
		}
		if res.Cex, err = readCex(filepath.Join(d.dir, "zero.cex"), m, d.layout, bmc.cexFrame); err != nil {
			return errors.Join(d.checkSpace(), setupf("counterexample: %v", err))
		}
	case pdr.status == 0:
		res.Verdict, res.Engine = Refuted, "pdr"
		m, err := readMap(filepath.Join(d.dir, "free.map"))
		if err != nil {
			return errors.Join(d.checkSpace(), setupf("AIGER map: %v", err))
		}
		if res.Cex, err = readCex(filepath.Join(d.dir, "free.cex"), m, d.layout, pdr.cexFrame); err != nil {
			return errors.Join(d.checkSpace(), setupf("counterexample: %v", err))
		}
		if len(res.Cex.PowerUp) > 0 {
			res.Notes = append(res.Notes, fmt.Sprintf("no counterexample from a zero power-up in %d cycles: this one needs power-up values %s",
				depth, strings.Join(res.Cex.PowerUp, ", ")))
		}
	default:
		res.Verdict = Inconclusive
		res.Depth = bmc.frames + 1
		if bmc.status == 1 {
			res.Depth = depth
		}
		return nil
	}
	if d.opt.NoReplay {
		return nil
	}
	return d.replay(ctx, res)
}

// engineRun is one ABC run of the portfolio.
type engineRun struct {
	st  abcStatus
	err error
}

// portfolio runs pdr on free.aig and (for a sequential miter) bmc3 on
// zero.aig side by side until the deadline: a pdr proof stops bmc3, a
// bmc3 counterexample stops pdr; otherwise both run to their end. A run
// stopped by the other comes back undecided.
func (d *design) portfolio(ctx context.Context, deadline time.Time, engine string, depth int, seq bool) (pdr, bmc abcStatus, err error) {
	pctx, stopPDR := context.WithCancel(ctx)
	bctx, stopBMC := context.WithCancel(ctx)
	defer stopPDR()
	defer stopBMC()
	left := max(time.Until(deadline), time.Second)
	pc, bc := make(chan engineRun, 1), make(chan engineRun, 1)
	go func() {
		st, err := abc(pctx, d.dir, d.opt.MemMB, "free.aig", engine, left, "free.cex")
		pc <- engineRun{st, err}
	}()
	if seq {
		go func() {
			st, err := abc(bctx, d.dir, d.opt.MemMB, "zero.aig", fmt.Sprintf("bmc3 -F %d", depth), left, "zero.cex")
			bc <- engineRun{st, err}
		}()
	} else {
		bc <- engineRun{abcStatus{status: -1}, nil}
	}
	pdone, bdone := false, false
	for !pdone || !bdone {
		select {
		case r := <-pc:
			pdone, pdr = true, r.st
			if r.err != nil && pctx.Err() == nil {
				err = r.err
			}
			if r.err != nil {
				pdr.status = -1
			}
			if pdr.status == 1 || err != nil {
				stopBMC()
			}
		case r := <-bc:
			bdone, bmc = true, r.st
			if r.err != nil && bctx.Err() == nil {
				err = r.err
			}
			if r.err != nil {
				bmc.status = -1
			}
			if bmc.status == 0 || err != nil {
				stopPDR()
			}
		}
	}
	d.cpu += pdr.cpu + bmc.cpu
	if ctx.Err() != nil {
		return pdr, bmc, ctx.Err()
	}
	return pdr, bmc, err
}
