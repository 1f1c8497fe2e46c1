package vcd

// This file parses the header sections: $scope, $upscope, $var, $timescale
// and the free-text sections.

import (
	"strconv"
	"strings"
)

// section reads the tokens of a section up to its $end, at most max of
// them (more is an error). kw names the section for messages.
func (r *Reader) section(kw string, line, max int) ([]string, error) {
	var toks []string
	for r.s.next() {
		if string(r.s.tok) == "$end" {
			return toks, nil
		}
		if len(toks) == max {
			return nil, errAt(r.s.at, "too many words in %s section", kw)
		}
		toks = append(toks, string(r.s.tok))
	}
	if r.s.err != nil {
		return nil, r.s.err
	}
	return nil, errAt(line, "%s section has no $end", kw)
}

// text reads a free-text section up to its $end, keeping at most MaxText
// bytes with runs of white space collapsed to one space.
func (r *Reader) text(kw string, line int) (string, error) {
	var sb strings.Builder
	for r.s.next() {
		if string(r.s.tok) == "$end" {
			return sb.String(), nil
		}
		if sb.Len()+len(r.s.tok)+1 > MaxText {
			continue
		}
		if sb.Len() > 0 {
			sb.WriteByte(' ')
		}
		sb.Write(r.s.tok)
	}
	if r.s.err != nil {
		return "", r.s.err
	}
	return "", errAt(line, "%s section has no $end", kw)
}

func (r *Reader) readHeader() error {
	var scopes []string
	for r.s.next() {
		line := r.s.at
		kw := string(r.s.tok)
		switch kw {
		case "$enddefinitions":
			if _, err := r.text(kw, line); err != nil {
				return err
			}
			return nil
		case "$scope":
			t, err := r.section(kw, line, 2)
			if err != nil {
				return err
			}
			if len(t) == 0 {
				return errAt(line, "$scope without a name")
			}
			name := t[len(t)-1]
			if strings.HasPrefix(name, "$") {
				return errAt(line, "bad scope name %q", name)
			}
			scopes = append(scopes, name)
		case "$upscope":
			if _, err := r.section(kw, line, 0); err != nil {
				return err
			}
			if len(scopes) == 0 {
				return errAt(line, "$upscope without an open $scope")
			}
			scopes = scopes[:len(scopes)-1]
		case "$var":
			t, err := r.section(kw, line, 16)
			if err != nil {
				return err
			}
			if err := r.declare(t, strings.Join(scopes, "."), line); err != nil {
				return err
			}
		case "$timescale":
			t, err := r.text(kw, line)
			if err != nil {
				return err
			}
			ts, err := ParseTimescale(t)
			if err != nil {
				return errAt(line, "%v", err)
			}
			r.h.Timescale = ts
		case "$comment", "$date", "$version":
			t, err := r.text(kw, line)
			if err != nil {
				return err
			}
			switch kw {
			case "$comment":
				r.h.Comments = append(r.h.Comments, t)
			case "$date":
				r.h.Date = t
			default:
				r.h.Version = t
			}
		default:
			if !strings.HasPrefix(kw, "$") {
				return errAt(line, "unexpected %s in the header", short(r.s.tok))
			}
			if _, err := r.text(kw, line); err != nil { // unknown section: skip
				return err
			}
		}
	}
	if r.s.err != nil {
		return r.s.err
	}
	return errAt(r.s.line, "end of input in the header: no $enddefinitions")
}

// declare adds the var of the words of a $var section: kind, width, id
// code, name and an optional range.
func (r *Reader) declare(t []string, scope string, line int) error {
	if len(t) < 4 {
		return errAt(line, "$var needs a kind, a width, an id code and a name")
	}
	v := Var{Scope: scope, Kind: t[0], ID: t[2], Name: t[3]}
	w, err := strconv.Atoi(t[1])
	if err != nil || w < 1 || w > MaxWidth {
		return errAt(line, "$var %s: width %q out of range, allowed 1..%d", v.Name, t[1], MaxWidth)
	}
	v.Width = w
	if len(t) > 4 {
		msb, lsb, ok := parseRange(strings.Join(t[4:], ""))
		if !ok {
			return errAt(line, "$var %s: bad range %q", v.Name, strings.Join(t[4:], " "))
		}
		v.HasRange, v.MSB, v.LSB = true, msb, lsb
	}
	isReal := v.Kind == "real" || v.Kind == "realtime"
	c, ok := r.ids[v.ID]
	if !ok {
		c = len(r.h.Codes)
		r.ids[v.ID] = c
		r.h.Codes = append(r.h.Codes, Code{ID: v.ID, Width: w, Real: isReal})
	} else if old := r.h.Codes[c]; old.Width != w || old.Real != isReal {
		return errAt(line, "$var %s: id code %q declared before with width %d, now %d", v.Name, v.ID, old.Width, w)
	}
	v.Code = c
	r.h.Codes[c].Vars = append(r.h.Codes[c].Vars, len(r.h.Vars))
	r.h.Vars = append(r.h.Vars, v)
	return nil
}

// parseRange reads "[msb:lsb]" or "[bit]".
func parseRange(s string) (msb, lsb int, ok bool) {
	if len(s) < 3 || s[0] != '[' || s[len(s)-1] != ']' {
		return 0, 0, false
	}
	a, b, two := strings.Cut(s[1:len(s)-1], ":")
	msb, err := strconv.Atoi(a)
	if err != nil {
		return 0, 0, false
	}
	if !two {
		return msb, msb, true
	}
	lsb, err = strconv.Atoi(b)
	return msb, lsb, err == nil
}
