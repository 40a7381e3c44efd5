package decode

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/dxscope/dxscope/decode/binread"
)

var recStackPool sync.Pool

// Module is what was read from the DXIL bitcode (LLVM 3.7 bitcode inside a
// DXIL, ILDB or DXIL-style STAT part): the bitstream's block structure, the
// module's types, globals and functions, the DXIL metadata (shader model,
// entry points, resources) and a census of the dx.op calls in function bodies.
type Module struct {
	Wrapper *BitcodeWrapperHeader `json:",omitempty"` // present only when the bitcode has the wrapper header (DXIL never does)

	Producer       string `json:",omitempty"` // IDENTIFICATION block (LLVM 3.8+), else the llvm.ident string
	Version        uint64 // MODULE_CODE_VERSION: 1 means relative value ids
	Triple         string
	DataLayout     string
	SourceFileName string `json:",omitempty"`

	Types           []string       // the type table, rendered as LLVM assembly
	GlobalVariables []ModuleGlobal `json:",omitempty"`
	Functions       []ModuleFunction
	DXOpFunctions   []string        `json:",omitempty"` // declared dx.op.* functions
	NamedMetadata   []NamedMetadata `json:",omitempty"`
	MetadataStrings []string        `json:",omitempty"` // module-level metadata strings, in id order (capped)
	MetadataCount   int             // module-level metadata ids

	DXILVersion      *MetadataVersion `json:",omitempty"` // !dx.version
	ValidatorVersion *MetadataVersion `json:",omitempty"` // !dx.valver
	ShaderModel      *ShaderModel     `json:",omitempty"` // !dx.shaderModel
	EntryPoints      []EntryPoint     `json:",omitempty"` // !dx.entryPoints
	Resources        []DXILResource   `json:",omitempty"` // !dx.resources
	ViewIDState      []uint32         `json:",omitempty"` // !dx.viewIdState, the serialized ViewID and input-output dependency state
	TypeAnnotations  int              // operands of !dx.typeAnnotations

	DXOps []DXOp `json:"DXOps"` // every dx.op opcode called, with its count

	Blocks  []*BitcodeBlock // the bitstream's top-level blocks (llvm-bcanalyzer -dump)
	Records int             // records in the whole stream
	Size    int64           // bitcode bytes
}

// BitcodeWrapperHeader is the optional header before the bitcode magic
// (0x0B17C0DE, as Darwin toolchains write it).
type BitcodeWrapperHeader struct {
	Magic   uint32
	Version uint32
	Offset  uint32
	Size    uint32
	CPUType uint32
}

// BitcodeBlock is one block of the bitstream with a histogram of its records.
type BitcodeBlock struct {
	ID          uint32
	Name        string
	Path        string // the span path, e.g. DXIL/Bitcode/MODULE_BLOCK/FUNCTION_BLOCK[3]
	Offset      int64  // absolute offset of the byte holding the ENTER_SUBBLOCK id
	Size        int64  // bytes up to the end of the block
	Bits        int64  // exact size in bits
	AbbrevWidth uint32
	Abbrevs     int // DEFINE_ABBREV records in the block itself
	Records     int
	RecordCodes []BitcodeRecordCount `json:",omitempty"`
	Blocks      []*BitcodeBlock      `json:",omitempty"`
}

// BitcodeRecordCount is one line of a block's record histogram.
type BitcodeRecordCount struct {
	Code        uint32
	Name        string
	Count       int
	Abbreviated int   // records written through an abbreviation
	Bits        int64 // total bits of these records
}

// ModuleGlobal is one MODULE_CODE_GLOBALVAR.
type ModuleGlobal struct {
	Name         string
	Type         string
	Constant     bool
	AddressSpace uint32
	Linkage      string
}

