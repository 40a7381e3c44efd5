// Package diff compares two decoded containers field by field: the header,
// then every part matched by name and occurrence, inside a decoded part the
// values of its JSON tree, each difference placed at its bytes on both sides.
// Comparison.WriteText prints it for people; it also marshals to JSON.
package diff

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/report"
)

// Comparison is the field-by-field difference between two containers, A
// (the old one) and B (the new one): the header as its own section, then every
// part, matched by name and occurrence (the second ISG1 of A with the second
// ISG1 of B).
//
// Inside a decoded part the difference is computed on the part's JSON tree,
// so it covers every part type without knowing it. Keys that only say where
// something is (see PositionalKey) are left out, because a part that grew
// moves everything after it and that says nothing about what changed.
type Comparison struct {
	Identical bool    // the two files are byte for byte the same
	Header    []Field // container header, digest status, part count, problems
	Parts     []Part  // in A's order, with B's added parts after their B predecessor
	Bytes     Bytes   // the whole files compared byte by byte
	Counts    Counts  // how many parts are in each state
	// Changes says what differs, most meaningful first (changes.go).
	Changes []Change `json:",omitempty"`
}

// Counts counts the parts of a Comparison by status.
type Counts struct {
	Identical, Changed, Added, Removed, Moved, Resized int
}

// PartStatus says how a part of A relates to a part of B.
type PartStatus int

const (
	PartIdentical PartStatus = iota // same bytes
	PartChanged                     // present in both, bytes differ
	PartAdded                       // only in B
	PartRemoved                     // only in A
)

var partStatuses = report.Enum{Type: "PartStatus", Names: []string{"identical", "changed", "added", "removed"}}

func (s PartStatus) String() string { return report.EnumString(partStatuses, s) }

// MarshalText writes the status by name.
func (s PartStatus) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a status written by MarshalText.
func (s *PartStatus) UnmarshalText(b []byte) error { return report.ParseEnum(partStatuses, s, b) }

// PartSide is where a part sits in one of the two files.
type PartSide struct {
	Index      int   // position in the part directory
	Offset     int64 // absolute offset of the part header
	DataOffset int64 // absolute offset of the part data
	Size       uint32
	Summary    string
}

// Part is one part's comparison.
type Part struct {
	Name    string
	Status  PartStatus
	A, B    *PartSide `json:",omitempty"` // nil on the side where the part is absent
	Moved   bool      // the part's order relative to the other matched parts changed
	Resized bool      // both sides have it, with different sizes

	// Fields lists the decoded values that differ (only for changed parts
	// decoded on both sides), in document order.
	Fields []Field `json:",omitempty"`
	// Omitted counts field differences left out after MaxFields.
	Omitted int `json:",omitempty"`
	// Bytes compares the part data byte by byte (changed parts only). It is
	// the whole report for parts nobody decodes yet, and it catches changes
	// in bytes that no decoded field covers.
	Bytes *Bytes `json:",omitempty"`
	// Uncompared says the changed part's bytes were not compared byte by
	// byte (Bytes is nil): its parts share bytes with others, and the byte
	// comparisons of the two files had already read as many bytes as the
	// two files hold, and MaxCompareSlack more.
	Uncompared bool `json:",omitempty"`
}

// MaxCompareSlack is what the parts' byte comparisons may read beyond the
// bytes of the two files compared.
const MaxCompareSlack = 64 << 10

// UncomparedText says why a changed part has no byte comparison
// (Part.Uncompared), for the texts that show one.
const UncomparedText = "not compared byte by byte: the parts of these files share bytes, and the comparison had read 64 KiB more than both files hold"

// Bytes summarises a byte-by-byte comparison.
type Bytes struct {
	LenA, LenB int
	// First is the first differing position relative to the start of the
	// compared data (-1 when the common prefix is the whole shorter side and
	// the lengths are equal, i.e. no difference).
	First int
	// FirstA and FirstB are First as absolute file offsets in A and B.
	FirstA, FirstB int64
	// Differ counts the differing bytes over the common length; a length
	// change adds nothing here (see LenA, LenB).
	Differ int
}

// Same reports whether the compared bytes are equal.
func (d Bytes) Same() bool { return d.First < 0 }

// FieldKind says what kind of difference a Field is.
type FieldKind int

