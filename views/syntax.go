package views

import (
	"strings"

	"github.com/dxscope/dxscope/views/model"
)

// Syntax colouring of the code listings: each line is cut into tokens and
// written as HTML, a span with a class per kind (web/dxscope.css colours
// them): tok-op opcodes, tok-reg registers and values, tok-lit literals,
// tok-com comments, tok-meta metadata, tok-type LLVM types. Only what a
// line's own text shows is used, so a damaged line colours as far as it
// reads and never fails.

// Syntax is a listing's language.
type Syntax int

const (
	PlainSyntax Syntax = iota // no colouring
	FXCSyntax                 // SHDR/SHEX as FXC lists it
	LLVMSyntax                // DXIL/ILDB as dxc -dumpbin prints it
)

// colorLine writes line as HTML (every character escaped) with its tokens
// coloured.
func colorLine(b *strings.Builder, line string, syn Syntax) {
	switch syn {
	case FXCSyntax:
		colorFXC(b, line)
	case LLVMSyntax:
		colorLLVM(b, line)
	default:
		b.WriteString(escapeHTML(line))
	}
}

func tok(b *strings.Builder, class, text string) {
	if class == "" {
		b.WriteString(escapeHTML(text))
		return
	}
	b.WriteString(`<span class="` + class + `">`)
	b.WriteString(escapeHTML(text))
	b.WriteString(`</span>`)
}

func isIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isIdent(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// number returns the length of the number at s[0:] (decimal, hex, float
// with exponent), or 0.
func number(s string) int {
	i := 0
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		i++
	}
	start := i
	if strings.HasPrefix(s[i:], "0x") || strings.HasPrefix(s[i:], "0X") {
		i += 2
		for i < len(s) && strings.IndexByte("0123456789abcdefABCDEF", s[i]) >= 0 {
			i++
		}
		return i
	}
	for i < len(s) && (isDigit(s[i]) || s[i] == '.') {
		i++
	}
	if i == start || (i == start+1 && s[start] == '.') {
		return 0
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		if j < len(s) && (s[j] == '-' || s[j] == '+') {
			j++
		}
		if j < len(s) && isDigit(s[j]) {
			i = j
			for i < len(s) && isDigit(s[i]) {
				i++
			}
		}
	}
	return i
}

// fxcRegister reports whether an FXC operand word names a register: r0,
// x0[..], v1, o0, cb0, icb, t0, s0, u0, g0, l(…) aside, and the special
// input and output registers (vThreadID, vCoverage, oDepth, oMask, …).
func fxcRegister(w string) bool {
	name := w
	if i := strings.IndexByte(name, '.'); i >= 0 {
		name = name[:i]
	}
	switch {
	case len(name) > 1 && (name[0] == 'v' || name[0] == 'o') && (isDigit(name[1]) || name[1] >= 'A' && name[1] <= 'Z' || strings.HasPrefix(name, "vicp") || strings.HasPrefix(name, "vpc") || strings.HasPrefix(name, "vocp")):
		return true
	case name == "icb" || name == "null" || name == "oDepth" || name == "oMask":
		return true
	}
	for _, p := range []string{"cb", "CB", "r", "x", "t", "s", "u", "g", "m", "fb", "fp", "this"} {
		if strings.HasPrefix(name, p) && len(name) > len(p) && isDigit(name[len(p)]) {
			return true
		}
	}
	return false
}

// colorFXC colours one line of an FXC listing: the opcode (the first word,
// with its modifiers), registers, literals (numbers and l(…)), comments.
func colorFXC(b *strings.Builder, line string) {
	i := 0
	for i < len(line) && line[i] == ' ' {
		i++
	}
	b.WriteString(line[:i])
	if strings.HasPrefix(line[i:], "//") {
		tok(b, "tok-com", line[i:])
		return
	}
	// The opcode runs to the first space: "sample_indexable(texture2d)(float,float,float,float)".
	j := strings.IndexByte(line[i:], ' ')
	if j < 0 {
		j = len(line) - i
	}
	tok(b, "tok-op", line[i:i+j])
	i += j
	for i < len(line) {
		c := line[i]
		switch {
		case strings.HasPrefix(line[i:], "//"):
			tok(b, "tok-com", line[i:])
			return
		case strings.HasPrefix(line[i:], "l(") && (i == 0 || !isIdent(line[i-1])):
			end := strings.IndexByte(line[i:], ')')
			if end < 0 {
				end = len(line) - i - 1
			}
			tok(b, "tok-lit", line[i:i+end+1])
			i += end + 1
		case isIdentStart(c):
			j := i
			for j < len(line) && (isIdent(line[j]) || line[j] == '.') {
				j++
			}
			cls := ""
			if fxcRegister(line[i:j]) {
				cls = "tok-reg"
			}
			tok(b, cls, line[i:j])
			i = j
		case isDigit(c) || (c == '-' || c == '.') && i+1 < len(line) && isDigit(line[i+1]):
			n := number(line[i:])
			if n == 0 {
				n = 1
			}
			tok(b, "tok-lit", line[i:i+n])
			i += n
		default:
			tok(b, "", line[i:i+1])
			i++
		}
	}
}

// llvmTypes are the first-class types DXIL uses, coloured as types.
var llvmTypes = map[string]bool{"void": true, "half": true, "float": true, "double": true, "label": true, "metadata": true, "type": true, "opaque": true}

// llvmLiterals are the constant keywords.
var llvmLiterals = map[string]bool{"true": true, "false": true, "null": true, "undef": true, "zeroinitializer": true}

// colorLLVM colours one line of LLVM assembly: the instruction's opcode,
// %values and @globals, literals (numbers, strings, true/undef/…),
// comments, metadata (!dbg, !12, !{…}, #0 attribute groups) and types.
func colorLLVM(b *strings.Builder, line string) {
	i := 0
	opDone := false
	// The opcode is the first word of an instruction line (indented), after
	// "%x = " and "tail".
	inst := strings.HasPrefix(line, "  ")
	for i < len(line) {
		c := line[i]
		switch {
		case c == ';':
			tok(b, "tok-com", line[i:])
			return
		case c == '"':
			j := i + 1
			for j < len(line) && line[j] != '"' {
				j++
			}
			j = min(j+1, len(line))
			tok(b, "tok-lit", line[i:j])
			i = j
		case c == '%' || c == '@':
			// As the disassembly's references read it (an unterminated
			// quoted name is the sigil alone, then a string).
			j := i + len(model.ScanName(line[i:]))
			tok(b, "tok-reg", line[i:j])
			i = j
		case c == '!' || c == '#' && i+1 < len(line) && isDigit(line[i+1]):
			j := i + 1
			for j < len(line) && (isIdent(line[j]) || line[j] == '.') {
				j++
			}
			tok(b, "tok-meta", line[i:j])
			i = j
		case isDigit(c) || c == '-' && i+1 < len(line) && isDigit(line[i+1]):
			n := number(line[i:])
			if n == 0 {
				n = 1
			}
			tok(b, "tok-lit", line[i:i+n])
			i += n
		case isIdentStart(c):
			j := i
			for j < len(line) && (isIdent(line[j]) || line[j] == '.') {
				j++
			}
			w := line[i:j]
			cls := ""
			switch {
			case inst && !opDone && w != "tail":
				cls, opDone = "tok-op", true
			case llvmLiterals[w]:
				cls = "tok-lit"
			case llvmTypes[w] || len(w) > 1 && w[0] == 'i' && number(w[1:]) == len(w)-1:
				cls = "tok-type"
			}
			tok(b, cls, w)
			i = j
		default:
			tok(b, "", line[i:i+1])
			i++
		}
	}
}
