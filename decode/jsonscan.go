package decode

import (
	"encoding/json"
	"strconv"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// JSONScanner reads, in place, the JSON encoding/json writes of a part's
// value: the absent-field search here and the page's tree (views/model) walk
// it with this rather than decoding it into maps, which costs several times
// the JSON (docs/performance.md).
type JSONScanner struct {
	b []byte
	i int
}

// NewJSONScanner returns a scanner at the start of b.
func NewJSONScanner(b []byte) *JSONScanner { return &JSONScanner{b: b} }

// Next moves past the byte Peek returned (an object's or array's opening).
func (s *JSONScanner) Next() { s.i++ }

// Peek skips white space and returns the next byte.
func (s *JSONScanner) Peek() (byte, bool) {
	for s.i < len(s.b) {
		switch c := s.b[s.i]; c {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return c, true
		}
	}
	return 0, false
}

// Items reads the members of the object or array the scanner has just
// entered, calling item at each until the closing byte; it reports false
// when the text or an item ends early.
func (s *JSONScanner) Items(close byte, item func() bool) bool {
	for {
		c, ok := s.Peek()
		if !ok {
			return false
		}
		switch c {
		case close:
			s.i++
			return true
		case ',':
			s.i++
		default:
			if !item() {
				return false
			}
		}
	}
}

// Colon reads the colon after an object's key.
func (s *JSONScanner) Colon() bool {
	c, ok := s.Peek()
	if !ok || c != ':' {
		return false
	}
	s.i++
	return true
}

// Literal reads a number, true, false or null.
func (s *JSONScanner) Literal() string {
	start := s.i
	s.literalEnd()
	return string(s.b[start:s.i])
}

// Str reads a string, unescaping it.
func (s *JSONScanner) Str() (string, bool) {
	if c, ok := s.Peek(); !ok || c != '"' {
		return "", false
	}
	s.i++
	start := s.i
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case '"':
			v := string(s.b[start:s.i])
			s.i++
			return v, true
		case '\\':
			return s.escaped(start)
		}
		s.i++
	}
	return "", false
}

// escaped finishes a string holding escapes, starting over at start.
func (s *JSONScanner) escaped(start int) (string, bool) {
	out := make([]byte, 0, s.i-start+16)
	out = append(out, s.b[start:s.i]...)
	for s.i < len(s.b) {
		c := s.b[s.i]
		switch {
		case c == '"':
			s.i++
			return string(out), true
		case c != '\\':
			out = append(out, c)
			s.i++
			continue
		}
		if s.i+1 >= len(s.b) {
			return "", false
		}
		e := s.b[s.i+1]
		s.i += 2
		switch e {
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r, ok := s.hex4()
			if !ok {
				return "", false
			}
			if utf16.IsSurrogate(r) {
				r2 := unicode.ReplacementChar
				if s.i+1 < len(s.b) && s.b[s.i] == '\\' && s.b[s.i+1] == 'u' {
					save := s.i
					s.i += 2
					if lo, ok := s.hex4(); ok && utf16.DecodeRune(r, lo) != unicode.ReplacementChar {
						r2 = utf16.DecodeRune(r, lo)
					} else {
						s.i = save
					}
				}
				r = r2
			}
			out = utf8.AppendRune(out, r)
		default: // '"', '\\', '/'
			out = append(out, e)
		}
	}
	return "", false
}

func (s *JSONScanner) hex4() (rune, bool) {
	if s.i+4 > len(s.b) {
		return 0, false
	}
	v, err := strconv.ParseUint(string(s.b[s.i:s.i+4]), 16, 32)
	if err != nil {
		return 0, false
	}
	s.i += 4
	return rune(v), true
}

// Skip passes over one value without reading it (nothing is allocated).
func (s *JSONScanner) Skip() bool {
	c, ok := s.Peek()
	if !ok {
		return false
	}
	switch c {
	case '"':
		return s.skipString()
	case '{', '[':
		depth := 0
		for s.i < len(s.b) {
			switch s.b[s.i] {
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					s.i++
					return true
				}
			case '"':
				if !s.skipString() {
					return false
				}
				continue
			}
			s.i++
		}
		return false
	}
	start := s.i
	s.literalEnd()
	return s.i > start
}

// skipString passes over the string at the scanner.
func (s *JSONScanner) skipString() bool {
	for s.i++; s.i < len(s.b); s.i++ {
		switch s.b[s.i] {
		case '"':
			s.i++
			return true
		case '\\':
			s.i++
		}
	}
	return false
}

// literalEnd moves to the end of the number, true, false or null at the scanner.
func (s *JSONScanner) literalEnd() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ',', '}', ']', ' ', '\t', '\n', '\r':
			return
		}
		s.i++
	}
}

// Value reads one value as encoding/json's Decoder with UseNumber decodes
// it into an any: objects as map[string]any, arrays as []any, numbers as
// json.Number (their text, which encoding/json wrote), strings, booleans
// and nil. It reports false when the text ends early or is not JSON.
// decode/diff reads parts with it, so that the page links no JSON decoder
// (docs/performance.md).
func (s *JSONScanner) Value() (any, bool) {
	c, ok := s.Peek()
	if !ok {
		return nil, false
	}
	switch c {
	case '{':
		s.i++
		m := map[string]any{}
		ok := s.Items('}', func() bool {
			k, ok := s.Str()
			if !ok || !s.Colon() {
				return false
			}
			v, ok := s.Value()
			m[k] = v
			return ok
		})
		return m, ok
	case '[':
		s.i++
		a := []any{}
		ok := s.Items(']', func() bool {
			v, ok := s.Value()
			a = append(a, v)
			return ok
		})
		return a, ok
	case '"':
		return s.Str()
	}
	switch lit := s.Literal(); lit {
	case "true":
		return true, true
	case "false":
		return false, true
	case "null":
		return nil, true
	case "":
		return nil, false
	default:
		// encoding/json wrote it: a number, kept as its text.
		if c != '-' && (c < '0' || c > '9') {
			return nil, false
		}
		return json.Number(lit), true
	}
}
