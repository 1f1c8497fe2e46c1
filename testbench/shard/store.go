package shard

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"occamy/rtl/outfile"
)

// MaxFileBytes bounds a shard file merge reads (a point takes about 100
// bytes: 600 000 points).
const MaxFileBytes = 64 << 20

// ErrPartial is returned by a sweep run under a shard's Store once its
// points are computed and stored: the caller saves the Store instead of
// writing the sweep's output.
var ErrPartial = errors.New("shard: this shard's points are stored; merge all shards for the output")

// Call is one sweep's stored results: N points, by index.
type Call struct {
	N       int                     `json:"n"`
	Results map[int]json.RawMessage `json:"results"`
	// From names the shard file each point was read from (merged calls
	// only), for errors.
	From map[int]string `json:"-"`
}

// Store holds the results of a sharded run (Replay false: only its
// shard's points are computed) or of all shards merged (Replay true: every
// point is read back, none computed). Sweeps claim its calls in order.
type Store struct {
	Shard  Shard
	Replay bool
	Calls  []Call

	mu   sync.Mutex
	next int
}

// NewStore is an empty store for a run of shard s.
func NewStore(s Shard) *Store { return &Store{Shard: s} }

type ctxKey struct{}

// WithStore returns ctx carrying st.
func WithStore(ctx context.Context, st *Store) context.Context {
	return context.WithValue(ctx, ctxKey{}, st)
}

// StoreFrom returns the store ctx carries, or nil.
func StoreFrom(ctx context.Context) *Store {
	st, _ := ctx.Value(ctxKey{}).(*Store)
	return st
}

// Begin claims the next sweep of n points. It returns the call to fill
// (a sharded run's first sweep) or to read (a replay), or nil when the
// sweep must simply run in full (a replay with no stored sweep left, or a
// sharded run's later sweeps, which only run after a merge).
func (st *Store) Begin(n int) (*Call, error) {
	st.mu.Lock()
	defer st.mu.Unlock()
	k := st.next
	st.next++
	if st.Replay {
		if k >= len(st.Calls) {
			return nil, nil
		}
		c := &st.Calls[k]
		if c.N != n {
			return nil, fmt.Errorf("shard: sweep %d has %d points, the shards stored %d: not the same command", k, n, c.N)
		}
		return c, nil
	}
	if k > 0 {
		return nil, nil
	}
	st.Calls = append(st.Calls, Call{N: n, Results: map[int]json.RawMessage{}})
	return &st.Calls[0], nil
}

// Put stores point i's result.
func (st *Store) Put(c *Call, i int, v any) error {
	raw, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("shard: point %d: %w", i, err)
	}
	st.mu.Lock()
	c.Results[i] = raw
	st.mu.Unlock()
	return nil
}

// Get reads point i's result into v.
func (c *Call) Get(i int, v any) error {
	raw, ok := c.Results[i]
	if !ok {
		return fmt.Errorf("shard: point %d of %d missing from the merged shards", i, c.N)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		if f, ok := c.From[i]; ok {
			return &PointError{File: f, Point: i, Err: err}
		}
		return fmt.Errorf("shard: point %d: %w", i, err)
	}
	return nil
}

// PointError is a merged shard file's point that does not decode as the
// sweep's result: bad input, naming the file.
type PointError struct {
	File  string
	Point int
	Err   error
}

func (e *PointError) Error() string {
	return fmt.Sprintf("%s: point %d is not a result of this sweep: %v", e.File, e.Point, e.Err)
}

// FileFormat marks a shard file.
const FileFormat = "occamy-shard/1"

// File is what a sharded run writes: the command that makes the output
// (without --shard), the shard, and its stored points.
type File struct {
	Format  string   `json:"format"`
	Command []string `json:"command"`
	Shard   string   `json:"shard"`
	Calls   []Call   `json:"calls"`
}

// Save writes the store as a shard file for command through rtl/outfile
// (atomically: an interrupted write or a full disk leaves nothing
// half-written).
func (st *Store) Save(path string, command []string) error {
	data, err := json.Marshal(File{Format: FileFormat, Command: command, Shard: st.Shard.String(), Calls: st.Calls})
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return outfile.WriteFile(path, append(data, '\n'))
}

// Merge checks that files are the shards 0..n-1 of one command, each once,
// and returns the command and a replay store holding every point.
func Merge(files []File, names []string) ([]string, *Store, error) {
	if len(files) == 0 {
		return nil, nil, errors.New("merge: no shard files")
	}
	var cmd []string
	var n int
	seen := map[int]string{}
	st := &Store{Replay: true, Shard: All}
	for k, f := range files {
		if f.Format != FileFormat {
			return nil, nil, fmt.Errorf("%s: format %q, want %q", names[k], f.Format, FileFormat)
		}
		s, err := Parse(f.Shard)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", names[k], err)
		}
		for _, a := range f.Command {
			if a == "--shard" || strings.HasPrefix(a, "--shard=") {
				return nil, nil, fmt.Errorf("%s: its command %q has %s: a shard file stores the command without --shard", names[k], f.Command, a)
			}
		}
		if k == 0 {
			cmd, n = f.Command, s.N
			st.Calls = make([]Call, len(f.Calls))
			for i, c := range f.Calls {
				st.Calls[i] = Call{N: c.N, Results: map[int]json.RawMessage{}, From: map[int]string{}}
			}
		}
		if fmt.Sprint(f.Command) != fmt.Sprint(cmd) {
			return nil, nil, fmt.Errorf("%s: command %q, %s has %q", names[k], f.Command, names[0], cmd)
		}
		if s.N != n {
			return nil, nil, fmt.Errorf("%s: shard %s, %s is of %d shards", names[k], s, names[0], n)
		}
		if prev, dup := seen[s.I]; dup {
			return nil, nil, fmt.Errorf("%s: shard %s again (also %s)", names[k], s, prev)
		}
		seen[s.I] = names[k]
		if len(f.Calls) != len(st.Calls) {
			return nil, nil, fmt.Errorf("%s: %d sweeps, %s has %d", names[k], len(f.Calls), names[0], len(st.Calls))
		}
		for i, c := range f.Calls {
			if c.N != st.Calls[i].N {
				return nil, nil, fmt.Errorf("%s: sweep %d has %d points, %s has %d", names[k], i, c.N, names[0], st.Calls[i].N)
			}
			for idx, raw := range c.Results {
				if !s.Owns(idx) || idx < 0 || idx >= c.N {
					return nil, nil, fmt.Errorf("%s: point %d does not belong to shard %s", names[k], idx, s)
				}
				st.Calls[i].Results[idx] = raw
				st.Calls[i].From[idx] = names[k]
			}
		}
	}
	for i := 0; i < n; i++ {
		if _, ok := seen[i]; !ok {
			return nil, nil, fmt.Errorf("merge: shard %d/%d missing", i, n)
		}
	}
	for i, c := range st.Calls {
		if len(c.Results) != c.N {
			return nil, nil, fmt.Errorf("merge: sweep %d: %d of %d points", i, len(c.Results), c.N)
		}
	}
	return cmd, st, nil
}
