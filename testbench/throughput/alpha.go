package throughput

import (
	"math"
	"strconv"
)

// Smallest and largest α of the TM's default 4-bit signed exponent.
const (
	minAlphaExp = -8
	maxAlphaExp = 7
)

// AlphaMax is the largest power-of-two α with 1/α ≥ R/V − 2 (the paper's
// Inequality (4) for one over-allocated queue and one burst), R the burst
// arrival rate and V the expulsion rate, both in cells per clock. It
// returns +Inf when any α satisfies it (R ≤ 2V), 0 when not even 2^-8
// does, and NaN when V is not positive.
func AlphaMax(r, v float64) float64 {
	if !(v > 0) {
		return math.NaN()
	}
	return largestAlpha(r/v - 2)
}

// AlphaMaxDrain is the largest power-of-two α with
//
//	1/α ≥ (R − d)/(V + d) − 1
//
// the fluid model of one over-allocated queue shrinking at V + d (expulsion
// plus its port's drain d) while a burst grows at R − d (arrivals minus its
// port's drain), both queues under DT admission: the burst reaches its fair
// share αB/(1+2α) before the free buffer runs out exactly when this holds.
// With V = 0 (DT, no expulsion) it is the paper's Inequality (4) with V = d;
// with expulsion it asks for about one R/V more than Inequality (4) does.
// Rates in cells per clock; +Inf, 0 and NaN as for AlphaMax.
func AlphaMaxDrain(r, v, d float64) float64 {
	if !(v+d > 0) {
		return math.NaN()
	}
	return largestAlpha((r-d)/(v+d) - 1)
}

// largestAlpha is the largest power of two α in the exponent range with
// 1/α ≥ need.
func largestAlpha(need float64) float64 {
	if need <= 0 {
		return math.Inf(1)
	}
	for e := maxAlphaExp; e >= minAlphaExp; e-- {
		a := math.Ldexp(1, e)
		if 1/a >= need {
			return a
		}
	}
	return 0
}

// FormatAlpha writes an AlphaMax result: "any", "none", "n/a" or the number.
func FormatAlpha(a float64) string {
	switch {
	case math.IsNaN(a):
		return "n/a"
	case math.IsInf(a, 1):
		return "any"
	case a == 0:
		return "none"
	}
	return strconv.FormatFloat(a, 'g', -1, 64)
}
