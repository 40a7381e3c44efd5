package model

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode/dxil"
	"github.com/dxscope/dxscope/decode/sm4"
)

// CodeListing is an SHDR/SHEX part's instructions as FXC lists them: the
// version line, then a line per instruction selecting its bytes.
type CodeListing struct {
	Title string // "ps_5_0: 42 instructions"
	// Spelling says which FXC release's spellings the lines follow and why
	// (text.FXCStyle.Rule), or that the file does not say.
	Spelling string
	Lines    []ListingLine // offsets absolute; no tree node (Part, Node -1)

	prog *sm4.Program // the typed instructions, Lines[1:] (regrefs.go)
	regs *RegisterRefs
}

// CodeListing returns the part's token stream as listing lines (nil when
// the part has none), built on first use.
func (pv *PartView) CodeListing() *CodeListing {
	if pv.code != nil || pv.Part == nil || pv.Part.Bytecode == nil {
		return pv.code
	}
	s := pv.Part.Bytecode
	l := &CodeListing{Title: fmt.Sprintf("%s: %d instructions", s.Version(), len(s.Instructions)),
		Lines: []ListingLine{{Text: s.Version(), Part: -1}}, prog: s.Program, Spelling: pv.fxcRule}
	for i, in := range s.Instructions {
		pad := strings.Repeat("  ", min(in.Indent, 16))
		text := in.Text
		if pv.fxcStyle != nil && s.Program != nil && i < len(s.Program.Instructions) {
			// The spellings of the FXC version that made the file, as its
			// listing (and dxscope asm) prints them.
			text = sm4.Format(&s.Program.Instructions[i], *pv.fxcStyle)
		}
		l.Lines = append(l.Lines, ListingLine{Text: pad + text, Off: in.Offset + pv.Base(), Size: in.Size, Part: -1})
	}
	pv.code = l
	return l
}

// CodeAt returns the instruction of the part's code whose bytes hold off:
// an SHDR/SHEX instruction (its tokens), a level-9 instruction, or a
// DXIL/ILDB instruction record (the bytes its bits occupy). It is what a
// click on a byte selects while the part's code is shown.
func (pv *PartView) CodeAt(off int64) (ByteRange, bool) {
	if off < pv.Offset || off >= pv.Offset+pv.Size || pv.Part == nil {
		return ByteRange{}, false
	}
	if c := pv.CodeListing(); c != nil {
		ls := c.Lines
		i := sort.Search(len(ls), func(i int) bool { return ls[i].Size > 0 && ls[i].Off > off }) - 1
		if i >= 1 && ls[i].Size > 0 && off < ls[i].Off+ls[i].Size {
			return ByteRange{Off: ls[i].Off, Size: ls[i].Size, Part: pv.Name, Path: "Bytecode/Instructions/" + strconv.Itoa(i-1), Text: strings.TrimSpace(ls[i].Text)}, true
		}
		return ByteRange{}, false
	}
	if pv.Part.Level9 != nil {
		pv.LoadSpecials()
		for _, l := range pv.Level9 {
			if l.Size > 0 && off >= l.Off && off < l.Off+l.Size {
				return ByteRange{Off: l.Off, Size: l.Size, Part: pv.Name, Path: l.Path, Text: strings.TrimSpace(l.Text)}, true
			}
		}
		return ByteRange{}, false
	}
	if d := pv.Disassembly(); d != nil {
		if i := d.LineAt(off); i >= 0 {
			return d.Range(i), true
		}
	}
	return ByteRange{}, false
}

// InstRange is the instruction of exactly these bytes as CodeAt names it
// (its path and text), or the bytes alone when no code line is exactly them.
func (pv *PartView) InstRange(off, size int64) ByteRange {
	if r, ok := pv.CodeAt(off); ok && r.Off == off && r.Size == size {
		return r
	}
	return ByteRange{Off: off, Size: size}
}

