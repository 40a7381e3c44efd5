package decode

import (
	"fmt"
	"sort"
	"strings"

	"github.com/dxscope/dxscope/decode/binread"
	"github.com/dxscope/dxscope/decode/llvm/ir"
	"github.com/dxscope/dxscope/decode/pdb"
	"github.com/dxscope/dxscope/decode/sm4"
)

// SourceMap is what a container's debug information says about the source
// behind its code: the source files (with their text when the container
// embeds it), the source position of each instruction, and the debug
// variables. It is plain data for the page's source view and the CLI's
// --source listings; Sources builds it.
type SourceMap struct {
	// Part is the part whose instructions are mapped: "ILDB" or "DXIL"
	// (the debug module when there is one, as dxc -dumpbin lists it), or
	// the SHDR/SHEX part of an FXC build.
	Part      string
	Files     []SourceFile
	Lines     []InstructionSource // one per instruction with a location, in listing order
	Variables []SourceVariable    `json:",omitempty"`
	// Entry is the entry point's name where the debug information names it.
	Entry string `json:",omitempty"`
	// InitialVariables are the variables already in registers at the first
	// instruction (FXC's "Initial variable locations"), as indexes into Variables.
	InitialVariables []int `json:",omitempty"`
	// FirstCode is the instruction index of the entry point's first
	// instruction (FXC: the first after the declarations), -1 when unknown.
	FirstCode int
	// Problems are what mapping stopped short of: the bounds a crafted
	// file's debug information reaches (none for a compiler's).
	Problems []Problem `json:",omitempty"`
}

// SourceFile is one source file the debug information names.
type SourceFile struct {
	Name    string
	Text    string `json:",omitempty"`
	HasText bool   // the container holds the file's text (an empty file too)
	From    string // where the text is: "SRCI", "dx.source.contents", "SPDB"; "" when not embedded
	// Path is the span path of the text's decoded value in the part From
	// names ("PDB/Sources/1" in SPDB, "SourceInfo/Contents/Entries/0" in
	// SRCI) when it has bytes of its own in the file.
	Path string `json:",omitempty"`
}

// InstructionSource is the source position of one instruction.
type InstructionSource struct {
	Func   int   // DXIL: the function's index in the module; FXC: 0
	Inst   int   // the instruction's index (DXIL: in its function; FXC: in ShaderBytecode.Instructions)
	Off    int64 // the instruction's bytes in the file (DXIL: the bytes its record's bits touch)
	Size   int64
	File   int // index into Files, -1 for a file the map does not list
	Line   uint32
	Column uint32 `json:",omitempty"`
	// Inlined names the functions the instruction's code was inlined from
	// (FXC), outermost first.
	Inlined []string `json:",omitempty"`
}

// SourceVariable is a debug variable (a piece of one, for FXC: one
// component) and where it lives.
type SourceVariable struct {
	Name     string // FXC: the piece as the listing names it ("input.position.x"); DXIL: the variable
	Variable string // the variable's own name
	Type     string `json:",omitempty"`
	Function string `json:",omitempty"`
	// Parameter says it is a parameter of its function.
	Parameter bool `json:",omitempty"`
	// Location is the register (FXC: "r3.x", "v0.y", "vThreadID.x").
	// DXIL variables name an IR value instead: ValueID.
	Location string `json:",omitempty"`
	ValueID  int64  // DXIL: the value id llvm.dbg.* gives (-1: none); FXC: -1
	// Start and End are the instructions it holds for, [Start, End), by
	// the same index as InstructionSource.Inst; DXIL: the llvm.dbg.*
	// call (End = Start+1). Def is the instruction that puts it there
	// (FXC: the one before Start; DXIL: the instruction defining the
	// value), -1 when none (initial locations, arguments, constants).
	Func       int
	Start, End int
	Def        int
	// Gaps are stretches of [Start, End) where it is not in its register
	// (FXC), as instruction ranges [Start, End).
	Gaps []InstructionRange `json:",omitempty"`
	// Path is the span path of the record it comes from in its part (SPDB:
	// "PDB/Modules/0/Symbols/3"), for the tree and the hex view.
	Path string `json:",omitempty"`
}

// InstructionRange is the instructions [Start, End) of the mapped part.
type InstructionRange struct{ Start, End int }

// Sources returns the source map of a decoded container, or nil when it has
// no debug information with source positions.
func Sources(f *File) *SourceMap {
	for _, p := range f.Parts {
		if p.Name == "SPDB" && p.PDB != nil {
			if code := fxcCode(f); code != nil {
				return fxcSources(f, p, code)
			}
		}
	}
	for _, p := range f.Parts {
		if p.Name == "SDBG" && p.SourceDebug != nil {
			if code := fxcCode(f); code != nil {
				return sdbgSources(p.SourceDebug, code)
			}
		}
	}
	part := f.Part("ILDB")
	if part == nil || part.Program == nil {
		part = f.Part("DXIL")
	}
	if m := PartIR(part); m != nil {
		return dxilSources(f, part.Name, m)
	}
	// A PDB alone (fxc /Fd's, read as an SPDB part) embeds its sources but
	// has no code to map them to.
	if p := f.Part("SPDB"); p != nil && p.PDB != nil {
		return &SourceMap{Part: p.Name, FirstCode: -1, Files: spdbFiles(p.PDB)}
	}
	return nil
}

// spdbFiles are the source files an SPDB's streams embed.
func spdbFiles(d *pdb.File) []SourceFile {
	var files []SourceFile
	for i, s := range d.Sources {
		files = append(files, SourceFile{Name: s.Name, Text: s.Text, HasText: true, From: "SPDB", Path: fmt.Sprintf("PDB/Sources/%d", i)})
	}
	return files
}

// fxcCode is the SHDR/SHEX part.
func fxcCode(f *File) *Part {
	for _, p := range f.Parts {
		if p.Bytecode != nil {
			return p
		}
	}
	return nil
}

func fxcSources(f *File, spdb *Part, code *Part) *SourceMap {
	d := spdb.PDB
	sm := &SourceMap{Part: code.Name, FirstCode: -1}
	insts := code.Bytecode.Instructions
	// Code offsets are bytes from the start of the part's data.
	offs := make([]uint32, len(insts))
	for i, in := range insts {
		offs[i] = uint32(in.Offset - code.DataOffset)
	}
	index := func(off uint32) int {
		i := sort.Search(len(offs), func(i int) bool { return offs[i] >= off })
		if i < len(offs) && offs[i] == off {
			return i
		}
		return -1
	}
	// Files: the embedded sources (FXC names their streams in lower case),
	// then the names line tables give that no stream holds.
	fileIndex := map[string]int{}
	sm.Files = spdbFiles(d)
	for i, s := range d.Sources {
		fileIndex[strings.ToLower(s.Name)] = i
	}
	fileOf := func(name string) int {
		k := strings.ToLower(name)
		if i, ok := fileIndex[k]; ok {
			if sm.Files[i].Name != name && strings.EqualFold(sm.Files[i].Name, name) {
				sm.Files[i].Name = name // the line tables keep the name's case
			}
			return i
		}
		fileIndex[k] = len(sm.Files)
		sm.Files = append(sm.Files, SourceFile{Name: name})
		return len(sm.Files) - 1
	}
	for _, m := range d.Modules {
		if e, ok := m.Entry(); ok {
			sm.Entry = e.Name
			sm.FirstCode = index(e.CodeOffset)
			break
		}
	}
	lines, full := d.CodeLines()
	if full > 0 {
		sm.Problems = append(sm.Problems, Problem{Severity: Warning, Offset: spdb.DataOffset, Part: spdb.Name, Structure: "S_INLINESITE",
			Message: fmt.Sprintf("%d code offset(s) each took %d inline sites, the most one takes: the lines of any later sites naming them are not applied", full, pdb.MaxInlineVisits)})
	}
	for _, cl := range lines {
		i := index(cl.Offset)
		if i < 0 {
			continue
		}
		sm.Lines = append(sm.Lines, InstructionSource{Inst: i, Off: insts[i].Offset, Size: insts[i].Size,
			File: fileOf(cl.File), Line: cl.Line, Column: uint32(cl.Column), Inlined: cl.Inlined})
	}
	var first uint32
	if sm.FirstCode >= 0 {
		first = offs[sm.FirstCode]
	}
	vars, short := d.Variables()
	if short > 0 {
		sm.Problems = append(sm.Problems, Problem{Severity: Warning, Offset: spdb.DataOffset, Part: spdb.Name, Structure: "S_LOCAL",
			Message: fmt.Sprintf("%d variable piece(s) named only in part: their types nest past what naming follows (16 array levels, 32 member levels, %d bytes of name, or the members the file may walk)", short, binread.MaxNameLen)})
	}
	for _, v := range vars {
		sv := SourceVariable{Name: v.Name, Variable: v.Variable, Type: v.Type, Function: v.Function, Parameter: v.Parameter,
			Location: sm4.RegisterName(sm4.OperandType(v.RegisterType), v.Register, v.Component), ValueID: -1,
			Start: index(v.Start), End: index(v.End), Def: -1,
			Path: fmt.Sprintf("PDB/Modules/%d/Symbols/%d", v.Module, v.Symbol)}
		if sv.End < 0 {
			sv.End = len(insts)
		}
		for _, g := range v.Gaps {
			a, b := v.Start+uint32(g.Start), v.Start+uint32(g.Start)+uint32(g.Length)
			ga, gb := index(a), index(b)
			if gb < 0 {
				gb = len(insts)
			}
			if ga >= 0 {
				sv.Gaps = append(sv.Gaps, InstructionRange{ga, gb})
			}
		}
		if sm.FirstCode >= 0 && v.Start == first {
			sm.InitialVariables = append(sm.InitialVariables, len(sm.Variables))
		} else if sv.Start > 0 {
			sv.Def = sv.Start - 1
		}
		sm.Variables = append(sm.Variables, sv)
	}
	return sm
}

// dxilSources reads the debug module's !dbg locations, its llvm.dbg.*
// calls and the sources SRCI or dx.source.contents embed.
func dxilSources(f *File, part string, m *ir.Module) *SourceMap {
	sm := &SourceMap{Part: part, FirstCode: -1}
	fileIndex := map[string]int{}
	add := func(sf SourceFile) int {
		if i, ok := fileIndex[sf.Name]; ok {
			if !sm.Files[i].HasText && sf.HasText {
				sm.Files[i] = sf
			}
			return i
		}
		fileIndex[sf.Name] = len(sm.Files)
		sm.Files = append(sm.Files, sf)
		return len(sm.Files) - 1
	}
	if p := f.Part("SRCI"); p != nil && p.SourceInfo != nil && p.SourceInfo.Names != nil {
		si := p.SourceInfo
		for i, n := range si.Names.Entries {
			sf := SourceFile{Name: n.FileName}
			if si.Contents != nil && i < len(si.Contents.Entries) {
				sf.Text, sf.HasText, sf.From = si.Contents.Entries[i].FileContent, true, "SRCI"
				sf.Path = fmt.Sprintf("SourceInfo/Contents/Entries/%d", i)
			}
			add(sf)
		}
	}
	// str is the string metadata id (and ok) refers to ("" for none).
	str := func(id uint32, ok bool) string {
		if e := m.MD(nil, id); ok && e != nil && e.Code == ir.MetadataString {
			return e.Str
		}
		return ""
	}
	field := func(e *ir.Metadata, name string) (uint32, bool) {
		fd, _ := e.Field(name)
		return fd.Ref()
	}
	if n := m.Named("dx.source.contents"); n != nil {
		// Files name their texts by metadata id, and many may name one
		// string: what they hold of texts is at most twice the part's
		// bytes (a compiler gives each file a string of its own), past
		// which a file is listed without its text and a Warning counts
		// them. Every reader of the texts (the page's source pane,
		// sources -o) would pay for the one string once per file.
		var held int64
		var at int64
		if p := f.Part(part); p != nil {
			held, at = 2*int64(len(p.Data())), p.DataOffset
		}
		unheld := 0
		for _, id := range n {
			e := m.MD(nil, id)
			if e == nil || e.Code != ir.MetadataNode || e.NumOperands() < 2 {
				continue
			}
			sf := SourceFile{Name: str(e.Operand(0)), Text: str(e.Operand(1)), HasText: true, From: "dx.source.contents"}
			if int64(len(sf.Text)) > held {
				unheld++
				sf = SourceFile{Name: sf.Name}
			}
			held -= int64(len(sf.Text))
			add(sf)
		}
		if unheld > 0 {
			sm.Problems = append(sm.Problems, Problem{Severity: Warning, Offset: at, Part: part, Structure: "dx.source.contents",
				Message: fmt.Sprintf("%d source file(s) name texts past twice the part's bytes: they share other files' text, and are listed without it", unheld)})
		}
	}
	// The file of a scope: a DISubprogram's or lexical block's file, else its scope's.
	fileOfScope := func(f *ir.Function, id uint32) int {
		for depth := 0; depth < 64; depth++ {
			e := m.MD(f, id)
			if e == nil {
				return -1
			}
			switch e.Code {
			case ir.MetadataSubprogram, ir.MetadataLexicalBlock, ir.MetadataLexicalBlockFile:
			case ir.MetadataFile:
				return add(SourceFile{Name: str(field(e, "filename"))})
			default:
				return -1
			}
			if fid, ok := field(e, "file"); ok {
				if fe := m.MD(f, fid); fe != nil && fe.Code == ir.MetadataFile {
					if fd, _ := fe.Field("filename"); fd.Has {
						return add(SourceFile{Name: str(fd.Ref())})
					}
				}
			}
			up, ok := field(e, "scope")
			if !ok || e.Code == ir.MetadataSubprogram {
				return -1
			}
			id = up
		}
		return -1
	}
	for fi := range m.Functions {
		fn := &m.Functions[fi]
		defs := map[int64]int{}
		for ii := range fn.Insts {
			in := &fn.Insts[ii]
			if in.Value >= 0 {
				defs[in.Value] = ii
			}
			if in.DebugLoc < 0 {
				continue
			}
			l := m.MD(fn, uint32(in.DebugLoc))
			if l == nil {
				continue
			}
			line, _ := l.Field("line")
			col, _ := l.Field("column")
			scope, _ := l.Field("scope")
			if !scope.Has || line.Value == 0 {
				continue
			}
			start := int64(in.Bit / 8)
			end := int64((in.Bit + in.Bits + 7) / 8)
			sm.Lines = append(sm.Lines, InstructionSource{Func: fi, Inst: ii, Off: start, Size: end - start,
				File: fileOfScope(fn, uint32(scope.Value)), Line: uint32(line.Value), Column: uint32(col.Value)})
		}
		for ii := range fn.Insts {
			if v, ok := dbgVariable(m, fn, &fn.Insts[ii], str); ok {
				v.Func, v.Start, v.End, v.Def = fi, ii, ii+1, -1
				if d, ok := defs[v.ValueID]; ok {
					v.Def = d
				}
				sm.Variables = append(sm.Variables, v)
			}
		}
	}
	if len(sm.Lines) == 0 && len(sm.Files) == 0 {
		return nil
	}
	return sm
}