const (
	FieldChanged FieldKind = iota // both sides have the value, it differs
	FieldAdded                    // only B has it
	FieldRemoved                  // only A has it
	FieldLength                   // an array's length differs (its elements are reported too)
	FieldFolded                   // many derived values differ (the bitcode's block statistics): A.Value says how many
)

var fieldKinds = report.Enum{Type: "FieldKind", Names: []string{"changed", "added", "removed", "length", "folded"}}

func (k FieldKind) String() string { return report.EnumString(fieldKinds, k) }

// MarshalText writes the kind by name.
func (k FieldKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind written by MarshalText.
func (k *FieldKind) UnmarshalText(b []byte) error { return report.ParseEnum(fieldKinds, k, b) }

// Field is one value that differs.
type Field struct {
	// Path names the value like Span.Path: the part name, then the JSON keys
	// under the part's decoded value, with array indices as segments
	// ("PSV0/SigOutputElements/2/Cols"). Header values are "Header/...".
	Path string
	Kind FieldKind
	A, B FieldSide
}

// FieldSide is one side's value and where its bytes are.
type FieldSide struct {
	Value   string `json:",omitempty"` // short rendering; empty when absent
	Present bool   // the value exists on this side
	// Span is the path of the span the offsets come from: Path itself, the
	// nearest ancestor that has a span, or the part ("" when nothing matched).
	Span string `json:",omitempty"`
	Off  int64  // absolute offset in this side's file (-1: unknown)
	Size int64
	// Path is the value's path in this side's file when it is not Field.Path:
	// a list item matched by identity (match.go) keeps its own index on
	// each side, so "RDAT/ResourceTable/Records/2" in B may be Records/1 in A.
	Path string `json:",omitempty"`
}

// path is the value's path on this side, given its Field's.
func (s FieldSide) path(field string) string {
	if s.Path != "" {
		return s.Path
	}
	return field
}

// MaxFields bounds the field differences listed per part; the rest are counted.
const MaxFields = 500

// Options tunes Compare.
type Options struct {
	// Positional also compares keys that only give positions (PositionalKey),
	// for when the layout itself is the question.
	Positional bool
}

// Compare compares two decoded containers field by field.
func Compare(a, b *decode.File) *Comparison { return CompareWith(a, b, Options{}) }

// CompareWith is Compare with options.
func CompareWith(a, b *decode.File, opt Options) *Comparison {
	c := &Comparison{Identical: bytes.Equal(a.Data(), b.Data())}
	c.Bytes = compareBytes(a.Data(), b.Data(), 0, 0)
	sa, sb := newSpanIndex(a), newSpanIndex(b)
	c.Header = diffHeader(a, b, sa, sb)

	// Match parts by name and occurrence.
	type key struct {
		name string
		n    int
	}
	bIdx := map[key]int{}
	seen := map[string]int{}
	for j, p := range b.Parts {
		bIdx[key{p.Name, seen[p.Name]}] = j
		seen[p.Name]++
	}
	matchB := make([]int, len(a.Parts)) // A index -> B index or -1
	usedB := make([]bool, len(b.Parts))
	seen = map[string]int{}
	for i, p := range a.Parts {
		k := key{p.Name, seen[p.Name]}
		seen[p.Name]++
		if j, ok := bIdx[k]; ok {
			matchB[i] = j
			usedB[j] = true
		} else {
			matchB[i] = -1
		}
	}
	moved := movedParts(matchB)

	// The parts' byte comparisons read at most 64 KiB more than the two
	// files hold: parts that do not share bytes never come near it (nor do
	// the damaged files of a few overlapping parts in testdata), but 4,096
	// parts listed over one run of bytes would read it 4,096 times. Past it,
	// a pair at one offset in both files (a file and an edited copy of it)
	// is answered from the files' differing bytes, listed once; another pair
	// is only checked for equality, through hashes of the two files made
	// once, and left Uncompared.
	compareLeft := MaxCompareSlack + len(a.Data()) + len(b.Data())
	var differ *differing
	var hashes *stretchHashes
	entryOfB := map[int]int{} // B index -> position in c.Parts
	for i, pa := range a.Parts {
		j := matchB[i]
		d := Part{Name: pa.Name, A: partSide(pa)}
		if j < 0 {
			d.Status = PartRemoved
		} else {
			pb := b.Parts[j]
			d.B = partSide(pb)
			d.Moved = moved[i]
			d.Resized = pa.Size != pb.Size
			var bd *Bytes
			same := false
			switch n := max(len(pa.Data()), len(pb.Data())); {
			case n <= compareLeft:
				compareLeft -= n
				// Equal bytes under different sizes are compared too: the
				// part is changed, and its bytes say how.
				if same = bytes.Equal(pa.Data(), pb.Data()); !same || d.Resized {
					x := compareBytes(pa.Data(), pb.Data(), pa.DataOffset, pb.DataOffset)
					bd = &x
				}
			case pa.DataOffset == pb.DataOffset:
				if differ == nil {
					differ = newDiffering(a.Data(), b.Data())
				}
				x := differ.compare(pa.DataOffset, len(pa.Data()), len(pb.Data()))
				same, bd = x.Same(), &x
			default:
				if hashes == nil {
					hashes = newStretchHashes(a.Data(), b.Data())
				}
				same = hashes.same(pa.Data(), pb.Data(), pa.DataOffset, pb.DataOffset)
				d.Uncompared = !same || d.Resized
			}
			if same && !d.Resized {
				d.Status = PartIdentical
			} else {
				d.Status = PartChanged
				d.Bytes = bd
				d.Fields, d.Omitted = diffPartFields(pa, pb, sa, sb, opt)
			}
			entryOfB[j] = len(c.Parts)
		}
		c.Parts = append(c.Parts, d)
	}
	// Insert B's unmatched parts after the entry of their nearest matched B predecessor.
	for j := len(b.Parts) - 1; j >= 0; j-- {
		if usedB[j] {
			continue
		}
		at := 0
		for k := j - 1; k >= 0; k-- {
			if e, ok := entryOfB[k]; ok {
				at = e + 1
				break
			}
		}
		// Removed parts first, then added ones, as a unified diff reads.
		for at < len(c.Parts) && c.Parts[at].Status == PartRemoved {
			at++
		}
		d := Part{Name: b.Parts[j].Name, Status: PartAdded, B: partSide(b.Parts[j])}
		c.Parts = append(c.Parts, Part{})
		copy(c.Parts[at+1:], c.Parts[at:])
		c.Parts[at] = d
		for k, e := range entryOfB {
			if e >= at {
				entryOfB[k] = e + 1
			}
		}
	}
	for _, d := range c.Parts {
		switch d.Status {
		case PartIdentical:
			c.Counts.Identical++
		case PartChanged:
			c.Counts.Changed++
		case PartAdded:
			c.Counts.Added++
		case PartRemoved:
			c.Counts.Removed++
		}
		if d.Moved {
			c.Counts.Moved++
		}
		if d.Resized {
			c.Counts.Resized++
		}
	}
	if !c.Identical {
		c.summarize(a, b)
	}
	return c
}

// Differs reports whether the comparison found any difference.
func (c *Comparison) Differs() bool { return !c.Identical }

func partSide(p *decode.Part) *PartSide {
	return &PartSide{Index: p.Index, Offset: p.Offset, DataOffset: p.DataOffset, Size: p.Size, Summary: p.Summary}
}

// movedParts marks the matched parts that are not in the longest run of
// parts keeping their relative order: a part inserted at the front does not
// make every later part "moved", a swapped pair does.
func movedParts(matchB []int) []bool {
	var idx []int // A indices of matched parts
	for i, j := range matchB {
		if j >= 0 {
			idx = append(idx, i)
		}
	}
	n := len(idx)
	moved := make([]bool, len(matchB))
	if n == 0 {
		return moved
	}
	// O(n^2) longest increasing subsequence: part counts are small, but bound it anyway.
	if n > 4096 {
		return moved
	}
	best := make([]int, n)
	prev := make([]int, n)
	end := 0
	for k := 0; k < n; k++ {
		best[k], prev[k] = 1, -1
		for m := 0; m < k; m++ {
			if matchB[idx[m]] < matchB[idx[k]] && best[m]+1 > best[k] {
				best[k], prev[k] = best[m]+1, m
			}
		}
		if best[k] > best[end] {
			end = k
		}
	}
	keep := make([]bool, n)
	for k := end; k >= 0; k = prev[k] {
		keep[k] = true
	}
	for k, i := range idx {
		moved[i] = !keep[k]
	}
	return moved
}

// compareBytes compares two byte strings whose first bytes sit at offA and offB.
func compareBytes(a, b []byte, offA, offB int64) Bytes {
	d := Bytes{LenA: len(a), LenB: len(b), First: -1, FirstA: -1, FirstB: -1}
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		if a[i] != b[i] {
			if d.First < 0 {
				d.First = i
			}
			d.Differ++
		}
	}
	if d.First < 0 && len(a) != len(b) {
		d.First = n
	}
	if d.First >= 0 {
		d.FirstA, d.FirstB = offA+int64(d.First), offB+int64(d.First)
	}
	return d
}

