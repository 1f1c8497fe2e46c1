package main

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"occamy/cosim/synth"
)

// blockList splits --block's comma-separated names.
func blockList(s string) []string {
	var names []string
	for _, n := range strings.Split(s, ",") {
		if n = strings.TrimSpace(n); n != "" {
			names = append(names, n)
		}
	}
	return names
}

// synthTMJob is the traffic-manager run the flags ask for (--block tm, or
// --all at the defaults), nil when none; every error is bad input.
// changed says whether a flag was given.
func synthTMJob(fl synthFlags, changed func(string) bool) (*synth.TMJob, error) {
	params, err := parseParams(fl.params)
	if err != nil {
		return nil, err
	}
	tm := slices.Contains(blockList(fl.blocks), synth.TMBlock) && !fl.all
	if fl.noTM && !fl.all {
		return nil, errors.New("--no-tm is for --all (leave tm out of --block instead)")
	}
	if !tm {
		if len(params) > 0 || fl.small {
			return nil, errors.New("--param and --small are for --block tm (--all costs the traffic manager at its defaults)")
		}
		if !fl.all || fl.noTM {
			return nil, nil
		}
	}
	if tm {
		for _, f := range []string{"n", "qw"} {
			if changed(f) {
				return nil, fmt.Errorf("--block tm does not take --%s; give the TM's Verilog parameters with --param NAME=VALUE (%s)",
					f, strings.Join(synth.TMParamNames(), ", "))
			}
		}
	}
	given := map[string]int{}
	if fl.small {
		given = synth.TMSmall()
	}
	for k, v := range params {
		given[k] = v
	}
	j, err := synth.NewTMJob(given)
	if err != nil {
		return nil, err // names the block: "tm: parameter K=3 out of range, ..."
	}
	return &j, nil
}
