package verilator

import (
	"fmt"
	"occamy/rtl/port"
)

// Library is a built, cached model: a shared library and what is known
// about its top. Open loads it.
type Library struct {
	Key       string      `json:"key"`        // SHA-256 (hex) of everything that went into the build
	Top       string      `json:"top"`        // top module
	Params    []string    `json:"params"`     // the -G parameters, "name=value", sorted
	Ports     []port.Port `json:"ports"`      // every port of the top, in declaration order
	Layout    port.Layout `json:"layout"`     // how Model.Cycle's word arrays map onto the ports
	Trace     bool        `json:"trace"`      // built with --trace
	RegInputs bool        `json:"reg_inputs"` // built inside the registered-input wrapper (Spec.RegInputs)
	Assert    bool        `json:"assert"`     // built with --assert
	Opt       string      `json:"opt"`        // C++ optimisation level
	PGO       string      `json:"pgo"`        // profile-guided (Spec.Train): the SHA-256 of the training inputs, "" if not
	Files     []string    `json:"files"`      // every source file Verilator read
	Verilator string      `json:"verilator"`  // Verilator version line
	Compiler  string      `json:"compiler"`   // C++ compiler version line
	Runtime   string      `json:"runtime"`    // directory of the shared runtime objects
	SoSize    int64       `json:"so_size"`    // size of the .so in bytes, recorded at build time
	SoSHA256  string      `json:"so_sha256"`  // SHA-256 (hex) of the .so, recorded at build time

	Path     string `json:"-"` // absolute path of the .so; its name contains the key
	Dir      string `json:"-"` // the cache entry directory
	Cached   bool   `json:"-"` // true when Build found the library in the cache
	Warnings string `json:"-"` // Verilator's warnings while elaborating this time
}

const (
	metaFile = "meta.json"
	libBase  = "libocc"
)

// libName is the .so file name of a top and key: the key is in the name, so
// a process can never dlopen a stale library under a reused path.
func libName(top, key string) string {
	return fmt.Sprintf("%s_%s_%s.so", libBase, safeName(top), key[:24])
}

// entryName is the cache directory name of a top and key.
func entryName(top, key string) string { return safeName(top) + "-" + key[:24] }

func safeName(s string) string {
	b := []byte(s)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			b[i] = '_'
		}
	}
	return string(b)
}

// meta is the string occ_meta in the library must return.
func (l *Library) meta() string { return metaString(l.Top, &l.Layout, l.Trace) }