// differing counts where two files differ, byte by byte over their common
// length, so that any stretch at one offset in both is compared by two
// searches and at most a few hundred bytes read instead of a walk. It keeps
// a running count at every differStep bytes, not each differing position:
// two files that differ everywhere would otherwise cost eight times their
// size in positions.
type differing struct {
	a, b []byte
	cum  []int // cum[i]: the differing bytes before i × differStep
}

const differStep = 64

func newDiffering(a, b []byte) *differing {
	n := min(len(a), len(b))
	d := &differing{a: a[:n], b: b[:n], cum: make([]int, 1, n/differStep+1)}
	count := 0
	for i := range n {
		if a[i] != b[i] {
			count++
		}
		if (i+1)%differStep == 0 {
			d.cum = append(d.cum, count)
		}
	}
	return d
}

// before counts the differing bytes before pos.
func (d *differing) before(pos int) int {
	count := d.cum[pos/differStep]
	for i := pos / differStep * differStep; i < pos; i++ {
		if d.a[i] != d.b[i] {
			count++
		}
	}
	return count
}

// compare is compareBytes of the stretches of la and lb bytes at off in
// the two files.
func (d *differing) compare(off int64, la, lb int) Bytes {
	n, at := min(la, lb), int(off)
	skipped := d.before(at)
	out := Bytes{LenA: la, LenB: lb, First: -1, FirstA: -1, FirstB: -1, Differ: d.before(at+n) - skipped}
	switch {
	case out.Differ > 0:
		// The first differing byte from off lies in the block where the
		// running count first passes those before off.
		from := (sort.SearchInts(d.cum, skipped+1) - 1) * differStep
		for i := max(at, from); ; i++ {
			if d.a[i] != d.b[i] {
				out.First = i - at
				break
			}
		}
	case la != lb:
		out.First = n
	}
	if out.First >= 0 {
		out.FirstA, out.FirstB = off+int64(out.First), off+int64(out.First)
	}
	return out
}

