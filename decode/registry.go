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
	// Summary is the part list's one-line summary when Decode set none.
	Summary func(p *Part) string
	// Key is the JSON key p.Value is written under (default: "Value").
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
	return PartInfo{"unknown part", fmt.Sprintf("No document describes a part named %q; its bytes are shown raw.", printable([]byte(name)))}
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
