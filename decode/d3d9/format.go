package d3d9

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Format returns the instruction as FXC's level-9 listing prints it
// ("mad r0, c0[a0.w], v5.w, r0", "texld_pp r0, t3, s1").
func Format(in *Instruction) string {
	var dclTok, dst, pred *Param
	var srcs, imms []*Param
	for i := range in.Params {
		p := &in.Params[i]
		switch p.Role {
		case RoleDcl:
			dclTok = p
		case RoleDst:
			dst = p
		case RoleSrc:
			if in.Predicated && pred == nil {
				pred = p
			} else {
				srcs = append(srcs, p)
			}
		case RoleImm:
			imms = append(imms, p)
		}
	}
	pixel, major := in.Version.Pixel(), in.Version.Major()
	var b strings.Builder
	op := in.Opcode
	if in.Coissue {
		b.WriteString("+")
	}
	if pred != nil {
		b.WriteString("(" + FormatParam(in, pred) + ") ")
	}
	name := op.String()
	ctl := in.Token >> 16 & 0xff
	switch op {
	case OpDcl:
		name = "dcl"
		if dclTok != nil && dst != nil {
			t := dclTok.Token
			switch {
			case dst.RegisterType == RegSampler:
				if st, ok := samplerTypes[t>>27&0xf]; ok {
					name += "_" + st
				} else {
					name += fmt.Sprintf("_unknown%d", t>>27&0xf)
				}
			case pixel && major < 3, dst.RegisterType == RegMisc:
				// ps_2_x declares t# and v# without a usage.
			default:
				u := t & 0x1f
				if int(u) < len(usages) {
					name += "_" + usages[u]
				} else {
					name += fmt.Sprintf("_usage%d", u)
				}
				if ix := t >> 16 & 0xf; ix != 0 {
					name += strconv.Itoa(int(ix))
				}
			}
		}
	case OpTex:
		if pixel && major >= 2 {
			switch ctl {
			case 1:
				name = "texldp"
			case 2:
				name = "texldb"
			}
		} else if pixel && major < 2 {
			name = "tex"
		}
	case OpIfc, OpBreakc, OpSetp:
		name += comparisons[ctl&7]
	}
	b.WriteString(name)
	if dst != nil {
		if dst.ResultModifier&1 != 0 {
			b.WriteString("_sat")
		}
		if dst.ResultModifier&2 != 0 {
			b.WriteString("_pp")
		}
		if dst.ResultModifier&4 != 0 {
			b.WriteString("_centroid")
		}
		switch dst.Shift {
		case 1:
			b.WriteString("_x2")
		case 2:
			b.WriteString("_x4")
		case 3:
			b.WriteString("_x8")
		case -1:
			b.WriteString("_d2")
		case -2:
			b.WriteString("_d4")
		case -3:
			b.WriteString("_d8")
		}
	}
	var ops []string
	if dst != nil {
		ops = append(ops, FormatParam(in, dst))
	}
	for _, p := range srcs {
		ops = append(ops, FormatParam(in, p))
	}
	for _, p := range imms {
		ops = append(ops, FormatParam(in, p))
	}
	if len(ops) > 0 {
		b.WriteString(" ")
		b.WriteString(strings.Join(ops, ", "))
	}
	return b.String()
}

// FormatParam returns one parameter token of in as the listing spells it:
// a register with its mask, swizzle, modifiers and relative address, a dcl
// usage ("texcoord1"), or an immediate of def, defi, defb.
func FormatParam(in *Instruction, p *Param) string {
	t := p.Token
	pixel, major := in.Version.Pixel(), in.Version.Major()
	switch p.Role {
	case RoleDcl:
		u := fmt.Sprintf("usage%d", t&0x1f)
		if int(t&0x1f) < len(usages) {
			u = usages[t&0x1f]
		}
		return fmt.Sprintf("%s%d", u, t>>16&0xf)
	case RoleImm:
		switch in.Opcode {
		case OpDef:
			return defFloat(math.Float32frombits(t))
		case OpDefB:
			if t != 0 {
				return "true"
			}
			return "false"
		}
		return strconv.Itoa(int(int32(t)))
	}
	reg := registerName(p.RegisterType, p.Register, pixel, major)
	if p.Relative != nil {
		reg += "[" + FormatParam(in, p.Relative) + "]"
	} else if t&(1<<13) != 0 && major < 2 && p.Role == RoleSrc {
		reg += "[a0.x]"
	}
	switch p.Role {
	case RoleDst:
		if p.WriteMask != 0xf {
			return reg + "." + maskText(p.WriteMask)
		}
		return reg
	case RoleRelative:
		// A relative address selects one component: the swizzle's first.
		return reg + "." + string("xyzw"[p.Swizzle[0]])
	}
	s := reg + swizzleText(p.Swizzle)
	if int(p.SourceModifier) < len(sourceModifiers) {
		m := sourceModifiers[p.SourceModifier]
		return m.pre + s + m.post
	}
	return s + fmt.Sprintf("_mod%d", p.SourceModifier)
}

// swizzleText prints a source swizzle as the D3D9 disassembler does:
// nothing for .xyzw, one letter when all four agree, else all four.
func swizzleText(s [4]uint8) string {
	if s == [4]uint8{0, 1, 2, 3} {
		return ""
	}
	if s[0] == s[1] && s[1] == s[2] && s[2] == s[3] {
		return "." + string("xyzw"[s[0]])
	}
	b := []byte{'.', "xyzw"[s[0]], "xyzw"[s[1]], "xyzw"[s[2]], "xyzw"[s[3]]}
	return string(b)
}

func maskText(m uint8) string {
	var b strings.Builder
	for i, c := range "xyzw" {
		if m&(1<<i) != 0 {
			b.WriteRune(c)
		}
	}
	return b.String()
}

// defFloat prints a def constant as the D3D9 disassembler does: %g with
// up to nine significant digits ("0.5", "-0", "1.44269502"), and three
// exponent digits, as the Microsoft C runtime it prints with writes them
// ("9.99999975e-005": every exponent in DirectXTK's level-9 listings,
// 2013 to 2019).
func defFloat(f float32) string {
	s := strconv.FormatFloat(float64(f), 'g', 9, 64)
	if e := strings.IndexByte(s, 'e'); e >= 0 && len(s)-e == 4 { // e-05 → e-005
		s = s[:e+2] + "0" + s[e+2:]
	}
	return s
}
