package sm4

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Style holds the spellings that differ between FXC builds. The zero value
// is what current builds print.
type Style struct {
	// LowerCaseCB spells the constant-buffer declaration's register
	// dcl_constantbuffer cb0[1], as FXC 9.x builds do, rather than CB0[1].
	LowerCaseCB bool
	// FloatTiesAway rounds the %f of an operand's float literals away from
	// zero at exact ties of the sixth decimal (18.8515625 prints 18.851563),
	// as the Microsoft C runtime before the Universal CRT did; the default
	// rounds them to even (18.851562), as the Universal CRT does.
	FloatTiesAway bool
	// OmitSGVInterpolation writes dcl_input_ps_sgv without its
	// interpolation mode (dcl_input_ps_sgv v2.x, is_front_face), as FXC
	// 6.3.9600 and 9.30.9200 do; 10.1 writes it (dcl_input_ps_sgv constant v2.x, ...).
	OmitSGVInterpolation bool
	// StructuredBlank ends dcl_resource_structured t0, 16 with a blank, as
	// FXC 9.x and 6.3 builds do; 10.x builds write none.
	StructuredBlank bool
	// BareDiscard writes discard_nz r0.x as discard r0.x, and
	// BareTexelOffsets sample_aoffimmi(-3,0,0) as sample(-3,0,0), as FXC
	// 9.29.952 does (Effekseer's listings: 614 discards, 12 offsets).
	BareDiscard, BareTexelOffsets bool
}

// Format returns the instruction as FXC's disassembler lists it, without
// indentation (Depth says how deep FXC indents it). An immediate constant
// buffer spans several lines.
func Format(in *Instruction, st Style) string {
	var t string
	switch {
	case !in.Opcode.Known():
		t = fmt.Sprintf("unknown_opcode_%d", uint32(in.Opcode))
	case in.Opcode == OpCustomData:
		t = formatCustomData(in, st)
	case in.Opcode.IsDeclaration():
		t = formatDeclaration(in, st)
	default:
		t = formatCode(in, st)
	}
	if in.Err != "" {
		t += " <truncated>"
	}
	return t
}

// FormatOperand returns in.Operands[i] as Format prints it in the
// instruction's line (with the precision conversion FXC notes on sources,
// "{min16f as def32}").
func FormatOperand(in *Instruction, i int, st Style) string {
	return formatOperand(in, &in.Operands[i], operandKind(in, i), operandNote(in, i), st.FloatTiesAway)
}

// FormatRelative returns a relative index's register (an Index.Relative of
// one of in's operands) as Format prints it inside the brackets.
func FormatRelative(in *Instruction, rel *Operand) string {
	return formatOperand(in, rel, 'x', rel.MinPrecision.note(), false)
}

// sm51 reports whether the instruction belongs to an SM 5.1 program, whose
// listings name resource ranges in capitals and print register spaces.
func (in *Instruction) sm51() bool { return in.Major > 5 || (in.Major == 5 && in.Minor >= 1) }

