package rootsig

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dxscope/dxscope/decode/report"
)

// The compiler follows DXC's parser (tools/clang/lib/Parse/HLSLRootSignature.cpp,
// RootSignatureParser): the same statements, parameters, keywords (case does
// not matter), defaults and rules (each parameter at most once, RootFlags at
// most once, a trailing comma allowed, no flags in 1.0), and for 1.2, which
// DXC does not know, clang's (static sampler flags). docs/edit.md lists it all.

// Error is a compile error: where in the text it is and what was expected.
type Error struct {
	Offset int // byte offset in the text given to Parse
	Line   int // 1-based
	Col    int // 1-based, in bytes from the start of the line
	Msg    string
}

// Error prints "line:col: message".
func (e *Error) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg) }

// Parse compiles root signature text for version (Version1_0, Version1_1 or
// Version1_2) into the value Encode writes. The text is the bare language,
// string literals, or HLSL/C source holding it in a #define or a
// [RootSignature("…")] attribute (see source.go). Parameters not written take
// DXC's defaults; flags not written are 0 (NONE), which DXC serializes as
// such. The value's counts and offsets are those of Encode's layout, so it
// equals what decoding Encode's bytes gives. A mistake is an *Error.
func Parse(text string, version uint32) (*RootSignature, error) {
	if VersionName(version) == "" {
		return nil, fmt.Errorf("root signature version %d is unknown (1 = 1.0, 2 = 1.1, 3 = 1.2)", version)
	}
	src, err := extract(text)
	if err != nil {
		return nil, err
	}
	p := &parser{src: src, version: version}
	rs, perr := p.parse()
	if perr != nil {
		return nil, perr
	}
	return rs, nil
}

// Token kinds.
const (
	tokEOF = iota
	tokIdent
	tokNumber
	tokPunct // ( ) , = |
	tokBad   // a character the language does not use
)

type token struct {
	kind int
	text string
	pos  int // offset in the source text
}

// lexer splits the source text into tokens. Spaces, tabs, newlines and C
// comments separate them (DXC's tokenizer knows spaces only, but text files
// have lines).
type lexer struct {
	s   string
	pos int
}

func (l *lexer) next() token {
	s := l.s
	for l.pos < len(s) {
		c := s[l.pos]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			l.pos++
			continue
		case strings.HasPrefix(s[l.pos:], "//"):
			if j := strings.IndexByte(s[l.pos:], '\n'); j >= 0 {
				l.pos += j
			} else {
				l.pos = len(s)
			}
			continue
		case strings.HasPrefix(s[l.pos:], "/*"):
			if j := strings.Index(s[l.pos+2:], "*/"); j >= 0 {
				l.pos += j + 4
				continue
			}
			// An unterminated comment is a bad token where it starts.
			t := token{tokBad, "/*", l.pos}
			l.pos = len(s)
			return t
		}
		break
	}
	start := l.pos
	if start >= len(s) {
		return token{tokEOF, "", start}
	}
	c := s[start]
	switch {
	case isLetter(c):
		_, l.pos = ident(s, start)
		return token{tokIdent, s[start:l.pos], start}
	case isDigit(c) || c == '.' || c == '+' || c == '-':
		if n := numberLen(s[start:]); n > 0 {
			l.pos += n
			return token{tokNumber, s[start:l.pos], start}
		}
	case strings.IndexByte("(),=|", c) >= 0:
		l.pos++
		return token{tokPunct, s[start:l.pos], start}
	}
	// One character (a whole UTF-8 sequence) the language has no use for.
	n := 1
	for start+n < len(s) && s[start+n]&0xC0 == 0x80 && n < 4 {
		n++
	}
	l.pos += n
	return token{tokBad, s[start:l.pos], start}
}

// numberLen is the length of the number at the start of s as DXC's tokenizer
// reads one: [+-] digits [. digits] [e [+-] digits] [f], or .digits; 0 when
// there is none.
func numberLen(s string) int {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits := func() int {
		j := i
		for i < len(s) && isDigit(s[i]) {
			i++
		}
		return i - j
	}
	n := digits()
	if i < len(s) && s[i] == '.' {
		i++
		n += digits()
	}
	if n == 0 {
		return 0
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			i = j // "1e" is the number 1 and the word e
		}
	}
	if i < len(s) && (s[i] == 'f' || s[i] == 'F') {
		i++
	}
	return i
}

