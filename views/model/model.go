// Package model holds the inspector's view model, which the components of
// package views draw: bytes go through decode once, Build turns the result
// into a Model, and components only read the Model and report what the user
// did.
package model

import (
	"cmp"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/dxscope/dxscope/decode/reflect"
	"github.com/dxscope/dxscope/decode/report"
	"github.com/dxscope/dxscope/decode/sm4"
	"github.com/dxscope/dxscope/decode/text"

	"github.com/dustin/go-humanize"
	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/dxil"
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
	// ScanStopped: the scan for Embedded stopped at decode.MaxScanHits, so
	// more may follow ScanEnd, where the last one ends.
	ScanStopped bool
	ScanEnd     int64

	Spans    Spans // every span of the container, absolute in Data
	Parts    []*PartView
	Problems []decode.Problem // offsets absolute in Data

	Digest  string // digest status: valid, debug, bypass, preview-bypass, unsigned, mismatch
	Stage   string // e.g. "Vertex"
	Profile string // e.g. "vs_6_0"
	Entry   string // entry function name when some part names it
	// Requires is what the shader needs to run, as `dxscope parts` prints it
	// (shader model and first release, optional features, root signature
	// version, wave sizes), "" for a container without shader or root signature.
	Requires string

	Errors, Warnings, Notes int

	names    map[string]string // resource names by binding, from every part that has them (resourceNames)
	byOffset []*PartView       // Parts[1:] by offset, for PartAt
	maxEnd   []int64           // maxEnd[i]: the furthest end among byOffset[:i+1]

	sources     *SourceView // Sources, built on first use
	sourcesDone bool

	headerSpans  map[partHeaderKey][]decode.Span // the parts' header spans, by offset and part (partHeaderSpans)
	fileDumps    map[string]TextDump             // the texts of the file every part shows alike (Dump.OfFile), by command
	dumpsWritten int                             // what the parts' texts hold together (MaxDumpTexts)
	rdefListing  []ListingLine                   // FXC's listing of the first RDEF, which every RDEF part shows
}

// partHeaderKey finds the file's spans of a part header's bytes: the offset
// of one of them and the part's name.
type partHeaderKey struct {
	off  int64
	part string
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

	// Data for the special views: signature rows from the typed value,
	// PSV0's grids read from Tree by LoadSpecials when the part is first
	// shown (nil when the part's decoder does not provide the keys they need).
	Signature    []SignatureRow
	Grids        []*GridData
	FXCHeader    []ListingLine // SHDR/SHEX: the comment block FXC writes above the code
	Level9       []ListingLine // Aon9: the level-9 listing
	specialsRead bool
	m            *Model     // the model the part belongs to (for names other parts know)
	spans        SpanIndex  // the part's spans by path, built on first use
	loadListing  func()     // fills FXCHeader or Level9 (set by addListings)
	fxcStyle     *sm4.Style // SHDR/SHEX: the spellings of the FXC that made the file (set by addListings)
	fxcRule      string     // and why those (text.FXCStyle.Rule)
	dumps        []TextDump
	code         *CodeListing
}

