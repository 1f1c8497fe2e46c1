package mutation

// Mutant is one small bug: an exact textual substitution in one file of
// the project's Verilog, and the block whose co-simulation must catch it.
type Mutant struct {
	ID      string // short unique name, e.g. "sel-ge"
	Block   Block  // the block to co-simulate; it must compile File
	File    string // the file to mutate, relative to verilog/
	Anchor  string // text that occurs exactly once in File
	Replace string // what the anchor becomes
	Desc    string // one line: what the bug is

	// Equivalent, when not empty, explains why the mutant cannot change
	// any output under the co-simulated parameters; only then may it
	// survive.
	Equivalent string
}

// Catalogue returns the mutants of the self-check, grouped by block. Each
// one is a single edit of the kind a hand-written design gets wrong; see
// docs/mutation.md for the stimulus that kills each.
func Catalogue() []Mutant {
	return append([]Mutant{
		// dt_threshold: T_c = free << s_c, saturated; free >> -s_c.
		{
			ID: "thr-sat-dropped", Block: Threshold, File: "dt_threshold.sv",
			Anchor:  "assign thr_o[c*QW +: QW] = (|word[2*QW-1:QW]) ? {QW{1'b1}} : word[QW-1:0];",
			Replace: "assign thr_o[c*QW +: QW] = word[QW-1:0];",
			Desc:    "saturation dropped: a left shift past bit QW-1 wraps instead of giving all ones",
		},
		{
			ID: "thr-sat-narrow", Block: Threshold, File: "dt_threshold.sv",
			Anchor:  "(|word[2*QW-1:QW])",
			Replace: "(|word[2*QW-1:QW+1])",
			Desc:    "overflow mask one bit narrow: a carry into exactly bit QW is not saturated",
		},
		{
			ID: "thr-shift-off-by-one", Block: Threshold, File: "dt_threshold.sv",
			Anchor:  "amt = SW'(QW - 32'(s));",
			Replace: "amt = SW'(QW + 1 - 32'(s));",
			Desc:    "shift off by one: T_c = free << (s_c - 1)",
		},
		{
			ID: "thr-shift-direction", Block: Threshold, File: "dt_threshold.sv",
			Anchor:  "amt = SW'(QW - 32'(s));",
			Replace: "amt = SW'(QW + 32'(s));",
			Desc:    "shift direction swapped: a positive exponent shifts right, a negative one left",
		},
		{
			ID: "thr-class-index", Block: Threshold, File: "dt_threshold.sv",
			Anchor:  "assign s    = alpha_i[c*AW +: AW];",
			Replace: "assign s    = alpha_i[(C-1-c)*AW +: AW];",
			Desc:    "class index reversed: class c uses class C-1-c's exponent",
		},
		{
			ID: "thr-unsigned-exp", Block: Threshold, File: "dt_threshold.sv",
			Anchor:  "logic signed [AW-1:0] s;",
			Replace: "logic        [AW-1:0] s;",
			Desc:    "exponent read as unsigned: every negative alpha exponent is mishandled",
		},

		// hd_selector: over_o[i] <= qlen_i[i] > thr_i[i], one cycle later.
		{
			ID: "sel-ge", Block: Selector, File: "hd_selector.sv",
			Anchor:  "qlen_i[i*QS +: QS] > thr_i[i*QS +: QS]",
			Replace: "qlen_i[i*QS +: QS] >= thr_i[i*QS +: QS]",
			Desc:    "`>` became `>=`: a queue exactly at its threshold is marked over-allocated",
		},
		{
			ID: "sel-lt", Block: Selector, File: "hd_selector.sv",
			Anchor:  "qlen_i[i*QS +: QS] > thr_i[i*QS +: QS]",
			Replace: "qlen_i[i*QS +: QS] < thr_i[i*QS +: QS]",
			Desc:    "comparator direction: qlen < thr marks the queue",
		},
		{
			ID: "sel-thr-narrow", Block: Selector, File: "hd_selector.sv",
			Anchor:  "thr_i[i*QS +: QS];",
			Replace: "thr_i[i*QS +: QS-1];",
			Desc:    "threshold read one bit narrow: its top bit is ignored",
		},
		{
			ID: "sel-reset-ones", Block: Selector, File: "hd_selector.sv",
			Anchor:  "over_q <= '0;",
			Replace: "over_q <= '1;",
			Desc:    "reset value: reset sets every over_o bit instead of clearing it",
		},
		{
			ID: "sel-no-register", Block: Selector, File: "hd_selector.sv",
			Anchor:  "assign over_o = over_q;",
			Replace: "assign over_o = over_d;",
			Desc:    "latency: over_o shows this cycle's comparison instead of last cycle's",
		},

		// rr_arbiter: first request at or after ptr_q; ptr_q <= winner+1 on ack.
		{
			ID: "arb-ptr-no-ack", Block: Arbiter, File: "rr_arbiter.sv",
			Anchor:  "if (gnt_valid_o && ack_i) begin",
			Replace: "if (gnt_valid_o) begin",
			Desc:    "the pointer moves past every grant, acknowledged or not",
		},
		{
			ID: "arb-ptr-winner", Block: Arbiter, File: "rr_arbiter.sv",
			Anchor:  "? '0 : gnt_idx_o + IW'(1);",
			Replace: "? '0 : gnt_idx_o;",
			Desc:    "the pointer is set to the winner instead of winner+1",
		},
		{
			ID: "arb-mask-gt", Block: Arbiter, File: "rr_arbiter.sv",
			Anchor:  "assign mask = '1 << ptr_q;",
			Replace: "assign mask = '1 << (32'(ptr_q) + 1);",
			Desc:    "the pointer mask shifted one further (mask[i] = i > ptr_q, `>=` became `>`): the request at the pointer loses its turn",
		},
		{
			ID: "arb-wrap-early", Block: Arbiter, File: "rr_arbiter.sv",
			Anchor:  "ptr_d = (gnt_idx_o == IW'(N - 1))",
			Replace: "ptr_d = (gnt_idx_o == IW'(N - 2))",
			Desc:    "wrap one early: a taken grant of N-2 sends the pointer to 0 instead of N-1",
		},
		{
			ID: "arb-wrap-dropped", Block: Arbiter, File: "rr_arbiter.sv",
			Anchor:  "ptr_d = (gnt_idx_o == IW'(N - 1)) ? '0 : gnt_idx_o + IW'(1);",
			Replace: "ptr_d = gnt_idx_o + IW'(1);",
			Desc:    "wrap test dropped: the pointer after winner N-1 is N mod 2^IW",
			Equivalent: "for N a power of two (the co-simulated N=64) the IW-bit sum is 0 already; for any " +
				"other N the pointer becomes N, which masks every request (mask[i] = i >= N is 0 below N), " +
				"so the search falls back to the lowest request, exactly what pointer 0 grants; only the " +
				"ptr_q < N assertion, compiled out here, sees the difference",
		},
		{
			ID: "arb-reset-ptr", Block: Arbiter, File: "rr_arbiter.sv",
			Anchor:  "ptr_q <= '0;",
			Replace: "ptr_q <= IW'(1);",
			Desc:    "reset value: the pointer resets to 1, so requester 0 loses the first turn",
		},
		// tm_maxfind: the longest candidate, the lowest index on ties.
		{
			ID: "mf-tie-high", Block: MaxFind, File: "tm_maxfind.sv",
			Anchor:  "hl[2*j] >= hl[2*j+1]",
			Replace: "hl[2*j] > hl[2*j+1]",
			Desc:    "ties go to the higher index: the maximum finder off by one on equal lengths",
		},
		{
			ID: "mf-last-dropped", Block: MaxFind, File: "tm_maxfind.sv",
			Anchor:  "hv[NP+i] = (i < N) ? c[i] : 1'b0;",
			Replace: "hv[NP+i] = (i < N - 1) ? c[i] : 1'b0;",
			Desc:    "the leaf loop stops one short: queue N-1 is never a candidate",
		},
		{
			ID: "mf-len-narrow", Block: MaxFind, File: "tm_maxfind.sv",
			Anchor:  "hl[NP+i] = (i < N) ? q[i*QS +: QS] : '0;",
			Replace: "hl[NP+i] = (i < N) ? {1'b0, q[i*QS +: QS-1]} : '0;",
			Desc:    "the compare drops a length's top bit: a longer queue with the MSB set loses",
		},
		{
			ID: "arb-valid-hi", Block: Arbiter, File: "rr_arbiter.sv",
			Anchor:  "assign gnt_valid_o = |req_i;",
			Replace: "assign gnt_valid_o = |hi;",
			Desc:    "no grant when every request lies below the pointer (the wrap-around search lost)",
		},
		{
			ID: "arb-group-onehot", Block: Arbiter, File: "rr_arbiter.sv",
			Anchor:  "assign goh = any & (~any + NG'(1));",
			Replace: "assign goh = any;",
			Desc:    "encoder: the lowest non-empty group is not isolated, indices of several groups OR together",
		},

		// sram_mp: reads sample the old word, LAT cycles to rd_*_o.
		{
			ID: "sram-idle-data", Block: SRAM, File: "sram_mp.sv",
			Anchor:  "dat_q[p*WIDTH +: WIDTH] <= rd_en_i[p] ? mem_q[rd_addr_i[p*AW +: AW]] : '0;",
			Replace: "dat_q[p*WIDTH +: WIDTH] <= mem_q[rd_addr_i[p*AW +: AW]];",
			Desc:    "an idle read port still shows the addressed word instead of 0",
		},
		{
			ID: "sram-latency-short", Block: SRAM, File: "sram_mp.sv",
			Anchor:  "assign rd_valid_o = vld_q[(L-1)*RP +: RP];",
			Replace: "assign rd_valid_o = vld_q[0 +: RP];",
			Desc:    "rd_valid_o taken from the first pipeline stage: valid LAT-1 cycles early",
		},
		{
			ID: "sram-reset-keeps-pipe", Block: SRAM, File: "sram_mp.sv",
			Anchor:  "vld_q <= '0;",
			Replace: "vld_q <= vld_d;",
			Desc:    "reset does not clear the read pipeline: a read in flight still shows valid",
		},
		{
			ID: "sram-one-write-port", Block: SRAM, File: "sram_mp.sv",
			Anchor:  "if (wr_en_i[p]) mem_q[wr_addr_i[p*AW +: AW]] = wr_data_i[p*WIDTH +: WIDTH];",
			Replace: "if (wr_en_i[p] && p == 0) mem_q[wr_addr_i[p*AW +: AW]] = wr_data_i[p*WIDTH +: WIDTH];",
			Desc:    "only write port 0 writes the array",
		},

		// free_list: K banks, pops from the head, appends of chains at the tail.
		{
			ID: "fl-chain-counts-one", Block: FreeList, File: "free_list.sv",
			Anchor:  "cnt_d  = cnt1 + a_n;",
			Replace: "cnt_d  = cnt1 + FW'(1);",
			Desc:    "an appended chain adds one cell to the bank's count whatever its length",
		},
		{
			ID: "fl-empty-head", Block: FreeList, File: "free_list.sv",
			Anchor:  "if (cnt1 == '0) head_d = a_head;",
			Replace: "if (1'b0) head_d = a_head;",
			Desc:    "an append to an empty bank does not load the bank's head",
		},
		{
			ID: "fl-no-wait", Block: FreeList, File: "free_list.sv",
			Anchor:  "if (rd) wait_d = LW'(L - 1);",
			Replace: "if (rd) wait_d = '0;",
			Desc:    "no wait for the link read: the next pop comes before the new head is known (LAT > 1)",
		},
		{
			ID: "fl-reset-tail", Block: FreeList, File: "free_list.sv",
			Anchor:  "tail_q             <= CW'(RST_TAIL);",
			Replace: "tail_q             <= CW'(b);",
			Desc:    "the bank's tail resets to its first cell, not its last: the first append links the wrong cell",
		},

		// pd_lists: per-queue lists, head reads of latency LAT, forwarding.
		{
			ID: "pd-no-forward", Block: PDLists, File: "pd_lists.sv",
			Anchor:  "nxt     = fwd_q[uq] ? fpd_q[uq*PW +: PW] : mem_nxt;",
			Replace: "nxt     = mem_nxt;",
			Desc:    "a link behind a head read in flight is not forwarded: the new head comes from the stale link word",
		},
		{
			ID: "pd-read-while-busy", Block: PDLists, File: "pd_lists.sv",
			Anchor:  "rd_ok = rq_ok && (cnt_d[rq*KW +: KW] != '0) && !busy_d[rq];",
			Replace: "rd_ok = rq_ok && (cnt_d[rq*KW +: KW] != '0);",
			Desc:    "a queue is read again while its head read is in flight",
		},
		{
			ID: "pd-link-old-count", Block: PDLists, File: "pd_lists.sv",
			Anchor:  "lcnt    = cnt_d[lq*KW +: KW];",
			Replace: "lcnt    = cnt_q[lq*KW +: KW];",
			Desc:    "a link sees the count before this cycle's unlink: a link to a queue its unlink empties is lost",
		},

		// cp_sublists: a chase of K sub-lists, one round per link read.
		{
			ID: "cp-last-early", Block: CPSubLists, File: "cp_sublists.sv",
			Anchor:  "assign out_last_o  = fire && (nxt >= r_n);",
			Replace: "assign out_last_o  = fire && (nxt + XW'(1) >= r_n);",
			Desc:    "out_last_o one cell early",
		},
		{
			ID: "cp-start-while-busy", Block: CPSubLists, File: "cp_sublists.sv",
			Anchor:  "assign take = start_i && !busy_q;",
			Replace: "assign take = start_i;",
			Desc:    "a start is taken while a chase is busy, cutting it short",
		},
		{
			ID: "cp-read-past-end", Block: CPSubLists, File: "cp_sublists.sv",
			Anchor:  "assign rd_en[s]             = in_round && (r_done + XW'(s) + XW'(K) < r_n);",
			Replace: "assign rd_en[s]             = in_round;",
			Desc:    "the last round still reads the links of its cells: the stale read returns into the next chase",
		},
		{
			ID: "cp-round-le", Block: CPSubLists, File: "cp_sublists.sv",
			Anchor:  "cnt    = (left < XW'(K)) ? left : XW'(K);",
			Replace: "cnt    = (left <= XW'(K)) ? left : XW'(K);",
			Desc:    "the round size compares with <= instead of <",
			Equivalent: "when left == K both arms give K: the comparison only decides between two equal values, " +
				"so the round size, every output and every link read are unchanged",
		},
	}, tmMutants()...)
}
