// Package tm is the golden model of a whole switch traffic manager (TM): DT
// admission, port-budgeted memories (PD, cell pointers with k sub-lists, the
// free cell-pointer list, cell data), the dequeue and head-drop pipelines of
// the paper's Fig. 10, a P×Q egress with strict priority or DRR per port,
// and the buffer-management policies dt, occamy, occamy-lqd, pushout (the
// ideal one), pushout-ports (through the head-drop executor) and abm.
//
// One call to Step is one clock cycle. Packets offered with Offer before a
// Step arrive in that cycle. docs/tm.md describes every latency, the memory
// ports, the admission rule, the egress and the invariants.
package tm

import (
	"occamy/rtl"
)

// MemConfig declares one memory's port budget and read latency.
type MemConfig struct {
	ReadPorts   int // reads the memory serves per cycle
	WritePorts  int // writes the memory accepts per cycle
	ReadLatency int // cycles from issuing a read to using its data, >= 1
}

// Config is the whole TM's configuration. Start from DefaultConfig and
// change fields; Validate (also run by New) names the first bad field.
type Config struct {
	P         int // egress ports, 1..32
	Q         int // queues per port = α classes, 1..8; queue i is port i/Q, class i%Q
	B         int // buffer size in cells, 1..65535 and below 2^QW
	CellBytes int // bytes per cell, 1..65536 (informational: for converting byte sizes)
	MaxPkt    int // largest packet in cells, 1..min(B, 4095)
	QW        int // width of a queue length / threshold / free count, 2..32
	AW        int // width of one signed α exponent, 2..8
	K         int // cell-pointer sub-lists per packet: 1, 2, 4 or 8
	R         int // cycles per cell per egress port (line rate), 1..1024

	Policy   Policy    // buffer management (see AllPolicies); JSON and text use its name
	AlphaExp []int     // per class (len Q): α_c = 2^AlphaExp[c]; within the signed AW-bit range
	Sched    SchedMode // SchedSP (class 0 is the highest priority) or SchedDRR; JSON and text use "sp", "drr"
	Quantum  []int     // DRR quantum per class in cells (len Q), 1..65535; ignored by "sp"
	FreeMode FreeMode  // FreeCell (k cells freed per cycle) or FreeChain (one pointer write per sub-list); JSON and text use "cell", "chain"

	TxWindow    int // a port is scheduled only while fewer than TxWindow of its cells are pending, 1..4096
	PushoutWait int // pushout-ports: cells that may wait for expulsion to make room (the extra buffer), 0..B
	MaxOffers   int // packets the ingress takes per cycle (the Verilog's IN), 1..4096; offers beyond are ingress drops

	PD MemConfig // PD memory (one PD per packet, linked per queue)
	CP MemConfig // cell-pointer memory (packet sub-lists and the free list share its links)
	CD MemConfig // cell-data memory

	// HDRecheck (occamy, occamy-lqd) compares the granted queue's length
	// with its current threshold before the head-drop PD read is issued,
	// and issues nothing that cycle when it is no longer over (one
	// comparator on the grant; the round-robin pointer does not move).
	HDRecheck bool

	Events bool // record per-packet events for Events (closed-loop drivers); off: no cost

	Check bool // check every invariant after every cycle (slow: walks every list)
}

// DefaultConfig returns P=8, Q=8 (N=64), B=16384 cells of 256 bytes, k=4,
// R=8, policy occamy with α=8 for every class, strict priority, per-cell
// freeing, and memories with read latency 1: PD 1 read/2 writes, cell
// pointers 2k reads/k writes, cell data k reads/k writes.
func DefaultConfig() Config {
	c := Config{
		P: 8, Q: 8, B: 16384, CellBytes: 256, MaxPkt: 64,
		QW: 16, AW: 4, K: 4, R: 8,
		Policy: PolicyOccamy, Sched: SchedSP, FreeMode: FreeCell,
		TxWindow: 16, PushoutWait: 256, MaxOffers: 256,
	}
	c.AlphaExp = make([]int, c.Q)
	c.Quantum = make([]int, c.Q)
	for i := range c.AlphaExp {
		c.AlphaExp[i] = 3
		c.Quantum[i] = c.MaxPkt
	}
	c.PD = MemConfig{ReadPorts: 1, WritePorts: 2, ReadLatency: 1}
	c.CP = MemConfig{ReadPorts: 2 * c.K, WritePorts: c.K, ReadLatency: 1}
	c.CD = MemConfig{ReadPorts: c.K, WritePorts: c.K, ReadLatency: 1}
	return c
}

