package pdb

import (
	"fmt"
	"strings"

	"github.com/dxscope/dxscope/decode/binread"
	"github.com/dxscope/dxscope/decode/report"
)

// Module is one module stream (LLVM's ModiStream): CodeView symbols, then
// C13 line information, then global references.
type Module struct {
	Stream         int
	Name           string // the DBI's module name (FXC: the entry point)
	Signature      uint32 // 4: C13
	Symbols        []Symbol
	C11Lines       HexBytes     `json:",omitempty"` // old-style lines, kept raw (FXC writes none)
	Subsections    []Subsection `json:",omitempty"`
	GlobalRefsSize uint32
	GlobalRefs     []uint32 `json:",omitempty"`
}

// SymbolStream is a stream of symbol records alone (the DBI's global symbols).
type SymbolStream struct {
	Stream  int
	Symbols []Symbol
}

// Symbol is one CodeView symbol record; the fields of its kind are in the
// one pointer that is set (Data for kinds dxscope does not decode).
type Symbol struct {
	Offset     uint32 `json:"-"` // the record's offset in its stream: how other records refer to it
	Length     uint16
	Kind       SymbolKind
	Compile    *CompileSym    `json:",omitempty"`
	EnvBlock   *EnvBlockSym   `json:",omitempty"`
	Proc       *ProcSym       `json:",omitempty"`
	Local      *LocalSym      `json:",omitempty"`
	DefRange   *DefRangeHLSL  `json:",omitempty"`
	InlineSite *InlineSiteSym `json:",omitempty"`
	Ref        *RefSym        `json:",omitempty"`
	HLSLData   *DataHLSLSym   `json:",omitempty"`
	Data       HexBytes       `json:",omitempty"`
}

// SymbolKind is a CodeView symbol record kind (SYM_ENUM_e).
type SymbolKind uint16

// The symbol kinds FXC writes.
const (
	S_END            SymbolKind = 0x0006
	S_GPROC32        SymbolKind = 0x1110
	S_LPROC32        SymbolKind = 0x110f
	S_PROCREF        SymbolKind = 0x1125
	S_LPROCREF       SymbolKind = 0x1127
	S_COMPILE3       SymbolKind = 0x113c
	S_ENVBLOCK       SymbolKind = 0x113d
	S_LOCAL          SymbolKind = 0x113e
	S_INLINESITE     SymbolKind = 0x114d
	S_INLINESITE_END SymbolKind = 0x114e
	S_DEFRANGE_HLSL  SymbolKind = 0x1150
	S_GDATA_HLSL     SymbolKind = 0x1151
	S_LDATA_HLSL     SymbolKind = 0x1152
)

var symbolNames = map[SymbolKind]string{
	S_END: "S_END", S_GPROC32: "S_GPROC32", S_LPROC32: "S_LPROC32", S_PROCREF: "S_PROCREF", S_LPROCREF: "S_LPROCREF",
	S_COMPILE3: "S_COMPILE3", S_ENVBLOCK: "S_ENVBLOCK", S_LOCAL: "S_LOCAL", S_INLINESITE: "S_INLINESITE",
	S_INLINESITE_END: "S_INLINESITE_END", S_DEFRANGE_HLSL: "S_DEFRANGE_HLSL", S_GDATA_HLSL: "S_GDATA_HLSL",
	S_LDATA_HLSL: "S_LDATA_HLSL", 0x1101: "S_OBJNAME", 0x1108: "S_UDT", 0x1107: "S_CONSTANT", 0x114c: "S_BUILDINFO",
	0x1136: "S_SECTION", 0x1012: "S_FRAMEPROC", 0x113f: "S_DEFRANGE",
}

// String is the kind's cvinfo.h name.
func (k SymbolKind) String() string { return codeName(symbolNames, k, "SymbolKind(0x%x)") }

