package decode

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// operand decodes one operand at the cursor and formats it. kind says how
// immediates are typed in this position (see opInfo.src).
func (d *tokenDecoder) operand(kind byte) Operand {
	return d.operandDepth(kind, 0)
}

func (d *tokenDecoder) operandDepth(kind byte, depth int) Operand {
	t := d.next("operand token")
	var o Operand
	if d.bad != "" {
		o.Text = "?"
		return o
	}
	o.Type = OperandType(t >> 12 & 0xff)
	o.TypeName = o.Type.String()
	switch t & 3 {
	case 0:
		o.NumComponents = 0
	case 1:
		o.NumComponents = 1
	case 2:
		o.NumComponents = 4
		o.SelectionMode = uint8(t >> 2 & 3)
		switch o.SelectionMode {
		case 0:
			o.Mask = uint8(t >> 4 & 0xf)
		case 1:
			for i := range o.Swizzle {
				o.Swizzle[i] = uint8(t >> (4 + 2*uint(i)) & 3)
			}
		case 2:
			o.Swizzle[0] = uint8(t >> 4 & 3)
		default:
			d.problemAt(Warning, d.pos-1, "operand token 0x%08x has component selection mode 3, which no format version defines", t)
		}
	case 3:
		d.problemAt(Warning, d.pos-1, "operand token 0x%08x has N components, which no compiler emits; read as 4", t)
		o.NumComponents = 4
	}
	dims := int(t >> 20 & 3)
	reps := [3]uint8{uint8(t >> 22 & 7), uint8(t >> 25 & 7), uint8(t >> 28 & 7)}
	for ext := t>>31 != 0; ext && d.bad == ""; {
		e := d.next("extended operand token")
		ext = e>>31 != 0
		if e&0x3f == 1 {
			o.Modifier = uint8(e >> 6 & 0xff)
			o.MinPrecision = uint8(e >> 14 & 7)
			o.NonUniform = e>>17&1 != 0
		} else if e&0x3f != 0 {
			d.problemAt(Warning, d.pos-1, "unknown extended operand token type %d", e&0x3f)
		}
	}
	if o.Type == OperandImmediate32 || o.Type == OperandImmediate64 {
		// One value (two dwords for 64-bit) or four dwords for four components.
		n := 1
		if o.Type == OperandImmediate64 {
			n = 2
		}
		if o.NumComponents == 4 {
			n = 4
		}
		for i := 0; i < n; i++ {
			o.Immediate = append(o.Immediate, d.next("immediate value"))
		}
	}
	for i := 0; i < dims && d.bad == ""; i++ {
		ix := OperandIdx{Representation: reps[i]}
		switch reps[i] {
		case 0:
			ix.Value = uint64(d.next("index"))
		case 1, 4: // low dword first, as Microsoft's ShaderBinary reads m_RegIndexA[0..1]
			lo := d.next("index")
			hi := d.next("index")
			ix.Value = uint64(hi)<<32 | uint64(lo)
		case 2, 3:
		default:
			d.problemAt(Warning, d.pos-1, "operand index %d has representation %d, which no format version defines", i, reps[i])
		}
		if reps[i] == 2 || reps[i] == 3 || reps[i] == 4 {
			if depth > 4 {
				if d.bad == "" {
					d.bad = "relative indices nest more than four deep"
				}
				break
			}
			if reps[i] == 3 {
				ix.Value = uint64(d.next("index"))
			}
			rel := d.operandDepth('x', depth+1)
			ix.Relative = &rel
		}
		o.Indices = append(o.Indices, ix)
	}
	o.Text = d.formatOperand(&o, kind)
	return o
}

// upperCase reports register files that SM5.1 names in capitals (resource ranges).
func (d *tokenDecoder) upperCase(t OperandType) bool {
	return d.sm51 && (t == OperandResource || t == OperandSampler || t == OperandUAV || t == OperandConstantBuffer)
}

func (d *tokenDecoder) prefix(t OperandType) string {
	p := t.String()
	if d.upperCase(t) {
		p = strings.ToUpper(p)
	}
	return p
}

