// Package decode reads DirectX shader containers (DXBC/DXIL "DXContainer"
// files) and every part inside them into typed values, recording for each
// value the bytes it came from and reporting what is wrong instead of failing.
//
// Parse is the one entry point from bytes to a decoded File. It returns an
// error only when the bytes are not a container at all; any other damage is a
// Problem on the File, and everything that could be decoded is still there.
package decode

import (
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"sync"

	"github.com/dxscope/dxscope/decode/binread"
	"github.com/dxscope/dxscope/decode/dxil"
	"github.com/dxscope/dxscope/decode/llvm/ir"
	"github.com/dxscope/dxscope/decode/pdb"
	"github.com/dxscope/dxscope/decode/report"
	"github.com/dxscope/dxscope/decode/rootsig"
)

// MaxParts is how many parts a container may list for dxscope to decode
// each: real compilers write a few dozen, and a file claiming millions must
// not cost a record per claim.
const MaxParts = 4096

// memoryBudget is the budget of a decode (tests lower it).
var memoryBudget = report.MemoryBudget

// HeaderSize is the size of the fixed container header before the part offsets.
const HeaderSize = 32

// PartHeaderSize is the size of each part's FourCC + size header.
const PartHeaderSize = 8

// Magic is the container FourCC 'DXBC'.
const Magic = "DXBC"

// HexBytes prints as a lowercase hex string in JSON.
type HexBytes []byte

// MarshalJSON writes the bytes as lowercase hex.
func (h HexBytes) MarshalJSON() ([]byte, error) { return json.Marshal(hex.EncodeToString(h)) }

// UnmarshalJSON reads bytes written by MarshalJSON.
func (h *HexBytes) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	v, err := hex.DecodeString(s)
	*h = v
	return err
}

func (h HexBytes) String() string { return hex.EncodeToString(h) }

// Version is the container format version (1.0 for every known writer).
type Version struct {
	Major uint16
	Minor uint16
}

// Header is the container header (DxilContainerHeader) and part offset table.
type Header struct {
	Hash        HexBytes // the 16-byte container digest at offset 4
	Version     Version
	FileSize    uint32 // ContainerSizeInBytes
	PartCount   uint32
	PartOffsets []uint32 // those of the offsets that fit in the file
}

// File is a decoded container.
type File struct {
	Header   Header
	Parts    []*Part
	Digest   Digest    // added: the checksum status
	Problems []Problem // added: everything found wrong, in file order of discovery
	Spans    []Span    // added: header, part table, gaps and trailing bytes (parts keep their own)

	// PDBFile is set when the bytes given to Parse were a DXC PDB file:
	// the File is the container of its stream 5.
	PDBFile *PDBFile `json:",omitempty"`

	// Length is the number of bytes given to Parse (the container's, for a PDB file).
	Length int64 `json:"-"`
	data   []byte
	budget *report.Budget // what decoding may take (report.MemoryBudget)
	// inflateLeft is what the file's compressed payloads may still inflate
	// to, all of them together (see inflate).
	inflateLeft int

	statOnce sync.Once
	statIR   *ir.Module // StatIR's answer, kept with the file

	kindOnce sync.Once
	progKind dxil.ShaderKind // programKind's answer, kept with the file

	// first is the first part of each name, made once the part table is
	// read: each part's decoder finds the others by name, and a walk of
	// the parts for each cost parts² (Part walks a File made by hand).
	first map[string]*Part
}