// bailout carries an *Error up through the recursive descent.
type bailout struct{ err *Error }

type parser struct {
	src     *source
	lex     lexer
	tok     token // the current token
	prevEnd int   // end of the token before tok
	version uint32
}

func (p *parser) parse() (rs *RootSignature, err *Error) {
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(bailout)
			if !ok {
				panic(r)
			}
			rs, err = nil, b.err
		}
	}()
	p.lex = lexer{s: p.src.text}
	p.tok = p.lex.next()
	return p.rootSignature(), nil
}

// failAt stops with an error at offset pos of the source text.
func (p *parser) failAt(pos int, format string, args ...any) {
	panic(bailout{p.src.errorAt(p.src.offset(pos), format, args...)})
}

// fail stops with an error at the current token.
func (p *parser) fail(format string, args ...any) { p.failAt(p.tok.pos, format, args...) }

func (p *parser) advance() token {
	t := p.tok
	p.prevEnd = t.pos + len(t.text)
	p.tok = p.lex.next()
	return t
}

// is reports whether the current token is the punctuation or keyword s
// (keywords in any case, as DXC reads them).
func (p *parser) is(s string) bool {
	return (p.tok.kind == tokPunct || p.tok.kind == tokIdent) && strings.EqualFold(p.tok.text, s)
}

func (p *parser) accept(s string) bool {
	if p.is(s) {
		p.advance()
		return true
	}
	return false
}

// expect consumes punctuation s, or fails saying what came before.
func (p *parser) expect(s, after string) {
	if !p.accept(s) {
		p.fail("expected '%s' after %s, found %s", s, after, p.found())
	}
}

// found describes the current token for a message.
func (p *parser) found() string {
	switch p.tok.kind {
	case tokEOF:
		return "the end of the root signature"
	case tokBad:
		if p.tok.text == "/*" {
			return "a comment that does not end"
		}
		return fmt.Sprintf("%q", p.tok.text)
	}
	t := short(p.tok.text)
	if len(t) >= 2 && strings.IndexByte("BTUS", t[0]) >= 0 && isDigit(t[1]) {
		return "'" + t + "' (registers are written in lower case)"
	}
	return "'" + t + "'"
}

// short shortens a token for a message: a word or a number can be as long
// as the input.
func short(t string) string {
	if len(t) > 40 {
		n := 37
		for n > 0 && !utf8.RuneStart(t[n]) { // cut between characters
			n--
		}
		return t[:n] + "…"
	}
	return t
}

// since is the source text from pos to the end of the previous token, with
// runs of blanks made single spaces and long items shortened, to say what a
// mistake came after ("space = 0", "SRV(…)").
func (p *parser) since(pos int) string {
	t := strings.Join(strings.Fields(p.src.text[pos:max(pos, p.prevEnd)]), " ")
	if len(t) > 40 {
		if i := strings.IndexByte(t, '('); i > 0 && i < 40 {
			return t[:i] + "(…)"
		}
		return short(t)
	}
	return t
}

// rootSignature := [clause {',' clause} [',']] end
func (p *parser) rootSignature() *RootSignature {
	rs := &RootSignature{Parameters: []RootParameter{}, Samplers: []StaticSampler{}}
	rs.SetFlags(0)
	flagsAt := -1
	for p.tok.kind != tokEOF {
		start := p.tok.pos
		switch {
		case p.is("RootFlags"):
			if flagsAt >= 0 {
				p.fail("RootFlags is given twice (first at %s)", p.where(flagsAt))
			}
			flagsAt = start
			p.advance()
			p.expect("(", "RootFlags")
			at := p.tok.pos
			rs.SetFlags(p.flags("in RootFlags", rootFlagHLSL, "a root signature flag"))
			p.expect(")", p.since(at))
		case p.is("RootConstants"):
			rs.Parameters = append(rs.Parameters, p.rootConstants())
		case p.is("CBV"), p.is("SRV"), p.is("UAV"):
			rs.Parameters = append(rs.Parameters, p.rootDescriptor())
		case p.is("DescriptorTable"):
			rs.Parameters = append(rs.Parameters, p.descriptorTable())
		case p.is("StaticSampler"):
			rs.Samplers = append(rs.Samplers, p.staticSampler())
		default:
			p.fail("expected RootFlags, RootConstants, CBV, SRV, UAV, DescriptorTable or StaticSampler, found %s", p.found())
		}
		if p.tok.kind == tokEOF {
			break
		}
		if !p.accept(",") {
			p.fail("expected ',' or the end after %s, found %s", p.since(start), p.found())
		}
	}
	rs.layout(p.version)
	return rs
}

