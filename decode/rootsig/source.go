package rootsig

import (
	"fmt"
	"strings"
)

// The text Parse compiles comes in three shapes: the bare language
// ("RootFlags(0), CBV(b0)"), one or more C string literals ("\"CBV(b0)\""),
// or C/HLSL source holding them in a `#define NAME "…" \` (what `dxscope
// rootsig` prints) or a [RootSignature("…")] attribute. None of `#`, `"` and
// `[` can appear in the bare language, so their presence picks the shape.
// Positions in errors are always those of the input, so a mistake inside a
// string literal is reported where the user typed it.

// source is the root signature text to compile and, when it came from string
// literals, where in the input each of its bytes was written.
type source struct {
	input string
	text  string
	at    []int // at[i] is the input offset of text[i]; nil when text is the input
	end   int   // the input offset that stands for the end of text
}

// offset maps an offset in text to one in the input.
func (s *source) offset(i int) int {
	switch {
	case s.at == nil:
		return i
	case i < len(s.at):
		return s.at[i]
	}
	return s.end
}

// errorAt makes an Error at input offset off.
func (s *source) errorAt(off int, format string, args ...any) *Error {
	line, col := lineCol(s.input, off)
	return &Error{Offset: off, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// lineCol returns the 1-based line and byte column of offset off in s.
func lineCol(s string, off int) (line, col int) {
	off = min(max(off, 0), len(s))
	line = 1 + strings.Count(s[:off], "\n")
	return line, off - strings.LastIndexByte(s[:off], '\n')
}

// extract finds the root signature in input.
func extract(input string) (*source, *Error) {
	s := &source{input: input}
	if !strings.ContainsAny(input, "#\"[") {
		s.text, s.end = input, len(input)
		return s, nil
	}
	sc := scanner{in: input}
	if i := sc.blank(0, true); i < len(input) && input[i] == '"' {
		next, err := sc.literals(s, i, true)
		if err != nil {
			return nil, err
		}
		if j := sc.blank(next, true); j < len(input) {
			return nil, s.errorAt(j, "expected another string literal or the end of the input, found %s", quoteRune(input[j:]))
		}
		return s, nil
	}
	return sc.find(s)
}

// quoteRune quotes the first character of s for a message.
func quoteRune(s string) string {
	for _, r := range s {
		return fmt.Sprintf("%q", r)
	}
	return "the end of the input"
}

// scanner walks C/HLSL source far enough to find string literals in a
// #define or a [RootSignature(…)] attribute: it knows comments, line
// splices, string and character literals, and nothing else of C.
type scanner struct{ in string }

// blank skips spaces, comments and line splices from i; newlines too when
// newlines is set (inside a #define a bare newline ends the value).
func (sc scanner) blank(i int, newlines bool) int {
	in := sc.in
	for i < len(in) {
		switch c := in[i]; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
		case c == '\n' && newlines:
			i++
		case c == '\\' && strings.HasPrefix(in[i+1:], "\n"):
			i += 2
		case c == '\\' && strings.HasPrefix(in[i+1:], "\r\n"):
			i += 3
		case strings.HasPrefix(in[i:], "//"):
			j := strings.IndexByte(in[i:], '\n')
			if j < 0 {
				return len(in)
			}
			i += j // the newline itself ends a #define
		case strings.HasPrefix(in[i:], "/*"):
			j := strings.Index(in[i+2:], "*/")
			if j < 0 {
				return len(in)
			}
			i += j + 4
		default:
			return i
		}
	}
	return i
}

// literals reads adjacent string literals from i (at a '"') into s.text,
// recording where each byte came from, and returns the offset after them.
func (sc scanner) literals(s *source, i int, newlines bool) (int, *Error) {
	in := sc.in
	var text []byte
	var at []int
	for i < len(in) && in[i] == '"' {
		open := i
		i++
		for {
			if i >= len(in) || in[i] == '\n' {
				return 0, s.errorAt(open, "string literal is not terminated")
			}
			c := in[i]
			if c == '"' {
				break
			}
			if c != '\\' {
				text, at = append(text, c), append(at, i)
				i++
				continue
			}
			if i+1 >= len(in) {
				return 0, s.errorAt(open, "string literal is not terminated")
			}
			switch e := in[i+1]; e {
			case '\n': // a line splice inside the literal
				i += 2
				continue
			case '\r':
				if strings.HasPrefix(in[i+2:], "\n") {
					i += 3
					continue
				}
				text = append(text, '\r')
			case 'n':
				text = append(text, '\n')
			case 't':
				text = append(text, '\t')
			case 'r':
				text = append(text, '\r')
			default: // \" \\ and anything else stand for the character itself
				text = append(text, e)
			}
			at = append(at, i)
			i += 2
		}
		s.end = i // the closing quote of the last literal
		i = sc.blank(i+1, newlines)
	}
	s.text, s.at = string(text), at
	return i, nil
}

// find looks through C/HLSL source for the root signature: the string of a
// [RootSignature("…")] attribute, or the #define such an attribute names, or
// else the first #define whose value is a string.
func (sc scanner) find(s *source) (*source, *Error) {
	in := sc.in
	type define struct {
		name string
		at   int // the value's first literal
	}
	var defines []define
	attrName, attrAt := "", -1
	lineStart := true
	for i := 0; i < len(in); {
		c := in[i]
		switch {
		case c == '\n':
			lineStart = true
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' || c == '\\':
			i++
			continue
		case strings.HasPrefix(in[i:], "//") || strings.HasPrefix(in[i:], "/*"):
			i = sc.blank(i, false)
			continue
		case c == '"' || c == '\'':
			i = sc.skipQuoted(i)
		case c == '#' && lineStart:
			j := sc.blank(i+1, false)
			if word, k := ident(in, j); word == "define" {
				k = sc.blank(k, false)
				name, k := ident(in, k)
				if name != "" && (k >= len(in) || in[k] != '(') {
					if k = sc.blank(k, false); k < len(in) && in[k] == '"' {
						defines = append(defines, define{name, k})
					}
				}
			}
			i = sc.endOfLine(i)
			lineStart = true
			continue
		case c == '[' && attrAt < 0:
			j := sc.blank(i+1, true)
			if word, k := ident(in, j); strings.EqualFold(word, "RootSignature") {
				if k = sc.blank(k, true); k < len(in) && in[k] == '(' {
					k = sc.blank(k+1, true)
					if k < len(in) && in[k] == '"' {
						attrAt = k
					} else if name, _ := ident(in, k); name != "" {
						attrName, attrAt = name, k
					}
				}
			}
			i++
		default:
			if _, k := ident(in, i); k > i {
				i = k
			} else {
				i++
			}
		}
		lineStart = false
	}
	switch {
	case attrAt >= 0 && attrName == "":
		_, err := sc.literals(s, attrAt, true)
		return s, err
	case attrAt >= 0:
		for _, d := range defines {
			if d.name == attrName {
				_, err := sc.literals(s, d.at, false)
				return s, err
			}
		}
		return nil, s.errorAt(attrAt, "[RootSignature(%s)] names no #define %s whose value is a string", attrName, attrName)
	case len(defines) > 0:
		_, err := sc.literals(s, defines[0].at, false)
		return s, err
	}
	return nil, s.errorAt(0, `found no root signature: expected its text, a string literal, #define NAME "…" or [RootSignature("…")]`)
}

// skipQuoted skips the string or character literal at i (an unterminated one
// ends at the end of its line).
func (sc scanner) skipQuoted(i int) int {
	in, q := sc.in, sc.in[i]
	for i++; i < len(in) && in[i] != '\n'; i++ {
		switch in[i] {
		case '\\':
			i++
		case q:
			return i + 1
		}
	}
	return i
}

// endOfLine returns the offset of the newline that ends the logical line at
// i (line splices continue it), or the end of the input.
func (sc scanner) endOfLine(i int) int {
	in := sc.in
	for ; i < len(in); i++ {
		switch {
		case in[i] == '\\' && strings.HasPrefix(in[i+1:], "\n"):
			i++
		case in[i] == '\n':
			return i
		case in[i] == '"' || in[i] == '\'':
			i = sc.skipQuoted(i) - 1
		case strings.HasPrefix(in[i:], "/*"):
			j := strings.Index(in[i+2:], "*/")
			if j < 0 {
				return len(in)
			}
			i += j + 3 // on the comment's last character
		}
	}
	return i
}

// ident returns the C identifier at i and the offset after it ("" and i if
// there is none).
func ident(in string, i int) (string, int) {
	j := i
	for j < len(in) && (isLetter(in[j]) || j > i && isDigit(in[j])) {
		j++
	}
	return in[i:j], j
}

func isLetter(c byte) bool { return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }
