package decode

import (
	"encoding/json"
	"fmt"

	"github.com/dxscope/dxscope/decode/binread"
	"github.com/dxscope/dxscope/decode/report"
)

// SDBG is the debug information FXC wrote before SPDB (the DirectX SDK's
// compilers, 9.x). No public document describes it; RenderDoc's reader
// (dxbc_sdbg.h) names the tables below, several fields of its
// instructions are unknown and kept as bytes.
func init() {
	RegisterPart(PartKind{Name: "SDBG", Title: "shader debug info (legacy)",
		About: "Debug information of FXC 9.x (the DirectX SDK's compilers): the source files, a table of source positions, " +
			"per instruction the position it came from, the variables and their types. Undocumented; the layout follows RenderDoc's reader, " +
			"and the instruction fields nobody has worked out are shown as bytes.",
		Unique: true, KnownLayout: true, Key: "SourceDebug", Decode: partOnly(decodeSDBG), Summary: sdbgSummary})
}

// sdbgCountOffset is a table's entry count and its offset after the header.
type sdbgCountOffset struct {
	Count  int32
	Offset int32
}

// sdbgHeader is the part's header: where each table is.
type sdbgHeader struct {
	Version           int32 // 0x54: the header's size
	CompilerSigOffset int32 // into the ASCII database
	EntryFuncOffset   int32
	ProfileOffset     int32
	ShaderFlags       uint32 // D3DCOMPILE_* flags
	Files             sdbgCountOffset
	Instructions      sdbgCountOffset
	Variables         sdbgCountOffset
	InputRegisters    sdbgCountOffset
	Symbols           sdbgCountOffset
	Scopes            sdbgCountOffset
	Types             sdbgCountOffset
	Int32DBOffset     int32
	ASCIIDBOffset     int32
}

// SDBGFile is one source file: its name and text in the ASCII database.
type SDBGFile struct {
	NameOffset   int32
	NameLength   int32
	SourceOffset int32
	SourceLength int32
	FileName     string // resolved
	Source       string // resolved
}

// sdbgComponent is what an instruction writes to one destination component.
type sdbgComponent struct {
	VariableID int32
	LowBounds  [2]sdbgFloat
	HighBounds [2]sdbgFloat
	MinBound   sdbgFloat
	MaxBound   sdbgFloat
	Unknown    HexBytes
}

// sdbgFloat is a float of an SDBG instruction: a JSON number, or the
// string "NaN", "+Inf" or "-Inf" (FXC writes NaN bounds; JSON numbers
// cannot hold them).
type sdbgFloat float32

// MarshalJSON writes a finite value as encoding/json writes a float32.
func (f sdbgFloat) MarshalJSON() ([]byte, error) {
	if b, ok := report.NonFiniteJSON(float64(f)); ok {
		return b, nil
	}
	return json.Marshal(float32(f))
}

// sdbgInstruction is one instruction of the code: its opcode, the
// components it writes, and the source position (a symbol) it came from.
type sdbgInstruction struct {
	InstructionNum int32
	Opcode         uint32
	UnknownA       HexBytes
	DestRegister   int32
	UnknownB       HexBytes
	DestMask       [4]int32 // per component: its index when written, -1 when not
	Components     [4]sdbgComponent
	UnknownC       HexBytes // 36 bytes, then 4 × 36 bytes and 8 more nobody has worked out
	Symbol         int32    // the source position (an sdbgSymbol)
	CallstackDepth int32
	Scopes         sdbgCountOffset // into the int32 database
	VarTypes       sdbgCountOffset
}

// sdbgVariable is one component of a variable, or a constant.
type sdbgVariable struct {
	Symbol   int32
	Type     int32
	Unknown  HexBytes
	TypeID   int32  // an sdbgType, -1 for a constant
	ValueRaw uint32 // the component (0-3), or a constant's float bits
}

// sdbgInputRegister says which input or constant a variable reads.
type sdbgInputRegister struct {
	VariableID     int32
	Type           int32 // 0 input signature, 2 constant buffer, 6 texture, 7 sampler
	Register       int32
	RegisterOffset int32
	Component      int32
	InitValue      int32
}

// sdbgSymbol is a source position, and the name there for named symbols.
type sdbgSymbol struct {
	File       int32
	Line       int32
	Character  int32 // characters into the line (a tab counts one)
	NameLength int32
	NameOffset int32
	Name       string // resolved
}

// sdbgScope is a scope: globals, locals, a structure or a function.
type sdbgScope struct {
	Kind       int32 // 0 globals, 1 locals, 3 structure, 4 function
	NameOffset int32
	NameLength int32
	Tree       sdbgCountOffset // into the int32 database
	Name       string          // resolved
}