// dbgVariable reads an llvm.dbg.declare or llvm.dbg.value call: the
// variable, its type and the value it names.
func dbgVariable(m *ir.Module, fn *ir.Function, in *ir.Inst, str func(uint32, bool) string) (SourceVariable, bool) {
	id, ok := in.Callee()
	if !ok {
		return SourceVariable{}, false
	}
	callee := m.Value(fn, id)
	if callee == nil || callee.Kind != ir.ValueFunction {
		return SourceVariable{}, false
	}
	var valArg, varArg int
	switch callee.Name {
	case "llvm.dbg.declare":
		valArg, varArg = 0, 1
	case "llvm.dbg.value":
		valArg, varArg = 0, 2
	default:
		return SourceVariable{}, false
	}
	if varArg >= len(in.MDArgs) {
		return SourceVariable{}, false
	}
	v := SourceVariable{ValueID: -1}
	if e := m.MD(fn, uint32(in.MDArgs[varArg])); e != nil && e.Code == ir.MetadataLocalVar {
		typ, _ := e.Field("type")
		if !typ.Has {
			return SourceVariable{}, false
		}
		name, _ := e.Field("name")
		v.Variable = str(name.Ref())
		v.Name = v.Variable
		if tid, ok := typ.Ref(); ok {
			if t := m.MD(fn, tid); t != nil {
				tn, _ := t.Field("name")
				v.Type = str(tn.Ref())
			}
		}
		if sid, ok := e.Field("scope"); ok {
			if id, ok := sid.Ref(); ok {
				if sp := m.MD(fn, id); sp != nil && sp.Code == ir.MetadataSubprogram {
					sn, _ := sp.Field("name")
					v.Function = str(sn.Ref())
				}
			}
		}
	} else {
		return SourceVariable{}, false
	}
	if in.MDArgs[valArg] >= 0 {
		if e := m.MD(fn, uint32(in.MDArgs[valArg])); e != nil && e.Code == ir.MetadataValue {
			v.ValueID = int64(e.Value)
		}
	}
	return v, true
}

// sdbgSources maps FXC 9's SDBG: its instructions count the code's
// instructions without the declarations and hull shader phase markers.
func sdbgSources(s *SourceDebug, code *Part) *SourceMap {
	sm := &SourceMap{Part: code.Name, FirstCode: -1, Entry: s.EntryFunction}
	for i, f := range s.Files {
		sm.Files = append(sm.Files, SourceFile{Name: f.FileName, Text: f.Source, HasText: true, From: "SDBG", Path: fmt.Sprintf("SourceDebug/Files/%d", i)})
	}
	var body []int // the code's instructions SDBG counts
	for i, in := range code.Bytecode.Instructions {
		if in.Opcode.IsDeclaration() || in.Opcode >= 0x71 && in.Opcode <= 0x74 {
			continue
		}
		body = append(body, i)
	}
	if len(body) > 0 {
		sm.FirstCode = body[0]
	}
	insts := code.Bytecode.Instructions
	for _, in := range s.Instructions {
		k := int(in.InstructionNum)
		if k < 0 || k >= len(body) || in.Symbol < 0 || int(in.Symbol) >= len(s.Symbols) {
			continue
		}
		y := s.Symbols[in.Symbol]
		i := body[k]
		if uint32(insts[i].Opcode) != in.Opcode || y.Line <= 0 {
			continue // not the instruction it claims to be
		}
		sm.Lines = append(sm.Lines, InstructionSource{Inst: i, Off: insts[i].Offset, Size: insts[i].Size,
			File: int(y.File), Line: uint32(y.Line), Column: uint32(max(y.Character, 0))})
	}
	return sm
}
