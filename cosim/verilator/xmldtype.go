package verilator

import (
	"errors"
	"fmt"
	"math/big"
	"strings"
)

// dtypeWidth computes the packed width of the type with the given id,
// remembering each type's width in widths so that shared member types are
// sized once (a hostile type table cannot make it take exponential time).
func dtypeWidth(types map[string]*xmlDtype, widths map[string]int, id string, depth int) (int, error) {
	if w, ok := widths[id]; ok {
		return w, nil
	}
	if depth > 64 {
		return 0, errors.New("type nesting too deep")
	}
	w, err := dtypeWidthOnce(types, widths, id, depth)
	if err != nil {
		return 0, err
	}
	widths[id] = w
	return w, nil
}

func dtypeWidthOnce(types map[string]*xmlDtype, widths map[string]int, id string, depth int) (int, error) {
	d, ok := types[id]
	if !ok {
		return 0, fmt.Errorf("unknown type id %q", id)
	}
	var w int
	switch d.kind {
	case "basicdtype":
		if !d.hasRange {
			switch d.name {
			case "logic", "bit", "reg", "wire", "":
				w = 1
			default:
				return 0, fmt.Errorf("type %s is not supported on a port (want a packed bit vector)", d.name)
			}
			break
		}
		l, err1 := parseInt(d.left)
		r, err2 := parseInt(d.right)
		if err1 != nil || err2 != nil {
			return 0, fmt.Errorf("bad range [%s:%s]", d.left, d.right)
		}
		w = spanWidth(l, r)
	case "refdtype", "enumdtype", "typedefdtype":
		return dtypeWidth(types, widths, d.sub, depth+1)
	case "packarraydtype":
		l, err1 := parseConst(d.rng[0])
		r, err2 := parseConst(d.rng[1])
		if err1 != nil || err2 != nil {
			return 0, fmt.Errorf("bad packed range [%s:%s]", d.rng[0], d.rng[1])
		}
		sub, err := dtypeWidth(types, widths, d.sub, depth+1)
		if err != nil {
			return 0, err
		}
		n := spanWidth(l, r)
		if n > maxPortWidth/sub {
			return 0, fmt.Errorf("wider than %d bits", maxPortWidth)
		}
		w = n * sub
	case "structdtype", "uniondtype":
		if len(d.members) == 0 {
			return 0, fmt.Errorf("%s %s has no members", strings.TrimSuffix(d.kind, "dtype"), d.name)
		}
		for _, m := range d.members {
			mw, err := dtypeWidth(types, widths, m, depth+1)
			if err != nil {
				return 0, err
			}
			if d.kind == "uniondtype" {
				w = max(w, mw)
			} else {
				w += mw
			}
			if w > maxPortWidth {
				return 0, fmt.Errorf("wider than %d bits", maxPortWidth)
			}
		}
	case "unpackarraydtype":
		return 0, errors.New("unpacked arrays are not supported on a port; pack the array (logic [N-1:0][W-1:0])")
	default:
		return 0, fmt.Errorf("type %s (%s) is not supported on a port", d.name, d.kind)
	}
	if w < 1 || w > maxPortWidth {
		return 0, fmt.Errorf("width %d outside 1..%d", w, maxPortWidth)
	}
	return w, nil
}

func spanWidth(l, r int64) int {
	d := l - r
	if d < 0 {
		d = -d
	}
	if d >= maxPortWidth {
		return maxPortWidth + 1
	}
	return int(d) + 1
}

// parseInt reads a decimal attribute such as left="63".
func parseInt(s string) (int64, error) {
	v, ok := new(big.Int).SetString(s, 10)
	if !ok || !v.IsInt64() {
		return 0, fmt.Errorf("not an integer: %q", s)
	}
	return v.Int64(), nil
}

// parseConst reads a Verilator constant such as 32'sh3 or 32'h1f as a
// number, two's complement when the s flag is present.
func parseConst(s string) (int64, error) {
	i := strings.IndexByte(s, '\'')
	if i < 0 {
		return parseInt(s)
	}
	width, err := parseInt(s[:i])
	if err != nil || width < 1 || width > 64 {
		return 0, fmt.Errorf("bad constant %q", s)
	}
	rest := s[i+1:]
	signed := strings.HasPrefix(rest, "s")
	rest = strings.TrimPrefix(rest, "s")
	if rest == "" {
		return 0, fmt.Errorf("bad constant %q", s)
	}
	base := map[byte]int{'h': 16, 'd': 10, 'b': 2, 'o': 8}[rest[0]]
	if base == 0 {
		return 0, fmt.Errorf("bad constant %q", s)
	}
	v, ok := new(big.Int).SetString(rest[1:], base)
	if !ok || v.Sign() < 0 || v.BitLen() > int(width) {
		return 0, fmt.Errorf("bad constant %q", s)
	}
	u := v.Uint64()
	if signed && width < 64 && u>>(uint(width)-1)&1 == 1 {
		return int64(u) - int64(1)<<uint(width), nil
	}
	if signed && width == 64 {
		return int64(u), nil
	}
	if u > 1<<62 {
		return 0, fmt.Errorf("constant %q too large", s)
	}
	return int64(u), nil
}