// sdbgType is a variable's type.
type sdbgType struct {
	Symbol         int32
	IsFunction     int32
	Class          int32 // 0 scalar, 1 vector, 3 matrix, 4 object
	Rows           int32
	Columns        int32
	Scope          int32
	ArrayDimension int32
	ArrayLenOffset int32 // into the int32 database
	StridesOffset  int32
	NumFloats      int32
	VariableID     int32
}

// SourceDebug is the SDBG part decoded.
type SourceDebug struct {
	Header            sdbgHeader
	CompilerSignature string // resolved from the ASCII database
	EntryFunction     string
	Profile           string
	Files             []SDBGFile          `json:",omitempty"`
	Instructions      []sdbgInstruction   `json:",omitempty"`
	Variables         []sdbgVariable      `json:",omitempty"`
	InputRegisters    []sdbgInputRegister `json:",omitempty"`
	Symbols           []sdbgSymbol        `json:",omitempty"`
	Scopes            []sdbgScope         `json:",omitempty"`
	Types             []sdbgType          `json:",omitempty"`
	Int32Database     []int32             `json:",omitempty"`
	ASCIIDatabase     HexBytes            // names and source texts the tables point into
}

// sdbgTable reads count records of size bytes at offset (after the header),
// checking that they fit before allocating.
func sdbgTable[T any](r *binread.Reader, name string, co sdbgCountOffset, size, limit int, read func(*binread.Reader) T) []T {
	start, ok := sdbgTableFits(r, name, co, size, limit)
	if !ok {
		return nil
	}
	out := make([]T, co.Count)
	for i := range out {
		tr := r.Sub(int(start)+i*size, size, r.Join(fmt.Sprintf("%s[%d]", name, i)), name)
		tr.Begin("", name)
		out[i] = read(tr)
		tr.End()
	}
	return out
}

// sdbgTableFits says where a table's records start, and whether they do
// (none, or past the part, is false: the latter said as a problem).
func sdbgTableFits(r *binread.Reader, name string, co sdbgCountOffset, size, limit int) (int64, bool) {
	if co.Count <= 0 {
		return 0, false
	}
	start := 0x54 + int64(co.Offset)
	if co.Offset < 0 || start > int64(limit) || int64(co.Count)*int64(size) > int64(limit)-start {
		r.ProblemAt(report.Error, r.Pos, name, "the %s table claims %d records of %d bytes at 0x%x; the part has 0x%x bytes", name, co.Count, size, start, r.Len())
		return 0, false
	}
	return start, true
}

