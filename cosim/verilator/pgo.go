package verilator

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"occamy/rtl/port"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// Training is the stimulus of a profile-guided build (Spec.Train). The
// model is compiled with the C++ compiler's instrumentation, run over the
// training inputs by a plain C++ driver (csrc/occ_train.cpp, through the
// wrapper's occ_run), and compiled again with the profile it wrote, so the
// compiler lays out and optimises the model's code for the branches that
// stimulus takes. The library behaves exactly as without it; only its
// speed changes (docs/cosim.md, "Profile-guided builds").
type Training struct {
	// Inputs returns the training input words in the built top's layout
	// (l.InWords words per cycle, at least one cycle). It is called on
	// every Build, cached or not: the words' SHA-256 is part of the
	// library's key, so a library is never reused for other training.
	Inputs func(l *port.Layout) ([]uint32, error)
}

// MaxTrainCycles bounds the training run: longer ones only cost build time.
const MaxTrainCycles = 1 << 20

// trainWords calls the training's Inputs for layout l and checks them.
func (t *Training) trainWords(l *port.Layout) ([]uint32, error) {
	if t.Inputs == nil {
		return nil, fmt.Errorf("cosim: Spec.Train has no Inputs")
	}
	w, err := t.Inputs(l)
	if err != nil {
		return nil, fmt.Errorf("cosim: Spec.Train inputs: %w", err)
	}
	if l.InWords == 0 || len(w) == 0 || len(w)%l.InWords != 0 || len(w)/l.InWords > MaxTrainCycles {
		return nil, fmt.Errorf("cosim: Spec.Train gave %d input words; want a whole number of cycles of %d words, 1..%d cycles", len(w), l.InWords, MaxTrainCycles)
	}
	return w, nil
}

// wordsHash is the SHA-256 (hex) of words, for the build key.
func wordsHash(w []uint32) string {
	h := sha256.New()
	var b [4]byte
	for _, x := range w {
		binary.LittleEndian.PutUint32(b[:], x)
		h.Write(b[:])
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Compiler flags of the two compiles of a profile-guided build. The second
// keeps code the training never ran optimised for speed
// (-fprofile-partial-training) rather than for size, and accepts the
// approximate counts of a multi-threaded runtime (-fprofile-correction).
const (
	pgoGenerate = "-fprofile-generate -fprofile-update=single"
	pgoUse      = "-fprofile-use -fprofile-partial-training -fprofile-correction -Wno-missing-profile"
)

var trainedLine = regexp.MustCompile(`trained=(\d+) status=(\d+)`)

// makeModel compiles the model's objects in obj with the extra C++ flags.
// With a store, the objects it holds for these inputs are taken from it
// and the ones compiled are added to it (objStore).
func makeModel(ctx context.Context, tc *toolchain, s *Spec, root, obj, extra string, log *strings.Builder, st *objStore) error {
	opt := strings.TrimSpace(s.Opt + " " + extra)
	mk := func(flags string) []string {
		return []string{"-f", "Vocc.mk", "CXX=" + tc.cxx,
			"OPT_FAST=" + opt, "OPT_GLOBAL=" + opt, "USER_CPPFLAGS=" + flags, "Vocc__ALL.a", "occ_wrap.o"}
	}
	pch, err := ensurePCH(ctx, tc, root, obj, mk(cppDefs))
	if err != nil {
		return err
	}
	args := mk(modelFlags(pch))
	var keys map[string]string
	var restored []string
	if st != nil {
		var err error
		if keys, err = objKeys(tc, obj, args); err != nil {
			return err
		}
		restored = st.restore(obj, keys)
		if len(restored) > 0 {
			fmt.Fprintf(log, "objects reused: %d of %d C++ files (%s)\n", len(restored), len(keys), st.dir)
		}
	}
	out, err := runTool(ctx, obj, tc.make, append([]string{fmt.Sprintf("-j%d", s.Jobs)}, args...)...)
	log.WriteString(out)
	if err != nil {
		return &BuildError{Stage: "compile", Top: s.Top, Output: out, Err: err}
	}
	if st != nil {
		st.save(obj, keys, restored)
	}
	return nil
}

// trainModel is the profile-guided compile of a verilated model in obj:
// instrumented objects, the training run over words, then the final
// objects compiled with the profile. It leaves obj as a plain compile
// would, with the final objects and without the profile.
func trainModel(ctx context.Context, tc *toolchain, s *Spec, lib *Library, root, obj string, words []uint32, log *strings.Builder) error {
	if err := makeModel(ctx, tc, s, root, obj, pgoGenerate, log, nil); err != nil {
		return err
	}
	exe := filepath.Join(obj, "occ_train")
	// The driver itself is not instrumented (libgcov only links the
	// model's counters), so every profile written is the model's.
	args := []string{s.Opt, "-o", exe, "occ_train.cpp", "occ_wrap.o", "Vocc__ALL.a"}
	for _, o := range runtimeObjs {
		args = append(args, filepath.Join(lib.Runtime, o))
	}
	args = append(args, "-pthread", "-latomic", "-lgcov")
	out, err := runTool(ctx, obj, tc.cxx, args...)
	log.WriteString(out)
	if err != nil {
		return &BuildError{Stage: "link", Top: s.Top + " (training driver)", Output: out, Err: err}
	}
	wf := filepath.Join(obj, "train.words")
	buf := make([]byte, 4*len(words))
	for i, x := range words {
		binary.LittleEndian.PutUint32(buf[4*i:], x)
	}
	if err := os.WriteFile(wf, buf, 0o644); err != nil {
		return fmt.Errorf("cosim: %w", err)
	}
	out, err = runTool(ctx, obj, exe, wf, strconv.Itoa(lib.Layout.InWords), strconv.Itoa(lib.Layout.OutWords))
	log.WriteString(out)
	m := trainedLine.FindStringSubmatch(out)
	if err != nil || m == nil || m[1] == "0" {
		if err == nil {
			err = fmt.Errorf("no cycle trained")
		}
		return &BuildError{Stage: "train", Top: s.Top, Output: out, Err: err}
	}
	// The compiler finds a profile by its object's path; without one it
	// compiles silently as if untrained (-Wno-missing-profile), so check.
	prof, _ := filepath.Glob(filepath.Join(obj, "*.gcda"))
	if len(prof) == 0 {
		return &BuildError{Stage: "train", Top: s.Top, Output: out, Err: fmt.Errorf("the training run wrote no profile (*.gcda) in %s", obj)}
	}
	fmt.Fprintf(log, "profile: %d files\n", len(prof))
	if err := removeGlob(obj, "*.o", "*.a", "occ_train", "train.words"); err != nil {
		return err
	}
	if err := makeModel(ctx, tc, s, root, obj, pgoUse, log, nil); err != nil {
		return err
	}
	return removeGlob(obj, "*.gcda")
}

// removeGlob removes the files in dir that match any of the patterns.
func removeGlob(dir string, patterns ...string) error {
	for _, p := range patterns {
		names, err := filepath.Glob(filepath.Join(dir, p))
		if err != nil {
			return fmt.Errorf("cosim: %w", err)
		}
		for _, n := range names {
			if err := os.Remove(n); err != nil {
				return fmt.Errorf("cosim: %w", err)
			}
		}
	}
	return nil
}
