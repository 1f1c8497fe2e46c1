//go:build verilator

package verilator

/*
#cgo LDFLAGS: -ldl
#include <dlfcn.h>
#include <stdint.h>
#include <stdlib.h>

// The wrapper's entry points, looked up with dlsym. See csrc/occ_wrap.cpp.
typedef struct {
	void* abi; void* meta; void* new_; void* free_; void* status; void* error;
	void* clear; void* log; void* cycles; void* set; void* get; void* eval;
	void* tick; void* cycle; void* run; void* reset; void* trace_open; void* trace_close;
	void* new_args; void* run_cmp;
} occ_api;

static const char* occ_load(const char* path, occ_api* a) {
	void* h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!h) return dlerror();
#define OCC_SYM(f, n) if (!(a->f = dlsym(h, n))) return dlerror();
	OCC_SYM(abi, "occ_abi") OCC_SYM(meta, "occ_meta") OCC_SYM(new_, "occ_new")
	OCC_SYM(free_, "occ_free") OCC_SYM(status, "occ_status") OCC_SYM(error, "occ_error")
	OCC_SYM(clear, "occ_clear") OCC_SYM(log, "occ_log") OCC_SYM(cycles, "occ_cycles")
	OCC_SYM(set, "occ_set") OCC_SYM(get, "occ_get") OCC_SYM(eval, "occ_eval")
	OCC_SYM(tick, "occ_tick") OCC_SYM(cycle, "occ_cycle") OCC_SYM(run, "occ_run")
	OCC_SYM(reset, "occ_reset") OCC_SYM(trace_open, "occ_trace_open")
	OCC_SYM(trace_close, "occ_trace_close") OCC_SYM(new_args, "occ_new_args")
	OCC_SYM(run_cmp, "occ_run_cmp")
#undef OCC_SYM
	return NULL;
}

// Trampolines: cgo cannot call a C function pointer directly.
static uint32_t occ_call_abi(occ_api* a) { return ((uint32_t (*)(void))a->abi)(); }
static const char* occ_call_meta(occ_api* a) { return ((const char* (*)(void))a->meta)(); }
static void* occ_call_new(occ_api* a) { return ((void* (*)(void))a->new_)(); }
static void* occ_call_new_args(occ_api* a, int argc, char** argv) { return ((void* (*)(int, const char**))a->new_args)(argc, (const char**)argv); }
static void occ_call_free(occ_api* a, void* m) { ((void (*)(void*))a->free_)(m); }
static int occ_call_status(occ_api* a, void* m) { return ((int (*)(void*))a->status)(m); }
static const char* occ_call_error(occ_api* a, void* m) { return ((const char* (*)(void*))a->error)(m); }
static void occ_call_clear(occ_api* a, void* m) { ((void (*)(void*))a->clear)(m); }
static size_t occ_call_log(occ_api* a, void* m, char* b, size_t n) { return ((size_t (*)(void*, char*, size_t))a->log)(m, b, n); }
static uint64_t occ_call_cycles(occ_api* a, void* m) { return ((uint64_t (*)(void*))a->cycles)(m); }
static int occ_call_set(occ_api* a, void* m, int i, const uint32_t* w) { return ((int (*)(void*, int, const uint32_t*))a->set)(m, i, w); }
static int occ_call_get(occ_api* a, void* m, int i, uint32_t* w) { return ((int (*)(void*, int, uint32_t*))a->get)(m, i, w); }
static int occ_call_eval(occ_api* a, void* m) { return ((int (*)(void*))a->eval)(m); }
static int occ_call_tick(occ_api* a, void* m) { return ((int (*)(void*))a->tick)(m); }
static int occ_call_cycle(occ_api* a, void* m, const uint32_t* in, uint32_t* out) { return ((int (*)(void*, const uint32_t*, uint32_t*))a->cycle)(m, in, out); }
static int occ_call_run(occ_api* a, void* m, uint64_t n, const uint32_t* in, uint32_t* out) { return ((int (*)(void*, uint64_t, const uint32_t*, uint32_t*))a->run)(m, n, in, out); }
static int occ_call_run_cmp(occ_api* a, void* m, uint64_t n, uint64_t from, const uint32_t* in, const uint32_t* want, uint32_t* out, uint64_t* diff) { return ((int (*)(void*, uint64_t, uint64_t, const uint32_t*, const uint32_t*, uint32_t*, uint64_t*))a->run_cmp)(m, n, from, in, want, out, diff); }
static int occ_call_reset(occ_api* a, void* m, uint64_t n) { return ((int (*)(void*, uint64_t))a->reset)(m, n); }
static int occ_call_trace_open(occ_api* a, void* m, const char* p) { return ((int (*)(void*, const char*))a->trace_open)(m, p); }
static int occ_call_trace_close(occ_api* a, void* m) { return ((int (*)(void*))a->trace_close)(m); }
*/
import "C"