// ModuleFunction is one MODULE_CODE_FUNCTION, with what its body holds.
type ModuleFunction struct {
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

// MetadataVersion is a (major, minor) pair from !dx.version or !dx.valver.
type MetadataVersion struct {
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

// DXOp is one dx.op opcode in the census.
type DXOp struct {
	Opcode uint32
	Name   string
	Count  int
	Offset int64 // absolute offset of the byte where the first call's record starts
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
	s = append(s, bcPlural(len(m.EntryPoints), "entry point"), bcPlural(len(m.Resources), "resource"))
	n := 0
	for _, o := range m.DXOps {
		n += o.Count
	}
	s = append(s, bcPlural(n, "dx.op call"))
	return strings.Join(s, ", ")
}

func bcPlural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// bcRecordSpanMin is the size from which a record gets its own span: big
// records (strings, data arrays) are worth finding in the hex view, while a
// span per record would cost ~100 bytes each for modules of 100,000 records.
const bcRecordSpanMin = 32

// decodeModule reads LLVM bitcode from r (the bitcode of a DXIL or ILDB part).
func decodeModule(r *binread.Reader) *Module {
	m := &Module{Size: int64(r.Len())}
	b := r.Data
	if len(b) >= 4 && binary.LittleEndian.Uint32(b) == 0x0B17C0DE {
		w := &BitcodeWrapperHeader{}
		r.Begin("WrapperHeader", "bitcode wrapper header")
		w.Magic = r.U32("Magic")
		w.Version = r.U32("Version")
		w.Offset = r.U32("Offset")
		w.Size = r.U32("Size")
		w.CPUType = r.U32("CPUType")
		r.End()
		if r.Failed {
			return m
		}
		m.Wrapper = w
		off, n := int(w.Offset), int(w.Size)
		if w.Offset < 20 || int64(w.Offset)+int64(w.Size) > int64(len(b)) {
			r.ProblemAt(Error, 8, "bitcode wrapper header", "the wrapper says the bitcode is at %d+%d, outside the %d bytes", w.Offset, w.Size, len(b))
			r.Raw("Data", r.Remaining())
			return m
		}
		if off > r.Pos {
			r.Bytes("Padding", off-r.Pos)
		}
		sub := r.Sub(off, n, r.Path, "bitcode")
		r.Seek(off + n)
		if r.Remaining() > 0 {
			r.Bytes("Trailing", r.Remaining())
		}
		r = sub
		b = r.Data
	}
	if len(b) < 4 || string(b[:4]) != "BC\xc0\xde" {
		r.Problem(Error, "the bitcode does not start with the LLVM magic 'BC' 0xC0DE")
		r.Raw("Data", r.Remaining())
		return m
	}
	r.Bytes("Magic", 4)
	if len(b)%4 != 0 {
		r.Problem(Warning, "the bitcode is %d bytes, not a multiple of 4 as the bitstream requires", len(b))
	}
	p := &bcParser{s: bitstream{b: b, pos: 32, end: uint64(len(b)) * 8}}
	// The open-block record stack is scratch space: reuse it across modules.
	if st, ok := recStackPool.Get().(*[]bcPending); ok {
		p.recStack = (*st)[:0]
	}
	p.ops = make([]uint64, 0, len(b)/2+64)
	top := p.parseStream()
	if cap(p.recStack) <= 1<<16 {
		st := p.recStack[:0]
		recStackPool.Put(&st)
	}
	m.Records = p.records
	if p.s.err != nil {
		var be *bitError
		bit := p.s.pos
		msg := p.s.err.Error()
		if errors.As(p.s.err, &be) {
			bit = be.bit
		}
		r.ProblemAt(Error, int(bit/8), "bitcode", "bitstream error at bit %d (byte 0x%x of the bitcode): %s; the rest of the bitcode is not decoded", bit, bit/8, msg)
		// What the parser did not reach stays visible as raw bytes.
		at := int((bit + 7) / 8)
		var last uint64
		for _, t := range top {
			last = max(last, t.End)
		}
		at = max(at, int((last+7)/8))
		if at < len(b) {
			r.Seek(at)
			r.Raw("Undecoded", len(b)-at)
		}
	}
	m.Blocks = blockTree(r, top, r.Path, nil)
	mod := findBlock(top, blockModule)
	if mod == nil {
		if p.s.err == nil {
			r.Problem(Error, "the bitcode has no MODULE_BLOCK")
		}
		return m
	}
	ir := &irModule{m: m, r: r}
	ir.read(top, mod)
	readDXILMetadata(ir)
	return m
}

func findBlock(bs []*bcBlock, id uint32) *bcBlock {
	for _, b := range bs {
		if b.ID == id {
			return b
		}
	}
	return nil
}

// blockTree builds the exported structure and records a span per block (and
// per large record).
func blockTree(r *binread.Reader, bs []*bcBlock, path string, parent *bcBlock) []*BitcodeBlock {
	count := map[uint32]int{}
	for _, b := range bs {
		count[b.ID]++
	}
	seen := map[uint32]int{}
	out := make([]*BitcodeBlock, 0, len(bs))
	for _, b := range bs {
		name := blockName(b.ID)
		p := path + "/" + name
		if count[b.ID] > 1 {
			p = fmt.Sprintf("%s[%d]", p, seen[b.ID])
		}
		seen[b.ID]++
		end := b.End
		if end < b.Start {
			end = b.Start
		}
		off := int64(b.Start / 8)
		size := int64((end+7)/8) - off
		bb := &BitcodeBlock{ID: b.ID, Name: name, Path: p, Offset: r.Base + off, Size: size, Bits: int64(end - b.Start),
			AbbrevWidth: b.AbbrevWidth, Abbrevs: b.Abbrevs, Records: len(b.Records)}
		if size > 0 {
			r.Out.Span(Span{Path: p, Off: r.Base + off, Size: size, Kind: SpanStruct, Value: fmt.Sprintf("%d records", len(b.Records))})
		}
		// A block uses few record codes: a slice searched linearly beats a map here.
		hist := make([]BitcodeRecordCount, 0, 8)
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
				hist = append(hist, BitcodeRecordCount{Code: rec.Code, Name: recordName(b.ID, rec.Code)})
				seenCode = append(seenCode, 0)
				k = len(hist) - 1
			}
			h := &hist[k]
			h.Count++
			if rec.Abbrev != bcUnabbrevRec {
				h.Abbreviated++
			}
			h.Bits += int64(rec.End - rec.Start)
			i := seenCode[k]
			seenCode[k]++
			a, e := int64(rec.Start/8), int64((rec.End+7)/8)
			if e-a >= bcRecordSpanMin {
				r.Out.Span(Span{Path: fmt.Sprintf("%s/%s[%d]", p, h.Name, i), Off: r.Base + a, Size: e - a, Kind: SpanField, Value: recordValue(rec)})
			}
		}
		sort.Slice(hist, func(i, j int) bool { return hist[i].Code < hist[j].Code })
		bb.RecordCodes = hist
		bb.Blocks = blockTree(r, b.Blocks, p, b)
		out = append(out, bb)
	}
	return out
}

// recordValue renders a record for the hex view: its text when the operands
// look like characters, else its operand count.
func recordValue(rec bcRecord) string {
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

// opsText converts operands to a string whatever they hold (bytes above 0xff are dropped).
func opsText(ops []uint64) string {
	b := make([]byte, 0, len(ops))
	for _, o := range ops {
		if o <= 0xff {
			b = append(b, byte(o))
		}
	}
	return string(b)
}