// ---- header ----

func diffHeader(a, b *decode.File, sa, sb *spanIndex) []Field {
	var out []Field
	add := func(path, va, vb string) {
		if va == vb {
			return
		}
		out = append(out, Field{Path: path, Kind: FieldChanged,
			A: sa.side(path, va, true, nil, ""), B: sb.side(path, vb, true, nil, "")})
	}
	add("Header/Hash", a.Header.Hash.String(), b.Header.Hash.String())
	add("Header/Version", fmt.Sprintf("%d.%d", a.Header.Version.Major, a.Header.Version.Minor), fmt.Sprintf("%d.%d", b.Header.Version.Major, b.Header.Version.Minor))
	add("Header/FileSize", fmt.Sprint(a.Header.FileSize), fmt.Sprint(b.Header.FileSize))
	add("Header/PartCount", fmt.Sprint(a.Header.PartCount), fmt.Sprint(b.Header.PartCount))
	add("Digest/Status", a.Digest.Status.String(), b.Digest.Status.String())
	add("Length", fmt.Sprint(len(a.Data())), fmt.Sprint(len(b.Data())))
	problems := func(f *decode.File) string {
		e, w, n := decode.CountProblems(f.Problems)
		return fmt.Sprintf("%d errors, %d warnings, %d notes", e, w, n)
	}
	add("Problems", problems(a), problems(b))
	return out
}

// ---- spans ----

// spanIndex finds the span of a path in one file, by part name and span
// path: the first part of a name answers for every part of that name. The
// part's whole value (a structure recorded at the value's key, such as the
// program header) is also filed under the path "", for a field named by the
// part alone.
type spanIndex struct {
	byPath map[spanKey]decode.Span
}

type spanKey struct{ part, path string }

