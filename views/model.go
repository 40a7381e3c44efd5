// Package views holds the inspector's components and the view model they
// draw: bytes go through decode once, Build turns the result into a Model,
// and components only read the Model and report what the user did.
package views

import (
	"encoding/binary"
	"fmt"
	"sort"
	"strings"

	"github.com/dustin/go-humanize"
	"github.com/dxscope/dxscope/decode"
)

// HeaderPart is the pseudo part name under which the container header, the
// part offset table and bytes outside any part are shown.
const HeaderPart = "Header"

// Model is everything the page shows about one opened file, built once.
type Model struct {
	Name string // file name as the user gave it
	Data []byte // the whole file as opened (the outer file for a nested container)

	// Base is where the shown container starts in Data (0 unless the user
	// opened a container found inside another file). Spans and problems are
	// moved by Base so the hex view addresses the outer file.
	Base int64

	File     *decode.File      // nil when Data (at Base) is not a container
	NotFound string            // why Data is not a container, for the message
	Embedded []decode.Embedded // containers found inside a non-container file

	Spans    Spans // every span of the container, absolute in Data
	Parts    []*PartView
	Problems []decode.Problem // offsets absolute in Data

	Digest  string // digest status: valid, unsigned, bypass, mismatch
	Stage   string // e.g. "Vertex"
	Profile string // e.g. "vs_6_0"
	Entry   string // entry function name when some part names it

	Errors, Warnings, Notes int
}

// PartView is one row of the part list and the data its views need.
type PartView struct {
	Index   int    // position in the list (0 is the container header)
	Name    string // FourCC, or HeaderPart
	Title   string // decode.DescribePart title
	About   string
	Summary string
	Offset  int64 // absolute offset of the part header in Data
	Size    int64 // bytes including the 8-byte part header
	Part    *decode.Part

	Errors, Warnings, Notes int

	tree  *Tree        // the decoded value as a tree, built on first use
	build func() *Tree // builds tree (a DXIL module's JSON can be large)

	// Data for the special views, read from Tree by LoadSpecials when the
	// part is first shown (nil when the part's decoder does not provide the
	// keys they need).
	Signature    []SignatureRow
	Grids        []*GridData
	specialsRead bool
}

// Build decodes data as a container (or, when base > 0 or the caller asks
// for one found by decode.Scan, the container starting at base) and builds
// the view model. It never fails: a non-container gets NotFound and the
// list of embedded containers.
func Build(name string, data []byte, base int64) *Model {
	m := &Model{Name: name, Data: data, Base: base}
	sub := data
	if base > 0 && base < int64(len(data)) {
		sub = data[base:]
		if len(sub) >= decode.HeaderSize {
			if size := int64(binary.LittleEndian.Uint32(sub[24:])); size >= decode.HeaderSize && size <= int64(len(sub)) {
				sub = sub[:size]
			}
		}
	}
	f, err := decode.Parse(sub)
	if err != nil {
		m.NotFound = err.Error()
		m.Embedded = decode.Scan(data)
		return m
	}
	m.File = f
	m.Digest = f.Digest.Status.String()

	all := f.AllSpans()
	for i := range all {
		all[i].Off += base
	}
	m.Spans = NewSpans(all)
	m.Problems = make([]decode.Problem, len(f.Problems))
	for i, p := range f.Problems {
		p.Offset += base
		m.Problems[i] = p
	}
	m.Errors, m.Warnings, m.Notes = decode.CountProblems(m.Problems)

	// The container header as its own entry, so its fields get a tree too.
	hv := &PartView{Index: 0, Name: HeaderPart, Title: "container header",
		About:  "The 32-byte DXBC header (magic, digest, version, size, part count) and the table of part offsets.",
		Offset: base, Size: int64(decode.HeaderSize) + 4*int64(len(f.Header.PartOffsets))}
	hv.Summary = fmt.Sprintf("version %d.%d, %d parts, %s, digest %s", f.Header.Version.Major, f.Header.Version.Minor,
		f.Header.PartCount, humanize.IBytes(uint64(f.Header.FileSize)), m.Digest)
	hv.tree = BuildTree(HeaderPart, struct {
		Header decode.Header
		Digest decode.Digest
	}{f.Header, f.Digest}, m.Spans)
	m.Parts = append(m.Parts, hv)

	for _, p := range f.Parts {
		pi := decode.DescribePart(p.Name)
		pv := &PartView{Index: len(m.Parts), Name: p.Name, Title: pi.Title, About: pi.About, Summary: p.Summary,
			Offset: p.Offset + base, Size: decode.PartHeaderSize + int64(len(p.Data())), Part: p}
		q := *p
		q.Spans = nil
		spans := m.Spans
		pv.build = func() *Tree { return BuildTree(q.Name, &q, spans) }
		m.Parts = append(m.Parts, pv)
	}
	for _, pr := range m.Problems {
		pv := m.partOf(pr)
		switch pr.Severity {
		case decode.Error:
			pv.Errors++
		case decode.Warning:
			pv.Warnings++
		default:
			pv.Notes++
		}
	}
	m.Stage, m.Profile = stageOf(f)
	m.Entry = entryOf(m.Parts)
	return m
}

