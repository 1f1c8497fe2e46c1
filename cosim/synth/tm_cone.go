package synth

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// TMCone is the input cone of some of the flat TM's registers cut out and
// mapped alone: every combinational cell from the registers' inputs back
// to the registers, memory read data and module inputs it starts at. The
// flat map pads paths off its critical one up to the design's maximum, so
// a flat census row can overstate what its own logic needs; the cone
// alone says what it needs.
type TMCone struct {
	Ends string // the registers (or other nets) the cone ends at: a Yosys name pattern on the flat names
	// Cut is how many nets the cone ends at (the named registers' inputs,
	// outputs, memory inputs): none when the pattern names only nets that
	// are none of those, and the cone is then empty (CutNothing).
	Cut    int
	Cost   Cost   // the cone alone, mapped to LUT6
	Levels Path   // ltp's longest path in the cone alone
	Census Census // the cone alone's endpoints over budget; its Max is Levels.Length
}

// TMCones is one Yosys run of TMConeScript: the TM's coarse synthesis
// once, then each cone cut from it and mapped.
type TMCones struct {
	Job   TMJob
	Cones []TMCone
	Wall  time.Duration
}

// coneEnds is what a cone pattern may be: a flat net name with Yosys's
// * and ? wildcards (u_adm.s2_ok_q, u_sched.*_q), nothing that the
// selection language would read as an operator, another kind of object
// or a character class (a [ in a name is matched by ?: u_egress.g_port?1?.isv_q).
var coneEnds = regexp.MustCompile(`^[A-Za-z_*?][A-Za-z0-9_.*?]*$`)

// IsConeGlob says whether a cone pattern has a *. A glob names the
// registers it matches, the TM's outputs and the memories' inputs, not
// the combinational nets it matches too (u_adm.* would otherwise keep
// every named net of u_adm, each a boundary the map may not cross); a
// name without one (a ? in it stands for a generate block's [ or ]) is
// one net, with its aliases, and may be any net, kept so that it ends
// the cone.
func IsConeGlob(pattern string) bool { return strings.Contains(pattern, "*") }

// ConePatternError is a cone pattern synth does not take.
type ConePatternError struct{ Pattern string }

// Error implements error.
func (e *ConePatternError) Error() string {
	return fmt.Sprintf("cone %q: want a flat net name such as u_adm.s2_ok_q (letters, digits, _ . and the wildcards * ?; ? for a [ or ] in a name)", e.Pattern)
}

// ConeNoMatchError is a cone pattern that names no net of the flat TM.
type ConeNoMatchError struct {
	Pattern string
	Params  string
}

// Error implements error.
func (e *ConeNoMatchError) Error() string {
	return fmt.Sprintf("cone %s: no net of the flat occamy_tm %s has that name after the coarse synthesis (registers keep theirs: take one from the flat census, without the bit; a combinational net may be optimised away)", e.Pattern, e.Params)
}

// noMatch is Yosys's select assertion on a cone's pattern.
var noMatch = regexp.MustCompile(`selection contains 0 elements, less than the minimum number 1: w:(\S+)`)

// CheckConePatterns rejects an empty list and any pattern coneEnds does
// not match.
func CheckConePatterns(ends []string) error {
	if len(ends) == 0 {
		return errors.New("no cone: name at least one register")
	}
	for _, e := range ends {
		if !coneEnds.MatchString(e) {
			return &ConePatternError{Pattern: e}
		}
	}
	return nil
}

