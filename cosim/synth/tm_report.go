package synth

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// moduleRole is the first words of a module's header comment: the first
// line "// NAME: ROLE..." up to its first '(' , ',' or '.', without "the
// traffic manager's ". "" when the source has no such line.
func moduleRole(src, module string) string {
	first, _, _ := strings.Cut(src, "\n")
	rest, ok := strings.CutPrefix(strings.TrimSpace(first), "// "+module+":")
	if !ok {
		return ""
	}
	if i := strings.IndexAny(rest, "(,."); i >= 0 {
		rest = rest[:i]
	}
	rest = strings.TrimSpace(rest)
	rest = strings.TrimPrefix(rest, "the traffic manager's ")
	return strings.TrimPrefix(rest, "the ")
}

// Share is part's LUT6 as a percentage of the total's, "—" for an empty total.
func share(part, total int) string {
	if total <= 0 {
		return "—"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(part)/float64(total))
}

// partName is how a part is named in tables: its instance path, indented
// below its parent, or "own logic" for the top's.
func partName(p TMPart) string {
	if p.Path == "" {
		return "(top's own logic)"
	}
	return strings.Repeat("  ", p.Depth-1) + p.Path
}

// WriteTMText prints the TM's parts, total and memories as aligned text
// tables (what `occamy synth --block tm` prints).
func WriteTMText(w io.Writer, r TMResult) error {
	total := r.Total()
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "occamy_tm %s, memories (%s) as black boxes\n\n", r.Job.ParamString(), r.Job.MemModule)
	fmt.Fprintln(tw, "instance\tmodule\tLUT6\tFF\tlevels\tLUT6 share\trole")
	rows := append([]TMPart{r.Own}, r.Parts...)
	for _, p := range rows {
		mod := p.Module
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%s\t%s\n", partName(p), mod, p.Cost.LUTs, p.Cost.FFs, p.Levels.Length,
			share(p.Cost.LUTs, total.LUTs), p.Role)
	}
	fmt.Fprintf(tw, "total\t\t%d\t%d\t-\t100%%\ttop's own logic + the instances in the top, each on its own\n", total.LUTs, total.FFs)
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "memory\twords\twidth\tread ports\twrite ports\tlatency\tbits")
	for _, m := range r.Memories {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%d\n", m.Path, m.Words, m.Width, m.RP, m.WP, m.Lat, m.Bits)
	}
	return tw.Flush()
}

// writeTMMarkdown is the report's traffic-manager section.
func writeTMMarkdown(p func(string, ...any), r TMResult) {
	total := r.Total()
	p("## The traffic manager (occamy_tm) around its memories\n\n")
	p("`occamy_tm` at **%s** (N = P·Q = %d queues), every `%s` instance a black box (a vendor macro would replace each). ",
		r.Job.ParamString(), r.Job.Param("P")*r.Job.Param("Q"), r.Job.MemModule)
	p("The sub-blocks are the instances the elaborated hierarchy gives (the registry's source list of `tm`, elaborated by Yosys), ")
	p("each synthesised **on its own**, flattened with its own sub-modules, at the parameters the TM gives it:\n\n")
	p("```\n%s\n```\n\n", TMFlowSummary)
	p("**Levels** are each sub-block's own longest LUT chain after the memories' cells are deleted, so a memory's read data ")
	p("starts a path and its address and write data end one, as a registered SRAM's do; no path runs through a black box, ")
	p("so `ltp` finds no loop. A path that crosses sub-blocks (for example the free count → threshold → selector within one cycle) ")
	p("is longer than either part's; the TM-level paths are measured flat by `occamy synth --block tm --flat` ")
	p("(the census of every endpoint over 8 levels, docs/tm.md), and a census row's own cone, cut out of the flat TM and ")
	p("mapped alone, by `--flat --cone NAME`. The **total** is the top's own logic ")
	p("(its sub-modules black boxes) plus every instance in the top, each synthesised on its own: no logic is optimised across ")
	p("a sub-block's boundary, so a flat run can come out smaller. Indented rows are inside the row above and counted in it.\n\n")
	p("| instance | module | role | LUT6 | FF | levels | share of the TM's LUT6 | longest path from | to |\n")
	p("|---|---|---|---:|---:|---:|---:|---|---|\n")
	for _, q := range append(r.Parts, r.Own) {
		name := q.Path
		if q.Path == "" {
			name = "(top's own logic)"
		} else if q.Depth > 1 {
			name = "↳ " + q.Path
		}
		p("| %s | %s | %s | %d | %d | %d | %s | `%s` | `%s` |\n", name, q.Module, q.Role, q.Cost.LUTs, q.Cost.FFs,
			q.Levels.Length, share(q.Cost.LUTs, total.LUTs), q.Levels.From, q.Levels.To)
	}
	p("| **total** | | | **%d** | **%d** | — | 100%% | | |\n\n", total.LUTs, total.FFs)
	if total.Other == 0 {
		p("Every sub-block maps to LUTs and flip-flops only once its memories' cells are deleted.\n\n")
	} else {
		p("**Note:** %d cells that are neither LUTs nor flip-flops are left:", total.Other)
		for _, q := range append(r.Parts, r.Own) {
			if q.Cost.Other > 0 {
				p(" %s %d;", q.Module, q.Cost.Other)
			}
		}
		p("\n\n")
	}

	p("### Memories\n\n| instance | words | width | read ports | write ports | read latency | bits |\n|---|---:|---:|---:|---:|---:|---:|\n")
	bits := 0
	for _, m := range r.Memories {
		p("| %s | %d | %d | %d | %d | %d | %d |\n", m.Path, m.Words, m.Width, m.RP, m.WP, m.Lat, m.Bits)
		bits += m.Bits
	}
	p("| **%d memories** | | | | | | **%d** (%.2f Mbit) |\n\n", len(r.Memories), bits, float64(bits)/(1<<20))
	p("From each black box's parameters (`DEPTH`, `WIDTH`, `RP`, `WP`, `LAT`); `u_cp_mem` is also threaded by its reset (`INIT_STRIDE`), ")
	p("which stands for the free list's reset sequence.\n\n")
	writeTMClaim(p, r)
}