import (
	"fmt"
	"occamy/cosim"
	"occamy/rtl/port"
	"os"
	"sync"
	"syscall"
	"unsafe"
)

// Supported reports whether this binary can load Verilated models (built
// with -tags verilator and cgo).
func Supported() bool { return true }

var (
	loadMu sync.Mutex
	// loaded holds every library opened in this process, by path. Libraries
	// are never unloaded: a C++ runtime with thread-local and static state
	// does not unload cleanly, and the path contains the content hash, so a
	// path always names the same code.
	loaded = map[string]*C.occ_api{}
)

func loadLibrary(lib *Library) (*C.occ_api, error) {
	loadMu.Lock()
	defer loadMu.Unlock()
	if a, ok := loaded[lib.Path]; ok {
		return a, nil
	}
	if err := lib.verify(); err != nil { // never dlopen a damaged file (SIGBUS)
		return nil, err
	}
	a := (*C.occ_api)(C.calloc(1, C.size_t(unsafe.Sizeof(C.occ_api{}))))
	cpath := C.CString(lib.Path)
	defer C.free(unsafe.Pointer(cpath))
	if msg := C.occ_load(cpath, a); msg != nil {
		err := fmt.Errorf("cosim: loading %s: %s", lib.Path, C.GoString(msg))
		C.free(unsafe.Pointer(a))
		return nil, err
	}
	if v := C.occ_call_abi(a); v != abiVersion {
		return nil, fmt.Errorf("cosim: %s has wrapper ABI %d, want %d; delete the cache entry %s", lib.Path, v, abiVersion, lib.Dir)
	}
	if got, want := C.GoString(C.occ_call_meta(a)), lib.meta(); got != want {
		return nil, fmt.Errorf("cosim: %s was built for\n  %s\nbut its cache entry says\n  %s\ndelete the cache entry %s", lib.Path, got, want, lib.Dir)
	}
	loaded[lib.Path] = a
	return a, nil
}

// Open loads a built library (once per process) and creates one model
// instance, with its initial blocks run and its logic settled at time 0.
func Open(lib *Library) (cosim.Model, error) { return OpenArgs(lib, nil) }

// OpenArgs is Open with runtime arguments for the model's context, given
// before the model is constructed: "+verilator+rand+reset+2" starts every
// register at a random value instead of 0 (as X would in a four-state
// simulator), "+verilator+seed+N" fixes those values, and other plusargs
// reach $test$plusargs and $value$plusargs. Verilator rejects an unknown
// +verilator+ argument with a fatal *SimError.
func OpenArgs(lib *Library, args []string) (cosim.Model, error) {
	if lib == nil {
		return nil, fmt.Errorf("cosim: Open of a nil library")
	}
	a, err := loadLibrary(lib)
	if err != nil {
		return nil, err
	}
	var h unsafe.Pointer
	if len(args) == 0 {
		h = C.occ_call_new(a)
	} else {
		argv := make([]*C.char, len(args))
		for i, s := range args {
			argv[i] = C.CString(s)
		}
		cargv := (**C.char)(C.malloc(C.size_t(len(args)) * C.size_t(unsafe.Sizeof((*C.char)(nil)))))
		copy(unsafe.Slice(cargv, len(args)), argv)
		h = C.occ_call_new_args(a, C.int(len(args)), cargv)
		for _, p := range argv {
			C.free(unsafe.Pointer(p))
		}
		C.free(unsafe.Pointer(cargv))
	}
	if h == nil {
		return nil, fmt.Errorf("cosim: out of memory creating %s", lib.Top)
	}
	m := &vmodel{api: a, h: h, lib: lib}
	if st := C.occ_call_status(a, h); st != 0 {
		err := m.simError(int(st), 0)
		C.occ_call_free(a, h)
		return nil, err
	}
	return m, nil
}