// where is "line:col" of offset pos of the source text.
func (p *parser) where(pos int) string {
	l, c := lineCol(p.src.input, p.src.offset(pos))
	return fmt.Sprintf("%d:%d", l, c)
}

// args parses the parenthesized, comma-separated arguments of clause,
// calling arg at the start of each; seen tells arg's helpers which
// parameters came already.
func (p *parser) args(clause string, arg func()) {
	p.expect("(", clause)
	for {
		start := p.tok.pos
		arg()
		if p.accept(")") {
			return
		}
		if !p.accept(",") {
			p.fail("expected ',' or ')' after %s, found %s", p.since(start), p.found())
		}
	}
}

// once fails when parameter name was given before in this clause.
func (p *parser) once(seen map[string]bool, name string) {
	if seen[name] {
		p.fail("%s is given twice", name)
	}
	seen[name] = true
}

// assign consumes "name =" (the current token is name).
func (p *parser) assign() string {
	name := p.advance().text
	p.expect("=", name)
	return name
}

// register parses a register of the letter want ('b', 't', 'u', 's') in clause.
func (p *parser) register(want byte, clause string) uint32 {
	t := p.tok
	n, ok := registerNumber(t)
	if !ok && p.isRegister() {
		p.fail("register %s does not fit in 32 bits", short(t.text))
	}
	if !ok || t.text[0] != want {
		p.fail("expected %s register (%c0, %c1, …) in %s, found %s", aRegister(want), want, want, clause, p.found())
	}
	p.advance()
	return n
}

// aRegister is "a b", "a t", "a u" or "an s" (register).
func aRegister(c byte) string {
	if c == 's' {
		return "an s"
	}
	return "a " + string(c)
}

// registerNumber reads a register token: one of b t u s in lower case (as
// DXC's tokenizer wants) and a decimal number that fits 32 bits.
func registerNumber(t token) (uint32, bool) {
	if t.kind != tokIdent || len(t.text) < 2 || strings.IndexByte("btus", t.text[0]) < 0 {
		return 0, false
	}
	for i := 1; i < len(t.text); i++ {
		if !isDigit(t.text[i]) {
			return 0, false
		}
	}
	n, err := strconv.ParseUint(t.text[1:], 10, 32)
	return uint32(n), err == nil
}

// isRegister reports whether the current token is a register of any kind.
func (p *parser) isRegister() bool {
	_, ok := registerNumber(p.tok)
	return ok || p.tok.kind == tokIdent && len(p.tok.text) >= 2 && strings.IndexByte("btus", p.tok.text[0]) >= 0 && isDigit(p.tok.text[1])
}

// uint parses an unsigned 32-bit integer value of parameter name.
func (p *parser) uint(name string) uint32 {
	t := p.tok
	if t.kind != tokNumber || strings.ContainsAny(t.text, ".eEfF-") {
		p.fail("expected an unsigned integer after %s =, found %s", name, p.found())
	}
	n, err := strconv.ParseUint(strings.TrimPrefix(t.text, "+"), 10, 32)
	if err != nil {
		p.fail("%s = %s does not fit in 32 bits", name, short(t.text))
	}
	p.advance()
	return uint32(n)
}

// param reports whether the current token names parameter name, and fails
// when the statement has named it already.
func (p *parser) param(seen map[string]bool, name string) bool {
	if !p.is(name) {
		return false
	}
	p.once(seen, name)
	return true
}

// uintOr parses an unsigned 32-bit integer value of parameter name, or the
// word that stands for the value special (numDescriptors = unbounded).
func (p *parser) uintOr(name, word string, special uint32) uint32 {
	if p.accept(word) {
		return special
	}
	return p.uint(name)
}

