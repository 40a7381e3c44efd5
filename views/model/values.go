package model

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode"
)

// What a value means, as the tree and the teaching panel show it: flag
// words, version tokens and targets in hex with what they decode to, and
// the bit fields of SM4/5 and D3D9 tokens.

// flagKey says whether a key names a flags word.
func flagKey(key string) bool {
	return strings.HasSuffix(key, "Flags") || strings.HasSuffix(key, "Flag")
}

// versionKey says whether a key names a packed version word or target.
func versionKey(key string) bool {
	return key == "Version" || key == "ShaderVersion" || key == "Target"
}

// DisplayValue is a number's text as the page shows it (raw is the decimal
// the JSON holds): a flags word or a version in hex with its decoded names,
// which the node's siblings give (FlagNames, FlagsNames, VersionName,
// Profile) or the path's part family decodes (an SM4/5 or D3D9 version
// token). Other values are returned as they are.
func DisplayValue(path, raw string, n *Node) string {
	key := LastSeg(path)
	v, err := strconv.ParseUint(raw, 10, 64)
	if err != nil || !flagKey(key) && !versionKey(key) {
		return raw
	}
	hex := "0x" + strconv.FormatUint(v, 16)
	names := siblingNames(n, key)
	if names == "" && versionKey(key) {
		names = versionName(path, uint32(v))
	}
	switch {
	case names != "":
		return hex + " (" + names + ")"
	case flagKey(key) && v == 0:
		return "0x0 (none)"
	}
	return hex
}

// siblingNames reads the names the decoder put beside a value.
func siblingNames(n *Node, key string) string {
	if n == nil || n.Parent == nil {
		return ""
	}
	cands := []string{key + "Names", key + "Name"}
	switch {
	case key == "Flags":
		cands = append(cands, "FlagNames")
	case key == "Target":
		cands = append(cands, "Profile")
	}
	for _, k := range cands {
		c := n.Parent.Child(k)
		switch {
		case c == nil:
		case c.Kind == KindString && c.Full != "":
			return Shown(c.Full)
		case c.Kind == KindArray && len(c.Children) > 0:
			var parts []string
			for _, e := range c.Children {
				parts = append(parts, Shown(e.Full))
			}
			return strings.Join(parts, " | ")
		}
	}
	return ""
}

// versionName decodes a version token by the part it is in: D3D9 (Aon9's
// level-9 shader) or SM4/5 (SHDR, SHEX).
func versionName(path string, v uint32) string {
	part, _, _ := strings.Cut(path, "/")
	switch {
	case part == "Aon9" || strings.Contains(path, "Level9/"):
		return D3D9Version(v)
	case strings.HasPrefix(part, "SH"):
		t := decode.ProgramType(v >> 16)
		return fmt.Sprintf("%s_%d_%d", t, v>>4&0xf, v&0xf)
	}
	return ""
}

// D3D9Version names a D3D9 version token: 0xFFFE0200 is vs_2_0, 0xFFFF0201
// ps_2_x.
func D3D9Version(v uint32) string {
	kind := "?"
	switch v >> 16 {
	case 0xFFFE:
		kind = "vs"
	case 0xFFFF:
		kind = "ps"
	}
	major, minor := v>>8&0xff, v&0xff
	if major == 2 && minor == 1 {
		return kind + "_2_x"
	}
	return fmt.Sprintf("%s_%d_%d", kind, major, minor)
}

// TokenField is one bit field of a token as the teaching panel lists it.
type TokenField struct {
	Bits  string // "0–10"
	Name  string
	Value string
}

