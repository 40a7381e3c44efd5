package decode

import (
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/dxscope/dxscope/decode/dxil"
)

// The one place that says which stage and shader model a container is for
// and what its entry point is called; the page, the database views and the
// CLI ask here.

// ProgramStage reads a DXIL program header's version word
// ((ShaderKind << 16) | (Major << 4) | Minor): the stage ("Pixel") and the
// profile ("ps_6_0").
func ProgramStage(ver uint32) (stage, profile string) {
	k := dxil.ShaderKind(ver >> 16)
	return k.String(), dxil.Profile(k, ver>>4&0xf, ver&0xf)
}

// bytecodeStages names the program types of an SM4/5 version token.
var bytecodeStages = map[uint32][2]string{0: {"Pixel", "ps"}, 1: {"Vertex", "vs"}, 2: {"Geometry", "gs"},
	3: {"Hull", "hs"}, 4: {"Domain", "ds"}, 5: {"Compute", "cs"}, 0xfff0: {"Library", "lib"}}

// BytecodeStage reads the version token of SHDR/SHEX bytecode
// ((ProgramType << 16) | (Major << 4) | Minor).
func BytecodeStage(tok uint32) (stage, profile string) {
	k, ok := bytecodeStages[tok>>16]
	if !ok {
		k = [2]string{fmt.Sprintf("program type %d", tok>>16), "??"}
	}
	return k[0], fmt.Sprintf("%s_%d_%d", k[1], tok>>4&0xf, tok&0xf)
}

// Identity is which shader a container holds: its stage, profile and entry
// point name ("" where no part says).
type Identity struct {
	Stage   string // "Vertex"
	Profile string // "vs_6_0"
	Entry   string // "main"
}

// Identity reads the stage and profile from the DXIL/ILDB/STAT program
// header, else from the SM4/5 version token; the entry name from PSV0, else
// from the DXIL metadata's first named entry point.
func (f *File) Identity() Identity {
	var id Identity
	if h := f.programHeader(); h != nil {
		id.Stage, id.Profile = h.ShaderKind.String(), dxil.Profile(h.ShaderKind, h.MajorVersion, h.MinorVersion)
	}
	for _, name := range []string{"SHEX", "SHDR"} {
		if p := f.Part(name); p != nil && len(p.Data()) >= 4 && id.Stage == "" {
			id.Stage, id.Profile = BytecodeStage(binary.LittleEndian.Uint32(p.Data()))
		}
	}
	if p := f.Part("PSV0"); p != nil && p.PSVInfo != nil {
		id.Entry = p.PSVInfo.EntryName
	}
	for _, name := range []string{"DXIL", "ILDB"} {
		if p := f.Part(name); p != nil && p.Module != nil && id.Entry == "" {
			var names []string
			for _, e := range p.Module.EntryPoints {
				if e.Name != "" {
					names = append(names, Unmangled(e.Name))
				}
			}
			switch {
			case len(names) == 1:
				id.Entry = names[0]
			case len(names) > 1: // a library: its entry points
				id.Entry = fmt.Sprintf("%s and %d more", names[0], len(names)-1)
			}
		}
	}
	return id
}

// programHeader is the program header of the first of DXIL, ILDB and STAT
// that has one; nil when none does.
func (f *File) programHeader() *ProgramHeader {
	for _, name := range []string{"DXIL", "ILDB", "STAT"} {
		if p := f.Part(name); p != nil && p.Program != nil {
			return p.Program
		}
	}
	return nil
}

// Unmangled returns the HLSL name inside a function name DXC mangled the
// Microsoft way ("\x01?Entry1@@YAXXZ" is Entry1), or the name as it is.
func Unmangled(name string) string {
	if rest, ok := strings.CutPrefix(strings.TrimPrefix(name, "\x01"), "?"); ok {
		if i := strings.Index(rest, "@@"); i > 0 {
			return rest[:i]
		}
	}
	return name
}

// PSV0EntryName reads PSVRuntimeInfo3.EntryFunctionName from PSV0 part data
// without decoding the part: it follows the layout to the string table. It
// is what a database listing of thousands of shaders can afford; a decoded
// File has the name in PSVInfo.EntryName.
func PSV0EntryName(b []byte) string {
	le := binary.LittleEndian
	u32 := func(at int) (int, bool) {
		if at < 0 || at+4 > len(b) {
			return 0, false
		}
		return int(le.Uint32(b[at:])), true
	}
	riSize, ok := u32(0)
	if !ok || riSize < 52 || riSize > len(b) {
		return ""
	}
	nameOff, _ := u32(4 + 48)
	at := 4 + riSize
	rc, ok := u32(at)
	if !ok {
		return ""
	}
	at += 4
	if rc > 0 {
		bs, ok := u32(at)
		if !ok || bs <= 0 || rc > len(b)/bs {
			return ""
		}
		at += 4 + rc*bs
	}
	ts, ok := u32(at)
	if !ok || ts > len(b)-at-4 || nameOff >= ts {
		return ""
	}
	tab := b[at+4 : at+4+ts]
	s := tab[nameOff:]
	if i := strings.IndexByte(string(s), 0); i >= 0 {
		s = s[:i]
	}
	return string(s)
}

// Kind is the shader kind the container's program says, as Identity reads
// it (the DXIL/ILDB/STAT program header, else the SM4/5 version token,
// whose program types 0-5 are the DXIL kinds' numbers), else PSV0's
// ShaderStage (a container of its signatures and PSV0 alone);
// dxil.Invalid when no part says.
func (f *File) Kind() dxil.ShaderKind {
	if h := f.programHeader(); h != nil {
		return h.ShaderKind
	}
	for _, name := range []string{"SHEX", "SHDR"} {
		if p := f.Part(name); p != nil && len(p.Data()) >= 4 {
			if t := binary.LittleEndian.Uint32(p.Data()) >> 16; t <= uint32(dxil.Compute) {
				return dxil.ShaderKind(t)
			}
		}
	}
	if p := f.Part("PSV0"); p != nil && p.PSVInfo != nil && p.PSVInfo.StageKnown {
		return p.PSVInfo.ShaderStage
	}
	return dxil.Invalid
}