// float parses a float value of parameter name: an integer or a decimal
// number with an optional f, read as DXC reads it (strtod, then rounded to
// float). DXC also rejects numbers above FLT_MAX before rounding; this takes
// any that rounds to a finite float, so FLT_MAX's shortest spelling
// (3.4028235e+38, what the printer writes) reads back.
func (p *parser) float(name string) SamplerFloat {
	t := p.tok
	if t.kind != tokNumber {
		p.fail("expected a number after %s =, found %s", name, p.found())
	}
	v, err := strconv.ParseFloat(strings.TrimRight(t.text, "fF"), 64)
	f := float32(v)
	if err != nil || math.IsInf(float64(f), 0) {
		p.fail("%s = %s is out of the range of a float", name, short(t.text))
	}
	p.advance()
	return SamplerFloat(f)
}

// flags parses "0" or names of bits joined by '|'; where says where for
// messages ("after flags =", "in RootFlags") and what describes one name.
func (p *parser) flags(where string, bits []report.FlagBit, what string) uint32 {
	if p.tok.kind == tokNumber {
		if p.tok.text != "0" {
			p.fail("expected 0 or %s %s, found %s (0 is the only number flags may be)", what, where, p.found())
		}
		p.advance()
		return 0
	}
	var v uint32
	for {
		b, ok := p.keyword(bits)
		if !ok {
			p.fail("expected 0 or %s (%s) %s, found %s", what, names(bits), where, p.found())
		}
		v |= b
		p.advance()
		if !p.is("|") {
			return v
		}
		where = "after '|'"
		p.advance()
	}
}

// keyword returns the value of the current token in table bits, matched
// regardless of case.
func (p *parser) keyword(bits []report.FlagBit) (uint32, bool) {
	if p.tok.kind != tokIdent {
		return 0, false
	}
	for _, b := range bits {
		if strings.EqualFold(b.Name, p.tok.text) {
			return b.Bit, true
		}
	}
	return 0, false
}

// names lists a table's names for a message.
func names(bits []report.FlagBit) string {
	var out []string
	for _, b := range bits {
		out = append(out, b.Name)
	}
	return strings.Join(out, ", ")
}

// enumValue parses "name =" and then a name of table (e.g. a SHADER_VISIBILITY_ value).
func (p *parser) enumValue(table []report.FlagBit, what string) uint32 {
	name := p.assign()
	v, ok := p.keyword(table)
	if !ok {
		p.fail("expected %s after %s =, found %s", what, name, p.found())
	}
	p.advance()
	return v
}

func (p *parser) visibility() ShaderVisibility {
	return ShaderVisibility(p.enumValue(visibilityKeywords, "a SHADER_VISIBILITY_ value (SHADER_VISIBILITY_ALL, _VERTEX, _HULL, _DOMAIN, _GEOMETRY, _PIXEL, _AMPLIFICATION, _MESH)"))
}

// RootConstants(num32BitConstants = N, bReg [, space = N] [, visibility = V])
func (p *parser) rootConstants() RootParameter {
	start := p.advance().pos
	c := &RootConstants{}
	prm := RootParameter{ParameterType: RootParamConstants32Bit, Constants: c}
	seen := map[string]bool{}
	p.args("RootConstants", func() {
		switch {
		case p.param(seen, "num32BitConstants"):
			c.Num32BitValues = p.uint(p.assign())
		case p.isRegister():
			p.once(seen, "the register")
			c.ShaderRegister = p.register('b', "RootConstants")
		case p.param(seen, "space"):
			c.RegisterSpace = p.uint(p.assign())
		case p.param(seen, "visibility"):
			prm.ShaderVisibility = p.visibility()
		default:
			p.fail("expected num32BitConstants, a b register, space or visibility in RootConstants, found %s", p.found())
		}
	})
	if !seen["num32BitConstants"] {
		p.failAt(start, "RootConstants needs num32BitConstants = N")
	}
	if !seen["the register"] {
		p.failAt(start, "RootConstants needs a b register (b0, b1, …)")
	}
	return prm
}

// rootDescriptorKinds maps CBV, SRV, UAV to their parameter type and register letter.
var rootDescriptorKinds = map[string]struct {
	typ RootParameterType
	reg byte
}{"CBV": {RootParamCBV, 'b'}, "SRV": {RootParamSRV, 't'}, "UAV": {RootParamUAV, 'u'}}