// writeTMClaim compares the expulsion logic with the rest of the TM: the
// paper's claim that the selector, arbiter and executor are cheap beside
// the traffic manager. The expulsion logic is the executor, the policy's
// choice, the selector and the arbiter; the maximum finders (the choice's,
// for occamy-lqd and pushout-ports, and admission's, for pushout-ports)
// are shown on their own because the occamy policy uses neither.
func writeTMClaim(p func(string, ...any), r TMResult) {
	total := r.Total()
	exe, okE := r.Part("tm_hd_exec")
	s, okS := r.Part("hd_selector")
	a, okA := r.Part("rr_arbiter")
	if !okE || !okS || !okA {
		p("The hierarchy has no `tm_hd_exec`, `hd_selector` or `rr_arbiter` instance, so the executor's share is not reported.\n\n")
		return
	}
	ch, okC := r.Part("tm_hd_choice")
	mf, okM := r.Inside(ch, "tm_maxfind")
	adm, _ := r.Part("tm_admission")
	amf, okA2 := r.Inside(adm, "tm_maxfind")
	row := func(name string, q TMPart) {
		p("| %s (`%s`) | %d | %d | %d | %s |\n", name, q.Path, q.Cost.LUTs, q.Cost.FFs, q.Levels.Length, share(q.Cost.LUTs, total.LUTs))
	}
	sa := s.Cost.LUTs + a.Cost.LUTs
	exp, expFF := exe.Cost.LUTs+sa, exe.Cost.FFs+s.Cost.FFs+a.Cost.FFs
	if okC {
		exp, expFF = exp+ch.Cost.LUTs, expFF+ch.Cost.FFs
	}
	p("### The expulsion logic beside the rest\n\n")
	p("| | LUT6 | FF | levels | share of the TM's LUT6 |\n|---|---:|---:|---:|---:|\n")
	row("executor", exe)
	if okC {
		row("policy's head-drop choice", ch)
	}
	if okM {
		row("↳ maximum finder in the choice (occamy-lqd's and pushout-ports' longest candidate)", mf)
	}
	row("selector", s)
	row("arbiter", a)
	p("| selector + arbiter | %d | %d | — | %s |\n", sa, s.Cost.FFs+a.Cost.FFs, share(sa, total.LUTs))
	p("| **executor + choice + selector + arbiter** | **%d** | %d | — | **%s** |\n", exp, expFF, share(exp, total.LUTs))
	if okA2 {
		row("maximum finder in admission (pushout-ports' longest queue; counted in admission, not above)", amf)
	}
	p("| the rest of the TM's logic | %d | %d | — | %s |\n\n", total.LUTs-exp, total.FFs-expFF, share(total.LUTs-exp, total.LUTs))

	// Rank of the executor among the sub-blocks in the top.
	rank, n := 1, 0
	for _, q := range r.Parts {
		if q.Depth != 1 {
			continue
		}
		n++
		if q.Cost.LUTs > exe.Cost.LUTs {
			rank++
		}
	}
	p("**What the numbers show.** The paper says Occamy's selector, arbiter and executor are cheap beside the traffic manager. ")
	p("Around the memories, in this flow, the executor is %d LUT6, %s of the TM's %d, the %s largest of the %d sub-blocks in the top; ",
		exe.Cost.LUTs, share(exe.Cost.LUTs, total.LUTs), total.LUTs, ordinal(rank), n)
	p("the selector and the arbiter together are %d LUT6 (%s)", sa, share(sa, total.LUTs))
	if okC {
		p(", the policy's choice %d (%s)", ch.Cost.LUTs, share(ch.Cost.LUTs, total.LUTs))
	}
	p("; together they are %s of the logic. ", share(exp, total.LUTs))
	occ := exp
	if okM {
		occ -= mf.Cost.LUTs
		p("Of the choice, %d LUT6 are a maximum finder, which only the occamy-lqd and pushout-ports policies (a longest-queue choice, Pushout's Difficulty 3) use; the occamy policy's head drop does not; ",
			mf.Cost.LUTs)
		p("without it, Occamy's expulsion logic is %d LUT6, %s of the TM's. ", occ, share(occ, total.LUTs))
	}
	p("Calling a share up to 20%% minor and over 40%% large, ")
	switch f := float64(occ) / float64(max(total.LUTs, 1)); {
	case f <= 0.2:
		p("the claim holds in LUTs here: Occamy's expulsion logic is a minor part of the logic around the memories. ")
	case f <= 0.4:
		p("the claim holds only loosely in LUTs: Occamy's expulsion logic is a sizeable minority of the logic around the memories, not a negligible add-on. ")
	default:
		p("the claim does not hold in LUTs here: Occamy's expulsion logic is a large part of the logic around the memories. ")
	}
	if okM {
		p("In logic levels the maximum finder is %d deep on its own against the selector's %d and the arbiter's %d (each at the TM's N=%d, QW=%d): ",
			mf.Levels.Length, s.Levels.Length, a.Levels.Length, r.Job.Param("P")*r.Job.Param("Q"), r.Job.Param("QW"))
		p("Pushout's Difficulty 3, a choice over all N queue lengths in one cycle, is %s as deep as Occamy's comparator bank. ", timesText(mf.Levels.Length, s.Levels.Length))
	}
	big, deep := largestDeepest(r)
	p("The largest sub-block is `%s` (%s, %d LUT6, %s) and the deepest `%s` (%s, %d levels)",
		big.Path, big.Module, big.Cost.LUTs, share(big.Cost.LUTs, total.LUTs), deep.Path, deep.Module, deep.Levels.Length)
	expulsion := map[string]bool{"tm_hd_exec": true, "tm_hd_choice": true, "hd_selector": true, "rr_arbiter": true}
	if !expulsion[big.Module] && !expulsion[deep.Module] {
		p(": neither is expulsion logic")
	}
	p(". ")
	p("The memories are not in these counts: they hold %s bits (%.2f Mbit), which this flow does not cost; ", commas(memBits(r)), float64(memBits(r))/(1<<20))
	p("against the whole TM, SRAMs included, every logic share above can only be smaller. The DT threshold unit `u_thr` "+
		"(%d LUT6 here) serves admission and the selector alike and is not counted as expulsion logic.\n\n", thrLUTs(r))
}

// largestDeepest are the instances in the top with the most LUT6 and the
// most levels.
func largestDeepest(r TMResult) (big, deep TMPart) {
	for _, q := range r.Parts {
		if q.Depth != 1 {
			continue
		}
		if q.Cost.LUTs > big.Cost.LUTs {
			big = q
		}
		if q.Levels.Length > deep.Levels.Length {
			deep = q
		}
	}
	return big, deep
}

func memBits(r TMResult) int {
	n := 0
	for _, m := range r.Memories {
		n += m.Bits
	}
	return n
}

func thrLUTs(r TMResult) int {
	if t, ok := r.Part("dt_threshold"); ok {
		return t.Cost.LUTs
	}
	return 0
}

func ordinal(n int) string {
	switch n {
	case 1:
		return "1st"
	case 2:
		return "2nd"
	case 3:
		return "3rd"
	}
	return fmt.Sprintf("%dth", n)
}

func timesText(a, b int) string {
	if b <= 0 {
		return "—"
	}
	return fmt.Sprintf("%.1f×", float64(a)/float64(b))
}

// commas writes n with thin thousands separators, e.g. 1 234 567.
func commas(n int) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(' ')
		}
		b.WriteRune(c)
	}
	return b.String()
}
