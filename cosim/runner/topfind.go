package runner

import (
	"regexp"
	"strings"
)

var moduleDecl = regexp.MustCompile(`(?m)^\s*module\s+(?:automatic\s+|static\s+)?([A-Za-z_][A-Za-z0-9_$]*)`)

// guessTop picks the top of a user's files when Options.Top is empty: the
// block's module name when a file declares it, else the only module
// declared. It returns the declared modules when it cannot choose.
func guessTop(files []string, want string) (string, []string) {
	mods := declaredModules(files)
	if contains(mods, want) {
		return want, nil
	}
	if len(mods) == 1 {
		return mods[0], nil
	}
	return "", mods
}

// stripComments removes // and /* */ comments, roughly, so that a module
// named in a comment is not taken for a declaration; the newlines stay, so
// a declaration keeps its line.
func stripComments(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case strings.HasPrefix(s[i:], "//"):
			for i < len(s) && s[i] != '\n' {
				i++
			}
			b.WriteByte('\n')
		case strings.HasPrefix(s[i:], "/*"):
			j := strings.Index(s[i+2:], "*/")
			if j < 0 {
				return b.String()
			}
			b.WriteString(strings.Repeat("\n", strings.Count(s[i:i+j+4], "\n")))
			i += j + 3
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}
