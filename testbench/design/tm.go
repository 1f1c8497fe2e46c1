package design

import (
	"fmt"

	"go.yaml.in/yaml/v3"
)

// TMSection is the transaction map of a traffic manager (the tm: section):
// how the scoreboard (`occamy cosim --block tm --check scoreboard`) drives
// packet offers into the user's top and reads back what happened to them.
// docs/scoreboard.md documents every field. Port names are the top's own
// (after the adapter, when there is one); a port of several lanes (ingress
// slots, egress lanes, queues, classes) holds lane i at [i*w +: w].
type TMSection struct {
	Shape TMShape `yaml:"shape"`
	// Adapter is a Verilog file (relative to the design file) compiled
	// before the others: a small module that turns the design's own
	// interface into one the map can say (a cell-serial ingress into
	// packet offers). top then names the adapter's module.
	Adapter string `yaml:"adapter"`
	// VerilogParams are the top's Verilog parameters (-G), by its own
	// names; the shape does not set them.
	VerilogParams map[string]int `yaml:"verilog_params"`
	Config        TMConfig       `yaml:"config"`
	Ingress       TMIngress      `yaml:"ingress"`
	Admit         TMAdmit        `yaml:"admit"`
	Egress        TMEgress       `yaml:"egress"`
	HeadDrop      *TMHeadDrop    `yaml:"head_drop"`
	Observe       TMObserve      `yaml:"observe"`
	Tag           TMTag          `yaml:"tag"`
	Staleness     TMStaleness    `yaml:"staleness"`
	Liveness      TMLiveness     `yaml:"liveness"`
	Outcome       TMOutcome      `yaml:"outcome"`
}

// TMShape is the traffic manager's size, as the scoreboard counts it.
type TMShape struct {
	Ports         int `yaml:"ports"`           // egress ports P
	QueuesPerPort int `yaml:"queues_per_port"` // Q: queue i is port i/Q, class i%Q
	Buffer        int `yaml:"buffer"`          // B, cells
	MaxPacket     int `yaml:"max_packet"`      // largest packet, cells
	// LineRate is the cycles per cell of one port when the design fixes
	// it (0: driven on config.line_rate).
	LineRate int `yaml:"line_rate"`
	// Wait is the cells a Pushout design may admit beyond the buffer while
	// it makes room (observe.wait shows them).
	Wait int `yaml:"wait"`
	// EgressCells is the cells a design may hold outside its buffer after
	// reading them (egress buffers): the scoreboard counts each cell until
	// it leaves, so the cells admitted and not yet left may reach
	// B+Wait+EgressCells.
	EgressCells int `yaml:"egress_cells"`
}

// Choice is a run-time setting of the design: the input that selects it
// and the value of each setting it implements, or the one it is built with.
type Choice struct {
	Port   string            `yaml:"port"`
	Values map[string]uint64 `yaml:"values"`
	Fixed  string            `yaml:"fixed"`
}

// PerClass is an input holding one field per α class.
type PerClass struct {
	Port  string `yaml:"port"`
	Width int    `yaml:"width"` // bits per class
}

// TMConfig is the design's configuration inputs, held from reset on.
type TMConfig struct {
	Policy   Choice   `yaml:"policy"`    // dt, occamy, occamy-lqd, pushout-ports
	FreeMode Choice   `yaml:"free_mode"` // cell, chain
	Sched    Choice   `yaml:"sched"`     // sp, drr
	Recheck  Choice   `yaml:"recheck"`   // off, on
	Alpha    PerClass `yaml:"alpha"`     // class c's signed exponent s_c, α_c = 2^s_c
	Quantum  PerClass `yaml:"quantum"`   // DRR quantum per class, cells
	// LineRate is the input taking R, the cycles per cell of a port.
	LineRate string `yaml:"line_rate"`
	// Tie holds other inputs at a value.
	Tie map[string]uint64 `yaml:"tie"`
}