// Part is one part of the container. Exactly one of the typed fields is set
// when the part's format is known and it decoded; otherwise the part is raw.
type Part struct {
	Name string
	Size uint32

	// Added keys.
	Index      int
	Offset     int64 // offset of the part header in the file
	DataOffset int64 // offset of the part data (Offset + 8)
	Summary    string
	// Absent lists the JSON paths of values a part cut short does not hold
	// (their Go zero is not the file's): see markAbsent.
	Absent []string `json:",omitempty"`

	Flags           *FeatureFlags          `json:",omitempty"` // SFI0
	Hash            *ShaderHash            `json:",omitempty"` // HASH
	Program         *ProgramHeader         `json:",omitempty"` // DXIL, ILDB, DXIL-style STAT
	Signature       *Signature             `json:",omitempty"` // ISG1 OSG1 PSG1 ISGN OSGN OSG5 PCSG
	PSVInfo         *PSVInfo               `json:",omitempty"` // PSV0
	RootSignature   *rootsig.RootSignature `json:",omitempty"` // RTS0
	DebugName       *DebugName             `json:",omitempty"` // ILDN
	CompilerVersion *CompilerVersion       `json:",omitempty"` // VERS
	SourceInfo      *SourceInfo            `json:",omitempty"` // SRCI
	PDBInfo         *PDBInfo               `json:",omitempty"` // PDBI
	Statistics      *Statistics            `json:",omitempty"` // FXC STAT
	RuntimeData     *RuntimeData           `json:",omitempty"` // RDAT
	ResourceDefs    *ResourceDefinitions   `json:",omitempty"` // RDEF
	Interfaces      *Interfaces            `json:",omitempty"` // IFCE
	Bytecode        *ShaderBytecode        `json:",omitempty"` // SHDR, SHEX
	Level9          *Aon9                  `json:",omitempty"` // Aon9
	Module          *dxil.Module           `json:",omitempty"` // the DXIL bitcode of DXIL/ILDB
	PDB             *pdb.File              `json:",omitempty"` // SPDB: FXC's program database
	SourceDebug     *SourceDebug           `json:",omitempty"` // SDBG: FXC 9's debug information

	// Value is the decoded value of a part family registered outside this
	// package; JSON writes it under the registration's Key.
	Value any `json:"-"`

	Spans []Span

	data []byte
	// cutOff are the paths a decoder or check found cut off (report.Sink's
	// Absent): absent whatever span is around them.
	cutOff []string
}

// MarshalJSON writes the part's fields, and Value under its registered key.
func (p *Part) MarshalJSON() ([]byte, error) {
	type fields Part // the same fields without this method
	b, err := json.Marshal((*fields)(p))
	if err != nil || p.Value == nil {
		return b, err
	}
	v, err := json.Marshal(p.Value)
	if err != nil {
		return nil, err
	}
	key := "Value"
	if k := LookupPart(p.Name); k != nil && k.Key != "" {
		key = k.Key
	}
	kb, _ := json.Marshal(key)
	// One allocation of the final size: a part's JSON is most of a file's.
	out := make([]byte, 0, len(b)+len(kb)+len(v)+2)
	out = append(append(out, b[:len(b)-1]...), ',')
	out = append(append(append(out, kb...), ':'), v...)
	return append(out, '}'), nil
}

// Data returns the part's bytes (without its 8-byte header), as far as they
// exist in the file.
func (p *Part) Data() []byte { return p.data }

// Data returns the bytes the file was parsed from.
func (f *File) Data() []byte { return f.data }