func newSpanIndex(f *decode.File) *spanIndex {
	s := &spanIndex{byPath: map[spanKey]decode.Span{}}
	put := func(k spanKey, sp decode.Span) {
		// Prefer a field or struct span over unknown/raw ones of the same name; else the first.
		if old, ok := s.byPath[k]; ok && (old.Kind == decode.SpanField || old.Kind == decode.SpanStruct || sp.Kind != decode.SpanField && sp.Kind != decode.SpanStruct) {
			return
		}
		s.byPath[k] = sp
	}
	add := func(sp decode.Span) {
		put(spanKey{sp.Part, sp.Path}, sp)
		if sp.Part != "" && sp.Kind == decode.SpanStruct && sp.Path != "PartHeader" && !strings.Contains(sp.Path, "/") {
			put(spanKey{sp.Part, ""}, sp)
		}
	}
	for _, sp := range f.Spans {
		add(sp)
	}
	for _, p := range f.Parts {
		for _, sp := range p.Spans {
			add(sp)
		}
	}
	return s
}

// side finds the span for path, a field of part's value under key (a header
// value when part is nil): the path itself, a sibling "X" for a derived
// "XName" key, then the nearest ancestor; else the part's data (when given).
// A field's path names it from the part ("PSV0/SigOutputElements/2/Cols"),
// its span from the value's key ("PSVInfo/SigOutputElements/2/Cols").
func (s *spanIndex) side(path, value string, present bool, part *decode.Part, key string) FieldSide {
	fs := FieldSide{Value: value, Present: present, Off: -1}
	if !present {
		fs.Value = ""
	}
	try := func(p string) bool {
		k := spanKey{"", p}
		if part != nil {
			rest, ok := strings.CutPrefix(p, part.Name)
			switch {
			case !ok || rest != "" && rest[0] != '/':
				return false
			case rest == "":
				k = spanKey{part.Name, ""} // the part's whole value
			default:
				k = spanKey{part.Name, key + rest}
			}
		}
		if sp, ok := s.byPath[k]; ok {
			fs.Span, fs.Off, fs.Size = p, sp.Off, sp.Size
			return true
		}
		return false
	}
	if try(path) {
		return fs
	}
	if base, ok := strings.CutSuffix(path, "Name"); ok && try(base) {
		return fs
	}
	for p := path; ; {
		i := strings.LastIndexAny(p, "/[")
		if i <= 0 {
			break
		}
		p = p[:i]
		if try(p) {
			return fs
		}
	}
	if part != nil {
		fs.Span, fs.Off, fs.Size = part.Name, part.DataOffset, int64(len(part.Data()))
	}
	return fs
}

// ---- decoded fields ----

// partLevelKeys are the Part keys that are not the decoded value: identity,
// position and the derived summary (shown on the part's own line).
var partLevelKeys = map[string]bool{
	"Name": true, "Size": true, "Index": true, "Offset": true, "DataOffset": true, "Summary": true, "Spans": true,
}

// meaningfulOffsets are keys ending in "Offset" that describe the shader, not
// the layout of the file: a constant's place inside its buffer (RDEF), a
// record field's byte offset (RDAT).
var meaningfulOffsets = map[string]bool{"StartOffset": true, "ByteOffset": true}

// PositionalKey reports whether a JSON key inside a decoded part only says
// where something is in the file, so that Compare leaves it out: "Spans",
// "BitcodeStart" (an absolute offset), and every key ending in "Offset" or
// "Offsets" (DataOffset, NameOffset, ParamOffset, RootParametersOffset,
// PayloadOffset, CBufferOffset, CreatorOffset, DXILOffset, ...) except the
// ones that describe the shader (StartOffset, ByteOffset). A part that grows
// changes all of these; the values they point at are compared instead.
func PositionalKey(key string) bool {
	if key == "Spans" || key == "BitcodeStart" {
		return true
	}
	if meaningfulOffsets[key] {
		return false
	}
	return strings.HasSuffix(key, "Offset") || strings.HasSuffix(key, "Offsets")
}

func partTree(p *decode.Part) (map[string]any, error) {
	js, err := json.Marshal(p)
	if err != nil {
		return nil, err
	}
	v, ok := decode.NewJSONScanner(js).Value()
	m, isMap := v.(map[string]any)
	if !ok || !isMap {
		return nil, fmt.Errorf("part %s: its JSON does not read back as an object", p.Name)
	}
	for k := range partLevelKeys {
		delete(m, k)
	}
	return m, nil
}

type fieldWalker struct {
	pa, pb  *decode.Part
	sa, sb  *spanIndex
	key     string    // the JSON key of the value being walked, which its spans' paths start with
	item    *listRule // set while emitting an added or removed item of a list matched by identity
	opt     Options
	out     []Field
	omitted int
}