// Build decodes data as a container (or, when base > 0 or the caller asks
// for one found by decode.Scan, the container starting at base) and builds
// the view model. It never fails: a non-container gets NotFound and the
// list of embedded containers.
func Build(name string, data []byte, base int64) *Model {
	m := &Model{Name: name, Data: data, Base: base}
	sub := data
	if base > 0 && base < int64(len(data)) {
		sub, _ = decode.ContainerAt(data, base)
	}
	f, err := decode.Parse(sub)
	if err != nil {
		m.NotFound = err.Error()
		m.Embedded = decode.Scan(data)
		m.ScanEnd, m.ScanStopped = decode.ScanStopped(m.Embedded)
		return m
	}
	m.File = f
	m.Digest = f.Digest.Status.String()
	if w := f.PDBFile; w != nil && base == 0 {
		// A DXC PDB file: the container is stream 5's, laid in the file at
		// ContainerOffset (DXC writes its blocks in order), else a copy.
		if w.ContainerOffset >= 0 {
			base, m.Base = w.ContainerOffset, w.ContainerOffset
		} else {
			m.Data = f.Data()
		}
	}

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
	hv := &PartView{m: m, Index: 0, Name: HeaderPart, Title: "container header",
		About:  "The 32-byte DXBC header (magic, digest, version, size, part count) and the table of part offsets.",
		Offset: base, Size: int64(decode.HeaderSize) + 4*int64(len(f.Header.PartOffsets))}
	hv.Summary = fmt.Sprintf("version %d.%d, %d parts, %s, digest %s", f.Header.Version.Major, f.Header.Version.Minor,
		f.Header.PartCount, SizeText(int64(f.Header.FileSize)), m.Digest)
	hv.tree = BuildTree(HeaderPart, struct {
		Header decode.Header
		Digest decode.Digest
	}{f.Header, f.Digest}, hv.spanIndex())
	m.Parts = append(m.Parts, hv)

	for _, p := range f.Parts {
		pi := f.DescribePartIn(p) // PSG1 of a mesh shader is its primitive signature
		pv := &PartView{m: m, Index: len(m.Parts), Name: p.Name, Title: pi.Title, About: pi.About, Summary: p.Summary,
			Offset: p.Offset + base, Size: decode.PartHeaderSize + int64(len(p.Data())), Part: p}
		q := *p
		q.Spans = nil
		pv.build = func() *Tree { return BuildTree(q.Name, &q, pv.spanIndex()) }
		pv.Signature = SignatureRows(p.Signature, base)
		m.Parts = append(m.Parts, pv)
	}
	addListings(m, f, base)
	for i, pv := range m.problemParts() {
		switch m.Problems[i].Severity {
		case decode.Error:
			pv.Errors++
		case decode.Warning:
			pv.Warnings++
		default:
			pv.Notes++
		}
	}
	id := f.Identity()
	m.Stage, m.Profile, m.Entry = id.Stage, id.Profile, id.Entry
	m.Profile = Level9Profile(m.Profile, f)
	if q := reflect.RequirementsOf(f); q.ShaderModel != "" || q.RootSignature != nil {
		m.Requires = strings.TrimPrefix(text.RequirementsLine(q), "Requirements: ")
	}
	return m
}

// LoadSpecials reads PSV0's dependency grids from its tree the first time
// the part is shown: a tree costs more to build than the part took to
// decode, and most opens never show PSV0.
func (pv *PartView) LoadSpecials() {
	if pv.specialsRead || pv.Part == nil {
		return
	}
	pv.specialsRead = true
	if pv.Part.PSVInfo != nil {
		pv.Grids = GridsFromPSV(pv.Part.PSVInfo, pv.Base())
	}
	if pv.loadListing != nil {
		pv.loadListing()
	}
}

// Tree returns the part's decoded value as a tree, building it on first use.
func (pv *PartView) Tree() *Tree {
	if pv.tree == nil && pv.build != nil {
		pv.tree = pv.build()
		pv.build = nil
	}
	return pv.tree
}