// vmodel is a Model backed by a loaded library.
type vmodel struct {
	api    *C.occ_api
	h      unsafe.Pointer // the wrapper's model handle; nil after Close
	lib    *Library
	cycles uint64
	// tracePath is the VCD being written, for a write error's message.
	tracePath string
}

// Ports implements Model.
func (m *vmodel) Ports() []port.Port { return m.lib.Ports }

// Layout implements Model.
func (m *vmodel) Layout() *port.Layout { return &m.lib.Layout }

// Cycles implements Model.
func (m *vmodel) Cycles() uint64 { return m.cycles }

// ptr returns a pointer to the first word, or nil for an empty slice.
func ptr(w []uint32) *C.uint32_t {
	if len(w) == 0 {
		return nil
	}
	return (*C.uint32_t)(unsafe.Pointer(&w[0]))
}

// simError turns a non-zero status into a *SimError for the given cycle and
// clears a non-fatal status.
func (m *vmodel) simError(st int, cycle uint64) error {
	e := &cosim.SimError{Top: m.lib.Top, Kind: cosim.SimKind(st), Cycle: cycle, Msg: C.GoString(C.occ_call_error(m.api, m.h))}
	if e.Kind != cosim.SimFatal {
		C.occ_call_clear(m.api, m.h)
	}
	return e
}

// after syncs the cycle count after a multi-cycle call and reports status.
func (m *vmodel) after(st C.int) error {
	m.cycles = uint64(C.occ_call_cycles(m.api, m.h))
	if st != 0 {
		c := m.cycles
		if c > 0 && cosim.SimKind(st) != cosim.SimFatal {
			c--
		}
		return m.simError(int(st), c)
	}
	return nil
}

// Cycle implements Model: one cgo call.
func (m *vmodel) Cycle(in, out []uint32) error {
	if m.h == nil {
		return cosim.ErrClosed
	}
	l := &m.lib.Layout
	if len(in) < l.InWords || len(out) < l.OutWords {
		return fmt.Errorf("cosim: %s Cycle got %d input and %d output words, want %d and %d", m.lib.Top, len(in), len(out), l.InWords, l.OutWords)
	}
	st := C.occ_call_cycle(m.api, m.h, ptr(in), ptr(out))
	if st != 0 {
		// The wrapper's count says which cycle the status belongs to: with
		// Spec.RegInputs it may be the previous cycle's edge, this cycle
		// not run.
		return m.after(st)
	}
	m.cycles++
	return nil
}

// Run implements Model: one cgo call for n cycles.
func (m *vmodel) Run(n int, in, out []uint32) error {
	if m.h == nil {
		return cosim.ErrClosed
	}
	l := &m.lib.Layout
	if n < 0 || len(in) < n*l.InWords || len(out) < n*l.OutWords {
		return fmt.Errorf("cosim: %s Run of %d cycles got %d input and %d output words, want %d and %d",
			m.lib.Top, n, len(in), len(out), n*l.InWords, n*l.OutWords)
	}
	if n == 0 {
		return nil
	}
	return m.after(C.occ_call_run(m.api, m.h, C.uint64_t(n), ptr(in), ptr(out)))
}

// RunCompare implements Comparer: one cgo call for up to n cycles.
func (m *vmodel) RunCompare(n, from int, in, want, out []uint32) (int, error) {
	if m.h == nil {
		return -1, cosim.ErrClosed
	}
	l := &m.lib.Layout
	if n < 0 || len(in) < n*l.InWords || len(want) < n*l.OutWords || len(out) < n*l.OutWords {
		return -1, fmt.Errorf("cosim: %s RunCompare of %d cycles got %d input, %d expected and %d output words, want %d, %d and %d",
			m.lib.Top, n, len(in), len(want), len(out), n*l.InWords, n*l.OutWords, n*l.OutWords)
	}
	if n == 0 {
		return -1, nil
	}
	var diff C.uint64_t
	err := m.after(C.occ_call_run_cmp(m.api, m.h, C.uint64_t(n), C.uint64_t(max(from, 0)), ptr(in), ptr(want), ptr(out), &diff))
	if int(diff) >= n {
		return -1, err
	}
	return int(diff), err
}