// TokenFields decodes the bit fields of a token the selection names: an
// SM4/5 opcode, extended opcode, operand or extended operand token
// (SHEX/Instructions/N/OperandToken/k), or a D3D9 instruction or parameter
// token (role: the parameter's Role, "dst", "src", …). raw is the token
// ("0x…" or decimal). Other selections have none.
func TokenFields(path, raw, role string) []TokenField {
	v, err := strconv.ParseUint(strings.TrimPrefix(raw, "0x"), map[bool]int{true: 16, false: 10}[strings.HasPrefix(raw, "0x")], 32)
	if err != nil {
		return nil
	}
	t := uint32(v)
	segs := strings.Split(path, "/")
	kind := ""
	if len(segs) >= 2 {
		kind = segs[len(segs)-2]
	}
	part := segs[0]
	f := func(bits, name string, val any) TokenField { return TokenField{bits, name, fmt.Sprint(val)} }
	yes := func(b uint32) string { return map[bool]string{true: "yes", false: "no"}[b != 0] }
	switch {
	case strings.HasPrefix(part, "SH") && kind == "OpcodeToken":
		op := decode.Opcode(t & 0x7ff)
		return []TokenField{f("0–10", "opcode", fmt.Sprintf("%d (%s)", t&0x7ff, op)), f("11–23", "opcode controls", fmt.Sprintf("0x%x", t>>11&0x1fff)),
			f("24–30", "length in dwords", t>>24&0x7f), f("31", "extended opcode token follows", yes(t>>31))}
	case strings.HasPrefix(part, "SH") && kind == "ExtendedOpcodeToken":
		return []TokenField{f("0–5", "kind", map[uint32]string{1: "1 (sample controls)", 2: "2 (resource dimension)", 3: "3 (resource return type)"}[t&0x3f]),
			f("6–30", "payload", fmt.Sprintf("0x%x", t>>6&0x1ffffff)), f("31", "another extended token follows", yes(t>>31))}
	case strings.HasPrefix(part, "SH") && kind == "OperandToken":
		comps := [...]string{"0", "1", "4", "N"}[t&3]
		sel := ""
		if t&3 == 2 {
			switch t >> 2 & 3 {
			case 0:
				sel = "mask ." + maskLetters(uint8(t>>4&0xf))
			case 1:
				sel = "swizzle ." + swizzleLetters(t>>4&0xff)
			case 2:
				sel = "select ." + string("xyzw"[t>>4&3])
			}
		}
		reps := []string{}
		for i := uint32(0); i < t>>20&3; i++ {
			reps = append(reps, [...]string{"imm32", "imm64", "relative", "imm32+relative", "imm64+relative", "5", "6", "7"}[t>>(22+3*i)&7])
		}
		out := []TokenField{f("0–1", "components", comps)}
		if sel != "" {
			out = append(out, f("2–11", "component selection", sel))
		}
		return append(out, f("12–19", "register file", fmt.Sprintf("%d (%s)", t>>12&0xff, decode.OperandType(t>>12&0xff))),
			f("20–21", "index dimension", t>>20&3), f("22–30", "index representations", strings.Join(reps, ", ")),
			f("31", "extended operand token follows", yes(t>>31)))
	case strings.HasPrefix(part, "SH") && kind == "ExtendedOperandToken":
		return []TokenField{f("0–5", "kind", t&0x3f), f("6–13", "modifier", [...]string{"none", "neg", "abs", "-abs"}[min(t>>6&0xff, 3)]),
			f("14–16", "minimum precision", t>>14&7), f("17", "non-uniform index", yes(t>>17&1)), f("31", "another extended token follows", yes(t>>31))}
	case part == "Aon9" && strings.Contains(path, "/Params/") && strings.HasSuffix(path, "/Token"):
		return d3d9Param(t, role, f)
	case part == "Aon9" && strings.Contains(path, "/Instructions/") && strings.HasSuffix(path, "/Token"):
		return []TokenField{f("0–15", "opcode", fmt.Sprintf("%d (%s)", t&0xffff, decode.D3D9Opcode(t&0xffff))), f("16–23", "controls", fmt.Sprintf("0x%x", t>>16&0xff)),
			f("24–27", "length in dwords (SM 2+)", t>>24&0xf), f("28", "predicated", yes(t>>28&1)), f("30", "co-issue", yes(t>>30&1))}
	}
	return nil
}

// d3d9Param decodes a D3D9 parameter token by its role.
func d3d9Param(t uint32, role string, f func(string, string, any) TokenField) []TokenField {
	reg := t>>28&7 | t>>8&0x18
	out := []TokenField{f("0–10", "register number", t&0x7ff), f("28–30, 11–12", "register type", fmt.Sprintf("%d (%s)", reg, decode.D3D9RegisterType(reg))),
		f("13", "relative addressing", map[bool]string{true: "yes", false: "no"}[t>>13&1 != 0])}
	switch role {
	case "dst":
		out = append(out, f("16–19", "write mask", "."+maskLetters(uint8(t>>16&0xf))), f("20–23", "result modifier", fmt.Sprintf("0x%x", t>>20&0xf)), f("24–27", "shift", t>>24&0xf))
	case "src":
		out = append(out, f("16–23", "swizzle", "."+swizzleLetters(t>>16&0xff)), f("24–27", "source modifier", t>>24&0xf))
	}
	return out
}

func maskLetters(m uint8) string {
	var b strings.Builder
	for i, c := range "xyzw" {
		if m&(1<<i) != 0 {
			b.WriteRune(c)
		}
	}
	return b.String()
}

func swizzleLetters(s uint32) string {
	var b strings.Builder
	for i := 0; i < 4; i++ {
		b.WriteByte("xyzw"[s>>(2*i)&3])
	}
	return b.String()
}

// SelectionFields decodes the bit fields of the selected token (see
// TokenFields), finding a D3D9 parameter's role in its part's tree.
func (m *Model) SelectionFields(sel Span) []TokenField {
	if sel.Size != 4 || sel.Value == "" {
		return nil
	}
	role := ""
	if strings.Contains(sel.Path, "/Params/") {
		if pv := m.PartAt(sel.Off); pv != nil && pv.Tree() != nil {
			for n := pv.Tree().ForSpan(sel.Path); n != nil; n = n.Parent {
				if r := n.Child("Role"); r != nil {
					role = r.Full
					break
				}
			}
		}
	}
	return TokenFields(sel.Path, sel.Value, role)
}