func indexText(ix OperandIdx) string {
	if ix.Relative != nil {
		return fmt.Sprintf("[%s + %d]", ix.Relative.Text, ix.Value)
	}
	return fmt.Sprintf("[%d]", ix.Value)
}

// registerText is the register without components or modifiers: r0, cb0[3], CB0[0][r1.x + 2], icb[r0.x + 0].
func (d *tokenDecoder) registerText(o *Operand) string {
	p := d.prefix(o.Type)
	if len(o.Indices) == 0 {
		return p
	}
	var b strings.Builder
	b.WriteString(p)
	bracketAll := o.Type == OperandImmConstantBuffer || o.Type == OperandThis || o.Type == OperandInputCP || o.Type == OperandOutputCP ||
		(o.Type == OperandInput && len(o.Indices) == 2)
	for i, ix := range o.Indices {
		if i == 0 && !bracketAll && ix.Relative == nil {
			b.WriteString(strconv.FormatUint(ix.Value, 10))
			continue
		}
		b.WriteString(indexText(ix))
	}
	return b.String()
}

func (d *tokenDecoder) formatOperand(o *Operand, kind byte) string {
	var s string
	switch o.Type {
	case OperandImmediate32:
		s = "l(" + literalList(o.Immediate, kind) + ")"
	case OperandImmediate64:
		var parts []string
		for i := 0; i+1 < len(o.Immediate); i += 2 {
			v := math.Float64frombits(uint64(o.Immediate[i+1])<<32 | uint64(o.Immediate[i]))
			parts = append(parts, formatFloat(v)+"l")
		}
		s = "d(" + strings.Join(parts, ", ") + ")"
	default:
		s = d.registerText(o) + componentText(o)
	}
	o.core = s
	return o.decorate(precisionName(o.MinPrecision))
}

func precisionName(p uint8) string {
	if n, ok := minPrecisionNames[uint32(p)]; ok {
		return n
	}
	return ""
}

// decorate adds the precision note ("min16f", "def32 as min16f"), the
// modifiers and nonuniform to the operand's core text. The note goes inside
// the absolute-value bars, as FXC writes |r2.xyzw {min16f}|.
func (o *Operand) decorate(note string) string {
	s := o.core
	if note != "" {
		s += " {" + note + "}"
	}
	switch o.Modifier {
	case 1:
		s = "-" + s
	case 2:
		s = "|" + s + "|"
	case 3:
		s = "-|" + s + "|"
	}
	if o.NonUniform {
		s += " { nonuniform }"
	}
	return s
}

func componentText(o *Operand) string {
	if o.NumComponents != 4 {
		return ""
	}
	switch o.SelectionMode {
	case 0:
		if o.Mask == 0 {
			return ""
		}
		return "." + maskText(o.Mask)
	case 1:
		b := []byte{'.', 0, 0, 0, 0}
		for i, c := range o.Swizzle {
			b[i+1] = compChars[c]
		}
		return string(b)
	case 2:
		return "." + string(compChars[o.Swizzle[0]])
	}
	return ""
}

// literalList formats immediate values the way FXC does for the operand's
// type: floats %f, integers in decimal (hex when large), and for untyped
// moves a guess per component, written without spaces.
func literalList(v []uint32, kind byte) string {
	parts := make([]string, len(v))
	for i, u := range v {
		parts[i] = literal(u, kind)
	}
	if kind == 'x' || kind == '*' {
		return strings.Join(parts, ",")
	}
	return strings.Join(parts, ", ")
}

func literal(u uint32, kind byte) string {
	switch kind {
	case 'f':
		return formatFloat(float64(math.Float32frombits(u)))
	case 'i', 'u':
		return intLiteral(u)
	}
	return untypedLiteral(u)
}

// untypedLiteral guesses like FXC: a normal float prints as a float,
// zero/denormal/inf/nan bit patterns as integers; negative zero
// (0x80000000) prints as -0.000000, as the listings show.
func untypedLiteral(u uint32) string {
	if e := u >> 23 & 0xff; (e != 0 && e != 0xff) || u == 0x80000000 {
		return formatFloat(float64(math.Float32frombits(u)))
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