// problemParts returns the part each problem belongs to: the first part
// of that name holding its offset, else the first part of that name, else
// the part at its offset, else the container header. A file may list
// thousands of parts of one name (MaxParts), each with its problems: the
// problems of a name are matched to its parts in one pass by offset, the
// parts holding the offset reached kept by their order in the file,
// rather than each problem walking the parts of its name.
func (m *Model) problemParts() []*PartView {
	out := make([]*PartView, len(m.Problems))
	byName := map[string][]*PartView{}
	for _, pv := range m.Parts[1:] {
		byName[pv.Name] = append(byName[pv.Name], pv)
	}
	// The problems by part name and offset: keys of their own, so a sort
	// of thousands reads a few words each.
	type key struct {
		part string
		off  int64
		i    int
	}
	order := make([]key, len(m.Problems))
	for i, pr := range m.Problems {
		order[i] = key{pr.Part, pr.Offset, i}
	}
	sort.Slice(order, func(a, b int) bool {
		if order[a].part != order[b].part {
			return order[a].part < order[b].part
		}
		return order[a].off < order[b].off
	})
	for lo := 0; lo < len(order); {
		name := order[lo].part
		hi := lo + 1
		for hi < len(order) && order[hi].part == name {
			hi++
		}
		named := byName[name]
		if len(named) == 0 {
			for _, o := range order[lo:hi] {
				out[o.i] = m.Parts[0]
				if pv := m.PartAt(o.off); pv != nil {
					out[o.i] = pv
				}
			}
			lo = hi
			continue
		}
		starts := append([]*PartView(nil), named...)
		sort.SliceStable(starts, func(a, b int) bool { return starts[a].Offset < starts[b].Offset })
		var open openParts // the parts of this name started at or before the offset, first in the file on top
		next := 0
		for _, o := range order[lo:hi] {
			i, off := o.i, o.off
			for ; next < len(starts) && starts[next].Offset <= off; next++ {
				open.push(starts[next])
			}
			for len(open) > 0 && open[0].Offset+open[0].Size <= off {
				open.pop() // ended: the offsets only grow
			}
			switch {
			case len(open) > 0:
				out[i] = open[0]
			case len(named) > 1:
				out[i] = named[0]
				if pv := m.PartAt(off); pv != nil && pv.Name == name {
					out[i] = pv
				}
			default:
				out[i] = named[0]
			}
		}
		lo = hi
	}
	return out
}

// openParts is a heap of parts, the first in the file on top (a few lines
// rather than container/heap, which the page would carry).
type openParts []*PartView

func (h *openParts) push(pv *PartView) {
	*h = append(*h, pv)
	a := *h
	for i := len(a) - 1; i > 0; {
		up := (i - 1) / 2
		if a[up].Index <= a[i].Index {
			break
		}
		a[up], a[i] = a[i], a[up]
		i = up
	}
}

func (h *openParts) pop() {
	a := *h
	n := len(a) - 1
	a[0] = a[n]
	a = a[:n]
	for i := 0; ; {
		least := i
		for _, c := range []int{2*i + 1, 2*i + 2} {
			if c < n && a[c].Index < a[least].Index {
				least = c
			}
		}
		if least == i {
			break
		}
		a[i], a[least] = a[least], a[i]
		i = least
	}
	*h = a
}

// PartAt returns the part whose bytes (header included) hold off, or the
// container header entry when off is in the header, or nil outside both.
// Parts may overlap in a damaged file; the index answers with the
// last-starting part that holds off among those starting at or before it.
func (m *Model) PartAt(off int64) *PartView {
	if m.byOffset == nil && len(m.Parts) > 1 {
		m.byOffset = append([]*PartView(nil), m.Parts[1:]...)
		sort.SliceStable(m.byOffset, func(i, j int) bool { return m.byOffset[i].Offset < m.byOffset[j].Offset })
		m.maxEnd = make([]int64, len(m.byOffset))
		var me int64
		for i, pv := range m.byOffset {
			me = max(me, pv.Offset+pv.Size)
			m.maxEnd[i] = me
		}
	}
	i := sort.Search(len(m.byOffset), func(i int) bool { return m.byOffset[i].Offset > off }) - 1
	for ; i >= 0 && m.maxEnd[i] > off; i-- {
		if pv := m.byOffset[i]; off < pv.Offset+pv.Size {
			return pv
		}
	}
	if len(m.Parts) > 0 && off >= m.Base && off < m.Base+m.Parts[0].Size {
		return m.Parts[0]
	}
	return nil
}

