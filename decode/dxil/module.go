// Package dxil reads DXIL on top of the LLVM IR (decode/llvm/ir): the
// module a DXIL, ILDB or DXIL-style STAT part holds, summarized for the JSON
// and the views (the bitstream's blocks, the type table, global values,
// functions), the DXIL metadata (shader model, versions, entry points with
// their signatures and properties, resources, ViewID state), the census of
// dx.op calls, and the checks of all that against the program header and
// the operation table. The table (optable.go) is generated from ops.csv.
//
// Shader kinds are ShaderKind constants (Pixel, Vertex, … Node), the one
// way dxscope names a stage.
package dxil

import (
	"encoding/binary"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode/llvm/ir"
	"github.com/dxscope/dxscope/decode/report"
)

// Module is what was read from the DXIL bitcode (LLVM 3.7 bitcode inside a
// DXIL, ILDB or DXIL-style STAT part): the bitstream's block structure, the
// module's types, globals and functions, the DXIL metadata (shader model,
// entry points, resources) and a census of the dx.op calls in function bodies.
type Module struct {
	Wrapper *WrapperHeader `json:",omitempty"` // present only when the bitcode has the wrapper header (DXIL never does)

	Producer string `json:",omitempty"` // IDENTIFICATION block (LLVM 3.8+), else the llvm.ident string
	// Ident is !llvm.ident's string, which names the DXC build (the
	// listings' spellings follow it); in the JSON as Producer.
	Ident          string `json:"-"`
	Version        uint64 // MODULE_CODE_VERSION: 1 means relative value ids
	Triple         string
	DataLayout     string
	SourceFileName string `json:",omitempty"`

	Types           []string        // the type table, rendered as LLVM assembly
	GlobalVariables []Global        `json:",omitempty"`
	Functions       []Function      //
	DXOpFunctions   []string        `json:",omitempty"` // declared dx.op.* functions
	NamedMetadata   []NamedMetadata `json:",omitempty"`
	MetadataStrings []string        `json:",omitempty"` // module-level metadata strings, in id order (capped)
	MetadataCount   int             // module-level metadata ids

	DXILVersion      *Version     `json:",omitempty"` // !dx.version
	ValidatorVersion *Version     `json:",omitempty"` // !dx.valver
	ShaderModel      *ShaderModel `json:",omitempty"` // !dx.shaderModel
	EntryPoints      []EntryPoint `json:",omitempty"` // !dx.entryPoints
	Resources        []Resource   `json:",omitempty"` // !dx.resources
	ViewIDState      []uint32     `json:",omitempty"` // !dx.viewIdState, the serialized ViewID and input-output dependency state
	TypeAnnotations  int          // operands of !dx.typeAnnotations

	DXOps []OpCount `json:"DXOps"` // every dx.op opcode called, with its count

	Blocks  []*Block // the bitstream's top-level blocks (llvm-bcanalyzer -dump)
	Records int      // records in the whole stream
	Size    int64    // bitcode bytes
}

// WrapperHeader is the optional header before the bitcode magic
// (0x0B17C0DE, as Darwin toolchains write it).
type WrapperHeader struct {
	Magic   uint32
	Version uint32
	Offset  uint32
	Size    uint32
	CPUType uint32
}

// Block is one block of the bitstream with a histogram of its records.
type Block struct {
	ID          uint32
	Name        string
	Path        string // the span path, e.g. DXIL/Bitcode/MODULE_BLOCK/FUNCTION_BLOCK[3]
	Offset      int64  // absolute offset of the byte holding the ENTER_SUBBLOCK id
	Size        int64  // bytes up to the end of the block
	Bits        int64  // exact size in bits
	AbbrevWidth uint32
	Abbrevs     int // DEFINE_ABBREV records in the block itself
	Records     int
	RecordCodes []RecordCount `json:",omitempty"`
	Blocks      []*Block      `json:",omitempty"`
}