// Tree returns the part's decoded value as a tree, building it on first use.
// LoadSpecials reads the special views' data (signature rows, PSV0's
// grids) from the part's tree the first time the part is shown: a tree
// costs more to build than the part took to decode.
func (pv *PartView) LoadSpecials() {
	if pv.specialsRead || pv.Part == nil {
		return
	}
	pv.specialsRead = true
	switch pv.Name {
	case "ISG1", "ISGN", "OSG1", "OSGN", "OSG5", "PSG1", "PCSG":
		pv.Signature, _ = SignatureRowsFromTree(pv.Tree(), outputSignatures[pv.Name])
	case "PSV0":
		pv.Grids = GridsFromPSV(pv.Tree())
	}
}

func (pv *PartView) Tree() *Tree {
	if pv.tree == nil && pv.build != nil {
		pv.tree = pv.build()
		pv.build = nil
	}
	return pv.tree
}

// partOf returns the part a problem belongs to (by name, else by offset).
func (m *Model) partOf(pr decode.Problem) *PartView {
	if pr.Part != "" {
		var byName *PartView
		for _, pv := range m.Parts[1:] {
			if pv.Name == pr.Part {
				if pr.Offset >= pv.Offset && pr.Offset < pv.Offset+pv.Size {
					return pv
				}
				if byName == nil {
					byName = pv
				}
			}
		}
		if byName != nil {
			return byName
		}
	}
	if pv := m.PartAt(pr.Offset); pv != nil {
		return pv
	}
	return m.Parts[0]
}

// PartAt returns the part whose bytes (header included) hold off, or the
// container header entry when off is in the header, or nil outside both.
func (m *Model) PartAt(off int64) *PartView {
	for _, pv := range m.Parts[1:] {
		if off >= pv.Offset && off < pv.Offset+pv.Size {
			return pv
		}
	}
	if len(m.Parts) > 0 && off >= m.Base && off < m.Base+m.Parts[0].Size {
		return m.Parts[0]
	}
	return nil
}

// stageOf reads the stage and profile from the DXIL/ILDB program header, or
// from the version token of SM4/5 bytecode (SHDR/SHEX).
func stageOf(f *decode.File) (stage, profile string) {
	for _, name := range []string{"DXIL", "ILDB", "STAT"} {
		if p := f.Part(name); p != nil && p.Program != nil {
			h := p.Program
			return h.ShaderKind.String(), decode.Profile(h.ShaderKind, h.MajorVersion, h.MinorVersion)
		}
	}
	for _, name := range []string{"SHEX", "SHDR"} {
		if p := f.Part(name); p != nil && len(p.Data()) >= 4 {
			v := binary.LittleEndian.Uint32(p.Data())
			kinds := map[uint32][2]string{0: {"Pixel", "ps"}, 1: {"Vertex", "vs"}, 2: {"Geometry", "gs"},
				3: {"Hull", "hs"}, 4: {"Domain", "ds"}, 5: {"Compute", "cs"}, 0xfff0: {"Library", "lib"}}
			k, ok := kinds[v>>16]
			if !ok {
				k = [2]string{fmt.Sprintf("program type %d", v>>16), "??"}
			}
			return k[0], fmt.Sprintf("%s_%d_%d", k[1], v>>4&0xf, v&0xf)
		}
	}
	return "", ""
}