// formatCode formats a computational instruction.
func formatCode(in *Instruction, st Style) string {
	info := opTable[in.Opcode]
	var b strings.Builder
	b.WriteString(info.name)
	var offs, dim, types string
	if in.Extended&HasSampleControls != 0 {
		if !st.BareTexelOffsets {
			b.WriteString("_aoffimmi")
		}
		offs = fmt.Sprintf("(%d,%d,%d)", in.TexelOffset[0], in.TexelOffset[1], in.TexelOffset[2])
	}
	if in.Extended&HasResourceDim != 0 {
		b.WriteString("_indexable")
		if in.Dimension == DimStructuredBuffer {
			dim = fmt.Sprintf("(%s, stride=%d)", in.Dimension, in.Stride)
		} else {
			dim = "(" + in.Dimension.String() + ")"
		}
	}
	if in.Extended&HasReturnType != 0 {
		types = returnTypeList(in.ReturnType)
	}
	// FXC writes [precise] before the resource suffixes when there are
	// any (ld_indexable [precise](texture1d)(float,float,float,float)),
	// else after the mnemonic (add [precise(xy)]).
	precise := ""
	if m := in.PreciseMask; m != 0 {
		precise = " [precise]"
		if m != 0xf {
			precise = " [precise(" + maskText(m) + ")]"
		}
	}
	if brackets := offs + dim + types; brackets != "" {
		b.WriteString(precise + brackets)
		precise = ""
	}
	switch in.Opcode {
	case OpBreakc, OpContinuec, OpDiscard, OpIf, OpRetc, OpCallc:
		if in.Opcode == OpDiscard && in.TestNonZero && st.BareDiscard {
			break
		}
		if in.TestNonZero {
			b.WriteString("_nz")
		} else {
			b.WriteString("_z")
		}
	case OpResInfo:
		switch in.ResInfoReturn {
		case ResInfoRcpFloat:
			b.WriteString("_rcpFloat")
		case ResInfoUint:
			b.WriteString("_uint")
		}
	case OpSampleInfo:
		if in.SampleInfoUint {
			b.WriteString("_uint")
		}
	case OpSync:
		for _, s := range []struct {
			bit  SyncFlags
			text string
		}{{SyncUAVMemoryGlobal, "_uglobal"}, {SyncUAVMemoryGroup, "_ugroup"}, {SyncGroupSharedMemory, "_g"}, {SyncThreadsInGroup, "_t"}} {
			if in.Sync&s.bit != 0 {
				b.WriteString(s.text)
			}
		}
	}
	if in.Saturate {
		b.WriteString("_sat")
	}
	b.WriteString(precise)
	if in.Opcode == OpFcall {
		o := ""
		if len(in.Operands) > 0 {
			o = FormatOperand(in, 0, st)
		}
		return fmt.Sprintf("%s %s[%d]", b.String(), o, in.CallSite)
	}
	for i := range in.Operands {
		if i == 0 {
			b.WriteByte(' ')
		} else {
			b.WriteString(", ")
		}
		b.WriteString(FormatOperand(in, i, st))
	}
	if len(in.Operands) == 0 && in.Opcode != OpSync {
		// FXC writes the mnemonic and a blank before the operands, so an
		// instruction without any ends in a blank ("ret ", "endif "), in
		// every build's listing; sync_g_t, whose flags are its suffixes,
		// does not.
		b.WriteByte(' ')
	}
	return b.String()
}

// operandKind is how immediates of operand i are typed (see opInfo.src):
// destinations and declared registers are untyped or unsigned.
func operandKind(in *Instruction, i int) byte {
	if in.Opcode.IsDeclaration() || in.Opcode == OpFcall {
		return 'u'
	}
	info := opTable[in.Opcode]
	nDst := in.Opcode.Destinations()
	if i >= nDst && len(info.src) > 0 {
		return info.src[min(i-nDst, len(info.src)-1)]
	}
	return 'x'
}

// kindClass groups immediate kinds into the value classes FXC compares when
// it notes a precision conversion: float, integer, double.
func kindClass(k byte) byte {
	switch k {
	case 'i', 'u':
		return 'i'
	}
	return k
}

// operandNote is operand i's precision note the way FXC writes it: a source
// of the same value class as the destination but another precision reads
// "min16f as def32" (def32 being the default), anything else just its own
// precision ("min16f", or nothing).
func operandNote(in *Instruction, i int) string {
	o := &in.Operands[i]
	own := o.MinPrecision.note()
	if o.Missing {
		own = ""
	}
	if in.Opcode.IsDeclaration() || in.Opcode == OpFcall || !in.Opcode.Known() {
		return own
	}
	info := opTable[in.Opcode]
	nDst := in.Opcode.Destinations()
	if nDst == 0 || len(in.Operands) <= nDst || i < nDst {
		return own
	}
	dk := byte('x')
	if k, ok := destinationKind[in.Opcode]; ok {
		dk = k
	} else if len(info.src) > 0 {
		dk = info.src[0]
	}
	if strings.ContainsRune(info.src, '*') {
		dk = 'r' // loads and samples: the destination's type comes from the resource
	}
	dp := in.Operands[0].MinPrecision
	if o.MinPrecision == dp || o.Type == OperandNull || dk == 'r' {
		return own
	}
	sk := byte('x')
	if len(info.src) > 0 {
		sk = info.src[min(i-nDst, len(info.src)-1)]
	}
	// An untyped destination (movc) converts only its untyped sources; a
	// typed one converts sources of its own class and untyped ones.
	if dk == 'x' && sk != 'x' || sk != 'x' && dk != 'x' && kindClass(sk) != kindClass(dk) {
		return own
	}
	from, to := o.MinPrecision.note(), dp.note()
	if from == "" {
		from = "def32"
	}
	if to == "" {
		to = "def32"
	}
	return from + " as " + to
}