func diffPartFields(pa, pb *decode.Part, sa, sb *spanIndex, opt Options) ([]Field, int) {
	ta, errA := partTree(pa)
	tb, errB := partTree(pb)
	if errA != nil || errB != nil || len(ta) == 0 && len(tb) == 0 {
		return nil, 0
	}
	w := &fieldWalker{pa: pa, pb: pb, sa: sa, sb: sb, opt: opt}
	// A field is named from the part, not from its typed key (PSVInfo,
	// Signature, Program and Module, ...): "PSV0/...". Walk each typed field
	// both sides have under the part name; its spans are under the key.
	keys := map[string]bool{}
	for k := range ta {
		keys[k] = true
	}
	for k := range tb {
		keys[k] = true
	}
	sorted := make([]string, 0, len(keys))
	for k := range keys {
		sorted = append(sorted, k)
	}
	sort.Strings(sorted)
	for _, k := range sorted {
		va, okA := ta[k]
		vb, okB := tb[k]
		w.key = k
		if k == "Module" && okA && okB {
			w.walkModule(va, vb, ta["Program"])
			continue
		}
		if okA && okB {
			w.walk(here(pa.Name), va, vb, true, true)
		} else {
			w.walk(here(pa.Name+"/"+k), va, vb, okA, okB)
		}
	}
	return w.out, w.omitted
}

// walkModule compares the decoded bitcode module (DXIL, ILDB). It is derived
// from the bitcode, not laid out field by field in it, so: its keys that
// the program header also has (Size) are named under Module, so no label
// names two fields; a difference with no span of its own is placed at the
// first byte where the two bitcodes differ rather than at the program
// header; and the blocks' statistics (bits, sizes, records per code), which
// any change disturbs, are folded into one difference, last.
func (w *fieldWalker) walkModule(va, vb, program any) {
	ma, okA := va.(map[string]any)
	mb, okB := vb.(map[string]any)
	name := w.pa.Name
	if !okA || !okB {
		w.walk(here(name+"/Module"), va, vb, true, true)
		return
	}
	prog, _ := program.(map[string]any)
	qualify := func(m map[string]any) map[string]any {
		out := make(map[string]any, len(m))
		for k, v := range m {
			if _, clash := prog[k]; clash {
				k = "Module/" + k
			}
			out[k] = v
		}
		return out
	}
	qa, qb := qualify(ma), qualify(mb)
	blocksA, hasBlocksA := qa["Blocks"]
	blocksB, hasBlocksB := qb["Blocks"]
	delete(qa, "Blocks")
	delete(qb, "Blocks")
	atA, atB := bitcodeDiffAt(w.pa, w.pb)
	start := len(w.out)
	w.walkObject(here(name), qa, qb)
	for i := start; i < len(w.out); i++ {
		d := &w.out[i]
		if d.A.Span != d.A.path(d.Path) {
			d.A.Span, d.A.Off, d.A.Size = atA.Span, atA.Off, atA.Size
		}
		if d.B.Span != d.B.path(d.Path) {
			d.B.Span, d.B.Off, d.B.Size = atB.Span, atB.Off, atB.Size
		}
	}
	stats := &fieldWalker{pa: w.pa, pb: w.pb, sa: w.sa, sb: w.sb, key: w.key, opt: w.opt}
	stats.walk(here(name+"/Module/Blocks"), blocksA, blocksB, hasBlocksA, hasBlocksB)
	if n := len(stats.out) + stats.omitted; n > 0 && len(w.out) < MaxFields {
		d := Field{Path: name + "/Module/Blocks", Kind: FieldFolded, A: atA, B: atB}
		d.A.Value, d.A.Present, d.B.Present = fmt.Sprint(n), true, true
		w.out = append(w.out, d)
	}
}

// bitcodeDiffAt places a bitcode difference: the first byte at which the
// two parts' bitcodes differ (or where the shorter one ends).
func bitcodeDiffAt(pa, pb *decode.Part) (FieldSide, FieldSide) {
	side := func(p *decode.Part, i int) FieldSide {
		fs := FieldSide{Present: true, Off: -1}
		if p.Program != nil && p.Program.BitcodeStart > 0 {
			fs.Span, fs.Off, fs.Size = p.Name+"/DXIL", p.Program.BitcodeStart+int64(i), 1
		}
		return fs
	}
	var a, b []byte
	if pa.Program != nil {
		a = pa.Program.DXIL
	}
	if pb.Program != nil {
		b = pb.Program.DXIL
	}
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return side(pa, min(i, max(len(a)-1, 0))), side(pb, min(i, max(len(b)-1, 0)))
}

