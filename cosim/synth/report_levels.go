package synth

// writeTMLevels says what the logic levels mean at 1 GHz for the TM's
// executor tm_hd_exec around its memories and for the TM's deepest
// sub-block.
func writeTMLevels(p func(string, ...any), tm TMResult) {
	if hd, ok := tm.Part("tm_hd_exec"); ok {
		l := hd.Levels.Length
		p("The TM's executor `tm_hd_exec` starts one head drop per cycle; around its memories (a memory's read data "+
			"starts a path, its address ends one) its longest path is %d levels (`%s` → `%s`), so at 1 GHz it is %s",
			l, hd.Levels.From, hd.Levels.To, verdict(l))
		if fits(l) != "fits" {
			p(": by the estimate it would have to be cut into %d to %d register stages",
				ceilDiv(l, LevelBudget(LevelNsLow)), ceilDiv(l, LevelBudget(LevelNsHigh)))
		}
		p(". ")
	}
	_, deep := largestDeepest(tm)
	if deep.Path != "" {
		p("The TM's deepest sub-block is `%s` (%s, %d levels, %s): as written it would set the TM's clock, "+
			"and a 1 GHz design would have to pipeline it.", deep.Path, deep.Module, deep.Levels.Length, verdict(deep.Levels.Length))
	}
	p(" The paper derives its one expulsion every 2 cycles at 1 GHz from its selector's under-%.1f ns delay, "+
		"that is, it gives the path two cycles.\n\n", PaperSelectorDelayNs)
}
