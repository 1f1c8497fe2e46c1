package tm

import (
	"fmt"
	"strings"
)

// Policy is a buffer-management policy. Its text form (String,
// ParsePolicy, JSON) is the name the command line and config files use.
type Policy uint8

// The policies New accepts.
const (
	PolicyDT           Policy = iota // Dynamic Threshold admission, no expulsion
	PolicyOccamy                     // DT admission, round-robin head drop of over-threshold queues
	PolicyOccamyLQD                  // DT admission, head drop of the longest over-threshold queue
	PolicyPushout                    // ideal Pushout: the longest queue's head leaves in the arrival's cycle, no port cost
	PolicyPushoutPorts               // Pushout through the port-limited head-drop executor, with a wait allowance
	PolicyABM                        // Active Buffer Management (simplified: see hw/admission), no expulsion
	numPolicies
)

var policyNames = [numPolicies]string{"dt", "occamy", "occamy-lqd", "pushout", "pushout-ports", "abm"}

// Policies lists the policies of the paper's comparison, with Pushout the
// ideal one: dt, occamy, occamy-lqd, pushout.
var Policies = []Policy{PolicyDT, PolicyOccamy, PolicyOccamyLQD, PolicyPushout}

// AllPolicies lists every policy New accepts.
var AllPolicies = []Policy{PolicyDT, PolicyOccamy, PolicyOccamyLQD, PolicyPushout, PolicyPushoutPorts, PolicyABM}

// String returns the policy's name, or "Policy(n)" outside the list.
func (p Policy) String() string {
	if p < numPolicies {
		return policyNames[p]
	}
	return fmt.Sprintf("Policy(%d)", uint8(p))
}

// Valid reports whether p is one of AllPolicies.
func (p Policy) Valid() bool { return p < numPolicies }

// Expels reports whether the policy removes admitted packets.
func (p Policy) Expels() bool {
	return p == PolicyOccamy || p == PolicyOccamyLQD || p == PolicyPushout || p == PolicyPushoutPorts
}

// PolicyNames returns the names of ps, in order.
func PolicyNames(ps []Policy) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.String()
	}
	return out
}

// PolicyError is an unknown policy name.
type PolicyError struct{ Name string }

func (e *PolicyError) Error() string {
	return fmt.Sprintf("unknown policy %q, allowed %s", e.Name, strings.Join(PolicyNames(AllPolicies), ", "))
}

// ParsePolicy returns the policy named s, or a *PolicyError.
func ParsePolicy(s string) (Policy, error) {
	for i, n := range policyNames {
		if n == s {
			return Policy(i), nil
		}
	}
	return 0, &PolicyError{Name: s}
}

// MarshalText writes the policy's name.
func (p Policy) MarshalText() ([]byte, error) {
	if !p.Valid() {
		return nil, fmt.Errorf("tm: %s is not a policy", p)
	}
	return []byte(p.String()), nil
}

// UnmarshalText reads a policy name.
func (p *Policy) UnmarshalText(b []byte) error {
	v, err := ParsePolicy(string(b))
	if err != nil {
		return err
	}
	*p = v
	return nil
}