// Part returns the first part with the given name, or nil.
func (f *File) Part(name string) *Part {
	if f.first != nil {
		return f.first[name]
	}
	for _, p := range f.Parts {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// AllSpans returns the file's spans and every part's spans, sorted by offset
// (wider spans first at equal offsets, so parents precede children).
func (f *File) AllSpans() []Span {
	n := len(f.Spans)
	for _, p := range f.Parts {
		n += len(p.Spans)
	}
	all := make([]Span, 0, n)
	all = append(all, f.Spans...)
	for _, p := range f.Parts {
		all = append(all, p.Spans...)
	}
	// slices' typed sort, not sort.SliceStable: the page sorts every file's
	// spans on open, and the reflective swap cost a fifth of building its
	// view model (docs/performance.md).
	slices.SortStableFunc(all, report.CompareSpans)
	return all
}

// Parse decodes a container from the start of data. It returns an error only
// when data is not a container (too short or wrong magic); a DXC PDB file
// (an MSF file holding a container in stream 5) decodes as that container,
// with PDBFile saying where it came from. Otherwise the File
// holds everything that could be decoded and Problems says what could not.
func Parse(data []byte) (*File, error) {
	if pdb.IsMSF(data) {
		return parsePDBFile(data)
	}
	if len(data) < HeaderSize {
		if len(data) >= 4 && string(data[:4]) != Magic {
			return nil, &FormatError{0, "container header", fmt.Sprintf("not a shader container: magic is %q, not \"DXBC\"", binread.Printable(data[:4]))}
		}
		return nil, &FormatError{int64(len(data)), "container header", fmt.Sprintf("not a shader container: %d bytes is shorter than the %d-byte header", len(data), HeaderSize)}
	}
	if string(data[:4]) != Magic {
		return nil, &FormatError{0, "container header", fmt.Sprintf("not a shader container: magic is %q, not \"DXBC\"", binread.Printable(data[:4]))}
	}
	f := &File{data: data, Length: int64(len(data)), budget: &report.Budget{Limit: memoryBudget(len(data))},
		inflateLeft: inflateBase + inflateRatio*len(data)}
	out := &report.Sink{Budget: f.budget}
	f.parseHeader(out)
	out.Summarize()
	f.Problems = out.Problems
	f.Spans = out.Spans
	// A part whose header another part shares (the offset table may name
	// one offset many times) is decoded once: decoding each reference would
	// cost the part's size per 4-byte offset, quadratic in the file.
	first := map[int64]*Part{}
	shared := &report.Sink{Budget: f.budget}
	for _, p := range f.Parts {
		if q := first[p.Offset]; q != nil && hasDecoder(p.Name) {
			f.sharePart(p, q, shared)
			continue
		}
		first[p.Offset] = p
		f.decodePart(p)
	}
	shared.Summarize()
	f.Problems = append(f.Problems, shared.Problems...)
	f.runChecks()
	// The validator's container rules read every part's problems, so they run last.
	f.checkContainerRules()
	f.markAbsent()
	if f.Problems == nil {
		f.Problems = []Problem{}
	}
	return f, nil
}

func (f *File) parseHeader(out *report.Sink) {
	data := f.data
	r := binread.New(data, 0, "Header", "", out)
	r.What = "container header"
	r.Begin("", "container header")
	r.Bytes("Magic", 4)
	f.Header.Hash = HexBytes(append([]byte(nil), r.Bytes("Hash", 16)...))
	f.Header.Version.Major = r.U16("Version/Major")
	f.Header.Version.Minor = r.U16("Version/Minor")
	f.Header.FileSize = r.U32("FileSize")
	f.Header.PartCount = r.U32("PartCount")
	r.End()

	if f.Header.Version.Major != 1 || f.Header.Version.Minor != 0 {
		out.Problem(Warning, 20, "", "container header", "container version is %d.%d; every known writer uses 1.0", f.Header.Version.Major, f.Header.Version.Minor)
	}

	// Decode within the smaller of FileSize and the data we have.
	end := int64(len(data))
	fs := int64(f.Header.FileSize)
	switch {
	case fs > end:
		out.Problem(Warning, 24, "", "container header", "FileSize says %d bytes but only %d are present (%d missing); decoding the %d present", fs, end, fs-end, end)
	case fs < end:
		out.Problem(Warning, 24, "", "container header", "FileSize says %d bytes but %d are present; the %d bytes after FileSize are not part of the container", fs, end, end-fs)
		out.Span(Span{Path: "Trailing", Off: fs, Size: end - fs, Kind: SpanUnknown})
		end = max(fs, HeaderSize)
	}
	if fs < HeaderSize {
		out.Problem(Error, 24, "", "container header", "FileSize %d is smaller than the %d-byte header", fs, HeaderSize)
	}

	// Offset table: read only the entries that fit, so a count of four billion costs nothing.
	count := int64(f.Header.PartCount)
	fit := (end - HeaderSize) / 4
	n := count
	if n > fit {
		out.Problem(Error, HeaderSize, "", "part offset table", "PartCount is %d, so the offset table needs %d bytes at 0x20, but the container ends at 0x%x: only %d offsets fit; the other parts cannot be found", count, count*4, end, fit)
		n = fit
	}
	tableEnd := HeaderSize + n*4
	f.Header.PartOffsets = make([]uint32, n)
	for i := int64(0); i < n; i++ {
		off := HeaderSize + i*4
		v := binary.LittleEndian.Uint32(data[off:])
		f.Header.PartOffsets[i] = v
		if i < MaxParts { // past that the table's span covers the entries
			out.Span(Span{Path: fmt.Sprintf("Header/PartOffsets[%d]", i), Off: off, Size: 4, Kind: SpanField, Value: fmt.Sprint(v)})
		}
	}
	if n > MaxParts {
		out.Problem(Error, HeaderSize+MaxParts*4, "", "part offset table", "the offset table lists %d parts; dxscope decodes the first %d (real compilers write a few dozen) and shows the other %d entries only as the table's bytes", n, MaxParts, n-MaxParts)
	}
	if n > 0 {
		out.Span(Span{Path: "Header/PartOffsets", Off: HeaderSize, Size: n * 4, Kind: SpanStruct})
	}

	type region struct {
		name     string
		off, end int64
	}
	regions := []region{{"the container header", 0, HeaderSize}}
	if n > 0 {
		regions = append(regions, region{"the part offset table", HeaderSize, tableEnd})
	}

	seen := map[string]int{}
	var prevOff int64 = -1
	for i := int64(0); i < min(n, MaxParts); i++ {
		off := int64(f.Header.PartOffsets[i])
		if off+PartHeaderSize > end {
			out.Problem(Error, HeaderSize+i*4, "", "part offset table", "part %d's offset 0x%x is past the end of the container (0x%x): no part header can be read there", i, off, end)
			continue
		}
		name := string(data[off : off+4])
		size := binary.LittleEndian.Uint32(data[off+4:])
		p := &Part{Name: name, Size: size, Index: int(i), Offset: off, DataOffset: off + PartHeaderSize}
		label := fmt.Sprintf("part %d (%s)", i, binread.Printable([]byte(name)))
		// The header's fields are the part's Name and Size keys; the eight
		// bytes together are no value of the part's JSON.
		pr := binread.New(data[off:off+PartHeaderSize], off, "", name, out)
		pr.Bytes("Name", 4)
		pr.U32("Size")
		out.Span(Span{Part: name, Path: "PartHeader", Off: off, Size: PartHeaderSize, Kind: SpanStruct})

		dataEnd := p.DataOffset + int64(size)
		if dataEnd > end {
			out.Problem(Error, off+4, name, "part header", "%s says it holds %d bytes, running to 0x%x, past the end of the container (0x%x): its last %d bytes are missing", label, size, dataEnd, end, dataEnd-end)
			dataEnd = end
		}
		p.data = data[p.DataOffset:dataEnd]

		if off%4 != 0 {
			out.Problem(Note, off, name, "part header", "%s starts at 0x%x, not a multiple of 4: normal for FXC output and for DXC containers from validators before 1.7, which did not pad parts", label, off)
		}
		if prevOff >= 0 && off < prevOff {
			out.Problem(Warning, HeaderSize+i*4, name, "part offset table", "%s at 0x%x comes before the previous part (0x%x): parts are out of directory order", label, off, prevOff)
		}
		prevOff = off
		seen[name]++
		if seen[name] == 2 && uniquePart(name) {
			out.Problem(Warning, off, name, "part header", "a second %s part: the format allows only one (DXC and LLVM reject this container)", name)
		}
		regions = append(regions, region{label, off, dataEnd})
		f.Parts = append(f.Parts, p)
	}
	f.first = make(map[string]*Part, len(seen))
	for _, p := range f.Parts {
		if f.first[p.Name] == nil {
			f.first[p.Name] = p
		}
	}
	for i, p := range f.Parts {
		if p.Name == "PRIV" && i != len(f.Parts)-1 {
			out.Problem(Warning, p.Offset, "PRIV", "part header", "the PRIV part is not the last part (DXC requires private data last)")
		}
	}

	// Overlaps and gaps, in file order.
	sort.SliceStable(regions, func(i, j int) bool { return regions[i].off < regions[j].off })
	cover := int64(0)
	coverName := ""
	for _, g := range regions {
		if g.off < cover {
			out.Problem(Warning, g.off, "", "part layout", "%s (0x%x-0x%x) overlaps %s, which runs to 0x%x", g.name, g.off, g.end, coverName, cover)
		} else if g.off > cover {
			out.Problem(Warning, cover, "", "part layout", "%d bytes at 0x%x-0x%x belong to no part (a gap before %s)", g.off-cover, cover, g.off, g.name)
			out.Span(Span{Path: "Gap", Off: cover, Size: g.off - cover, Kind: SpanUnknown})
		}
		if g.end > cover {
			cover, coverName = g.end, g.name
		}
	}
	if cover < end {
		out.Problem(Warning, cover, "", "part layout", "%d bytes at 0x%x-0x%x after the last part belong to no part", end-cover, cover, end)
		out.Span(Span{Path: "Gap", Off: cover, Size: end - cover, Kind: SpanUnknown})
	}

	f.Digest = computeDigest(data, f.Header.FileSize, f.Header.Hash)
	if f.Digest.Status == DigestMismatch {
		out.Problem(Warning, 4, "", "container header", "the container digest does not match the content: stored %s, computed %s (the file was changed after signing, or signed differently)", f.Header.Hash, f.Digest.Computed)
	}
	if f.Digest.Status == DigestDebug {
		out.Problem(Note, 4, "", "container header", "the container digest is the debug variant of the checksum (DXC's ComputeHashDebug): the runtime accepts it only with the debug layer on")
	}
}

// hasDecoder reports whether parts of that name have a decoder of their own.
func hasDecoder(name string) bool {
	k := LookupPart(name)
	return k != nil && k.Decode != nil
}

// sharePart records p, whose header is q's, as a reference to q: its data
// is one span, its decoded values are q's alone.
func (f *File) sharePart(p, q *Part, out *report.Sink) {
	p.Spans = []Span{{Part: p.Name, Path: "Data", Off: p.DataOffset, Size: int64(len(p.data)), Kind: report.SpanRaw}}
	p.Summary = fmt.Sprintf("the same bytes as part #%d, decoded there", q.Index)
	out.Problem(Note, p.Offset, "", "part offset table", "part #%d starts where part #%d does (0x%x): its bytes are decoded once, as part #%d", p.Index, q.Index, p.Offset, q.Index)
}

// decodePart runs the part's decoder, then accounts for every byte of its data.
func (f *File) decodePart(p *Part) {
	out := &report.Sink{Budget: f.budget}
	k := LookupPart(p.Name)
	r := binread.New(p.data, p.DataOffset, valueKey(k), p.Name, out)
	r.What, r.Key = p.Name, r.Path
	r.Short = len(p.data) < int(p.Size)
	// A decoder bug must not take the whole file down: report it and keep the part raw.
	out.Guard(p.DataOffset, p.Name, p.Name, func() {
		if k != nil && k.Decode != nil {
			k.Decode(f, p, r)
		} else {
			r.Raw("Data", len(p.data))
		}
	})
	// Bytes of the part that are no value are named at its top, beside its Name and Size.
	gaps := binread.FillGaps(out.Spans, p.DataOffset, p.DataOffset+int64(len(p.data)), "Unknown")
	if len(gaps) > 0 && knownLayout(p.Name) {
		var n int64
		for _, g := range gaps {
			n += g.Size
		}
		out.Problem(Note, gaps[0].Off, p.Name, p.Name, "%d bytes of the part (first at 0x%x) are not covered by any decoded field", n, gaps[0].Off)
	}
	p.Spans = append(out.Spans, gaps...)
	p.cutOff = out.Absent
	for i := range p.Spans {
		p.Spans[i].Part = p.Name
	}
	out.Summarize()
	f.Problems = append(f.Problems, out.Problems...)
	if p.Summary == "" {
		if k != nil && k.Summary != nil {
			p.Summary = k.Summary(p)
		} else {
			p.Summary = rawSummary(p)
		}
	}
}