func (w *fieldWalker) emit(at where, kind FieldKind, va, vb any, hasA, hasB bool) {
	if len(w.out) >= MaxFields {
		w.omitted++
		return
	}
	ra, rb := render(va), render(vb)
	if kind == FieldChanged {
		ra, rb = renderPair(va, vb)
	}
	if w.item != nil { // an item of a list matched by identity, added or removed
		ra, rb = w.item.render(va), w.item.render(vb)
	}
	d := Field{Path: at.show, Kind: kind, A: w.sideA(at, ra, hasA), B: w.sideB(at, rb, hasB)}
	if kind == FieldChanged {
		locateHex(&d, va, vb, w.pa, w.pb)
	}
	w.out = append(w.out, d)
}

// sideA and sideB find one side's span by that side's own path: a list item
// matched by identity has its own index on each side.
func (w *fieldWalker) sideA(at where, value string, present bool) FieldSide {
	fs := w.sa.side(at.a, value, present, w.pa, w.key)
	if at.a != at.show && present {
		fs.Path = at.a
	}
	return fs
}

func (w *fieldWalker) sideB(at where, value string, present bool) FieldSide {
	fs := w.sb.side(at.b, value, present, w.pb, w.key)
	if at.b != at.show && present {
		fs.Path = at.b
	}
	return fs
}