// SizeText is a size as the page writes every size: IEC units (KiB, MiB,
// as the CLI prints them) with the exact byte count, e.g. "4.0 KiB (4,096
// bytes)".
func SizeText(n int64) string {
	if n < 1024 {
		return fmt.Sprintf("%d bytes", n)
	}
	return fmt.Sprintf("%s (%s bytes)", humanize.IBytes(uint64(n)), humanize.Comma(n))
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
// with what is needed to find the deepest span holding a byte quickly. A
// span's path is its part's (PartView.Span finds one by path).
type Spans struct {
	List   []decode.Span
	maxEnd []int64 // maxEnd[i] = the largest End() of List[0..i]
}

// NewSpans indexes spans (which must be sorted as File.AllSpans sorts them).
func NewSpans(list []decode.Span) Spans {
	// A file's spans come sorted (File.AllSpans): checking costs a pass,
	// sorting again cost more than the rest of building the index.
	if !slices.IsSortedFunc(list, report.CompareSpans) {
		slices.SortStableFunc(list, report.CompareSpans)
	}
	s := Spans{List: list, maxEnd: make([]int64, len(list))}
	var me int64
	for i, sp := range list {
		me = max(me, sp.End())
		s.maxEnd[i] = me
	}
	return s
}

// SpanLabel names a span for people: its part's FourCC, then its path
// ("PSV0/PSVInfo/SigOutputElements/2/Cols"), or the path alone for the
// container's own bytes ("Header/FileSize").
func SpanLabel(sp decode.Span) string {
	switch {
	case sp.Part == "":
		return sp.Path
	case sp.Path == "":
		return sp.Part
	}
	return sp.Part + "/" + sp.Path
}

// SpanIndex is one part's spans by path, the first of each, at hex-view
// offsets. A span's path is the JSON path of the value it holds, so the
// tree finds a node's bytes, and the bytes their node, with one lookup.
type SpanIndex map[string]decode.Span

// Span returns the first span of the part recorded under path (hex-view
// offsets): its path in the part's JSON ("PSVInfo/SigOutputElements/2/Cols",
// "Size" for the part header's size; "Header/FileSize" in the container
// header entry).
func (pv *PartView) Span(path string) (decode.Span, bool) {
	sp, ok := pv.spanIndex()[path]
	return sp, ok
}

// spanIndex builds the part's SpanIndex on first use: the part's spans,
// and those of its 8-byte header, which the file lists with the
// container's own (those are the header entry's).
func (pv *PartView) spanIndex() SpanIndex {
	if pv.spans != nil {
		return pv.spans
	}
	f, base := pv.m.File, pv.m.Base
	x := SpanIndex{}
	add := func(sp decode.Span) {
		sp.Off += base
		// The first in file order, the widest at one offset, as the hex view lists them.
		if old, ok := x[sp.Path]; !ok || sp.Off < old.Off || sp.Off == old.Off && sp.Size > old.Size {
			x[sp.Path] = sp
		}
	}
	if pv.Part == nil {
		for _, sp := range f.Spans {
			if sp.Part == "" {
				add(sp)
			}
		}
	} else {
		hs := pv.m.partHeaderSpans()
		for off := pv.Part.Offset; off < pv.Part.DataOffset; off++ {
			for _, sp := range hs[partHeaderKey{off, pv.Name}] {
				add(sp)
			}
		}
		for _, sp := range pv.Part.Spans {
			add(sp)
		}
	}
	pv.spans = x
	return x
}

// partHeaderSpans indexes the file's spans that belong to a part (its
// header's fields) by offset and part name, once: each part's view finds its
// own among them without a walk of every part's (a file may list 4,096
// parts, and parts listed at one offset record the same header spans once
// each). Of the spans of one path at one offset, the widest, first among
// equals, is kept: the one spanIndex keeps.
func (m *Model) partHeaderSpans() map[partHeaderKey][]decode.Span {
	if m.headerSpans != nil {
		return m.headerSpans
	}
	hs := map[partHeaderKey][]decode.Span{}
	for _, sp := range m.File.Spans {
		if sp.Part == "" {
			continue
		}
		k := partHeaderKey{sp.Off, sp.Part}
		list, found := hs[k], false
		for i := range list {
			if list[i].Path == sp.Path {
				if sp.Size > list[i].Size {
					list[i] = sp
				}
				found = true
				break
			}
		}
		if !found {
			hs[k] = append(list, sp)
		}
	}
	m.headerSpans = hs
	return hs
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
// DeepestIn returns a lookup of the deepest span holding each offset of
// [from, to), as Deepest answers, for a caller asking about many
// neighbouring bytes (the hex view's rows): the spans that can hold them are
// gathered once, smallest first, instead of walking back through every span
// of an enclosing part for each byte.
func (s Spans) DeepestIn(from, to int64) func(off int64) (decode.Span, bool) {
	var cands []decode.Span
	s.Containing(from, func(sp decode.Span) bool { cands = append(cands, sp); return true })
	lo := sort.Search(len(s.List), func(i int) bool { return s.List[i].Off > from })
	hi := sort.Search(len(s.List), func(i int) bool { return s.List[i].Off >= to })
	for i := hi - 1; i >= lo; i-- { // later entries first, as Deepest's walk back meets them
		if s.List[i].Size > 0 {
			cands = append(cands, s.List[i])
		}
	}
	slices.SortStableFunc(cands, func(a, b decode.Span) int { return cmp.Compare(a.Size, b.Size) })
	return func(off int64) (decode.Span, bool) {
		for _, c := range cands {
			if c.Off <= off && off < c.End() {
				return c, true
			}
		}
		return decode.Span{}, false
	}
}

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

// Fields counts the fields (leaf spans) that share bytes with [off, off+size)
// and names the first max of them in file order. It walks only the spans
// that start before the range ends, so a short selection costs little.
func (s Spans) Fields(off, size int64, max int) (names []string, n int) {
	end := off + size
	i := sort.Search(len(s.List), func(i int) bool { return s.List[i].Off >= end })
	// Spans before i that end after off overlap; maxEnd stops the walk back.
	first := i
	for first > 0 && s.maxEnd[first-1] > off {
		first--
	}
	for _, sp := range s.List[first:i] {
		if sp.Kind != decode.SpanField || sp.Size <= 0 || sp.End() <= off {
			continue
		}
		if n < max {
			names = append(names, SpanLabel(sp))
		}
		n++
	}
	return names, n
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

// Base is how far the shown container sits inside the opened file: add it to
// a decoder offset to get a hex-view offset.
func (pv *PartView) Base() int64 {
	if pv.Part == nil {
		return 0
	}
	return pv.Offset - pv.Part.Offset
}

// module is the part's decoded DXIL module, or nil.
func (pv *PartView) module() *dxil.Module {
	if pv.Part == nil || pv.Part.Program == nil {
		return nil
	}
	return pv.Part.Module
}

// Level9Profile names the FXC target of a shader with a level-9 version
// (an Aon9 part): vs_4_0 or ps_4_0 followed by the lowest feature level
// its D3D9 code runs on. SM 2.0 code (vs_2_0, ps_2_0) is what the
// *_4_0_level_9_1 targets write (9_2 writes the same code with larger
// limits, so the bytes cannot tell it from 9_1); the 2.x extended versions
// are 9_3's. Other profiles are returned as they are.
func Level9Profile(profile string, f *decode.File) string {
	if profile != "vs_4_0" && profile != "ps_4_0" {
		return profile
	}
	for _, p := range f.Parts {
		if p.Level9 == nil {
			continue
		}
		switch minor := p.Level9.ShaderVersion & 0xff; {
		case p.Level9.ShaderVersion>>8&0xff != 2:
			return profile
		case minor == 0:
			return profile + "_level_9_1"
		default:
			return profile + "_level_9_3"
		}
	}
	return profile
}
