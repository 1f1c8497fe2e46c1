package design

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strings"

	"go.yaml.in/yaml/v3"

	"occamy/rtl/infile"
)

// MaxSize bounds a design file.
const MaxSize = 256 << 10

// Error is one problem with a design file or a flag: where (file:line, or
// the flag) and what.
type Error struct {
	Where string // "my_arb.yaml:7", "--latency", or "" when neither applies
	What  string // "latency: gnt_idx_o: want a whole number of cycles 0..64"
}

func (e *Error) Error() string {
	if e.Where == "" {
		return e.What
	}
	return e.Where + ": " + e.What
}

// Load reads a design file. Every error is an *Error naming the file and,
// where it has one, the line.
func Load(path string) (*File, error) {
	b, err := infile.ReadFile(path, MaxSize)
	if err != nil {
		return nil, err
	}
	f, err := Parse(filepath.Base(path), b)
	if err != nil {
		return nil, err
	}
	f.Path = path
	return f, nil
}

// Parse reads a design file's text; name is the file's name for errors.
func Parse(name string, text []byte) (*File, error) {
	var root yaml.Node
	if err := yaml.Unmarshal(text, &root); err != nil {
		return nil, yamlError(name, err)
	}
	f := &File{}
	if root.Kind == 0 { // empty document
		return f, nil
	}
	if len(root.Content) != 1 || root.Content[0].Kind != yaml.MappingNode {
		return nil, &Error{Where: fmt.Sprintf("%s:%d", name, root.Line), What: "want a mapping of keys (block:, ports:, latency: ...)"}
	}
	dec := yaml.NewDecoder(bytes.NewReader(text))
	dec.KnownFields(true)
	if err := dec.Decode(f); err != nil && !errors.Is(err, io.EOF) {
		return nil, yamlError(name, err)
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); !errors.Is(err, io.EOF) {
		return nil, &Error{Where: name, What: "one YAML document per design file, found a second"}
	}
	f.name = name
	f.lines = map[string]int{}
	record(f.lines, "", root.Content[0])
	return f, nil
}

// record notes the line of every mapping key under n, as "a.b.c".
func record(lines map[string]int, prefix string, n *yaml.Node) {
	if n.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := prefix + n.Content[i].Value
		lines[k] = n.Content[i].Line
		record(lines, k+".", n.Content[i+1])
	}
}

var lineRE = regexp.MustCompile(`^(?:yaml: )?line (\d+): (.*)$`)
var unknownRE = regexp.MustCompile(`^field (\S+) not found in type \S+$`)

// yamlError turns the YAML library's error into *Error lines naming the
// file and line; an unknown key says so in the file's terms.
func yamlError(name string, err error) error {
	var msgs []string
	var te *yaml.TypeError
	if errors.As(err, &te) {
		msgs = te.Errors
	} else {
		msgs = []string{err.Error()}
	}
	m := strings.TrimPrefix(msgs[0], "yaml: ")
	where := name
	if s := lineRE.FindStringSubmatch(m); s != nil {
		where, m = name+":"+s[1], s[2]
	}
	if s := unknownRE.FindStringSubmatch(m); s != nil {
		m = "unknown key " + s[1] + " (keys: " + strings.Join(Keys, ", ") + ")"
	}
	m = strings.Replace(m, "cannot unmarshal ", "want another type: ", 1)
	if len(msgs) > 1 {
		m += fmt.Sprintf(" (and %d more)", len(msgs)-1)
	}
	return &Error{Where: where, What: m}
}

// Keys are the top-level keys of version 1.
var Keys = []string{"block", "top", "files", "incdirs", "params", "clock", "reset", "ports", "tie",
	"latency", "dont_care", "constrain", "observe", "check", "wait_bound", "keep_going", "lowest_tie", "tm"}

// At is "file:line" of a key path ("latency", "gnt_idx_o"), for errors
// about a declaration; the file alone when the key has no line (a flag).
func (f *File) At(keys ...string) string {
	if f == nil || f.name == "" {
		return ""
	}
	if l, ok := f.lines[strings.Join(keys, ".")]; ok {
		return fmt.Sprintf("%s:%d", f.name, l)
	}
	return f.name
}

// line is "file:line" of a key path when the file holds it, else "" (the
// declaration came from a flag).
func (f *File) line(keys ...string) string {
	var k []string
	for _, s := range keys {
		if s != "" {
			k = append(k, s)
		}
	}
	if l, ok := f.lines[strings.Join(k, ".")]; ok && f.name != "" {
		return fmt.Sprintf("%s:%d", f.name, l)
	}
	return ""
}