// Reset implements Model.
func (m *vmodel) Reset(cycles int) error {
	if m.h == nil {
		return cosim.ErrClosed
	}
	if cycles < 0 {
		return fmt.Errorf("cosim: Reset of %d cycles", cycles)
	}
	return m.after(C.occ_call_reset(m.api, m.h, C.uint64_t(cycles)))
}

// Set implements Model.
func (m *vmodel) Set(i int, words []uint32) error {
	if m.h == nil {
		return cosim.ErrClosed
	}
	l := &m.lib.Layout
	if i < 0 || i >= len(l.Inputs) || len(words) < l.Inputs[i].Words() {
		return fmt.Errorf("cosim: %s Set of input %d with %d words: bad index or too few words", m.lib.Top, i, len(words))
	}
	C.occ_call_set(m.api, m.h, C.int(i), ptr(words))
	return nil
}

// Get implements Model.
func (m *vmodel) Get(i int, words []uint32) error {
	if m.h == nil {
		return cosim.ErrClosed
	}
	l := &m.lib.Layout
	if i < 0 || i >= len(l.Outputs) || len(words) < l.Outputs[i].Words() {
		return fmt.Errorf("cosim: %s Get of output %d into %d words: bad index or too few words", m.lib.Top, i, len(words))
	}
	C.occ_call_get(m.api, m.h, C.int(i), ptr(words))
	return nil
}

// Eval implements Model.
func (m *vmodel) Eval() error {
	if m.h == nil {
		return cosim.ErrClosed
	}
	if st := C.occ_call_eval(m.api, m.h); st != 0 {
		return m.simError(int(st), m.cycles)
	}
	return nil
}

// Tick implements Model.
func (m *vmodel) Tick() error {
	if m.h == nil {
		return cosim.ErrClosed
	}
	return m.after(C.occ_call_tick(m.api, m.h))
}

// Trace implements Model.
func (m *vmodel) Trace(path string) error {
	if m.h == nil {
		return cosim.ErrClosed
	}
	if path == "" {
		st := C.occ_call_trace_close(m.api, m.h)
		switch {
		case st <= -100: // a write to the VCD failed: -(100 + errno)
			return &os.PathError{Op: "write", Path: m.tracePath, Err: syscall.Errno(-st - 100)}
		case st != 0:
			return m.simError(int(st), m.cycles)
		}
		return nil
	}
	if !m.lib.Trace {
		return fmt.Errorf("cosim: %s was built without tracing; build with Spec.Trace", m.lib.Top)
	}
	cpath := C.CString(path)
	defer C.free(unsafe.Pointer(cpath))
	switch st := C.occ_call_trace_open(m.api, m.h, cpath); {
	case st == -1:
		return fmt.Errorf("cosim: cannot open VCD file %s for writing", path)
	case st == -2:
		return fmt.Errorf("cosim: %s was built without tracing; build with Spec.Trace", m.lib.Top)
	case st != 0:
		return m.simError(int(st), m.cycles)
	}
	m.tracePath = path
	return nil
}

// Output implements Model.
func (m *vmodel) Output() string {
	if m.h == nil {
		return ""
	}
	n := C.occ_call_log(m.api, m.h, nil, 0)
	if n == 0 {
		return ""
	}
	buf := make([]byte, int(n))
	got := C.occ_call_log(m.api, m.h, (*C.char)(unsafe.Pointer(&buf[0])), n)
	return string(buf[:int(got)])
}

// Close implements Model; closing twice is a no-op.
func (m *vmodel) Close() error {
	if m.h == nil {
		return nil
	}
	C.occ_call_free(m.api, m.h)
	m.h = nil
	return nil
}
