package traffic

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Config is a traffic config file: a list of sources.
//
//	{"sources": [
//	  {"kind": "constant", "queue": 0, "rate": 1.5, "size": {"dist": "fixed", "bytes": 1500}},
//	  {"kind": "incast", "port": 1, "senders": 40, "burst_bytes": 400000, "start": 20000}
//	]}
type Config struct {
	Sources []Spec `json:"sources"`
}

// MaxSources is the most sources a config may list.
const MaxSources = 1024

// ParseConfig decodes and checks a traffic config file. Errors are one line
// and start with "config:" and the path of the offending field.
func ParseConfig(data []byte) (*Config, error) {
	var raw json.RawMessage
	if _, err := DecodeObject(data, "config", []Field{{"sources", &raw}}); err != nil {
		return nil, err
	}
	if raw == nil {
		return nil, fmt.Errorf("config: sources: missing, want an array of sources")
	}
	srcs, err := DecodeSources(raw, "config.sources")
	if err != nil {
		return nil, err
	}
	return &Config{Sources: srcs}, nil
}

// DecodeSources decodes a JSON array of source objects; path names the
// array in errors.
func DecodeSources(raw []byte, path string) ([]Spec, error) {
	var items []json.RawMessage
	if err := unmarshalStrict(raw, &items); err != nil {
		return nil, jsonErr(path, raw, err)
	}
	if len(items) > MaxSources {
		return nil, fmt.Errorf("%s: %d sources, allowed at most %d", path, len(items), MaxSources)
	}
	out := make([]Spec, len(items))
	for i, it := range items {
		s, err := DecodeSource(it, fmt.Sprintf("%s[%d]", path, i))
		if err != nil {
			return nil, err
		}
		out[i] = *s
	}
	return out, nil
}

// DecodeSource decodes and checks one source object.
func DecodeSource(raw []byte, path string) (*Spec, error) {
	s := &Spec{}
	var size json.RawMessage
	present, err := DecodeObject(raw, path, []Field{
		{"kind", &s.Kind}, {"queue", &s.Queue}, {"port", &s.Port}, {"class", &s.Class},
		{"rate", &s.Rate}, {"load", &s.Load}, {"ports", &s.Ports}, {"classes", &s.Classes},
		{"burst_bytes", &s.BurstBytes}, {"off_cycles", &s.OffCycles}, {"count", &s.Count},
		{"senders", &s.Senders}, {"sender_rate", &s.SenderRate}, {"period", &s.Period},
		{"jitter", &s.Jitter}, {"size", &size}, {"start", &s.Start}, {"stop", &s.Stop},
	})
	if err != nil {
		return nil, err
	}
	if !present["kind"] {
		return nil, fmt.Errorf("%s: missing, allowed: %s", join(path, "kind"), strings.Join(Kinds, ", "))
	}
	if size != nil {
		if s.Size, err = decodeSize(size, join(path, "size")); err != nil {
			return nil, err
		}
	}
	if err := s.check(path, present); err != nil {
		return nil, err
	}
	return s, nil
}

// ParseFlag parses a source given on the command line as comma-separated
// key=value pairs with the JSON config's keys; a size is given by the keys
// of its object at the top level (dist, bytes, min, max, small, large,
// large_frac, sizes), lists use '/' between items, and an empirical list
// gives bytes:weight items:
//
//	kind=constant,queue=0,rate=1.5,dist=fixed,bytes=1500
//	kind=random,load=0.9,ports=0/1/2,dist=empirical,sizes=64:6/1500:4
//
// The result is checked as a config file's source would be; errors name
// the key and its allowed values, with path (e.g. "--source") first.
func ParseFlag(text, path string) (*Spec, error) {
	obj := map[string]any{}
	size := map[string]any{}
	for _, kv := range strings.Split(text, ",") {
		k, v, ok := strings.Cut(kv, "=")
		k = strings.TrimSpace(k)
		v = strings.TrimSpace(v)
		if !ok || k == "" {
			return nil, fmt.Errorf("%s: %q is not key=value, keys: %s", path, kv, strings.Join(flagKeys, ", "))
		}
		dst := obj
		if _, isSize := sizeKeyKind[k]; isSize {
			dst = size
		}
		if _, dup := dst[k]; dup {
			return nil, fmt.Errorf("%s: %s given twice", path, k)
		}
		val, err := flagValue(k, v, path)
		if err != nil {
			return nil, err
		}
		dst[k] = val
	}
	if len(size) > 0 {
		obj["size"] = size
	}
	data, err := json.Marshal(obj)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return DecodeSource(data, path)
}

// flagKeys lists every key a --source flag accepts.
var flagKeys = []string{"kind", "queue", "port", "class", "rate", "load", "ports", "classes", "burst_bytes",
	"off_cycles", "count", "senders", "sender_rate", "period", "jitter", "start", "stop",
	"dist", "bytes", "min", "max", "small", "large", "large_frac", "sizes"}

// sizeKeyKind marks the keys that belong to a size object.
var sizeKeyKind = map[string]bool{"dist": true, "bytes": true, "min": true, "max": true,
	"small": true, "large": true, "large_frac": true, "sizes": true}

// listKeys are keys whose flag value is a '/'-separated list of integers.
var listKeys = map[string]bool{"ports": true, "classes": true}

// flagValue converts one flag value to what the JSON decoder expects:
// numbers stay numbers (so a wrong type is reported as in a file), lists
// become arrays.
func flagValue(k, v, path string) (any, error) {
	switch {
	case k == "kind" || k == "dist":
		return v, nil
	case listKeys[k]:
		var out []json.RawMessage
		for _, it := range strings.Split(v, "/") {
			out = append(out, rawNumber(it))
		}
		return out, nil
	case k == "sizes":
		var out []map[string]json.RawMessage
		for _, it := range strings.Split(v, "/") {
			b, w, ok := strings.Cut(it, ":")
			if !ok {
				return nil, fmt.Errorf("%s: sizes: %q is not bytes:weight", path, it)
			}
			out = append(out, map[string]json.RawMessage{"bytes": rawNumber(b), "weight": rawNumber(w)})
		}
		return out, nil
	}
	return rawNumber(v), nil
}

// rawNumber returns v as a JSON number when it parses as one, else as a
// JSON string, so the decoder reports "got JSON string, want a number".
func rawNumber(v string) json.RawMessage {
	if _, err := strconv.ParseFloat(v, 64); err == nil && json.Valid([]byte(v)) {
		return json.RawMessage(v)
	}
	b, _ := json.Marshal(v)
	return b
}

// BuildAll builds every spec against env, in order, into one Mix. path
// names the list in errors (e.g. "sources").
func BuildAll(specs []Spec, env Env, seed uint64, path string) (*Mix, error) {
	srcs := make([]Source, len(specs))
	for i := range specs {
		s, err := specs[i].Build(env, seed, i, fmt.Sprintf("%s[%d]", path, i))
		if err != nil {
			return nil, err
		}
		srcs[i] = s
	}
	return NewMix(srcs...), nil
}
