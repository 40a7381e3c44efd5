package text

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Safe makes a string that came from a file safe to print on a terminal, in
// a page or in an export: control characters become \xNN escapes (\t and \n
// too: a name is one line), bidi overrides and isolates, which would
// reorder the text after them, become U+202E, and bytes that are not UTF-8
// become \xNN. Backslashes stay as they are: the result is for people, not
// for parsing back.
func Safe(s string) string { return SafeCap(s, 0) }

// SafeCap is Safe with the result cut to at most max runes of the original
// (0: no cap), ending in "…" when cut, so one 5,000-character name cannot
// take over a line.
func SafeCap(s string, max int) string {
	if max <= 0 && isPlain(s) {
		return s
	}
	var b strings.Builder
	n := 0
	for i := 0; i < len(s); {
		if max > 0 && n == max {
			b.WriteString("…")
			break
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, "\\x%02x", s[i])
		case r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0:
			fmt.Fprintf(&b, "\\x%02x", r)
		case isBidiControl(r):
			fmt.Fprintf(&b, "U+%04X", r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
		n++
	}
	return b.String()
}

// isPlain says s needs no escaping: printable ASCII only (the common case).
func isPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			return false
		}
	}
	return true
}

// isBidiControl reports the characters that change the direction of the
// text around them (LRE..RLO, LRI..PDI, LRM, RLM, ALM).
func isBidiControl(r rune) bool {
	return r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 || r == 0x200e || r == 0x200f || r == 0x061c
}