// MarshalText writes the kind's name.
func (k SymbolKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// CompileSym is S_COMPILE3: the compiler and its version.
type CompileSym struct {
	Flags                                                    uint32 // bits 0-7: the language (16: HLSL)
	Machine                                                  uint16 // 0x100: D3D11 shader
	FrontendMajor, FrontendMinor, FrontendBuild, FrontendQFE uint16
	BackendMajor, BackendMinor, BackendBuild, BackendQFE     uint16
	Version                                                  string
}

// EnvBlockSym is S_ENVBLOCK: key/value strings (FXC: hlslFlags, hlslTarget,
// hlslEntry, hlslDefines).
type EnvBlockSym struct {
	Flags   uint8
	Entries []EnvEntry
}

// EnvEntry is one key and value of an S_ENVBLOCK.
type EnvEntry struct {
	Key   string
	Value string
}

// ProcSym is S_GPROC32/S_LPROC32: a function and the code it covers.
type ProcSym struct {
	Parent       uint32
	End          uint32
	Next         uint32
	CodeSize     uint32 // bytes of code
	DbgStart     uint32
	DbgEnd       uint32
	FunctionType uint32
	CodeOffset   uint32 // where its code starts (FXC: the byte offset in SHDR/SHEX of the first instruction after the declarations)
	Segment      uint16
	Flags        uint8
	Name         string
}

// LocalSym is S_LOCAL: a variable or parameter; the S_DEFRANGE_HLSL
// records after it say where its pieces live.
type LocalSym struct {
	Type  uint32
	Flags uint16 // 1 parameter, 8 aggregate (split into registers), 0x80 a return value, 0x100 optimized out
	Name  string
}

// DefRangeHLSL is S_DEFRANGE_HLSL: from which code offset on a piece of the
// previous S_LOCAL lives in which register.
type DefRangeHLSL struct {
	RegisterType    uint16 // the operand type of SM4/5 tokens (0 temp r#, 1 input v#, 2 output o#, 3 indexable x#, …)
	Flags           uint16 // bits 0-1: register indices; bit 2: a spilled member; bits 3-6: memory space
	RegisterIndices uint8  `json:"-"`
	OffsetParent    uint16 // byte offset of the piece in the variable
	SizeInParent    uint16 // its size in bytes
	RangeStart      uint32 // the code offset it starts at
	RangeSection    uint16
	RangeLength     uint16        // how many bytes of code it holds for
	RegisterOffsets []uint32      // per register index: the byte offset (register*16 + component*4), or the register for indexable temps
	Gaps            []DefRangeGap `json:",omitempty"`
}

// DefRangeGap is a stretch of a range where the piece is not in its register.
type DefRangeGap struct {
	Start  uint16 // from RangeStart
	Length uint16
}

// InlineSiteSym is S_INLINESITE: code of an inlined function, whose
// locations its binary annotations give relative to the inlinee's first line.
type InlineSiteSym struct {
	Parent      uint32
	End         uint32
	Inlinee     uint32 // an LF_FUNC_ID of the IPI stream
	Annotations HexBytes
}

// RefSym is S_PROCREF/S_LPROCREF: a global reference to a procedure in a module.
type RefSym struct {
	SumName   uint32
	SymOffset uint32
	Module    uint16
	Name      string
}

// DataHLSLSym is S_GDATA_HLSL/S_LDATA_HLSL: a global shader variable and
// the register slots it is bound to.
type DataHLSLSym struct {
	Type         uint32
	RegisterType uint16
	DataSlot     uint16
	DataOffset   uint16
	TextureSlot  uint16
	SamplerSlot  uint16
	UAVSlot      uint16
	Name         string
}

func readModule(r *binread.Reader, mi *ModuleInfo) Module {
	m := Module{Name: mi.ModuleName}
	r.Begin("", "module stream")
	defer r.End()
	m.Signature = r.U32("Signature")
	if r.Failed {
		return m
	}
	if m.Signature != 4 {
		r.ProblemAt(report.Warning, 0, "module stream", "the module stream's signature is %d; C13 line information (4) is the one dxscope reads", m.Signature)
	}
	symEnd := r.Fit(int(mi.SymBytes)-4, r.Pos, "module stream", "the module's symbols claim %d bytes; the stream holds %d", mi.SymBytes, r.Len())
	// Symbols keep their offsets in the stream: records refer to each other by them.
	m.Symbols = readSymbols(r, "Symbols", r.Pos+max(symEnd, 0))
	if n := r.Fit(int(mi.C11Bytes), r.Pos, "module stream", "the module's C11 lines claim %d bytes; %d remain", mi.C11Bytes, r.Remaining()); n > 0 {
		m.C11Lines = r.Raw("C11Lines", n)
	}
	n := r.Fit(int(mi.C13Bytes), r.Pos, "module stream", "the module's C13 lines claim %d bytes; %d remain", mi.C13Bytes, r.Remaining())
	cr := r.Sub(r.Pos, n, r.Join("Subsections"), "C13 line information")
	r.Pos += n
	m.Subsections = readSubsections(cr)
	if r.Remaining() >= 4 {
		m.GlobalRefsSize = r.U32("GlobalRefsSize")
		k := r.Fit(int(m.GlobalRefsSize), r.Pos, "module stream", "the global references claim %d bytes; %d remain", m.GlobalRefsSize, r.Remaining())
		for i := 0; i+4 <= k; i += 4 {
			m.GlobalRefs = append(m.GlobalRefs, r.U32(fmt.Sprintf("GlobalRefs[%d]", len(m.GlobalRefs))))
		}
	}
	if r.Remaining() > 0 {
		r.Raw("Padding", r.Remaining())
	}
	return m
}

// readSymbols reads symbol records from r's cursor to end.
func readSymbols(r *binread.Reader, name string, end int) []Symbol {
	var out []Symbol
	for r.Pos+4 <= end {
		i := len(out)
		at := r.Pos
		r.Begin(fmt.Sprintf("%s[%d]", name, i), "symbol record")
		s := Symbol{Offset: uint32(at)}
		s.Length = r.U16("Length")
		recEnd := r.Pos + int(s.Length)
		if s.Length < 2 || recEnd > end {
			r.ProblemAt(report.Error, at, "symbol record", "symbol record %d claims %d bytes; %d remain", i, s.Length, end-r.Pos)
			r.End()
			r.Seek(end)
			return out
		}
		s.Kind = SymbolKind(r.U16("Kind"))
		body := r.Sub(r.Pos, recEnd-r.Pos, r.Path, "symbol "+s.Kind.String())
		readSymbol(body, &s)
		r.Seek(recEnd)
		r.End()
		out = append(out, s)
	}
	if r.Pos < end {
		r.Raw(name+"Padding", end-r.Pos)
	}
	return out
}

func readSymbol(r *binread.Reader, s *Symbol) {
	switch s.Kind {
	case S_END, S_INLINESITE_END:
	case S_COMPILE3:
		c := &CompileSym{}
		r.Begin("Compile", "S_COMPILE3")
		c.Flags = r.U32("Flags")
		c.Machine = r.U16("Machine")
		c.FrontendMajor, c.FrontendMinor = r.U16("FrontendMajor"), r.U16("FrontendMinor")
		c.FrontendBuild, c.FrontendQFE = r.U16("FrontendBuild"), r.U16("FrontendQFE")
		c.BackendMajor, c.BackendMinor = r.U16("BackendMajor"), r.U16("BackendMinor")
		c.BackendBuild, c.BackendQFE = r.U16("BackendBuild"), r.U16("BackendQFE")
		c.Version = text(r, "Version")
		r.End()
		s.Compile = c
	case S_ENVBLOCK:
		e := &EnvBlockSym{}
		r.Begin("EnvBlock", "S_ENVBLOCK")
		e.Flags = r.U8("Flags")
		for r.Remaining() > 0 && r.Data[r.Pos] != 0 {
			k := len(e.Entries)
			r.Begin(fmt.Sprintf("Entries[%d]", k), "environment entry")
			kv := EnvEntry{Key: text(r, "Key")}
			kv.Value = text(r, "Value")
			r.End()
			e.Entries = append(e.Entries, kv)
		}
		r.End()
		s.EnvBlock = e
	case S_GPROC32, S_LPROC32:
		p := &ProcSym{}
		r.Begin("Proc", s.Kind.String())
		p.Parent, p.End, p.Next = r.U32("Parent"), r.U32("End"), r.U32("Next")
		p.CodeSize, p.DbgStart, p.DbgEnd = r.U32("CodeSize"), r.U32("DbgStart"), r.U32("DbgEnd")
		p.FunctionType = r.U32("FunctionType")
		p.CodeOffset = r.U32("CodeOffset")
		p.Segment = r.U16("Segment")
		p.Flags = r.U8("Flags")
		p.Name = text(r, "Name")
		r.End()
		s.Proc = p
	case S_LOCAL:
		l := &LocalSym{}
		r.Begin("Local", "S_LOCAL")
		l.Type = r.U32("Type")
		l.Flags = r.U16("Flags")
		l.Name = text(r, "Name")
		r.End()
		s.Local = l
	case S_DEFRANGE_HLSL:
		d := &DefRangeHLSL{}
		r.Begin("DefRange", "S_DEFRANGE_HLSL")
		d.RegisterType = r.U16("RegisterType")
		d.Flags = r.U16("Flags")
		d.RegisterIndices = uint8(d.Flags & 3)
		d.OffsetParent = r.U16("OffsetParent")
		d.SizeInParent = r.U16("SizeInParent")
		d.RangeStart = r.U32("RangeStart")
		d.RangeSection = r.U16("RangeSection")
		d.RangeLength = r.U16("RangeLength")
		// The gaps come first and the register offsets last (cvinfo.h's
		// CV_DEFRANGESYMHLSL_OFFSET_PTR_BASE): the gaps are what the
		// offsets leave of the record.
		gaps := (r.Remaining() - 4*int(d.RegisterIndices)) / 4
		for k := 0; k < gaps; k++ {
			d.Gaps = append(d.Gaps, DefRangeGap{Start: r.U16(fmt.Sprintf("Gaps[%d]/Start", k)), Length: r.U16(fmt.Sprintf("Gaps[%d]/Length", k))})
		}
		for i := 0; i < int(d.RegisterIndices); i++ {
			d.RegisterOffsets = append(d.RegisterOffsets, r.U32(fmt.Sprintf("RegisterOffsets[%d]", i)))
		}
		r.End()
		s.DefRange = d
	case S_INLINESITE:
		in := &InlineSiteSym{}
		r.Begin("InlineSite", "S_INLINESITE")
		in.Parent, in.End, in.Inlinee = r.U32("Parent"), r.U32("End"), r.U32("Inlinee")
		in.Annotations = r.Bytes("Annotations", r.Remaining())
		r.End()
		s.InlineSite = in
	case S_PROCREF, S_LPROCREF:
		ref := &RefSym{}
		r.Begin("Ref", s.Kind.String())
		ref.SumName, ref.SymOffset, ref.Module = r.U32("SumName"), r.U32("SymOffset"), r.U16("Module")
		ref.Name = text(r, "Name")
		r.End()
		s.Ref = ref
	case S_GDATA_HLSL, S_LDATA_HLSL:
		d := &DataHLSLSym{}
		r.Begin("HLSLData", s.Kind.String())
		d.Type = r.U32("Type")
		d.RegisterType = r.U16("RegisterType")
		d.DataSlot, d.DataOffset = r.U16("DataSlot"), r.U16("DataOffset")
		d.TextureSlot, d.SamplerSlot, d.UAVSlot = r.U16("TextureSlot"), r.U16("SamplerSlot"), r.U16("UAVSlot")
		d.Name = text(r, "Name")
		r.End()
		s.HLSLData = d
	default:
		s.Data = r.Bytes("Data", r.Remaining())
	}
	// Records are padded to 4 bytes (FXC pads S_LOCAL further with zeros).
	if r.Remaining() > 0 {
		r.Raw("Padding", r.Remaining())
	}
}

// SubsectionKind is a C13 debug subsection kind (DEBUG_S_SUBSECTION_TYPE).
type SubsectionKind uint32

// The subsection kinds FXC writes.
const (
	DEBUG_S_LINES        SubsectionKind = 0xf2
	DEBUG_S_FILECHKSMS   SubsectionKind = 0xf4
	DEBUG_S_INLINEELINES SubsectionKind = 0xf6
)

var subsectionNames = map[SubsectionKind]string{0xf1: "DEBUG_S_SYMBOLS", 0xf2: "DEBUG_S_LINES", 0xf3: "DEBUG_S_STRINGTABLE",
	0xf4: "DEBUG_S_FILECHKSMS", 0xf5: "DEBUG_S_FRAMEDATA", 0xf6: "DEBUG_S_INLINEELINES", 0xf7: "DEBUG_S_CROSSSCOPEIMPORTS",
	0xf8: "DEBUG_S_CROSSSCOPEEXPORTS", 0xf9: "DEBUG_S_IL_LINES", 0xfa: "DEBUG_S_FUNC_MDTOKEN_MAP", 0xfb: "DEBUG_S_TYPE_MDTOKEN_MAP",
	0xfc: "DEBUG_S_MERGED_ASSEMBLYINPUT", 0xfd: "DEBUG_S_COFF_SYMBOL_RVA"}

func (k SubsectionKind) String() string {
	if s, ok := subsectionNames[k&^0x80000000]; ok {
		return s
	}
	return fmt.Sprintf("SubsectionKind(0x%x)", uint32(k))
}

// MarshalText writes the kind's name.
func (k SubsectionKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Subsection is one C13 debug subsection.
type Subsection struct {
	Kind          SubsectionKind
	Length        uint32
	Lines         *LinesSubsection `json:",omitempty"`
	FileChecksums []FileChecksum   `json:",omitempty"`
	InlineeLines  *InlineeLines    `json:",omitempty"`
	Data          HexBytes         `json:",omitempty"`
}

// LinesSubsection is DEBUG_S_LINES: for a stretch of code, blocks of line
// entries, one block per source file.
type LinesSubsection struct {
	CodeOffset uint32
	Segment    uint16
	Flags      uint16 // 1: the entries have columns
	CodeSize   uint32
	Blocks     []LineBlock
}

// LineBlock is the lines of one file.
type LineBlock struct {
	FileChecksumOffset uint32 // the file's entry in DEBUG_S_FILECHKSMS, by byte offset
	NumLines           uint32
	BlockSize          uint32
	Lines              []LineEntry
	Columns            []ColumnEntry `json:",omitempty"`
}

// LineEntry is one CV_Line_t: from code offset Offset on, the code is of
// line Line.
type LineEntry struct {
	Offset       uint32
	LineInfo     uint32 // bits 0-23 the line, 24-30 the delta to the end line, 31 a statement
	Line         uint32
	LineEndDelta uint8
	Statement    bool
}

// ColumnEntry is one CV_Column_t.
type ColumnEntry struct {
	Start uint16
	End   uint16
}

// FileChecksum is one entry of DEBUG_S_FILECHKSMS: a file, by its name's
// offset in /names, and its checksum.
type FileChecksum struct {
	Offset         uint32 // its byte offset in the subsection: how line blocks name it
	FileNameOffset uint32
	ChecksumSize   uint8
	ChecksumKind   uint8 // 0 none, 1 MD5, 2 SHA1, 3 SHA256
	Checksum       HexBytes
}

// InlineeLines is DEBUG_S_INLINEELINES: the file and first line of each
// inlined function.
type InlineeLines struct {
	Signature uint32 // 0 plain, 1 with extra files
	Entries   []InlineeSourceLine
}

// InlineeSourceLine is one inlinee's file and line.
type InlineeSourceLine struct {
	Inlinee        uint32 // an LF_FUNC_ID
	FileID         uint32 // a FileChecksum's Offset
	SourceLineNum  uint32
	ExtraFileCount uint32
	ExtraFiles     []uint32 `json:",omitempty"`
}

func readSubsections(r *binread.Reader) []Subsection {
	var out []Subsection
	for r.Remaining() >= 8 {
		i := len(out)
		r.Begin(fmt.Sprintf("[%d]", i), "debug subsection")
		s := Subsection{Kind: SubsectionKind(r.U32("Kind")), Length: r.U32("Length")}
		n := r.Fit(int(s.Length), r.Pos, "debug subsection", "subsection %d (%s) claims %d bytes; %d remain", i, s.Kind, s.Length, r.Remaining())
		b := r.Sub(r.Pos, n, r.Path, s.Kind.String())
		switch s.Kind {
		case DEBUG_S_LINES:
			s.Lines = readLines(b)
		case DEBUG_S_FILECHKSMS:
			s.FileChecksums = readChecksums(b)
		case DEBUG_S_INLINEELINES:
			s.InlineeLines = readInlineeLines(b)
		default:
			s.Data = b.Bytes("Data", b.Remaining())
		}
		if b.Remaining() > 0 {
			b.Raw("Padding", b.Remaining())
		}
		r.Pos += n
		if pad := (4 - r.Pos%4) % 4; pad > 0 && r.Remaining() >= pad {
			r.Raw("Padding", pad)
		}
		r.End()
		out = append(out, s)
		if n < int(s.Length) {
			break
		}
	}
	if r.Remaining() > 0 {
		r.Raw("Padding", r.Remaining())
	}
	return out
}

func readLines(r *binread.Reader) *LinesSubsection {
	l := &LinesSubsection{}
	r.Begin("Lines", "DEBUG_S_LINES")
	defer r.End()
	l.CodeOffset = r.U32("CodeOffset")
	l.Segment = r.U16("Segment")
	l.Flags = r.U16("Flags")
	l.CodeSize = r.U32("CodeSize")
	cols := l.Flags&1 != 0
	per := 8
	if cols {
		per = 12
	}
	for r.Remaining() >= 12 {
		k := len(l.Blocks)
		start := r.Pos
		r.Begin(fmt.Sprintf("Blocks[%d]", k), "line block")
		b := LineBlock{FileChecksumOffset: r.U32("FileChecksumOffset"), NumLines: r.U32("NumLines"), BlockSize: r.U32("BlockSize")}
		end := start + int(b.BlockSize)
		if b.BlockSize < 12 || end > r.Len() {
			r.ProblemAt(report.Error, start, "line block", "line block %d claims %d bytes; %d remain", k, b.BlockSize, r.Len()-start)
			end = r.Len()
		}
		nl := int(b.NumLines)
		if int64(b.NumLines)*int64(per) > int64(end-r.Pos) {
			r.ProblemAt(report.Error, start+4, "line block", "line block %d claims %d lines; its %d bytes hold %d", k, b.NumLines, end-r.Pos, (end-r.Pos)/per)
			nl = (end - r.Pos) / per
		}
		b.Lines = make([]LineEntry, nl)
		for j := range b.Lines {
			r.Begin(fmt.Sprintf("Lines[%d]", j), "line entry")
			e := LineEntry{Offset: r.U32("Offset"), LineInfo: r.U32("LineInfo")}
			e.Line = e.LineInfo & 0xFFFFFF
			e.LineEndDelta = uint8(e.LineInfo >> 24 & 0x7F)
			e.Statement = e.LineInfo>>31 != 0
			r.End()
			b.Lines[j] = e
		}
		if cols {
			b.Columns = make([]ColumnEntry, nl)
			for j := range b.Columns {
				b.Columns[j] = ColumnEntry{Start: r.U16(fmt.Sprintf("Columns[%d]/Start", j)), End: r.U16(fmt.Sprintf("Columns[%d]/End", j))}
			}
		}
		if r.Pos < end {
			r.Raw("Padding", end-r.Pos)
		}
		r.Seek(end)
		r.End()
		l.Blocks = append(l.Blocks, b)
	}
	return l
}

func readChecksums(r *binread.Reader) []FileChecksum {
	var out []FileChecksum
	for r.Remaining() >= 6 {
		k := len(out)
		c := FileChecksum{Offset: uint32(r.Pos)}
		r.Begin(fmt.Sprintf("FileChecksums[%d]", k), "file checksum")
		c.FileNameOffset = r.U32("FileNameOffset")
		c.ChecksumSize = r.U8("ChecksumSize")
		c.ChecksumKind = r.U8("ChecksumKind")
		n := r.Fit(int(c.ChecksumSize), r.Pos, "file checksum", "file checksum %d claims %d bytes; %d remain", k, c.ChecksumSize, r.Remaining())
		c.Checksum = r.Bytes("Checksum", n)
		if pad := (4 - r.Pos%4) % 4; pad > 0 && r.Remaining() >= pad {
			r.Raw("Padding", pad)
		}
		r.End()
		out = append(out, c)
	}
	return out
}

func readInlineeLines(r *binread.Reader) *InlineeLines {
	in := &InlineeLines{}
	r.Begin("InlineeLines", "DEBUG_S_INLINEELINES")
	defer r.End()
	in.Signature = r.U32("Signature")
	for r.Remaining() >= 12 {
		k := len(in.Entries)
		r.Begin(fmt.Sprintf("Entries[%d]", k), "inlinee source line")
		e := InlineeSourceLine{Inlinee: r.U32("Inlinee"), FileID: r.U32("FileID"), SourceLineNum: r.U32("SourceLineNum")}
		if in.Signature == 1 {
			e.ExtraFileCount = r.U32("ExtraFileCount")
			if int64(e.ExtraFileCount) > int64(r.Remaining()/4) {
				r.Problem(report.Error, "inlinee %d claims %d extra files; %d bytes remain", k, e.ExtraFileCount, r.Remaining())
				e.ExtraFileCount = uint32(r.Remaining() / 4)
			}
			for j := 0; j < int(e.ExtraFileCount); j++ {
				e.ExtraFiles = append(e.ExtraFiles, r.U32(fmt.Sprintf("ExtraFiles[%d]", j)))
			}
		}
		r.End()
		in.Entries = append(in.Entries, e)
	}
	return in
}

// EnvValue returns the value of key in the module's S_ENVBLOCK ("" when none).
func (m *Module) EnvValue(key string) string {
	for _, s := range m.Symbols {
		if s.EnvBlock != nil {
			for _, e := range s.EnvBlock.Entries {
				if strings.EqualFold(e.Key, key) {
					return e.Value
				}
			}
		}
	}
	return ""
}