// TMIngress is the packet offer.
type TMIngress struct {
	Valid  string `yaml:"valid"`
	Queue  string `yaml:"queue"`
	Cells  string `yaml:"cells"`
	Serial string `yaml:"serial"` // the packet's serial (tag.serial: offered)
	// Slots are the offers per cycle (lanes of valid, queue, cells, serial),
	// filled from lane 0.
	Slots int `yaml:"slots"`
	// CellRate is the cells the ingress takes per cycle (0: whole packets,
	// any size); Backlog the cells it holds waiting at that rate. The
	// stimulus never offers beyond them.
	CellRate int `yaml:"cell_rate"`
	Backlog  int `yaml:"backlog"`
	// Start is the cycles after the reset before the first offer (a
	// design that initialises its free list).
	Start int `yaml:"start"`
	// Overflow is an output that is 1 when the ingress lost an offer.
	Overflow string `yaml:"overflow"`
}

// TMAdmit is how the design says admitted or refused: either OK, one flag
// per ingress slot Latency cycles after the offer's cycle (0: in it), or
// an event (Valid with Drop) for the oldest offer still waiting, at most
// Window cycles after it.
type TMAdmit struct {
	OK string `yaml:"ok"`
	// Latency is the cycles from an offer to its flag on OK (a design
	// deciding in a pipeline, or registering its answer): the flags of
	// cycle c answer the slots of cycle c-Latency. The board counts an
	// admitted packet from its offer's cycle.
	Latency int `yaml:"latency"`
	// Settle is the cycles from an answer (ok) until its admitted cells
	// show in observe.qlen and observe.free: the answer of cycle a is in
	// them from cycle a+Settle+1 (0: the cycle after the answer; −k, down
	// to −Latency: k cycles sooner, a design deciding before its answer
	// and counting the packet at once). The policy's view of the observed
	// lengths and free count adds the cells answered and not yet shown.
	Settle int    `yaml:"settle"`
	Valid  string `yaml:"valid"`
	Drop   string `yaml:"drop"`  // 1: refused
	Queue  string `yaml:"queue"` // optional: checked against the offer
	Cells  string `yaml:"cells"` // optional: checked against the offer
	Window int    `yaml:"window"`
	// Earlier is what an offer's decision counts of the offers before it
	// in its cycle (ok only): "admitted" (the default: the exact rule, the
	// slots decided in order) or "offered" (every earlier offer, admitted
	// or not: a design deciding each slot on its own, which may refuse
	// what the exact rule admits).
	Earlier string `yaml:"earlier"`
}

// TMEgress is the cells leaving: Lanes cells per cycle at most.
type TMEgress struct {
	Valid string `yaml:"valid"`
	Lanes int    `yaml:"lanes"`
	// LaneIsPort: lane i is port i (Lanes = ports).
	LaneIsPort bool   `yaml:"lane_is_port"`
	Queue      string `yaml:"queue"`
	Port       string `yaml:"port"`
	Data       string `yaml:"data"` // the word carrying the tag
	First      string `yaml:"first"`
	Last       string `yaml:"last"`
	// Latency is the most cycles from a packet's removal from its queue
	// (its dequeue) to its first cell leaving; 0: the scoreboard's default.
	// A head drop older than it removed its queue's oldest waiting packet.
	Latency int `yaml:"latency"`
	// Spacing is the cells' timing against the line rate R (shape.line_rate
	// or config.line_rate): at_least (two cells of one port leave R cycles
	// apart at least) or exact (that, and a packet's next cell leaves
	// exactly R cycles after its previous one: a design whose port sends
	// a packet's cells back to back at the line rate); unset: not checked.
	Spacing string `yaml:"spacing"`
}

// TMHeadDrop is the head-drop (push-out) event.
type TMHeadDrop struct {
	Valid string `yaml:"valid"`
	Queue string `yaml:"queue"`
	Cells string `yaml:"cells"`
	// Unfreed is the cycles, from a head drop's report on (h..h+Unfreed-1),
	// in which none of its cells is back on the free count; under
	// observe.threshold_free unqueued the thresholds (and pushout-ports'
	// trigger) count them from the cycle after the report until they are
	// free. The policy checks then take free(t) plus the cells of the head
	// drops reported in cycles t-Unfreed+1..t-1 as the least count the
	// thresholds read in cycle t. 0: not declared.
	Unfreed int `yaml:"unfreed"`
}