// CBV|SRV|UAV(reg [, space = N] [, visibility = V] [, flags = F])
func (p *parser) rootDescriptor() RootParameter {
	t := p.advance()
	name := strings.ToUpper(t.text)
	kind := rootDescriptorKinds[name]
	d := &RootDescriptor{}
	d.SetFlags(0)
	prm := RootParameter{ParameterType: kind.typ, Descriptor: d}
	seen := map[string]bool{}
	p.args(name, func() {
		switch {
		case p.isRegister():
			p.once(seen, "the register")
			d.ShaderRegister = p.register(kind.reg, name)
		case p.param(seen, "space"):
			d.RegisterSpace = p.uint(p.assign())
		case p.param(seen, "visibility"):
			prm.ShaderVisibility = p.visibility()
		case p.param(seen, "flags"):
			if p.version < Version1_1 {
				p.fail("root descriptor flags cannot be given in root signature 1.0 (they exist from 1.1)")
			}
			d.SetFlags(p.flags("after "+p.assign()+" =", rootDescriptorFlagBits, "a root descriptor flag"))
		default:
			p.fail("expected a %c register, space, visibility or flags in %s, found %s", kind.reg, name, p.found())
		}
	})
	if !seen["the register"] {
		p.failAt(t.pos, "%s needs %s register (%c0, %c1, …)", name, aRegister(kind.reg), kind.reg, kind.reg)
	}
	return prm
}

// rangeKinds maps the range statements of a descriptor table to their type and register letter.
var rangeKinds = map[string]struct {
	typ DescriptorRangeType
	reg byte
}{"CBV": {2, 'b'}, "SRV": {0, 't'}, "UAV": {1, 'u'}, "SAMPLER": {3, 's'}}

// DescriptorTable(range {, range} [, visibility = V]), ranges and visibility in any order
func (p *parser) descriptorTable() RootParameter {
	p.advance()
	t := &RootDescriptorTable{Ranges: []DescriptorRange{}}
	prm := RootParameter{ParameterType: RootParamDescriptorTable, Table: t}
	seen := map[string]bool{}
	p.args("DescriptorTable", func() {
		switch {
		case p.is("CBV"), p.is("SRV"), p.is("UAV"), p.is("Sampler"):
			t.Ranges = append(t.Ranges, p.descriptorRange())
		case p.param(seen, "visibility"):
			prm.ShaderVisibility = p.visibility()
		default:
			p.fail("expected CBV, SRV, UAV, Sampler or visibility in DescriptorTable, found %s", p.found())
		}
	})
	return prm
}

// CBV|SRV|UAV|Sampler(reg [, numDescriptors = N|unbounded] [, space = N]
// [, offset = N|DESCRIPTOR_RANGE_OFFSET_APPEND] [, flags = F])
func (p *parser) descriptorRange() DescriptorRange {
	t := p.advance()
	name := strings.ToUpper(t.text)
	if name == "SAMPLER" {
		name = "Sampler"
	}
	kind := rangeKinds[strings.ToUpper(name)]
	g := DescriptorRange{RangeType: kind.typ}
	g.SetNumDescriptors(1)
	g.SetOffset(RangeAppend)
	g.SetFlags(0)
	seen := map[string]bool{}
	p.args(name, func() {
		switch {
		case p.isRegister():
			p.once(seen, "the register")
			g.BaseShaderRegister = p.register(kind.reg, name)
		case p.param(seen, "numDescriptors"):
			g.SetNumDescriptors(p.uintOr(p.assign(), "unbounded", RangeUnbounded))
		case p.param(seen, "space"):
			g.RegisterSpace = p.uint(p.assign())
		case p.param(seen, "offset"):
			g.SetOffset(p.uintOr(p.assign(), "DESCRIPTOR_RANGE_OFFSET_APPEND", RangeAppend))
		case p.param(seen, "flags"):
			if p.version < Version1_1 {
				p.fail("descriptor range flags cannot be given in root signature 1.0 (they exist from 1.1)")
			}
			g.SetFlags(p.flags("after "+p.assign()+" =", descriptorRangeFlagBits, "a descriptor range flag"))
		default:
			p.fail("expected %s register, numDescriptors, space, offset or flags in %s, found %s", aRegister(kind.reg), name, p.found())
		}
	})
	if !seen["the register"] {
		p.failAt(t.pos, "%s needs %s register (%c0, %c1, …)", name, aRegister(kind.reg), kind.reg, kind.reg)
	}
	return g
}

