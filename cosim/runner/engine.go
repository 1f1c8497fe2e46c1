package runner

import (
	"context"
	"time"

	"occamy/cosim"
)

// Chunks: the golden model produces cycles a chunk at a time and, in
// batched mode, the Verilated model runs a chunk per call. A chunk's words
// (its inputs, golden outputs and RTL outputs) take about
// chunkBytesDefault, between minChunk and maxChunk cycles. Long chunks
// mean few hand-offs between the two goroutines (a golden-bound block
// such as the selector waits for each one); short ones keep a chunk in
// the caches from the golden side's writes to the comparison: the TM's 53
// output words a cycle made a 65 536-cycle chunk 31 MB, twice the L3, and
// ran its co-simulation 10% slower than at 2 MB (docs/perf.md).
const (
	chunkBytesDefault = 2 << 20
	minChunk          = 256
	maxChunk          = 65536
)

// chunkBytes is chunkBytesDefault; tests may change it.
var chunkBytes = chunkBytesDefault

// chunkLen is the chunk length for inWords input and outWords output words
// per cycle.
func chunkLen(inWords, outWords int) int {
	return min(max(chunkBytes/(4*max(inWords+2*outWords, 1)), minChunk), maxChunk)
}

// Chunks ramp up: the first holds minChunk cycles and each one after
// twice its predecessor's, up to the chunk length. The Verilated model
// waits for the first chunk (nothing is ahead yet), so a full-length first
// chunk cost a 2^18-cycle TM run a quarter of the golden side's time
// (docs/perf.md); a short one costs a few hundred cycles of it.

// nextFill is the length of the chunk after one of fill cycles, for chunks
// of at most max cycles.
func nextFill(fill, max int) int { return min(2*fill, max) }

// chunk is a run of consecutive cycles: contract-layout inputs, golden
// outputs and RTL outputs.
type chunk struct {
	first uint64 // cycle number of the first
	n     int    // cycles
	from  int    // first cycle compared (earlier ones precede the first reset edge)
	in    []uint32
	gold  []uint32
	rtl   []uint32
}

// engine runs the golden model (one chunk ahead, on another goroutine
// unless Serial) and the Verilated model, and compares.
type engine struct {
	s   *session
	m   cosim.Model
	pm  *portMap
	sd  *side
	gt  *goTrace
	res *Result

	chunk     int      // cycles per chunk, at most
	fill      int      // cycles the golden side puts in its next chunk (the ramp)
	armed     bool     // a reset edge has passed: outputs are compared
	next      uint64   // next cycle the golden side produces
	done      bool     // the golden side has nothing more
	prev      *chunk   // the chunk before the current one, for traces
	rin, rout []uint32 // RTL-layout scratch when the layouts differ
	traceErr  error    // the golden waveform failed (dropTrace): no waveforms
	// window holds the cycles around the first mismatch for the failure
	// waveform (keepWindow), cmpFrom the first compared cycle.
	window  []TraceRow
	cmpFrom uint64
	cmpSet  bool
	// only, when set, are the only outputs (indices into the contract
	// layout) compared, and events other than a fatal one do not stop
	// the run: the second pass that looks for the first difference on a
	// block's data-integrity port (session.integrityPass). Lock-step only.
	only []int
	// chk judges each cycle of a run under a design file (nil without
	// one: the lock-step equality above); evMismatch is the design's own
	// check that ended such a run.
	chk        cycleCheck
	evMismatch *Mismatch
}

// produce fills ch with the next cycles of the golden side; it returns
// false when there are none.
func (e *engine) produce(ch *chunk) bool {
	s := e.s
	iw, ow := s.canon.InWords, s.canon.OutWords
	ch.first, ch.n, ch.from = e.next, 0, -1
	if e.done {
		return false
	}
	for ch.n < e.fill && e.next < s.cycles {
		if e.sd.fin != nil && e.sd.fin.Done() {
			e.done = true
			break
		}
		k := ch.n
		in, out := ch.in[k*iw:(k+1)*iw], ch.gold[k*ow:(k+1)*ow]
		e.sd.src.Next(e.next, in)
		e.sd.g.step(in, out)
		if e.armed && ch.from < 0 {
			ch.from = k
		}
		if !e.armed && s.resetIn(in) {
			e.armed = true
			markCompared(e.sd.g) // the cycles before the next one are never compared
		}
		ch.n++
		e.next++
	}
	if e.next >= s.cycles {
		e.done = true
	}
	e.fill = nextFill(e.fill, e.chunk)
	if ch.from < 0 {
		ch.from = ch.n
	}
	return ch.n > 0
}

func (e *engine) newChunk() *chunk {
	s := e.s
	return &chunk{in: make([]uint32, e.chunk*s.canon.InWords), gold: make([]uint32, e.chunk*s.canon.OutWords),
		rtl: make([]uint32, e.chunk*s.canon.OutWords)}
}

// run drives the whole comparison.
func (e *engine) run(ctx context.Context) error {
	e.armed = e.s.armedAtStart()
	if e.chunk == 0 {
		e.chunk = chunkLen(e.s.canon.InWords, e.s.canon.OutWords)
	}
	e.fill = min(minChunk, e.chunk)
	if !e.pm.identity {
		l := e.m.Layout()
		e.rin, e.rout = make([]uint32, e.chunk*l.InWords), make([]uint32, e.chunk*l.OutWords)
	}
	start := time.Now()
	defer func() { e.res.Elapsed = Seconds{time.Since(start)} }()
	if e.s.opt.Serial {
		ch, spare := e.newChunk(), e.newChunk()
		for e.produce(ch) {
			stop, err := e.consume(ctx, ch)
			if err != nil || stop {
				return err
			}
			e.prev, ch, spare = ch, spare, e.prev
			if ch == nil {
				ch = e.newChunk()
			}
		}
		return nil
	}
	// The golden side runs ahead on its own goroutine; chunks go round a
	// pool: two being filled or waiting, one being run, one kept for the
	// trace.
	const pool = 4
	free := make(chan *chunk, pool)
	work := make(chan *chunk, pool)
	quit := make(chan struct{})
	for i := 0; i < pool-1; i++ {
		free <- e.newChunk()
	}
	go func() {
		defer close(work)
		for {
			var ch *chunk
			select {
			case ch = <-free:
			case <-quit:
				return
			}
			if !e.produce(ch) {
				return
			}
			select {
			case work <- ch:
			case <-quit:
				return
			}
		}
	}()
	defer func() {
		close(quit)
		for range work { // let the producer finish
		}
	}()
	for ch := range work {
		stop, err := e.consume(ctx, ch)
		if err != nil || stop {
			return err
		}
		if e.prev != nil {
			free <- e.prev
		}
		e.prev = ch
	}
	return nil
}
