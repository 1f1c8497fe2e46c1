package scenario

import (
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"

	"occamy/hw/tm"
	"occamy/testbench/traffic"
)

// MaxFileBytes is the largest config file read (a config is a few
// hundred bytes; the cap keeps a wrong path such as a log from being
// read whole).
const MaxFileBytes = 16 << 20

// File is a run described in a JSON config file (`occamy sim --config`).
// Every key is optional; flags given on the command line win.
//
//	{
//	  "scenario": "burst-absorption",
//	  "bm": "occamy", "alpha": 8, "cycles": 200000, "seed": 3,
//	  "params": {"senders": 32},
//	  "tm": {"B": 8192, "Sched": "drr"},
//	  "sources": [{"kind": "random", "load": 0.3}]
//	}
//
// "tm" sets fields of tm.Config by their Go names; "sources" are added to
// the scenario's own (for scenario custom they are the only ones).
type File struct {
	Scenario string             `json:"scenario,omitempty"`
	BM       string             `json:"bm,omitempty"`
	Alpha    float64            `json:"alpha,omitempty"`
	Cycles   uint64             `json:"cycles,omitempty"`
	Seed     *uint64            `json:"seed,omitempty"`
	Params   map[string]float64 `json:"params,omitempty"`
	TM       json.RawMessage    `json:"tm,omitempty"`
	Sources  []traffic.Spec     `json:"sources,omitempty"`
}

// ParseFile decodes and checks a config file. Errors are one line, start
// with "config" and name the offending field and its allowed values.
func ParseFile(data []byte) (*File, error) {
	f := &File{}
	var srcs json.RawMessage
	_, err := traffic.DecodeObject(data, "config", []traffic.Field{
		{Name: "scenario", Ptr: &f.Scenario}, {Name: "bm", Ptr: &f.BM}, {Name: "alpha", Ptr: &f.Alpha},
		{Name: "cycles", Ptr: &f.Cycles}, {Name: "seed", Ptr: &f.Seed}, {Name: "params", Ptr: &f.Params},
		{Name: "tm", Ptr: &f.TM}, {Name: "sources", Ptr: &srcs},
	})
	if err != nil {
		return nil, err
	}
	if f.TM != nil {
		cfg := tm.DefaultConfig()
		if _, err := applyTM(&cfg, f.TM, "config.tm"); err != nil {
			return nil, err
		}
	}
	if srcs != nil {
		if f.Sources, err = traffic.DecodeSources(srcs, "config.sources"); err != nil {
			return nil, err
		}
	}
	return f, nil
}

// tmFields lists tm.Config's settable fields by Go name, pointing into cfg.
func tmFields(cfg *tm.Config) []traffic.Field {
	v := reflect.ValueOf(cfg).Elem()
	t := v.Type()
	var out []traffic.Field
	for i := 0; i < t.NumField(); i++ {
		if !t.Field(i).IsExported() {
			continue
		}
		out = append(out, traffic.Field{Name: t.Field(i).Name, Ptr: v.Field(i).Addr().Interface()})
	}
	return out
}

// applyTM sets the fields of cfg named in the JSON object raw and returns
// the names set.
func applyTM(cfg *tm.Config, raw []byte, path string) (map[string]bool, error) {
	set, err := traffic.DecodeObject(raw, path, tmFields(cfg))
	if err != nil {
		return nil, err
	}
	return set, nil
}

// setTM sets one tm.Config field by Go name from a Go value of the
// field's type (for command-line flags), or from a string for a field with
// a text form (tm.Policy, tm.SchedMode, tm.FreeMode: their names).
func setTM(cfg *tm.Config, name string, val any) error {
	f := reflect.ValueOf(cfg).Elem().FieldByName(name)
	if !f.IsValid() || !f.CanSet() {
		return fmt.Errorf("tm: no field %s", name)
	}
	x := reflect.ValueOf(val)
	if s, ok := val.(string); ok && f.Type() != x.Type() {
		if u, ok := f.Addr().Interface().(encoding.TextUnmarshaler); ok {
			return u.UnmarshalText([]byte(s))
		}
	}
	if !x.Type().AssignableTo(f.Type()) {
		return fmt.Errorf("tm: field %s is %s, not %s", name, f.Type(), x.Type())
	}
	f.Set(x)
	return nil
}