// StaticSampler(sReg [, filter = …] [, addressU|V|W = …] [, mipLODBias = F]
// [, maxAnisotropy = N] [, comparisonFunc = …] [, borderColor = …]
// [, minLOD = F] [, maxLOD = F] [, space = N] [, visibility = V] [, flags = F (1.2)])
func (p *parser) staticSampler() StaticSampler {
	start := p.advance().pos
	// DXC's defaults (RootSignatureParser::ParseStaticSampler), which are D3D12's.
	m := StaticSampler{Filter: 0x55, AddressU: 1, AddressV: 1, AddressW: 1, MaxAnisotropy: 16,
		ComparisonFunc: 4, BorderColor: 2, MaxLOD: math.MaxFloat32}
	m.SetFlags(0)
	seen := map[string]bool{}
	address := func() TextureAddressMode {
		return TextureAddressMode(p.enumValue(addressKeywords, "a TEXTURE_ADDRESS_ value"))
	}
	p.args("StaticSampler", func() {
		switch {
		case p.isRegister():
			p.once(seen, "the register")
			m.ShaderRegister = p.register('s', "StaticSampler")
		case p.param(seen, "filter"):
			m.Filter = SamplerFilter(p.enumValue(filterKeywords, "a FILTER_ value"))
		case p.param(seen, "addressU"):
			m.AddressU = address()
		case p.param(seen, "addressV"):
			m.AddressV = address()
		case p.param(seen, "addressW"):
			m.AddressW = address()
		case p.param(seen, "mipLODBias"):
			m.MipLODBias = p.float(p.assign())
		case p.param(seen, "maxAnisotropy"):
			m.MaxAnisotropy = p.uint(p.assign())
		case p.param(seen, "comparisonFunc"):
			m.ComparisonFunc = ComparisonFunc(p.enumValue(comparisonKeywords, "a COMPARISON_ value"))
		case p.param(seen, "borderColor"):
			m.BorderColor = StaticBorderColor(p.enumValue(borderKeywords, "a STATIC_BORDER_COLOR_ value"))
		case p.param(seen, "minLOD"):
			m.MinLOD = p.float(p.assign())
		case p.param(seen, "maxLOD"):
			m.MaxLOD = p.float(p.assign())
		case p.param(seen, "space"):
			m.RegisterSpace = p.uint(p.assign())
		case p.param(seen, "visibility"):
			m.ShaderVisibility = p.visibility()
		case p.param(seen, "flags"):
			if p.version < Version1_2 {
				p.fail("static sampler flags cannot be given in root signature %s (they exist from 1.2)", VersionName(p.version))
			}
			m.SetFlags(p.flags("after "+p.assign()+" =", samplerFlagHLSL, "a static sampler flag"))
		default:
			p.fail("expected an s register, filter, addressU, addressV, addressW, mipLODBias, maxAnisotropy, comparisonFunc, borderColor, minLOD, maxLOD, space, visibility or flags in StaticSampler, found %s", p.found())
		}
	})
	if !seen["the register"] {
		p.failAt(start, "StaticSampler needs an s register (s0, s1, …)")
	}
	return m
}

// The keyword tables of the enumerations, made from the printer's spelling
// of every named value so that what HLSL prints, Parse reads; plus clang's
// spelling TEXTURE_ADDRESS_MIRRORONCE.
var (
	visibilityKeywords = enumKeywords("SHADER_VISIBILITY_", shaderVisibilities)
	filterKeywords     = enumKeywords("FILTER_", samplerFilters)
	addressKeywords    = append(enumKeywords("TEXTURE_ADDRESS_", textureAddressModes), report.FlagBit{Bit: 5, Name: "TEXTURE_ADDRESS_MIRRORONCE"})
	comparisonKeywords = enumKeywords("COMPARISON_", comparisonFuncs)
	borderKeywords     = enumKeywords("STATIC_BORDER_COLOR_", staticBorderColors)
)

func enumKeywords(prefix string, e report.Enum) []report.FlagBit {
	var out []report.FlagBit
	for v, name := range e.Names {
		if name != "" {
			out = append(out, report.FlagBit{Bit: uint32(v), Name: hlslEnum(prefix, name)})
		}
	}
	return out
}
