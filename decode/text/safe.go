package text

import (
	"fmt"
	"io"
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

// SafeWriter passes text through with the escapes of Safe applied to
// everything but tab and newline: other C0 controls, DEL, C1 controls
// (U+0080–U+009F), bidi controls and bytes that are not UTF-8, so a dump can
// never send a terminal escape or reorder a line, whatever the file held. A
// UTF-8 sequence split across two writes is still seen whole. It passes the
// dump's own newlines, so a name from a file must still go through Safe
// where it is written: a newline inside it would start a line.
type SafeWriter struct {
	w       io.Writer
	pending []byte // the start of a UTF-8 sequence cut by the last write
}

// NewSafeWriter returns a SafeWriter that writes to w.
func NewSafeWriter(w io.Writer) *SafeWriter { return &SafeWriter{w: w} }

// Raw returns the writer under s, for output that is bytes rather than text
// (a command whose text and binary forms share a name: rootsig --compile).
func (s *SafeWriter) Raw() io.Writer { return s.w }

// Write escapes and writes p; it reports len(p) when all of it went out.
func (s *SafeWriter) Write(p []byte) (int, error) {
	in := p
	if len(s.pending) > 0 {
		in = append(s.pending, p...)
		s.pending = nil
	}
	out := make([]byte, 0, len(in)+16)
	for i := 0; i < len(in); {
		c := in[i]
		if c < utf8.RuneSelf {
			if c < 0x20 && c != '\t' && c != '\n' || c == 0x7f {
				out = fmt.Appendf(out, "\\x%02x", c)
			} else {
				out = append(out, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(in[i:])
		switch {
		case r == utf8.RuneError && size <= 1 && !utf8.FullRune(in[i:]):
			// A sequence the next write may complete.
			s.pending = append([]byte(nil), in[i:]...)
			i = len(in)
			continue
		case r == utf8.RuneError && size == 1:
			out = fmt.Appendf(out, "\\x%02x", c) // not UTF-8
		case r < 0xa0:
			out = fmt.Appendf(out, "\\x%02x", r) // C1
		case isBidiControl(r):
			out = fmt.Appendf(out, "U+%04X", r)
		default:
			out = append(out, in[i:i+size]...)
		}
		i += size
	}
	if _, err := s.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes what a cut sequence left pending, escaped byte by byte.
func (s *SafeWriter) Flush() error {
	if len(s.pending) == 0 {
		return nil
	}
	var out []byte
	for _, c := range s.pending {
		out = fmt.Appendf(out, "\\x%02x", c)
	}
	s.pending = nil
	_, err := s.w.Write(out)
	return err
}

// EscapeJSON makes JSON text as safe to print as Safe makes a name:
// encoding/json escapes C0 controls and replaces invalid UTF-8 with U+FFFD,
// but writes DEL, C1 controls (U+0080–U+009F, the 8-bit CSI among them) and
// bidi controls as they are; those become \u escapes here. They can stand
// only inside strings, so any JSON text may be rewritten this way and still
// decodes to the same values. b is returned as it is when nothing needs it.
func EscapeJSON(b []byte) []byte {
	i := 0
	for i < len(b) && b[i] < 0x7f {
		i++
	}
	if i == len(b) {
		return b
	}
	out := append(make([]byte, 0, len(b)+32), b[:i]...)
	for i < len(b) {
		r, size := utf8.DecodeRune(b[i:])
		switch {
		case r == 0x7f || r >= 0x80 && r < 0xa0 || isBidiControl(r):
			out = fmt.Appendf(out, `\u%04x`, r)
		case r == utf8.RuneError && size == 1:
			out = append(out, `\ufffd`...) // not from encoding/json, which never writes it
		default:
			out = append(out, b[i:i+size]...)
		}
		i += size
	}
	return out
}