// prefix is the register file's name, in capitals for SM5.1 resource ranges.
func prefix(in *Instruction, t OperandType) string {
	p := t.String()
	if in.sm51() && (t == OperandResource || t == OperandSampler || t == OperandUAV || t == OperandConstantBuffer) {
		p = strings.ToUpper(p)
	}
	return p
}

func indexText(in *Instruction, ix Index) string {
	if ix.Relative != nil {
		return fmt.Sprintf("[%s + %d]", FormatRelative(in, ix.Relative), ix.Value)
	}
	return fmt.Sprintf("[%d]", ix.Value)
}

// registerText is the register without components or modifiers: r0, cb0[3], CB0[0][r1.x + 2], icb[r0.x + 0].
func registerText(in *Instruction, o *Operand) string {
	p := prefix(in, o.Type)
	if len(o.Indices) == 0 {
		return p
	}
	var b strings.Builder
	b.WriteString(p)
	bracketAll := o.Type == OperandImmConstantBuffer || o.Type == OperandThisPointer || o.Type == OperandInputControlPoint ||
		o.Type == OperandOutputControlPoint || (o.Type == OperandInput && len(o.Indices) == 2)
	for i, ix := range o.Indices {
		if i == 0 && !bracketAll && ix.Relative == nil {
			b.WriteString(strconv.FormatUint(ix.Value, 10))
			continue
		}
		b.WriteString(indexText(in, ix))
	}
	return b.String()
}

// formatOperand writes an operand: its register (or literal) and
// components, the precision note, the modifiers and nonuniform. kind types
// its immediates; tiesAway rounds their float literals per Style.FloatTiesAway.
func formatOperand(in *Instruction, o *Operand, kind byte, note string, tiesAway bool) string {
	if o.Missing && note == "" {
		return "?"
	}
	var s string
	switch {
	case o.Missing:
		// A source cut off after its destination still gets the conversion note.
	case o.Type == OperandImmediate32:
		s = "l(" + literalList(o.Immediate, kind, tiesAway) + ")"
	case o.Type == OperandImmediate64:
		var parts []string
		for i := 0; i+1 < len(o.Immediate); i += 2 {
			v := math.Float64frombits(uint64(o.Immediate[i+1])<<32 | uint64(o.Immediate[i]))
			parts = append(parts, formatFloat(v)+"l")
		}
		s = "d(" + strings.Join(parts, ", ") + ")"
	default:
		s = registerText(in, o) + componentText(o)
	}
	return decorate(o, s, note)
}

// decorate adds the precision note ("min16f", "def32 as min16f"), the
// modifiers and nonuniform to an operand's register text. The note goes
// inside the absolute-value bars, as FXC writes |r2.xyzw {min16f}|.
func decorate(o *Operand, s, note string) string {
	if note != "" {
		s += " {" + note + "}"
	}
	switch o.Modifier {
	case ModifierNeg:
		s = "-" + s
	case ModifierAbs:
		s = "|" + s + "|"
	case ModifierAbsNeg:
		s = "-|" + s + "|"
	}
	if o.NonUniform {
		s += " { nonuniform }"
	}
	return s
}

var compChars = "xyzw"

func maskText(m uint8) string {
	var s []byte
	for i := 0; i < 4; i++ {
		if m&(1<<i) != 0 {
			s = append(s, compChars[i])
		}
	}
	return string(s)
}

func componentText(o *Operand) string {
	if o.NumComponents != 4 {
		return ""
	}
	switch o.Selection {
	case SelectMask:
		if o.Mask == 0 {
			return ""
		}
		return "." + maskText(o.Mask)
	case SelectSwizzle:
		b := []byte{'.', 0, 0, 0, 0}
		for i, c := range o.Swizzle {
			b[i+1] = compChars[c]
		}
		return string(b)
	case SelectOne:
		return "." + string(compChars[o.Swizzle[0]])
	}
	return ""
}

// literalList formats immediate values the way FXC does for the operand's
// type: floats %f, integers in decimal (hex when large), and for untyped
// moves a guess per component, written without spaces.
func literalList(v []uint32, kind byte, tiesAway bool) string {
	parts := make([]string, len(v))
	for i, u := range v {
		parts[i] = literal(u, kind, tiesAway)
	}
	if kind == 'x' || kind == '*' {
		return strings.Join(parts, ",")
	}
	return strings.Join(parts, ", ")
}