// ConeScript elaborates the TM, synthesises it flat up to the fine map
// (`synth -flatten -run :fine`, what the flat run does before it maps,
// then the fine map's `opt -fast -full; memory_map`, so register arrays
// are named flip-flops), checks that every pattern names a net (Yosys's
// select assertion), saves that, and then for each pattern i: loads it;
// takes the nets the pattern names, and for a name that is no glob
// (IsConeGlob) its aliases too (the nets a plain connection joins it to:
// flattening leaves one net per signal for the cells to connect to, and
// its other names, a sub-block's ports, connected to it, so the name of
// a memory's input or of an output port may be an alias:
// u_pd_mem.wr_data_i is one of the net the memory reads); takes the
// flip-flops that drive those nets (their inputs are the cone's ends)
// and the nets no flip-flop drives (for a glob only the TM's outputs and
// the memories' inputs; a name may be any net, kept); counts the ends
// into ends_i.txt (none: the pattern named no register, output or memory
// input, and the cut is empty); selects the input cone
// through combinational cells only, so it stops at flip-flops, memories
// and black boxes; deletes every other combinational cell; exposes the
// nets that leaves undriven as inputs (a path starts there, as at a
// register); maps what is left to LUT6 and measures it as the flat run
// does, into stat_i.txt, ltp_i.txt and net_i.json.
func (j TMJob) ConeScript(ends []string) string {
	var b strings.Builder
	b.WriteString(j.elaborate())
	fmt.Fprintf(&b, "synth -top %s -flatten -run :fine\n", j.Module)
	// The fine map's first two steps, so register arrays are flip-flops
	// with their names (u_pdl.head_q[0]) before the cut.
	b.WriteString("opt -fast -full\nmemory_map\n")
	for _, e := range ends {
		fmt.Fprintf(&b, "select -assert-min 1 w:%s\n", e)
	}
	b.WriteString("design -save coarse\n")
	for i, e := range ends {
		b.WriteString("design -load coarse\n")
		fmt.Fprintf(&b, "select -set named w:%s\n", e)
		if IsConeGlob(e) {
			// The registers' inputs, the outputs and the memory inputs named.
			// (The memory inputs are kept: a memory whose read data no
			// longer reaches anything is swept, and its inputs with it.)
			b.WriteString("select -set ffs @named %ci1 t:*dff* %i\n")
			b.WriteString("select -set mems =A:blackbox %C %x1 =A:blackbox %C %d\n")
			b.WriteString("select -set kept @named o:* %i @named @mems %i %u\n")
		} else {
			// The net and its aliases: one step through connections only
			// (no cell has the type $nocell).
			b.WriteString("select -set named @named %x1:+$nocell\n")
			b.WriteString("select -set ffs @named %ci1 t:*dff* %i\n")
			b.WriteString("select -set kept @named @ffs %co1 %d\n")
		}
		b.WriteString("select -set ends @ffs %ci1 @ffs %d @kept %u\n")
		fmt.Fprintf(&b, "tee -q -o ends_%d.txt select -count @ends\n", i)
		b.WriteString("setattr -set keep 1 @ffs @kept %u\n")
		b.WriteString("select -set cone @ends %cie*\n")
		b.WriteString("delete c:* @cone %d t:*dff* %d t:$mem* %d =A:blackbox %C %d\n")
		b.WriteString("setundef -undriven -expose\n")
		b.WriteString("opt_clean\n")
		fmt.Fprintf(&b, "synth -top %s -lut 6 -run fine:\n", j.Module)
		b.WriteString("select -clear\ndelete =A:blackbox %C\n")
		fmt.Fprintf(&b, "tee -q -o stat_%d.txt stat\n", i)
		fmt.Fprintf(&b, "tee -q -o ltp_%d.txt ltp -noff\n", i)
		fmt.Fprintf(&b, "write_json net_%d.json\n", i)
	}
	return b.String()
}

// RunTMCones runs ConeScript for ends in one Yosys run and returns each
// cone's cost, longest path and census over budget. A pattern that
// names no net fails the run (Yosys's select assertion).
func (r *Runner) RunTMCones(ctx context.Context, j TMJob, ends []string, budget int) (TMCones, error) {
	if r.Yosys == "" {
		return TMCones{}, &MissingYosysError{}
	}
	if err := CheckConePatterns(ends); err != nil {
		return TMCones{}, err
	}
	srcs, err := r.tmSources(j)
	if err != nil {
		return TMCones{}, err
	}
	var outs []string
	for i := range ends {
		outs = append(outs, fmt.Sprintf("ends_%d.txt", i), fmt.Sprintf("stat_%d.txt", i), fmt.Sprintf("ltp_%d.txt", i), fmt.Sprintf("net_%d.json", i))
	}
	got, wall, err := r.yosysIn(ctx, j, srcs, j.ConeScript(ends), outs...)
	var re *RunError
	if errors.As(err, &re) {
		if m := noMatch.FindStringSubmatch(re.Detail); m != nil {
			return TMCones{}, &ConeNoMatchError{Pattern: m[1], Params: j.ParamString()}
		}
	}
	if err != nil {
		return TMCones{}, err
	}
	res := TMCones{Job: j, Wall: wall}
	for i, e := range ends {
		c, err := coneOf(e, got[4*i:4*i+4], j.Module, budget)
		if err != nil {
			return TMCones{}, err
		}
		res.Cones = append(res.Cones, c)
	}
	return res, nil
}

// CutNothing says whether the cone's pattern named no net it could end
// at: its levels and census are of an empty cut, not of the name.
func (k TMCone) CutNothing() bool { return k.Cut == 0 }

// selectCount is Yosys's `select -count` line.
var selectCount = regexp.MustCompile(`(?m)^(\d+) objects\.\s*$`)

// coneOf parses one cone's count of ends, stat, ltp and netlist.
func coneOf(ends string, out []string, module string, budget int) (TMCone, error) {
	m := selectCount.FindStringSubmatch(out[0])
	if m == nil {
		return TMCone{}, &ParseError{What: "select -count", Module: module, Reason: fmt.Sprintf("cone %s: want \"N objects.\", got %q", ends, out[0])}
	}
	cut, _ := strconv.Atoi(m[1])
	stat, ltp, netlist := out[1], out[2], out[3]
	c, err := ParseStat(stat, module)
	if err != nil {
		return TMCone{}, fmt.Errorf("cone %s: %w", ends, err)
	}
	p, err := ParseLTP(ltp, module)
	if err != nil {
		return TMCone{}, fmt.Errorf("cone %s: %w", ends, err)
	}
	n, err := ReadNetlist([]byte(netlist))
	if err != nil {
		return TMCone{}, fmt.Errorf("cone %s: %w", ends, err)
	}
	cen, err := CensusOf(n, budget)
	if err != nil {
		return TMCone{}, fmt.Errorf("cone %s: %w", ends, err)
	}
	return TMCone{Ends: ends, Cut: cut, Cost: c, Levels: p, Census: cen}, nil
}
