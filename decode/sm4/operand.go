package sm4

import "github.com/dxscope/dxscope/decode/report"

// operand decodes one operand at the cursor.
func (d *decoder) operand() Operand { return d.operandDepth(0) }

func (d *decoder) operandDepth(depth int) Operand {
	t := d.next("operand token")
	var o Operand
	if d.bad != "" {
		o.Missing = true
		return o
	}
	o.Type = OperandType(t >> 12 & 0xff)
	switch t & 3 {
	case 0:
		o.NumComponents = 0
	case 1:
		o.NumComponents = 1
	case 2:
		o.NumComponents = 4
		o.Selection = SelectionMode(t >> 2 & 3)
		switch o.Selection {
		case SelectMask:
			o.Mask = uint8(t >> 4 & 0xf)
		case SelectSwizzle:
			for i := range o.Swizzle {
				o.Swizzle[i] = uint8(t >> (4 + 2*uint(i)) & 3)
			}
		case SelectOne:
			o.Swizzle[0] = uint8(t >> 4 & 3)
		default:
			d.problemAt(report.Warning, d.pos-1, "operand token 0x%08x has component selection mode 3, which no format version defines", t)
		}
	case 3:
		d.problemAt(report.Warning, d.pos-1, "operand token 0x%08x has N components, which no compiler emits; read as 4", t)
		o.NumComponents = 4
	}
	dims := int(t >> 20 & 3)
	reps := [3]IndexRepresentation{IndexRepresentation(t >> 22 & 7), IndexRepresentation(t >> 25 & 7), IndexRepresentation(t >> 28 & 7)}
	for ext := t>>31 != 0; ext && d.bad == ""; {
		e := d.next("extended operand token")
		ext = e>>31 != 0
		if e&0x3f == 1 {
			o.Modifier = Modifier(e >> 6 & 0xff)
			o.MinPrecision = MinPrecision(e >> 14 & 7)
			o.NonUniform = e>>17&1 != 0
		} else if e&0x3f != 0 {
			d.problemAt(report.Warning, d.pos-1, "unknown extended operand token type %d", e&0x3f)
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
		ix := Index{Representation: reps[i]}
		switch reps[i] {
		case IndexImmediate32:
			ix.Value = uint64(d.next("index"))
		case IndexImmediate64, IndexImmediate64Relative: // low dword first, as Microsoft's ShaderBinary reads m_RegIndexA[0..1]
			lo := d.next("index")
			hi := d.next("index")
			ix.Value = uint64(hi)<<32 | uint64(lo)
		case IndexRelative, IndexImmediate32Relative:
		default:
			d.problemAt(report.Warning, d.pos-1, "operand index %d has representation %d, which no format version defines", i, reps[i])
		}
		if reps[i] == IndexRelative || reps[i] == IndexImmediate32Relative || reps[i] == IndexImmediate64Relative {
			if depth > 4 {
				if d.bad == "" {
					d.bad = "relative indices nest more than four deep"
				}
				break
			}
			if reps[i] == IndexImmediate32Relative {
				ix.Value = uint64(d.next("index"))
			}
			rel := d.operandDepth(depth + 1)
			ix.Relative = &rel
		}
		o.Indices = append(o.Indices, ix)
	}
	return o
}