func literal(u uint32, kind byte, tiesAway bool) string {
	switch kind {
	case 'f':
		return floatLiteral(u, tiesAway)
	case 'i', 'u':
		return intLiteral(u)
	}
	return untypedLiteral(u, tiesAway)
}

func floatLiteral(u uint32, tiesAway bool) string {
	f := float64(math.Float32frombits(u))
	if tiesAway {
		return FormatFloatTiesAway(f)
	}
	return formatFloat(f)
}

// untypedLiteral guesses like FXC: a normal float prints as a float,
// zero/denormal/inf/nan bit patterns as integers; negative zero
// (0x80000000) prints as -0.000000, as the listings show.
func untypedLiteral(u uint32, tiesAway bool) string {
	if e := u >> 23 & 0xff; (e != 0 && e != 0xff) || u == 0x80000000 {
		return floatLiteral(u, tiesAway)
	}
	return intLiteral(u)
}

// intLiteral prints small integers in signed decimal and the rest as
// eight hex digits, whatever the signedness of the instruction: FXC's
// listings show l(-4) on and, l(2222) and l(0x00003c00). The cut-off
// between 2222 and 15360 is not pinned down by any listing; 10000 is
// the value vkd3d's disassembler uses for the same guess.
func intLiteral(u uint32) string {
	if i := int32(u); i >= -10000 && i <= 10000 {
		return strconv.Itoa(int(i))
	}
	return fmt.Sprintf("0x%08x", u)
}

// formatFloat is C's %f, with the MSVC spellings of infinities and NaNs.
func formatFloat(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "1.#INF00"
	case math.IsInf(f, -1):
		return "-1.#INF00"
	case math.IsNaN(f):
		return "1.#QNAN0"
	}
	// Ties at the sixth decimal round to even, as the listings of current
	// FXC builds show (18.8515625 prints 18.851562, 0.0078125 0.007812).
	return strconv.FormatFloat(f, 'f', 6, 64)
}

// FormatFloatTiesAway is C's %f (six decimals) as the Microsoft C runtime
// before the Universal CRT printed it: exact halfway cases rounded away
// from zero (18.8515625 gives 18.851563, -0.0078125 gives -0.007813), and
// no more than 17 significant digits, zeros after them (-1.7014605e38
// gives -170146051238774110000000000000000000000.000000).
func FormatFloatTiesAway(f float64) string {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return formatFloat(f)
	}
	if math.Abs(f) >= 1e17 { // more than 17 digits before the point
		return seventeenDigits(f)
	}
	// Every float64 has a finite decimal expansion; 1100 digits hold all of it.
	exact := strconv.FormatFloat(f, 'f', -1, 64)
	dot := strings.IndexByte(exact, '.')
	if dot < 0 || len(exact)-dot-1 <= 6 {
		return strconv.FormatFloat(f, 'f', 6, 64)
	}
	exact = strconv.FormatFloat(f, 'f', 1100, 64)
	dot = strings.IndexByte(exact, '.')
	rest := strings.TrimRight(exact[dot+7:], "0")
	if rest != "5" {
		// Not a tie: the nearest value is the same for both rules.
		return strconv.FormatFloat(f, 'f', 6, 64)
	}
	// A tie: truncate to six decimals and add one unit in the last place to the magnitude.
	digits := []byte(exact[:dot+7])
	i := len(digits) - 1
	for ; i >= 0; i-- {
		c := digits[i]
		if c == '.' {
			continue
		}
		if c < '0' || c > '9' {
			break
		}
		if c == '9' {
			digits[i] = '0'
			continue
		}
		digits[i]++
		return string(digits)
	}
	// Carried past the first digit: 9.9999995 becomes 10.000000.
	if i >= 0 { // a leading '-'
		return "-1" + string(digits[1:])
	}
	return "1" + string(digits)
}

// seventeenDigits writes f (at least 1e17 in magnitude: an integer) with
// its first 17 significant digits, rounded, then zeros, as the old C
// runtime's %f did.
func seventeenDigits(f float64) string {
	e := strconv.FormatFloat(f, 'e', 16, 64) // [-]d.dddddddddddddddde+XX
	mant, exp, _ := strings.Cut(e, "e")
	n, _ := strconv.Atoi(exp)
	sign := ""
	if mant[0] == '-' {
		sign, mant = "-", mant[1:]
	}
	digits := strings.Replace(mant, ".", "", 1)
	return sign + digits + strings.Repeat("0", max(0, n+1-len(digits))) + ".000000"
}
