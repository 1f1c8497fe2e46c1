package tm

import "slices"

// mutants are occamy_tm's mutants, checked first at the small set
// reconfiguring (Checks.MutateFirst "small/reconf"): one cheap build each,
// and its reconfiguring resets run every policy, free mode and scheduler in
// one run; a survivor goes on through the rest of the matrix. Those marked "tags" change nothing an
// executor-block port shows at first (lengths, free count and port use stay
// right): a corrupted free list or cell chain hands one cell to two
// packets, and only the cell-data tags at egress (or a lost packet much
// later) tell.
//
// The mutants live one file per sub-block, mutants_<sub-block>.go (fl,
// pdl, deq, hd, hdchoice, adm, sched, egress, top), a var per concern. The
// list below is the order the self-check runs them in: a new file (say
// mutants_admcut.go) adds its var at the end, not beside its sub-block's.
var mutants = slices.Concat(
	flTagMutants,
	topCellPtrMutants,
	pdlForwardMutants,
	deqChainMutants,
	hdChainMutants,
	deqRoundMutants,
	hdLaneMutants,
	topGrantMutants,
	deqPendMutants,
	hdChoiceRecheckMutants,
	admCompareMutants,
	topPushoutMutants,
	hdChoicePickMutants,
	schedMutants,
	egressMutants,
	admSlotMutants,
	admPipeMutants,
	admSkipMutants,
	hdChoiceGateMutants,
	schedGateMutants,
	hdStageMutants,
	topCreditMutants,
	topQlenMutants,
	topThrMutants,
	deqcutMutants,    // mutants_deqcut.go: the dequeue's free register
	unlcutMutants,    // mutants_unlcut.go: the unlink per queue
	admcutMutants,    // mutants_admcut.go: admission's effects register
	flcutMutants,     // mutants_flcut.go: the free list's "not empty after stage F" bit
	schedcutMutants,  // mutants_schedcut.go: the scheduler's inputs
	enqcutMutants,    // mutants_enqcut.go: the enqueue's next-packet register
	egcutMutants,     // mutants_egcut.go: the egress cut
	qlencutMutants,   // mutants_qlencut.go: the grant with en_i last
	pdidxMutants,     // mutants_pdidx.go: the head drop's ungated PD-read index
	enqactMutants,    // mutants_enqact.go: the enqueue's bypass flag and cells left
	admsumMutants,    // mutants_admsum.go: admission's sums in carry-save form
	schedeligMutants, // mutants_schedelig.go: the DRR registers' own round robin
	enqgoMutants,     // mutants_enqgo.go: the enqueue's round register
	flenlinkMutants,  // mutants_flenlink.go: the forwarding from last cycle's link
	schedoneMutants,  // mutants_schedone.go: the DRR visit's tree compare
	admstageMutants,  // mutants_admstage.go: admission's stage-1 room in carry-save form
	admfreeMutants,   // mutants_admfree.go: admission's free test and subsets' cells
	flgMutants,       // mutants_flg.go: stage G's slot as its bank, read only under ga_i
	arbregMutants,    // mutants_arbreg.go: u_arb's grant registered (agv_q, agq_q)
	admpickMutants,   // mutants_admpick.go: admission's subset selects as mux trees
	muxselMutants,    // mutants_muxsel.go: the executor's and the dequeue's word selects as mux trees
	cpdownMutants,    // mutants_cpdown.go: the cell-pointer ports counted from the top
	useregMutants,    // mutants_usereg.go: the port-use counts registered
	hdfreeMutants,    // mutants_hdfree.go: the executor's frees registered before the free count
	agsaveMutants,    // mutants_agsave.go: the grant dropped unused kept and loaded first
)