// RecordCount is one line of a block's record histogram.
type RecordCount struct {
	Code        uint32
	Name        string
	Count       int
	Abbreviated int   // records written through an abbreviation
	Bits        int64 // total bits of these records
}

// Global is one MODULE_CODE_GLOBALVAR.
type Global struct {
	Name         string
	Type         string
	Constant     bool
	AddressSpace uint32
	Linkage      string
}

// Function is one MODULE_CODE_FUNCTION, with what its body holds.
type Function struct {
	Name         string
	Type         string
	Declaration  bool // no body (isproto)
	Linkage      string
	Blocks       int `json:",omitempty"` // basic blocks (DECLAREBLOCKS)
	Instructions int `json:",omitempty"` // instruction records
	DXOpCalls    int `json:",omitempty"` // calls to dx.op.* functions
}

// NamedMetadata is one named metadata node, with its operands rendered.
type NamedMetadata struct {
	Name     string
	Operands []string
}

// Version is a (major, minor) pair from !dx.version or !dx.valver.
type Version struct {
	Major uint32
	Minor uint32
}

// ShaderModel is !dx.shaderModel: the profile's kind prefix ("ps", "lib", ...) and version.
type ShaderModel struct {
	Kind  string
	Major uint32
	Minor uint32
}

// String renders the profile, e.g. "ps_6_0".
func (s ShaderModel) String() string { return fmt.Sprintf("%s_%d_%d", s.Kind, s.Major, s.Minor) }

// OpCount is one dx.op opcode in the census.
type OpCount struct {
	Opcode uint32
	Name   string
	Count  int
	Offset int64 // absolute offset of the byte where the first call's record starts
}

// Entry is the first entry point that names a function (a shader's one
// entry); nil for a nil module or one without such an entry.
func (m *Module) Entry() *EntryPoint {
	if m == nil {
		return nil
	}
	for i := range m.EntryPoints {
		if m.EntryPoints[i].Function != "" {
			return &m.EntryPoints[i]
		}
	}
	return nil
}