// N is the number of queues, P*Q.
func (c Config) N() int { return c.P * c.Q }

// Arrival is one packet offered to the TM in a cycle.
type Arrival struct {
	Queue int // destination queue, 0..N-1 (port Queue/Q, class Queue%Q)
	Cells int // packet size in cells, 1..MaxPkt
}

// Count is a number of packets and the cells they hold.
type Count struct {
	Pkts  uint64
	Cells uint64
}

// QueueStats are one queue's counters since New.
type QueueStats struct {
	Arrived    Count // offered to the queue
	Admitted   Count // accepted by admission
	AdmDropped Count // refused by admission (never entered the buffer)
	// IngressDropped is the part of AdmDropped offered beyond the ingress's
	// MaxOffers packets of its cycle (the Verilog's IN slots).
	IngressDropped Count
	HeadDropped    Count // expelled from the head of the queue by the head-drop executor
	// StaleHeadDropped is the part of HeadDropped issued while the queue
	// was already at or below its threshold in the issue cycle (its
	// start-of-cycle length against the threshold of that cycle's free
	// count): the registered selector bitmap still showed it over
	// (occamy, occamy-lqd; always 0 for the other policies).
	StaleHeadDropped Count
	Transmitted      Count // last cell left the egress port
	Len              Count // now in the queue (admitted, not yet dequeued or dropped)
	MaxLen           Count // largest Len seen (cells and packets tracked separately)
}

// Stats are per-queue counters and their totals. Total.MaxLen is the
// largest buffer occupancy (cells in queues) seen.
type Stats struct {
	Cycles uint64
	Queues []QueueStats // len N
	Total  QueueStats
}

// ExecState is the state of a dequeue or head-drop pipeline, as traced.
type ExecState uint8

// Pipeline states, in the order a packet goes through them.
const (
	ExecIdle   ExecState = iota // nothing in flight
	ExecReadPD                  // a PD read is in flight
	ExecCells                   // reading cell pointers / freeing cells
)

// PortUse is one memory's port use in the current cycle.
type PortUse struct {
	Reads, Writes int
}

// Mem names a memory of the TM, indexing Probe.Ports.
type Mem int

// The TM's memories.
const (
	MemPD Mem = iota // PD memory
	MemCP            // cell-pointer memory (and the free list threaded through it)
	MemCD            // cell-data memory
	NumMems
)

// Probe is a read-only view of the TM after a Step: Qlen and Free are the
// registers now; Thr, Over, the head-drop grant, the pipeline states and the
// port use are what the cycle just stepped (Cycle) computed and used. Its
// slices alias the model's state: do not modify them, and copy what must
// outlive the next Step.
type Probe struct {
	Cycle    uint64
	Qlen     []uint32         // per queue, cells
	QlenChg  rtl.Bitmap       // queues whose Qlen the cycle wrote (admitted, unlinked or pushed out: a few; a write may leave the value as it was)
	Free     int              // free count (may be negative under pushout-ports while room is being made)
	Thr      []uint32         // per class DT threshold in use (thr_q: of the free count ThrLag cycles before)
	Over     rtl.Bitmap       // selector bitmap
	GntValid bool             // head-drop choice valid
	GntIdx   int              // head-drop choice (queue)
	Cand     rtl.Bitmap       // the head-drop choice's candidates (cand_i: linked PD, head not locked); zero when it considered none (dt, abm, pushout; occamy(-lqd) with no queue over)
	HD       ExecState        // head-drop executor
	Deq      ExecState        // dequeue pipeline
	Ports    [NumMems]PortUse // all ports used in the cycle
	HDPorts  [NumMems]PortUse // the part of Ports the head-drop path used
	HDPipe   HDPipe           // the head-drop executor's pipeline in the cycle
}

// HDPipe is what the head-drop executor's pipeline did in one cycle, for
// the throughput classifier (testbench/throughput). A lane is one free-list
// bank's queue of sub-list work (see HDExec).
type HDPipe struct {
	Issued  bool // a head-drop PD read was issued (pd_rd_o)
	Room    bool // the executor could have taken a new packet (its lanes had room, no read pending)
	Pending int  // lanes holding work when stage G starts (this cycle's unlink included)
	Ready   int  // lanes whose front work could be served (its read latency met)
	Served  int  // lanes that freed cells this cycle
	Blocked int  // ready lanes not served for lack of cell-pointer ports
	Freed   int  // cells the lanes freed this cycle (tm_hd_exec's freed_o)
}
