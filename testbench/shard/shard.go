// Package shard splits a sweep's independent points across machines and
// puts the pieces back together.
//
// A Shard i/n owns the points whose index k has k mod n = i (round robin,
// so neighbouring points of a sweep, which often cost alike, spread over
// the shards). A sweep run under a shard's Store computes only its points
// and keeps their results (testbench/sweep.Map does this when the context
// carries a Store); the results of all n shards, merged, replay the sweep
// without computing anything, so the merged output is exactly what one
// unsharded run gives. Tests that are not sweeps of this kind (the
// co-simulation regressions) pick their share with Select and the
// OCCAMY_SHARD environment variable.
package shard

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// MaxN is the most shards a sweep may be split into.
const MaxN = 100000

// EnvVar names the environment variable Select reads: "i/n".
const EnvVar = "OCCAMY_SHARD"

// Shard is shard I (0-based) of N.
type Shard struct{ I, N int }

// All is the whole sweep, one shard.
var All = Shard{0, 1}

// Error is a bad shard text.
type Error struct {
	Text   string
	Reason string
}

func (e *Error) Error() string {
	return fmt.Sprintf("shard %q: %s, want i/n with 0 <= i < n <= %d", e.Text, e.Reason, MaxN)
}

// Parse reads "i/n".
func Parse(text string) (Shard, error) {
	a, b, ok := strings.Cut(strings.TrimSpace(text), "/")
	if !ok {
		return Shard{}, &Error{text, "no '/'"}
	}
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	switch {
	case err1 != nil || err2 != nil:
		return Shard{}, &Error{text, "not two integers"}
	case n < 1 || n > MaxN:
		return Shard{}, &Error{text, "n out of range"}
	case i < 0 || i >= n:
		return Shard{}, &Error{text, "i out of range"}
	}
	return Shard{i, n}, nil
}

// String is "i/n".
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.I, s.N) }

// Whole reports whether the shard is the whole sweep.
func (s Shard) Whole() bool { return s.N <= 1 }

// Owns reports whether point k belongs to the shard.
func (s Shard) Owns(k int) bool { return s.N <= 1 || k%s.N == s.I }

// Indices returns the shard's points among 0..n-1, in order.
func (s Shard) Indices(n int) []int {
	var out []int
	for k := 0; k < n; k++ {
		if s.Owns(k) {
			out = append(out, k)
		}
	}
	return out
}

// FromEnv reads OCCAMY_SHARD; unset or empty is All.
func FromEnv() (Shard, error) {
	v := os.Getenv(EnvVar)
	if v == "" {
		return All, nil
	}
	s, err := Parse(v)
	if err != nil {
		return All, fmt.Errorf("%s: %w", EnvVar, err)
	}
	return s, nil
}

// TB is the part of testing.TB Select uses.
type TB interface {
	Helper()
	Fatalf(format string, args ...any)
	Logf(format string, args ...any)
}

// Select returns the items of the OCCAMY_SHARD shard (all of them when it
// is unset), for a test that loops over independent cases; a bad value
// fails the test.
func Select[T any](t TB, items []T) []T {
	t.Helper()
	s, err := FromEnv()
	if err != nil {
		t.Fatalf("%v", err)
		return nil
	}
	if s.Whole() {
		return items
	}
	var out []T
	for _, k := range s.Indices(len(items)) {
		out = append(out, items[k])
	}
	t.Logf("%s=%s: %d of %d cases", EnvVar, s, len(out), len(items))
	return out
}
