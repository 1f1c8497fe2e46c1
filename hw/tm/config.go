package tm

import (
	"fmt"
	"strings"

	"occamy/hw/scheduler"
	"occamy/rtl"
)

// Block is the TM's module name, used in parameter errors.
const Block = "tm"

// Parameter ranges accepted by Validate.
const (
	MaxP       = 32
	MaxQ       = 8
	MaxB       = 65535
	MaxPktMax  = 4095
	MaxK       = 8
	MaxR       = 1024
	MaxTx      = 4096
	MaxOffersN = 4096
	MaxLatency = 16
	MaxPorts   = 64
)

func fieldErr(field string, v, lo, hi int, note string) error {
	return &rtl.ParamError{Block: Block, Param: field, Value: int64(v), Min: int64(lo), Max: int64(hi), Note: note}
}

func check(field string, v, lo, hi int) error {
	if v < lo || v > hi {
		return fieldErr(field, v, lo, hi, "")
	}
	return nil
}

// Validate returns an error naming the first field out of range and its
// allowed values: a *rtl.ParamError for numbers, a plain error for names.
func (c Config) Validate() error {
	if err := check("P", c.P, 1, MaxP); err != nil {
		return err
	}
	if err := check("Q", c.Q, 1, MaxQ); err != nil {
		return err
	}
	if err := check("QW", c.QW, 2, 32); err != nil {
		return err
	}
	if err := check("AW", c.AW, 2, 8); err != nil {
		return err
	}
	hiB := MaxB
	if c.QW < 17 {
		hiB = 1<<c.QW - 1
	}
	if c.B < 1 || c.B > hiB {
		return fieldErr("B", c.B, 1, hiB, "the free count and a queue length must fit in QW bits")
	}
	if err := check("CellBytes", c.CellBytes, 1, 65536); err != nil {
		return err
	}
	if c.MaxPkt < 1 || c.MaxPkt > min(c.B, MaxPktMax) {
		return fieldErr("MaxPkt", c.MaxPkt, 1, min(c.B, MaxPktMax), "a packet must fit in the buffer")
	}
	if c.K != 1 && c.K != 2 && c.K != 4 && c.K != 8 {
		return fieldErr("K", c.K, 1, MaxK, "one of 1, 2, 4, 8")
	}
	if lo := c.B / c.K; (c.MaxPkt+c.K-1)/c.K > lo {
		return fieldErr("MaxPkt", c.MaxPkt, 1, lo*c.K, fmt.Sprintf("a packet's longest sub-list must fit in one of the K=%d free banks of B/K cells", c.K))
	}
	if err := check("R", c.R, 1, MaxR); err != nil {
		return err
	}
	if !c.Policy.Valid() {
		return fmt.Errorf("%s: unknown Policy %d, allowed %s", Block, uint8(c.Policy), strings.Join(PolicyNames(AllPolicies), ", "))
	}
	if len(c.AlphaExp) != c.Q {
		return fieldErr("len(AlphaExp)", len(c.AlphaExp), c.Q, c.Q, "one exponent per class")
	}
	lo, hi := -(1 << (c.AW - 1)), 1<<(c.AW-1)-1
	for i, s := range c.AlphaExp {
		if err := check(fmt.Sprintf("AlphaExp[%d]", i), s, lo, hi); err != nil {
			return err
		}
	}
	if !c.Sched.Valid() {
		return fmt.Errorf("%s: %w", Block, &scheduler.ModeError{Field: "Sched", Name: string(c.Sched)})
	}
	if c.Sched == SchedDRR {
		if len(c.Quantum) != c.Q {
			return fieldErr("len(Quantum)", len(c.Quantum), c.Q, c.Q, "one quantum per class")
		}
		for i, q := range c.Quantum {
			if err := check(fmt.Sprintf("Quantum[%d]", i), q, 1, 65535); err != nil {
				return err
			}
		}
	}
	if !c.FreeMode.Valid() {
		return fmt.Errorf("%s: %w", Block, &FreeModeError{Name: string(c.FreeMode)})
	}
	if err := check("TxWindow", c.TxWindow, 1, MaxTx); err != nil {
		return err
	}
	if err := check("PushoutWait", c.PushoutWait, 0, c.B); err != nil {
		return err
	}
	if err := check("MaxOffers", c.MaxOffers, 1, MaxOffersN); err != nil {
		return err
	}
	return c.validateMems()
}

// validateMems checks the memory budgets. The dequeue pipeline must be able
// to do one whole step in a cycle on its own: a PD read, k cell-pointer
// reads and writes, k cell-data reads; the enqueue needs two PD writes (the
// new PD and its predecessor's link) and k cell-data writes.
func (c Config) validateMems() error {
	mems := []struct {
		name       string
		m          MemConfig
		minR, minW int
	}{
		{"PD", c.PD, 1, 2},
		{"CP", c.CP, c.K, c.K},
		{"CD", c.CD, c.K, c.K},
	}
	for _, x := range mems {
		if err := check(x.name+".ReadPorts", x.m.ReadPorts, x.minR, MaxPorts); err != nil {
			return err
		}
		if err := check(x.name+".WritePorts", x.m.WritePorts, x.minW, MaxPorts); err != nil {
			return err
		}
		if err := check(x.name+".ReadLatency", x.m.ReadLatency, 1, MaxLatency); err != nil {
			return err
		}
	}
	return nil
}