func decodeSDBG(p *Part, r *binread.Reader) {
	s := &SourceDebug{}
	p.SourceDebug = s
	h := &s.Header
	r.Begin("Header", "SDBG header")
	h.Version = int32(r.U32("Version"))
	h.CompilerSigOffset = int32(r.U32("CompilerSigOffset"))
	h.EntryFuncOffset = int32(r.U32("EntryFuncOffset"))
	h.ProfileOffset = int32(r.U32("ProfileOffset"))
	h.ShaderFlags = r.U32("ShaderFlags")
	co := func(name string) sdbgCountOffset {
		return sdbgCountOffset{int32(r.U32(name + "/Count")), int32(r.U32(name + "/Offset"))}
	}
	h.Files, h.Instructions, h.Variables = co("Files"), co("Instructions"), co("Variables")
	h.InputRegisters, h.Symbols, h.Scopes, h.Types = co("InputRegisters"), co("Symbols"), co("Scopes"), co("Types")
	h.Int32DBOffset = int32(r.U32("Int32DBOffset"))
	h.ASCIIDBOffset = int32(r.U32("ASCIIDBOffset"))
	r.End()
	if r.Failed {
		return
	}
	if h.Version != 0x54 {
		r.ProblemAt(report.Warning, 0, "SDBG header", "the header's first word is 0x%x; every known SDBG part has 0x54, its size", h.Version)
	}
	// The tables lie between the header and the int32 database; the ASCII
	// database runs to the end.
	ascii := int64(0x54) + int64(h.ASCIIDBOffset)
	if h.ASCIIDBOffset < 0 || ascii > int64(r.Len()) {
		r.ProblemAt(report.Error, 0x50, "SDBG header", "the ASCII database's offset 0x%x is past the part's end", h.ASCIIDBOffset)
		ascii = int64(r.Len())
	}
	db := r.Data[ascii:]
	// A string that runs past the data of a part cut short is not in the
	// file: t.Absent names it (its record's reader, or r for the header's).
	// Every string is a piece of one copy of the database, cut for display
	// before anything is copied: thousands of records naming one long
	// stretch of it cost its length once, not once each.
	dbs, copied := "", false
	str := func(t *binread.Reader, name string, off, n int32) string {
		if off < 0 || n < 0 || int64(off)+int64(n) > int64(len(db)) {
			if r.Short && off >= 0 && n >= 0 {
				t.Absent(name)
			}
			return ""
		}
		if !copied {
			dbs, copied = string(db), true
		}
		return binread.CapText(dbs[off:off+n], 1<<20)
	}
	// What the files hold of their sources is at most twice the database
	// (a real file's source is a stretch of its own); past that a source
	// is left out, and a Warning counts them.
	held, unheld := 2*int64(len(db)), 0
	source := func(t *binread.Reader, off, n int32) string {
		src := str(t, "Source", off, n)
		if int64(len(src)) > held {
			unheld++
			return ""
		}
		held -= int64(len(src))
		return src
	}
	cstr := func(name string, off int32) string {
		if off < 0 || int64(off) >= int64(len(db)) {
			if r.Short && off >= 0 {
				r.Absent(name)
			}
			return ""
		}
		st := binread.StringTable{Data: db}
		v, terminated := st.At(uint32(off))
		if !terminated && r.Short {
			r.Absent(name)
			return ""
		}
		return binread.CapText(v, binread.MaxNameLen)
	}
	limit := int(ascii)
	s.CompilerSignature, s.EntryFunction, s.Profile = cstr("CompilerSignature", h.CompilerSigOffset), cstr("EntryFunction", h.EntryFuncOffset), cstr("Profile", h.ProfileOffset)
	// The three strings are fields of their own inside the ASCII database.
	for _, c := range []struct {
		name string
		off  int32
		v    string
	}{{"CompilerSignature", h.CompilerSigOffset, s.CompilerSignature}, {"EntryFunction", h.EntryFuncOffset, s.EntryFunction}, {"Profile", h.ProfileOffset, s.Profile}} {
		if c.v != "" {
			r.Out.Span(report.Span{Path: r.Join(c.name), Off: r.Base + ascii + int64(c.off), Size: int64(len(c.v)), Kind: report.SpanField, Value: binread.CapText(c.v, 64)})
		}
	}
	s.Files = sdbgTable(r, "Files", h.Files, 16, limit, func(t *binread.Reader) SDBGFile {
		f := SDBGFile{NameOffset: int32(t.U32("NameOffset")), NameLength: int32(t.U32("NameLength")),
			SourceOffset: int32(t.U32("SourceOffset")), SourceLength: int32(t.U32("SourceLength"))}
		f.FileName, f.Source = binread.CapText(str(t, "FileName", f.NameOffset, f.NameLength), binread.MaxNameLen), source(t, f.SourceOffset, f.SourceLength)
		return f
	})
	if unheld > 0 {
		r.ProblemAt(report.Warning, 0x54+int(h.Files.Offset), "Files", "%d files name sources past twice the ASCII database's %d bytes: they overlap other files' sources and are not shown again", unheld, len(db))
	}
	s.Instructions = sdbgTable(r, "Instructions", h.Instructions, 396, limit, func(t *binread.Reader) sdbgInstruction {
		in := sdbgInstruction{InstructionNum: int32(t.U32("InstructionNum")), Opcode: t.U32("Opcode")}
		in.UnknownA = t.Bytes("UnknownA", 8)
		in.DestRegister = int32(t.U32("DestRegister"))
		in.UnknownB = t.Bytes("UnknownB", 4)
		for c := range in.DestMask {
			in.DestMask[c] = int32(t.U32(fmt.Sprintf("DestMask[%d]", c)))
		}
		for c := range in.Components {
			t.Begin(fmt.Sprintf("Components[%d]", c), "component")
			k := &in.Components[c]
			k.VariableID = int32(t.U32("VariableID"))
			k.LowBounds = [2]sdbgFloat{sdbgFloat(t.F32("LowBounds[0]")), sdbgFloat(t.F32("LowBounds[1]"))}
			k.HighBounds = [2]sdbgFloat{sdbgFloat(t.F32("HighBounds[0]")), sdbgFloat(t.F32("HighBounds[1]"))}
			k.MinBound, k.MaxBound = sdbgFloat(t.F32("MinBound")), sdbgFloat(t.F32("MaxBound"))
			k.Unknown = t.Bytes("Unknown", 8)
			t.End()
		}
		in.UnknownC = t.Bytes("UnknownC", 36+4*36+8)
		in.Symbol = int32(t.U32("Symbol"))
		in.CallstackDepth = int32(t.U32("CallstackDepth"))
		in.Scopes = sdbgCountOffset{int32(t.U32("Scopes/Count")), int32(t.U32("Scopes/Offset"))}
		in.VarTypes = sdbgCountOffset{int32(t.U32("VarTypes/Count")), int32(t.U32("VarTypes/Offset"))}
		return in
	})
	s.Variables = sdbgTable(r, "Variables", h.Variables, 24, limit, func(t *binread.Reader) sdbgVariable {
		v := sdbgVariable{Symbol: int32(t.U32("Symbol")), Type: int32(t.U32("Type"))}
		v.Unknown = t.Bytes("Unknown", 8)
		v.TypeID = int32(t.U32("TypeID"))
		v.ValueRaw = t.U32("ValueRaw")
		return v
	})
	s.InputRegisters = sdbgTable(r, "InputRegisters", h.InputRegisters, 24, limit, func(t *binread.Reader) sdbgInputRegister {
		return sdbgInputRegister{VariableID: int32(t.U32("VariableID")), Type: int32(t.U32("Type")), Register: int32(t.U32("Register")),
			RegisterOffset: int32(t.U32("RegisterOffset")), Component: int32(t.U32("Component")), InitValue: int32(t.U32("InitValue"))}
	})
	s.Symbols = sdbgTable(r, "Symbols", h.Symbols, 20, limit, func(t *binread.Reader) sdbgSymbol {
		y := sdbgSymbol{File: int32(t.U32("File")), Line: int32(t.U32("Line")), Character: int32(t.U32("Character")),
			NameLength: int32(t.U32("NameLength")), NameOffset: int32(t.U32("NameOffset"))}
		y.Name = binread.CapText(str(t, "Name", y.NameOffset, y.NameLength), binread.MaxNameLen)
		return y
	})
	s.Scopes = sdbgTable(r, "Scopes", h.Scopes, 20, limit, func(t *binread.Reader) sdbgScope {
		c := sdbgScope{Kind: int32(t.U32("Kind")), NameOffset: int32(t.U32("NameOffset")), NameLength: int32(t.U32("NameLength"))}
		c.Tree = sdbgCountOffset{int32(t.U32("Tree/Count")), int32(t.U32("Tree/Offset"))}
		c.Name = binread.CapText(str(t, "Name", c.NameOffset, c.NameLength), binread.MaxNameLen)
		return c
	})
	s.Types = sdbgTable(r, "Types", h.Types, 44, limit, func(t *binread.Reader) sdbgType {
		return sdbgType{Symbol: int32(t.U32("Symbol")), IsFunction: int32(t.U32("IsFunction")), Class: int32(t.U32("Class")),
			Rows: int32(t.U32("Rows")), Columns: int32(t.U32("Columns")), Scope: int32(t.U32("Scope")),
			ArrayDimension: int32(t.U32("ArrayDimension")), ArrayLenOffset: int32(t.U32("ArrayLenOffset")),
			StridesOffset: int32(t.U32("StridesOffset")), NumFloats: int32(t.U32("NumFloats")), VariableID: int32(t.U32("VariableID"))}
	})
	// The int32 database runs from its offset to the ASCII database.
	i32 := 0x54 + int64(h.Int32DBOffset)
	if h.Int32DBOffset >= 0 && i32 <= ascii {
		ir := r.Sub(int(i32), int(ascii-i32), r.Join("Int32Database"), "int32 database")
		for ir.Remaining() >= 4 {
			s.Int32Database = append(s.Int32Database, int32(ir.U32(fmt.Sprintf("[%d]", len(s.Int32Database)))))
		}
		if ir.Remaining() > 0 {
			ir.Raw("Padding", ir.Remaining())
		}
	} else {
		r.ProblemAt(report.Error, 0x4c, "SDBG header", "the int32 database's offset 0x%x is not before the ASCII database", h.Int32DBOffset)
	}
	if ascii < int64(r.Len()) {
		s.ASCIIDatabase = r.Sub(int(ascii), r.Len()-int(ascii), r.Join("ASCIIDatabase"), "ASCII database").Raw("", r.Len()-int(ascii))
	}
}

func sdbgSummary(p *Part) string {
	s := p.SourceDebug
	if s == nil {
		return ""
	}
	return fmt.Sprintf("%s, %d source files, %d instructions", s.CompilerSignature, len(s.Files), len(s.Instructions))
}