// entryOf finds the entry function name generically: the first string value
// under a key named EntryName or EntryFunctionName in any part's tree, the
// PSV0 part first. Program parts (DXIL, ILDB, STAT) are not searched: their
// trees hold whole modules and are built only when shown.
func entryOf(parts []*PartView) string {
	// Only PSV0 stores the name (EntryName, resolved from its string table);
	// reading it from the decoded value spares building trees on open, which
	// for an FXC file meant every part's tree (docs/performance.md).
	for _, pv := range parts {
		if pv.Part != nil && pv.Part.PSVInfo != nil && pv.Part.PSVInfo.EntryName != "" {
			return pv.Part.PSVInfo.EntryName
		}
	}
	// Views built from a tree alone (tests, made-up data): trees already built.
	order := make([]*PartView, 0, len(parts))
	for _, pv := range parts {
		if pv.Name == "PSV0" {
			order = append(order, pv)
		}
	}
	order = append(order, parts...)
	for _, pv := range order {
		if pv.Part != nil || pv.tree == nil {
			continue
		}
		if n := pv.tree.Find(func(n *Node) bool {
			return (n.Key == "EntryName" || n.Key == "EntryFunctionName") && n.Kind == KindString && n.Full != ""
		}); n != nil {
			return n.Full
		}
	}
	return ""
}

// SizeText is a humanized size with the exact byte count, e.g. "4.1 kB (4,096 bytes)".
func SizeText(n int64) string {
	if n < 1000 {
		return fmt.Sprintf("%d bytes", n)
	}
	return fmt.Sprintf("%s (%s bytes)", humanize.Bytes(uint64(n)), humanize.Comma(n))
}

// Hex formats an offset the way the hex view does.
func Hex(off int64) string { return fmt.Sprintf("0x%x", off) }

// RawBytes returns up to max bytes of data at [off, off+size) as spaced hex,
// with "…" when cut.
func RawBytes(data []byte, off, size int64, max int) string {
	if off < 0 || off >= int64(len(data)) || size <= 0 {
		return ""
	}
	end := min(off+size, int64(len(data)))
	cut := end-off > int64(max)
	if cut {
		end = off + int64(max)
	}
	var b strings.Builder
	for i := off; i < end; i++ {
		if i > off {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%02x", data[i])
	}
	if cut {
		b.WriteString(" …")
	}
	return b.String()
}

// Spans is a file's spans sorted by offset (wider first at equal offsets)
// with what is needed to find the deepest span holding a byte quickly.
type Spans struct {
	List   []decode.Span
	maxEnd []int64        // maxEnd[i] = the largest End() of List[0..i]
	byPath map[string]int // first (widest) span of each path
}

// NewSpans indexes spans (which must be sorted as File.AllSpans sorts them).
func NewSpans(list []decode.Span) Spans {
	sort.SliceStable(list, func(i, j int) bool {
		if list[i].Off != list[j].Off {
			return list[i].Off < list[j].Off
		}
		return list[i].Size > list[j].Size
	})
	s := Spans{List: list, maxEnd: make([]int64, len(list)), byPath: make(map[string]int, len(list))}
	var me int64
	for i, sp := range list {
		me = max(me, sp.End())
		s.maxEnd[i] = me
		if _, ok := s.byPath[sp.Path]; !ok {
			s.byPath[sp.Path] = i
		}
	}
	return s
}

// ByPath returns the widest span recorded under path.
func (s Spans) ByPath(path string) (decode.Span, bool) {
	if i, ok := s.byPath[path]; ok {
		return s.List[i], true
	}
	return decode.Span{}, false
}

// Containing calls fn for every span that holds off, from the last-starting
// back; it stops when fn returns false.
func (s Spans) Containing(off int64, fn func(decode.Span) bool) {
	i := sort.Search(len(s.List), func(i int) bool { return s.List[i].Off > off }) - 1
	for ; i >= 0 && s.maxEnd[i] > off; i-- {
		sp := s.List[i]
		if sp.Off <= off && off < sp.End() && sp.Size > 0 {
			if !fn(sp) {
				return
			}
		}
	}
}

// Deepest returns the smallest span holding off (the field the byte belongs to).
func (s Spans) Deepest(off int64) (decode.Span, bool) {
	var best decode.Span
	found := false
	s.Containing(off, func(sp decode.Span) bool {
		if !found || sp.Size < best.Size {
			best, found = sp, true
		}
		return true
	})
	return best, found
}

// Enclosing returns the smallest structure span that holds sel and is wider
// than it (the structure the selected field is part of).
func (s Spans) Enclosing(sel decode.Span) (decode.Span, bool) {
	var best decode.Span
	found := false
	s.Containing(sel.Off, func(sp decode.Span) bool {
		if sp.Kind == decode.SpanStruct && sp.End() >= sel.End() && sp.Size > sel.Size && (!found || sp.Size < best.Size) {
			best, found = sp, true
		}
		return true
	})
	return best, found
}
