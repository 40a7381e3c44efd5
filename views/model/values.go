package model

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/d3d9"
	"github.com/dxscope/dxscope/decode/sm4"
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

// versionName decodes a version token by the value it is in (the path is
// rooted at the part's JSON key): D3D9 (Level9, Aon9's level-9 shader) or
// SM4/5 (Bytecode, of SHDR and SHEX).
func versionName(path string, v uint32) string {
	key, _, _ := strings.Cut(path, "/")
	switch key {
	case "Level9":
		return D3D9Version(v)
	case "Bytecode":
		t := sm4.ProgramType(v >> 16)
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

// bitField describes a field of a token: where it is and how its value
// reads (how: 'd' decimal, 'x' hex, 'y' yes/no, 'o' SM4 opcode, 't' SM4
// register file, 'c' component count, 's' component selection, 'r' index
// representations, 'm' modifier, 'k' extended opcode kind, 'D' D3D9
// opcode, 'R' D3D9 register type, 'w' write mask, 'z' swizzle).
type bitField struct {
	lo, n uint8
	name  string
	how   byte
}

// The layouts of d3d11TokenizedProgramFormat.hpp and d3d9types.h.
var (
	sm4OpcodeToken       = []bitField{{0, 11, "opcode", 'o'}, {11, 13, "opcode controls", 'x'}, {24, 7, "length in dwords", 'd'}, {31, 1, "extended opcode token follows", 'y'}}
	sm4ExtOpcode         = []bitField{{0, 6, "kind", 'k'}, {6, 25, "payload", 'x'}, {31, 1, "another extended token follows", 'y'}}
	sm4OperandToken      = []bitField{{0, 2, "components", 'c'}, {2, 10, "component selection", 's'}, {12, 8, "register file", 't'}, {20, 2, "index dimension", 'd'}, {22, 9, "index representations", 'r'}, {31, 1, "extended operand token follows", 'y'}}
	sm4ExtOperand        = []bitField{{0, 6, "kind", 'd'}, {6, 8, "modifier", 'm'}, {14, 3, "minimum precision", 'd'}, {17, 1, "non-uniform index", 'y'}, {31, 1, "another extended token follows", 'y'}}
	d3d9Instruction      = []bitField{{0, 16, "opcode", 'D'}, {16, 8, "controls", 'x'}, {24, 4, "length in dwords (SM 2+)", 'd'}, {28, 1, "predicated", 'y'}, {30, 1, "co-issue", 'y'}}
	d3d9Register         = []bitField{{0, 11, "register number", 'd'}, {28, 3, "register type", 'R'}, {13, 1, "relative addressing", 'y'}}
	d3d9Destination      = []bitField{{16, 4, "write mask", 'w'}, {20, 4, "result modifier", 'x'}, {24, 4, "shift", 'd'}}
	d3d9Source           = []bitField{{16, 8, "swizzle", 'z'}, {24, 4, "source modifier", 'd'}}
	indexRepresentations = [8]string{"imm32", "imm64", "relative", "imm32+relative", "imm64+relative", "5", "6", "7"}
)

// TokenFields decodes the bit fields of a token the selection names: an
// SM4/5 opcode, extended opcode, operand or extended operand token
// (Bytecode/Instructions/N/OperandToken/k), or a D3D9 instruction or parameter
// token (role: the parameter's Role, "dst", "src", …). raw is the token
// ("0x…" or decimal). Other selections have none.
func TokenFields(path, raw, role string) []TokenField {
	base := 10
	if strings.HasPrefix(raw, "0x") {
		raw, base = raw[2:], 16
	}
	v, err := strconv.ParseUint(raw, base, 32)
	if err != nil {
		return nil
	}
	segs := strings.Split(path, "/")
	kind := ""
	if len(segs) >= 2 {
		kind = segs[len(segs)-2]
	}
	var layout []bitField
	switch sm4, last := segs[0] == "Bytecode", segs[len(segs)-1]; {
	case sm4 && kind == "OpcodeToken":
		layout = sm4OpcodeToken
	case sm4 && kind == "ExtendedOpcodeToken":
		layout = sm4ExtOpcode
	case sm4 && kind == "OperandToken":
		layout = sm4OperandToken
	case sm4 && kind == "ExtendedOperandToken":
		layout = sm4ExtOperand
	case segs[0] != "Level9" || last != "Token":
		return nil
	case strings.Contains(path, "/Params/"):
		layout = d3d9Register
		switch role {
		case "dst":
			layout = append(layout[:len(layout):len(layout)], d3d9Destination...)
		case "src":
			layout = append(layout[:len(layout):len(layout)], d3d9Source...)
		}
	case strings.Contains(path, "/Instructions/"):
		layout = d3d9Instruction
	default:
		return nil
	}
	t := uint32(v)
	out := make([]TokenField, 0, len(layout))
	for _, f := range layout {
		bits := strconv.Itoa(int(f.lo))
		if f.n > 1 {
			bits += "–" + strconv.Itoa(int(f.lo+f.n-1))
		}
		if f.how == 'R' {
			bits += ", 11–12"
		}
		x := t >> f.lo & (1<<f.n - 1)
		if f.how == 's' && t&3 != 2 {
			continue // one component or none: no selection
		}
		out = append(out, TokenField{Bits: bits, Name: f.name, Value: fieldText(f.how, x, t)})
	}
	return out
}

// fieldText writes a field's value x (t: the whole token) as its bitField
// says.
func fieldText(how byte, x, t uint32) string {
	num := func(s string) string { return strconv.Itoa(int(x)) + " (" + s + ")" }
	switch how {
	case 'x':
		return "0x" + strconv.FormatUint(uint64(x), 16)
	case 'y':
		if x != 0 {
			return "yes"
		}
		return "no"
	case 'o':
		return num(sm4.Opcode(x).String())
	case 't':
		return num(sm4.OperandType(x).String())
	case 'c':
		return [...]string{"0", "1", "4", "N"}[x]
	case 's':
		switch x & 3 {
		case 0:
			return "mask ." + maskLetters(uint8(x>>2&0xf))
		case 1:
			return "swizzle ." + swizzleLetters(x>>2&0xff)
		case 2:
			return "select ." + string("xyzw"[x>>2&3])
		}
		return strconv.Itoa(int(x & 3))
	case 'r':
		var reps []string
		for i := uint32(0); i < t>>20&3; i++ {
			reps = append(reps, indexRepresentations[x>>(3*i)&7])
		}
		return strings.Join(reps, ", ")
	case 'm':
		return [...]string{"none", "neg", "abs", "-abs"}[min(x, 3)]
	case 'k':
		switch x {
		case 1:
			return "1 (sample controls)"
		case 2:
			return "2 (resource dimension)"
		case 3:
			return "3 (resource return type)"
		}
	case 'D':
		return num(d3d9.Opcode(x).String())
	case 'R':
		reg := x | t>>8&0x18
		return strconv.Itoa(int(reg)) + " (" + d3d9.RegisterType(reg).String() + ")"
	case 'w':
		return "." + maskLetters(uint8(x))
	case 'z':
		return "." + swizzleLetters(x)
	}
	return strconv.Itoa(int(x))
}

// maskLetters is a mask's letters alone ("xyw").
func maskLetters(m uint8) string { return strings.ReplaceAll(decode.MaskColumns(m), " ", "") }

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
