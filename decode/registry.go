package decode

import (
	"fmt"
	"sort"

	"github.com/dxscope/dxscope/decode/binread"
)

// PartKind is what the decoder knows about one part FourCC: the words that
// describe it, the rules the container keeps for it, and how to decode it.
// Every part family registers its FourCCs from its own file (RegisterPart in
// an init function); the container, the part descriptions, the uniqueness
// check, the fuzz targets and the page read this one table.
type PartKind struct {
	Name  string // the FourCC, e.g. "PSV0"
	Title string // "pipeline state validation"
	About string // one or two sentences for people

	// Unique parts may appear at most once (DXC and LLVM reject duplicates).
	Unique bool
	// KnownLayout says the whole layout is documented, so bytes that no
	// decoded field covers deserve a note.
	KnownLayout bool

	// Decode reads the part's data (nil: the part is shown raw). It records
	// fields through r and stores its value on p: in one of Part's typed
	// fields for the built-in families, or in p.Value for a family
	// registered from outside this package.
	Decode func(f *File, p *Part, r *binread.Reader)
	// Summary is the part list's one-line summary when Decode set none
	// (nil: the part's size, "raw"). It is called whether or not Decode
	// produced a value, so it says what it can of a part that did not decode.
	Summary func(p *Part) string
	// Check runs once every part of the file is decoded, with the file's
	// parts of this FourCC in file order: it compares what they say with
	// what other parts say and reports disagreements as problems (or settles
	// what only the other parts can tell). Parse runs the checks of the
	// FourCCs present in FourCC order.
	Check func(f *File, parts []*Part)
	// Key is the JSON key of the part's decoded value ("PSVInfo" for PSV0)
	// and so the first segment of the paths of its spans, which Decode
	// records under a reader whose path is Key. A family registered from
	// outside this package has p.Value written under it (default "Value").
	// Empty for a part kept raw (its bytes are "Data"). A decoder that finds
	// its value is of another kind renames its reader's path (DXC's STAT
	// holds a Program, FXC's Statistics).
	Key string
}

var partKinds = map[string]*PartKind{}

// RegisterPart adds a part FourCC to the registry. Registering a name twice
// is a programming error and panics at start-up.
func RegisterPart(k PartKind) {
	if len(k.Name) != 4 {
		panic(fmt.Sprintf("decode: part name %q is not a FourCC", k.Name))
	}
	if _, dup := partKinds[k.Name]; dup {
		panic("decode: part " + k.Name + " registered twice")
	}
	if k.Key == "" && k.Decode != nil {
		k.Key = "Value"
	}
	partKinds[k.Name] = &k
}

// LookupPart returns the registration of a part FourCC, or nil.
func LookupPart(name string) *PartKind { return partKinds[name] }

// PartKinds returns every registered part, sorted by FourCC.
func PartKinds() []*PartKind {
	out := make([]*PartKind, 0, len(partKinds))
	for _, k := range partKinds {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// runChecks runs the registered Check of every FourCC the file has, in
// FourCC order, each with that FourCC's parts.
func (f *File) runChecks() {
	byName := map[string][]*Part{}
	var names []string
	for _, p := range f.Parts {
		if byName[p.Name] == nil {
			names = append(names, p.Name)
		}
		byName[p.Name] = append(byName[p.Name], p)
	}
	sort.Strings(names)
	for _, name := range names {
		if k := partKinds[name]; k != nil && k.Check != nil {
			k.Check(f, byName[name])
		}
	}
}

// rawSummary is the summary of a part with no decoded value to describe.
func rawSummary(p *Part) string { return fmt.Sprintf("%d bytes, raw", len(p.data)) }

// valueKey is the root of a part's span paths: its registered Key, or ""
// for a FourCC nobody registered.
func valueKey(k *PartKind) string {
	if k == nil {
		return ""
	}
	return k.Key
}

// partOnly adapts a decoder that needs only the part.
func partOnly(fn func(p *Part, r *binread.Reader)) func(*File, *Part, *binread.Reader) {
	return func(_ *File, p *Part, r *binread.Reader) { fn(p, r) }
}

// partStructure is partOnly for a part that is one structure named what:
// its span covers everything fn reads.
func partStructure(what string, fn func(p *Part, r *binread.Reader)) func(*File, *Part, *binread.Reader) {
	return partOnly(func(p *Part, r *binread.Reader) {
		r.Begin("", what)
		defer r.End()
		fn(p, r)
	})
}

// fileStructure is partStructure for a decoder that also reads the file's
// state (what its compressed payloads may still inflate to).
func fileStructure(what string, fn func(f *File, p *Part, r *binread.Reader)) func(*File, *Part, *binread.Reader) {
	return func(f *File, p *Part, r *binread.Reader) {
		r.Begin("", what)
		defer r.End()
		fn(f, p, r)
	}
}

// PartInfo describes a part FourCC for people: its long name and what it holds.
type PartInfo struct {
	Title string // "pipeline state validation"
	About string // one or two sentences
}

// DescribePart returns what a part FourCC is, or an "unknown part" description.
func DescribePart(name string) PartInfo {
	if k := partKinds[name]; k != nil {
		return PartInfo{k.Title, k.About}
	}
	return PartInfo{"unknown part", fmt.Sprintf("No document describes a part named %q; its bytes are shown raw.", binread.Printable([]byte(name)))}
}

// knownLayout says whether the part's whole layout is documented.
func knownLayout(name string) bool {
	k := partKinds[name]
	return k != nil && k.KnownLayout
}

// uniquePart says whether the part may appear at most once.
func uniquePart(name string) bool {
	k := partKinds[name]
	return k != nil && k.Unique
}
