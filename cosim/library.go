package cosim

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// Library is a built, cached model: a shared library and what is known
// about its top. Open loads it.
type Library struct {
	Key       string   `json:"key"`       // SHA-256 (hex) of everything that went into the build
	Top       string   `json:"top"`       // top module
	Params    []string `json:"params"`    // the -G parameters, "name=value", sorted
	Ports     []Port   `json:"ports"`     // every port of the top, in declaration order
	Layout    Layout   `json:"layout"`    // how Model.Cycle's word arrays map onto the ports
	Trace     bool     `json:"trace"`     // built with --trace
	Assert    bool     `json:"assert"`    // built with --assert
	Opt       string   `json:"opt"`       // C++ optimisation level
	Files     []string `json:"files"`     // every source file Verilator read
	Verilator string   `json:"verilator"` // Verilator version line
	Compiler  string   `json:"compiler"`  // C++ compiler version line
	Runtime   string   `json:"runtime"`   // directory of the shared runtime objects

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

// loadEntry reads a finished cache entry; it fails unless the entry holds
// the wanted key and its library file.
func loadEntry(dir, key string) (*Library, error) {
	b, err := os.ReadFile(filepath.Join(dir, metaFile))
	if err != nil {
		return nil, err
	}
	var l Library
	if err := json.Unmarshal(b, &l); err != nil {
		return nil, fmt.Errorf("cosim: cache entry %s: %w", dir, err)
	}
	if l.Key != key {
		return nil, fmt.Errorf("cosim: cache entry %s holds key %s, want %s", dir, l.Key, key)
	}
	l.Dir = dir
	l.Path = filepath.Join(dir, libName(l.Top, l.Key))
	if _, err := os.Stat(l.Path); err != nil {
		return nil, err
	}
	return &l, nil
}

// writeEntry writes meta.json into a cache entry being built.
func (l *Library) writeEntry(dir string) error {
	b, err := json.MarshalIndent(l, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, metaFile), append(b, '\n'), 0o644)
}

// MarshalText writes a direction as "input" or "output".
func (d Dir) MarshalText() ([]byte, error) {
	if d != In && d != Out {
		return nil, fmt.Errorf("cosim: bad direction %d", uint8(d))
	}
	return []byte(d.String()), nil
}

// UnmarshalText reads "input" or "output".
func (d *Dir) UnmarshalText(b []byte) error {
	switch string(b) {
	case "input":
		*d = In
	case "output":
		*d = Out
	default:
		return fmt.Errorf("cosim: bad direction %q", b)
	}
	return nil
}