// Summary is one line about the module, e.g. "ps_6_0, DXIL 1.0, 1 entry point, 12 dx.op calls".
func (m *Module) Summary() string {
	var s []string
	if m.ShaderModel != nil {
		s = append(s, m.ShaderModel.String())
	}
	if m.DXILVersion != nil {
		s = append(s, fmt.Sprintf("DXIL %d.%d", m.DXILVersion.Major, m.DXILVersion.Minor))
	}
	s = append(s, plural(len(m.EntryPoints), "entry point"), plural(len(m.Resources), "resource"))
	n := 0
	for _, o := range m.DXOps {
		n += o.Count
	}
	s = append(s, plural(n, "dx.op call"))
	return strings.Join(s, ", ")
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// recordSpanMin is the size from which a record gets its own span: big
// records (strings, data arrays) are worth finding in the hex view, while a
// span per record would cost ~100 bytes each for modules of 100,000 records.
const recordSpanMin = 32

// maxTypesShown bounds Module.Types.
const maxTypesShown = 4096

// out is where one decode records spans and problems: the part's sink,
// with the bitcode's place in the file.
type out struct {
	sink *report.Sink
	base int64  // absolute offset of the bitcode's first byte
	pos  int    // where problems without an offset of their own are reported: after the magic, or after the bytes read raw
	path string // span path of the bitcode, e.g. DXIL/Bitcode
	part string
}

// problem reports at the reading position, in the structure "bitcode".
func (o *out) problem(sev report.Severity, format string, args ...any) {
	o.sink.Problem(sev, o.base+int64(o.pos), o.part, "bitcode", format, args...)
}

// problemAt reports at absolute offset off in structure what.
func (o *out) problemAt(sev report.Severity, off int64, what, format string, args ...any) {
	o.sink.Problem(sev, off, o.part, what, format, args...)
}

// span records bytes [at, at+n) of the bitcode as name (under the bitcode's path).
func (o *out) span(name string, at, n int, kind report.SpanKind, value string) {
	p := o.path
	if name != "" {
		p += "/" + name
	}
	o.sink.Span(report.Span{Path: p, Off: o.base + int64(at), Size: int64(n), Kind: kind, Value: value})
}

// Decode reads the LLVM bitcode bc of a DXIL, ILDB or DXIL-style STAT part,
// which starts at absolute file offset base: it records a span for each
// block (and each record of 32 bytes or more) named under path
// ("DXIL/Bitcode/MODULE_BLOCK/…") and reports problems in part into sink.
// It never fails: what cannot be read is a problem, and raw bytes.
func Decode(bc []byte, base int64, path, part string, sink *report.Sink) *Module {
	o := &out{sink: sink, base: base, path: path, part: part}
	m := &Module{Size: int64(len(bc))}
	le := binary.LittleEndian
	if len(bc) >= 4 && le.Uint32(bc) == 0x0B17C0DE {
		if len(bc) < 20 {
			o.problemAt(report.Error, base+int64(len(bc)), "bitcode wrapper header", "truncated: %s/Bitcode/WrapperHeader needs 20 bytes at offset 0x%x, only %d remain", part, base, len(bc))
			return m
		}
		w := &WrapperHeader{Magic: le.Uint32(bc), Version: le.Uint32(bc[4:]), Offset: le.Uint32(bc[8:]), Size: le.Uint32(bc[12:]), CPUType: le.Uint32(bc[16:])}
		for i, f := range []struct {
			name string
			v    uint32
		}{{"Magic", w.Magic}, {"Version", w.Version}, {"Offset", w.Offset}, {"Size", w.Size}, {"CPUType", w.CPUType}} {
			o.span("WrapperHeader/"+f.name, 4*i, 4, report.SpanField, strconv.FormatUint(uint64(f.v), 10))
		}
		o.span("WrapperHeader", 0, 20, report.SpanStruct, "")
		m.Wrapper = w
		off, n := int64(w.Offset), int64(w.Size)
		if off < 20 || off+n > int64(len(bc)) {
			o.problemAt(report.Error, base+8, "bitcode wrapper header", "the wrapper says the bitcode is at %d+%d, outside the %d bytes", w.Offset, w.Size, len(bc))
			o.span("Data", 20, len(bc)-20, report.SpanRaw, "")
			return m
		}
		if off > 20 {
			o.span("Padding", 20, int(off)-20, report.SpanField, "")
		}
		if end := int(off + n); end < len(bc) {
			o.span("Trailing", end, len(bc)-end, report.SpanField, "")
		}
		bc, o.base = bc[off:off+n], base+off
	}
	if len(bc) < 4 || string(bc[:4]) != "BC\xc0\xde" {
		o.problem(report.Error, "the bitcode does not start with the LLVM magic 'BC' 0xC0DE")
		o.span("Data", 0, len(bc), report.SpanRaw, "")
		return m
	}
	o.span("Magic", 0, 4, report.SpanField, "")
	o.pos = 4
	if len(bc)%4 != 0 {
		o.problem(report.Warning, "the bitcode is %d bytes, not a multiple of 4 as the bitstream requires", len(bc))
	}
	irm := ir.Decode(bc, o.base, part)
	m.Records = irm.Records
	if irm.StoppedAt != 0 {
		bit := irm.StoppedAt - uint64(o.base)*8
		o.problemAt(report.Error, o.base+int64(bit/8), "bitcode", "bitstream error at bit %d (byte 0x%x of the bitcode): %s; the rest of the bitcode is not decoded", bit, bit/8, irm.Stopped)
		// What the parser did not reach stays visible as raw bytes.
		at := int((bit + 7) / 8)
		var last uint64
		for _, t := range irm.Blocks {
			last = max(last, t.End)
		}
		at = max(at, int((last+7)/8))
		if at < len(bc) {
			o.span("Undecoded", at, len(bc)-at, report.SpanRaw, "")
			o.pos = len(bc)
		}
	}
	m.Blocks = blockTree(o, irm.Blocks, path)
	found := false
	for _, b := range irm.Blocks {
		found = found || b.ID == ir.ModuleBlockID
	}
	if !found {
		if irm.StoppedAt == 0 {
			o.problem(report.Error, "the bitcode has no MODULE_BLOCK")
		}
		return m
	}
	readModule(m, irm, o)
	return m
}

// blockTree builds the exported structure and records a span per block (and
// per large record).
func blockTree(o *out, bs []*ir.Block, path string) []*Block {
	count := map[uint32]int{}
	for _, b := range bs {
		count[b.ID]++
	}
	seen := map[uint32]int{}
	blocks := make([]*Block, 0, len(bs))
	for _, b := range bs {
		name := ir.BlockName(b.ID)
		p := path + "/" + name
		if count[b.ID] > 1 {
			p = fmt.Sprintf("%s[%d]", p, seen[b.ID])
		}
		seen[b.ID]++
		end := max(b.End, b.Start)
		off := int64(b.Start / 8)
		size := int64((end+7)/8) - off
		bb := &Block{ID: b.ID, Name: name, Path: p, Offset: o.base + off, Size: size, Bits: int64(end - b.Start),
			AbbrevWidth: b.AbbrevWidth, Abbrevs: b.Abbrevs, Records: len(b.Records)}
		if size > 0 {
			o.sink.Span(report.Span{Path: p, Off: o.base + off, Size: size, Kind: report.SpanStruct, Value: fmt.Sprintf("%d records", len(b.Records))})
		}
		// A block uses few record codes: a slice searched linearly beats a map here.
		hist := make([]RecordCount, 0, 8)
		seenCode := make([]int, 0, 8) // records of each code met so far, for record span names
		for _, rec := range b.Records {
			k := -1
			for i := range hist {
				if hist[i].Code == rec.Code {
					k = i
					break
				}
			}
			if k < 0 {
				hist = append(hist, RecordCount{Code: rec.Code, Name: ir.RecordName(b.ID, rec.Code)})
				seenCode = append(seenCode, 0)
				k = len(hist) - 1
			}
			h := &hist[k]
			h.Count++
			if rec.Abbreviated() {
				h.Abbreviated++
			}
			h.Bits += int64(rec.End - rec.Start)
			i := seenCode[k]
			seenCode[k]++
			a, e := int64(rec.Start/8), int64((rec.End+7)/8)
			if e-a >= recordSpanMin {
				o.sink.Span(report.Span{Path: fmt.Sprintf("%s/%s[%d]", p, h.Name, i), Off: o.base + a, Size: e - a, Kind: report.SpanField, Value: recordValue(rec)})
			}
		}
		sort.Slice(hist, func(i, j int) bool { return hist[i].Code < hist[j].Code })
		bb.RecordCodes = hist
		bb.Blocks = blockTree(o, b.Blocks, p)
		blocks = append(blocks, bb)
	}
	return blocks
}

// recordValue renders a record for the hex view: its text when the operands
// look like characters, else its operand count.
func recordValue(rec ir.Record) string {
	if rec.Blob != nil {
		return fmt.Sprintf("blob of %d bytes", len(rec.Blob))
	}
	if s, ok := opsString(rec.Ops); ok && len(s) > 0 {
		if len(s) > 80 {
			s = s[:80] + "…"
		}
		return s
	}
	return fmt.Sprintf("%d operands", len(rec.Ops))
}

// opsString reads operands as characters, when every one is printable.
func opsString(ops []uint64) (string, bool) {
	var sb strings.Builder
	sb.Grow(len(ops))
	ok := true
	for _, o := range ops {
		if o > 0xff {
			return "", false
		}
		if o < 0x20 && o != '\t' && o != '\n' && o != '\r' {
			ok = false
		}
		sb.WriteByte(byte(o))
	}
	return sb.String(), ok
}
