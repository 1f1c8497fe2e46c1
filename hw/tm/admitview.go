package tm

import "occamy/rtl/port"

// u_adm's views for the top and the checks (the slots stage 2 decides,
// the serials stage 3 gives, the decisions pending, the stage registers)
// and its port table.

// Decided returns slot i of the offers stage 2 decides this cycle: valid,
// its queue and cells.
func (a *Admission) Decided(i int) (valid bool, q, n int) {
	r := &a.s1[i]
	return r.valid, int(r.q), int(r.n)
}

// state returns the stage registers (State).
func (a *Admission) state() AdmissionState {
	s := AdmissionState{S1: append([]admReg(nil), a.s1[:a.s1n]...), S1Max: a.s1max}
	for _, r := range a.s2[:a.s2cnt] {
		s.S2OK, s.S2Q, s.S2N = append(s.S2OK, r.ok), append(s.S2Q, r.q), append(s.S2N, r.n)
	}
	for _, r := range a.s3[:a.s3n] {
		s.S3Q, s.S3N = append(s.S3Q, r.q), append(s.S3N, r.n)
	}
	return s
}

// pending counts s2's admitted slots and s3's packets of queue q: decided,
// not yet in effect (the invariants).
func (a *Admission) pending(q int) int {
	n := 0
	for _, r := range a.s2[:a.s2cnt] {
		if r.ok && int(r.q) == q {
			n++
		}
	}
	for _, r := range a.s3[:a.s3n] {
		if int(r.q) == q {
			n++
		}
	}
	return n
}

// Serial returns the serial stage 4 gives the k-th admitted slot of the
// decision made this cycle (k from 0): after SerialO and the packets of
// s2 (decided last cycle), which take effect before it.
func (a *Admission) Serial(k int) uint32 { return a.SerialO + uint32(a.s2ok+k) + 1 }

func admissionPorts(v vw, wait int) SubBlock {
	return SubBlock{
		Module: "tm_admission", Instance: "u_adm",
		Params: []Param{{"N", v.N}, {"QW", v.QW}, {"LW", v.LW}, {"IN", v.IN}, {"SW", v.SW}, {"WAIT", wait}},
		Ports: append(append([]port.Port(nil), clkRst...),
			in("in_valid_i", v.IN), in("in_qid_i", v.IN*v.IW), in("in_cells_i", v.IN*v.LW),
			in("qlen_i", v.N*v.QW), in("thr_i", v.N*v.QW), in("pushout_i", 1), in("free_i", v.QW+1), in("serial_i", v.SW),
			out("in_ok_o", v.IN), out("qlen_o", v.N*v.QW), out("free_o", v.QW+1), out("serial_o", v.SW), out("tot_o", v.LW+v.NW),
			out("adm_n_o", v.NW), out("adm_qid_o", v.IN*v.IW), out("adm_cells_o", v.IN*v.LW), out("adm_serial_o", v.IN*v.SW)),
	}
}

// rtlWait is occamy_tm's WAIT for Config c: PushoutWait capped at B and
// at 2^QW−1−B, so that a queue length with its waiting cells fits in QW
// bits.
func rtlWait(c *Config) int {
	qmax := 1<<min(c.QW, 17) - 1
	if c.QW >= 17 {
		qmax = 131071
	}
	return max(0, min(c.PushoutWait, c.B, qmax-c.B))
}