// DXILSummary is a module as the DXIL view sums it up: one line of facts,
// the entry points, the resources and the dx.op census.
type DXILSummary struct {
	Facts       string // shader model, DXIL and validator versions, triple, functions and records
	EntryPoints []EntryPointRow
	Resources   []ResourceRow // named from other parts where the metadata has no names
	Ops         []DXOpRow     // in opcode order
}

// EntryPointRow is one entry point of the module's metadata.
type EntryPointRow struct {
	Name                                   string // the HLSL name, unmangled and shown safely ("(module-wide properties)" for a library's first entry)
	FullName                               string // the name as stored
	Kind, NumThreads, WaveSize, NodeLaunch string
	ModuleWide                             bool // a library's first entry: the module's properties, not a shader
	// MeshOutput is a mesh or amplification shader's MSState/ASState decoded:
	// "max 3 vertices, 32 primitives, triangle; payload 0 bytes", or "payload 4 bytes".
	MeshOutput string
}

// Shaders counts the entry points that are shaders (a library's module-wide
// entry is not one).
func (s *DXILSummary) Shaders() int {
	n := 0
	for _, e := range s.EntryPoints {
		if !e.ModuleWide {
			n++
		}
	}
	return n
}

// HasMeshOutput says whether an entry point is a mesh or amplification
// shader, so the table shows their column.
func (s *DXILSummary) HasMeshOutput() bool {
	for _, e := range s.EntryPoints {
		if e.MeshOutput != "" {
			return true
		}
	}
	return false
}

// meshOutput is the entry's MSState or ASState in words.
func meshOutput(e dxil.EntryPoint) string {
	switch {
	case e.MeshState != nil:
		ms := e.MeshState
		return fmt.Sprintf("max %d vertices, %d primitives, %s; payload %d bytes", ms.MaxVertexCount, ms.MaxPrimitiveCount, ms.OutputTopology, ms.PayloadSize)
	case e.AmpState != nil:
		return fmt.Sprintf("payload %d bytes", e.AmpState.PayloadSize)
	}
	return ""
}

// DXOpRow is one DXIL operation the code calls.
type DXOpRow struct {
	Opcode uint32
	Name   string
	Count  int
	Off    int64 // absolute offset of the first call's record
}

// DXILSummary returns the summary of the part's module, or nil.
func (pv *PartView) DXILSummary() *DXILSummary {
	if pv.Part == nil || pv.Part.Program == nil || pv.Part.Module == nil {
		return nil
	}
	m := pv.Part.Module
	var facts []string
	if m.ShaderModel != nil {
		facts = append(facts, m.ShaderModel.String())
	}
	if m.DXILVersion != nil {
		facts = append(facts, fmt.Sprintf("DXIL %d.%d", m.DXILVersion.Major, m.DXILVersion.Minor))
	}
	if m.ValidatorVersion != nil {
		facts = append(facts, fmt.Sprintf("validator %d.%d", m.ValidatorVersion.Major, m.ValidatorVersion.Minor))
	}
	if m.Triple != "" {
		facts = append(facts, Shown(m.Triple))
	}
	facts = append(facts, fmt.Sprintf("%d functions, %d records", len(m.Functions), m.Records))
	s := &DXILSummary{Facts: strings.Join(facts, " · "), Resources: pv.DXILResources()}
	for _, e := range m.EntryPoints {
		name := e.Name
		wide := e.Name == "" && e.Function == ""
		if wide {
			name = "(module-wide properties)" // a library's first entry holds module-wide properties, not a shader
		}
		s.EntryPoints = append(s.EntryPoints, EntryPointRow{Name: Shown(Unmangled(name)), FullName: Shown(e.Name), Kind: e.ShaderKind,
			NumThreads: JoinU32(e.NumThreads, ", "), WaveSize: JoinU32(e.WaveSize, ", "), NodeLaunch: e.NodeLaunchType, ModuleWide: wide,
			MeshOutput: meshOutput(e)})
	}
	for _, o := range m.DXOps {
		s.Ops = append(s.Ops, DXOpRow{Opcode: o.Opcode, Name: o.Name, Count: o.Count, Off: o.Offset + pv.Base()})
	}
	return s
}