// TMObserve are optional outputs the checks read.
type TMObserve struct {
	Qlen      string `yaml:"qlen"`      // N lanes, cells
	Free      string `yaml:"free"`      // free cells
	Wait      string `yaml:"wait"`      // cells admitted beyond the buffer (free is free - wait)
	Threshold string `yaml:"threshold"` // Q lanes: the DT threshold in use
	// Sum is exact (free - wait + Σ qlen = B every cycle) or at_most (≤ B:
	// a design that frees cells before its queue lengths drop).
	Sum string `yaml:"sum"`
	// QlenCounts is exact (qlen equals the scoreboard's admitted and
	// unfinished cells of the queue, Lag cycles late at most) or at_most
	// (never above them: a queue that stops counting a packet at dequeue).
	QlenCounts string `yaml:"qlen_counts"`
	Lag        int    `yaml:"lag"`
	// ThresholdFree is free (the DT thresholds are T of the free count) or
	// unqueued (T of a count from the free count up to B - Σ qlen: a design
	// that credits the thresholds with cells off their queues before they
	// are free again, as occamy_tm does with its head-drop executor's).
	ThresholdFree string `yaml:"threshold_free"`
}

// TMTag is the tag in the egress data word: the cell's index in its packet
// in the low IndexBits, the packet's serial (modulo 2^SerialBits) above.
type TMTag struct {
	IndexBits  int `yaml:"index_bits"`
	SerialBits int `yaml:"serial_bits"`
	// Serial is offered (the stimulus numbers offers from 1 and writes
	// them on ingress.serial) or admitted (the design numbers the packets
	// it admits from 1, in admission order).
	Serial string `yaml:"serial"`
}

// TMStaleness are the declared windows of the policy checks: how many
// cycles before an event the state it was decided on may be.
type TMStaleness struct {
	Admit     StateWindow `yaml:"admit"`
	HeadDrop  StateWindow `yaml:"head_drop"`
	Threshold Window      `yaml:"threshold"` // observe.threshold(t) = T(free(t-k)), k in the window
}

// StateWindow are the windows of the queue length, the free count and the
// free count its threshold was computed from, that a decision may have
// read (Threshold unset: Free's).
type StateWindow struct {
	Qlen      Window `yaml:"qlen"`
	Free      Window `yaml:"free"`
	Threshold Window `yaml:"threshold"`
}

// Thr is the threshold's window: Threshold, or Free when unset.
func (w StateWindow) Thr() Window {
	if w.Threshold.Set {
		return w.Threshold
	}
	return w.Free
}

// Window is a range of cycles [Lo, Hi] before an event; in YAML a number k
// ([k, k]) or a pair [lo, hi].
type Window struct {
	Lo, Hi int
	Set    bool
}

// UnmarshalYAML reads k or [lo, hi].
func (w *Window) UnmarshalYAML(n *yaml.Node) error {
	var k int
	if n.Kind == yaml.ScalarNode {
		if err := n.Decode(&k); err != nil {
			return err
		}
		*w = Window{Lo: k, Hi: k, Set: true}
		return nil
	}
	var p []int
	if err := n.Decode(&p); err != nil || len(p) != 2 {
		return fmt.Errorf("line %d: want a number of cycles or a pair [lo, hi]", n.Line)
	}
	*w = Window{Lo: p[0], Hi: p[1], Set: true}
	return nil
}

// TMLiveness bounds waiting.
type TMLiveness struct {
	// PortIdle is the most cycles a port may send nothing while a packet
	// admitted that long ago waits for it.
	PortIdle int `yaml:"port_idle"`
	// Drain is the most cycles the drain at the end of the run may take.
	Drain int `yaml:"drain"`
}

// TMOutcome is the comparison of outcomes with hw/tm on the same traffic.
type TMOutcome struct {
	// Tolerance is the largest distance (a fraction of the offered
	// packets) still called close.
	Tolerance float64 `yaml:"tolerance"`
}