// locateHex places a changed byte-array value (HexBytes, printed as hex)
// whose path has no span of its own: it finds the bytes in each part's data
// and narrows both sides to the run from the first to the last differing
// byte, so the hex views land on the change, not on the whole part.
func locateHex(d *Field, va, vb any, pa, pb *decode.Part) {
	ha, okA := hexValue(va)
	hb, okB := hexValue(vb)
	if !okA || !okB || len(ha) < 4 || len(hb) < 4 {
		return
	}
	first, last := -1, -1
	for i := 0; i < min(len(ha), len(hb)); i++ {
		if ha[i] != hb[i] {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if len(ha) != len(hb) {
		if first < 0 {
			first = min(len(ha), len(hb))
		}
		last = max(len(ha), len(hb)) - 1
	}
	if first < 0 {
		return
	}
	place := func(fs *FieldSide, h []byte, p *decode.Part) {
		if fs.Span == fs.path(d.Path) {
			// The value has its own span: narrow it when the sizes agree.
			if fs.Size == int64(len(h)) {
				fs.Off += int64(first)
				fs.Size = int64(min(last, len(h)-1) - first + 1)
			}
			return
		}
		i := bytes.Index(p.Data(), h)
		if i < 0 || first >= len(h) {
			return
		}
		fs.Span = fs.path(d.Path)
		fs.Off = p.DataOffset + int64(i+first)
		fs.Size = int64(min(last, len(h)-1) - first + 1)
	}
	place(&d.A, ha, pa)
	place(&d.B, hb, pb)
}

// hexValue decodes a JSON string that is a lowercase hex byte array.
func hexValue(v any) ([]byte, bool) {
	s, ok := v.(string)
	if !ok || len(s)%2 != 0 {
		return nil, false
	}
	b, err := hex.DecodeString(s)
	if err != nil || strings.ToLower(s) != s {
		return nil, false
	}
	return b, true
}

func (w *fieldWalker) walk(at where, va, vb any, hasA, hasB bool) {
	switch {
	case !hasA && !hasB:
		return
	case !hasA:
		w.emit(at, FieldAdded, nil, vb, false, true)
		return
	case !hasB:
		w.emit(at, FieldRemoved, va, nil, true, false)
		return
	}
	switch a := va.(type) {
	case map[string]any:
		if b, ok := vb.(map[string]any); ok {
			w.walkObject(at, a, b)
			return
		}
	case []any:
		if b, ok := vb.([]any); ok {
			if rule := listRuleFor(w.pa.Name, at.show); rule != nil && rule.applies(a, b) {
				w.walkMatched(at, rule, a, b)
				return
			}
			if len(a) != len(b) {
				w.emit(at, FieldLength, len(a), len(b), true, true)
			}
			for i := 0; i < max(len(a), len(b)); i++ {
				var ea, eb any
				if i < len(a) {
					ea = a[i]
				}
				if i < len(b) {
					eb = b[i]
				}
				w.walk(at.index(i, i), ea, eb, i < len(a), i < len(b))
			}
			return
		}
	}
	if !jsonEqual(va, vb) {
		w.emit(at, FieldChanged, va, vb, true, true)
	}
}

func (w *fieldWalker) walkObject(at where, a, b map[string]any) {
	// Keys in a stable order: A's keys sorted, then B's new keys. encoding/json
	// loses the struct order, and a sorted order is at least predictable.
	keys := make([]string, 0, len(a)+len(b))
	for k := range a {
		keys = append(keys, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		if !w.opt.Positional && PositionalKey(k) {
			continue
		}
		if derivedList(k, a, b) {
			continue
		}
		va, okA := a[k]
		vb, okB := b[k]
		// "XName" is the name of the number X (obj2yaml prints numbers): report
		// the pair once, on X, as "1 (Vertex) → 2 (Geometry)".
		if base, ok := strings.CutSuffix(k, "Name"); ok && base != "" {
			ba, hasA := a[base]
			bb, hasB := b[base]
			if hasA && hasB && isScalar(ba) && isScalar(bb) && !jsonEqual(ba, bb) {
				continue
			}
		}
		if na, nb := a[k+"Name"], b[k+"Name"]; okA && okB && !jsonEqual(va, vb) && isScalar(va) && isScalar(vb) && (na != nil || nb != nil) {
			w.emitNamed(at.key(k), va, vb, na, nb)
			continue
		}
		w.walk(at.key(k), va, vb, okA, okB)
	}
}

func (w *fieldWalker) emitNamed(at where, va, vb, na, nb any) {
	if len(w.out) >= MaxFields {
		w.omitted++
		return
	}
	ra, rb := render(va), render(vb)
	if s, ok := na.(string); ok && s != "" {
		ra += " (" + s + ")"
	}
	if s, ok := nb.(string); ok && s != "" {
		rb += " (" + s + ")"
	}
	w.out = append(w.out, Field{Path: at.show, Kind: FieldChanged, A: w.sideA(at, ra, true), B: w.sideB(at, rb, true)})
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "/" + key
}

func isScalar(v any) bool {
	switch v.(type) {
	case map[string]any, []any:
		return false
	}
	return true
}

func jsonEqual(a, b any) bool {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			w, ok := y[k]
			if !ok || !jsonEqual(v, w) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !jsonEqual(x[i], y[i]) {
				return false
			}
		}
		return true
	default:
		return a == b
	}
}

// maxValueLen bounds a rendered value; longer strings and structures are cut.
const maxValueLen = 72

// render writes a JSON value briefly: numbers and booleans as they are,
// strings quoted, structures as compact JSON cut at maxValueLen.
func render(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		if len(x) > maxValueLen {
			return strconv.Quote(x[:maxValueLen]) + fmt.Sprintf("… (%d chars)", len(x))
		}
		return strconv.Quote(x)
	case json.Number:
		return x.String()
	case int:
		return strconv.Itoa(x)
	case bool:
		return strconv.FormatBool(x)
	}
	js, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	if len(js) > maxValueLen {
		return string(js[:maxValueLen]) + "…"
	}
	return string(js)
}

// renderPair renders two changed values; two long strings (hex byte arrays,
// source text) are shown around their first difference.
func renderPair(va, vb any) (string, string) {
	a, okA := va.(string)
	b, okB := vb.(string)
	if !okA || !okB || len(a) <= maxValueLen && len(b) <= maxValueLen {
		return render(va), render(vb)
	}
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	_, hexA := hexValue(a)
	_, hexB := hexValue(b)
	unit, div := "char", 1
	if hexA && hexB {
		// Byte arrays: count in bytes and keep the window on byte boundaries.
		unit, div = "byte", 2
		i &^= 1
	}
	from := max(0, i-16)
	win := func(s string) string {
		to := min(len(s), from+48)
		pre, post := "", ""
		if from > 0 {
			pre = "…"
		}
		if to < len(s) {
			post = "…"
		}
		return fmt.Sprintf("%s%s%s (%d %ss, first difference at %s %d)", pre, strconv.Quote(s[from:to]), post, len(s)/div, unit, unit, i/div)
	}
	return win(a), win(b)
}
