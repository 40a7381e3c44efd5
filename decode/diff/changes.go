package diff

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/dxscope/dxscope/decode"
)

// Change is one difference worth saying first, as a person reading a diff of
// two builds of a shader wants it: which shader it is, which compiler wrote
// it, what it needs from
// the device, its interface, what the runtime validates, its resources, its
// root signature, then its code, then sizes and bookkeeping.
type Change struct {
	Topic string // "stage", "shader model", "entry point", "compiler", "feature flags", "signature", "pipeline state", "resources", "root signature", "instructions", "other", "sizes"
	Text  string // one line: "entry point: VSMain → CSMain"
	Path  string `json:",omitempty"` // the field of Parts' Fields it stands for, when it is one
}

// changeTopics orders the topics, most meaningful first.
var changeTopics = []string{"stage", "shader model", "entry point", "compiler", "feature flags", "signature", "pipeline state",
	"resources", "root signature", "instructions", "other", "sizes"}

// partTopic says which topic a part's changes belong to.
func partTopic(name string) string {
	switch name {
	case "ISG1", "OSG1", "PSG1", "ISGN", "OSGN", "OSG5", "PCSG":
		return "signature"
	case "PSV0":
		return "pipeline state"
	case "RDEF", "RDAT":
		return "resources"
	case "RTS0":
		return "root signature"
	case "DXIL", "ILDB", "SHDR", "SHEX", "Aon9":
		return "instructions"
	case "SFI0":
		return "feature flags"
	}
	return "other"
}

// summarize fills c.Changes from the two files and the part differences.
func (c *Comparison) summarize(a, b *decode.File) {
	var out []Change
	add := func(topic, format string, args ...any) {
		out = append(out, Change{Topic: topic, Text: topic + ": " + fmt.Sprintf(format, args...)})
	}
	if text, path := compilerChange(c, a, b); text != "" {
		out = append(out, Change{Topic: "compiler", Text: "compiler: " + text, Path: path})
	}
	ia, ib := a.Identity(), b.Identity()
	if ia.Stage != ib.Stage {
		add("stage", "%s → %s", orNone(ia.Stage), orNone(ib.Stage))
	}
	if ia.Profile != ib.Profile {
		add("shader model", "%s → %s", orNone(ia.Profile), orNone(ib.Profile))
	}
	if ia.Entry != ib.Entry {
		add("entry point", "%q → %q", ia.Entry, ib.Entry)
	}
	if fa, fb := sfi0Names(a), sfi0Names(b); !slices.Equal(fa, fb) {
		var d []string
		for _, n := range fb {
			if !slices.Contains(fa, n) {
				d = append(d, "+"+n)
			}
		}
		for _, n := range fa {
			if !slices.Contains(fb, n) {
				d = append(d, "-"+n)
			}
		}
		add("feature flags", "%s", strings.Join(d, ", "))
	}
	resized := 0
	for _, d := range c.Parts {
		topic := partTopic(d.Name)
		if d.Resized {
			resized++
		}
		switch {
		case d.Status == PartAdded:
			add(topic, "%s added (%d bytes) %s", d.Name, d.B.Size, d.B.Summary)
		case d.Status == PartRemoved:
			add(topic, "%s removed (%d bytes) %s", d.Name, d.A.Size, d.A.Summary)
		case d.Status != PartChanged || topic == "feature flags":
		case topic == "instructions":
			what := "bytes"
			if d.Bytes != nil {
				what = fmt.Sprintf("%d of %d bytes", d.Bytes.Differ, max(d.Bytes.LenA, d.Bytes.LenB))
			}
			add(topic, "%s code differs (%s)", d.Name, what)
		default:
			for i, f := range d.Fields {
				if i == 3 {
					add(topic, "%s: %d more fields differ", d.Name, len(d.Fields)-3+d.Omitted)
					break
				}
				out = append(out, Change{Topic: topic, Text: topic + ": " + f.Text(), Path: f.Path})
			}
			if len(d.Fields) == 0 && d.Bytes != nil {
				add(topic, "%s: %d bytes differ", d.Name, d.Bytes.Differ)
			}
		}
	}
	if a.Header.FileSize != b.Header.FileSize || resized > 0 {
		parts := "parts"
		if resized == 1 {
			parts = "part"
		}
		add("sizes", "file %d → %d bytes; %d %s resized", a.Header.FileSize, b.Header.FileSize, resized, parts)
	}
	rank := map[string]int{}
	for i, t := range changeTopics {
		rank[t] = i
	}
	sort.SliceStable(out, func(i, j int) bool { return rank[out[i].Topic] < rank[out[j].Topic] })
	c.Changes = out
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

// sfi0Names are the names of the SFI0 bits a file sets.
func sfi0Names(f *decode.File) []string {
	if p := f.Part("SFI0"); p != nil && p.Flags != nil {
		return p.Flags.Names()
	}
	return nil
}

// Text is the difference as dxscope diff and the page's compare write it:
// "PSV0 / SigOutputElements / 2 / Cols: 3 → 4".
func (f Field) Text() string {
	a, b := f.A.Value, f.B.Value
	if !f.A.Present {
		a = "(absent)"
	}
	if !f.B.Present {
		b = "(absent)"
	}
	label := strings.ReplaceAll(f.Path, "/", " / ")
	switch f.Kind {
	case FieldLength:
		return fmt.Sprintf("%s: %s → %s elements", label, a, b)
	case FieldFolded:
		return fmt.Sprintf("%s: %s statistics differ (folded; --json lists them)", label, a)
	}
	return fmt.Sprintf("%s: %s → %s", label, a, b)
}

// compilerFacts are what a container records of the compiler that wrote it:
// DXC's VERS part, the module's llvm.ident (or IDENTIFICATION) string and
// its validator version (!dx.valver), FXC's RDEF creator string.
type compilerFacts struct {
	vers, ident, validator, creator string
}

func compilerOf(f *decode.File) compilerFacts {
	var c compilerFacts
	if p := f.Part("VERS"); p != nil && p.CompilerVersion != nil {
		c.vers = p.Summary
	}
	for _, name := range []string{"DXIL", "ILDB"} {
		if p := f.Part(name); p != nil && p.Module != nil && c.ident == "" && c.validator == "" {
			c.ident = p.Module.Producer
			if v := p.Module.ValidatorVersion; v != nil {
				c.validator = fmt.Sprintf("%d.%d", v.Major, v.Minor)
			}
		}
	}
	if p := f.Part("RDEF"); p != nil && p.ResourceDefs != nil {
		c.creator = p.ResourceDefs.Header.Creator
	}
	return c
}

// compilerChange says how the recorded compilers differ ("" when they do
// not): every recorded fact that differs, in the order VERS, llvm.ident,
// validator, RDEF creator. A compiler change explains much of the rest of a
// diff, so it is said right after which shader it is (stage, shader model,
// entry point). path is the first differing field of VERS or
// RDEF, when the comparison has one, for the page to select.
func compilerChange(c *Comparison, a, b *decode.File) (text, path string) {
	fa, fb := compilerOf(a), compilerOf(b)
	var d []string
	add := func(what, va, vb string, quote bool) {
		if va == vb {
			return
		}
		show := func(v string) string {
			switch {
			case v == "":
				return "(none)"
			case quote:
				return fmt.Sprintf("%q", v)
			}
			return v
		}
		d = append(d, fmt.Sprintf("%s %s → %s", what, show(va), show(vb)))
	}
	add("VERS", fa.vers, fb.vers, true)
	add("llvm.ident", fa.ident, fb.ident, true)
	add("validator", fa.validator, fb.validator, false)
	add("RDEF creator", fa.creator, fb.creator, true)
	if len(d) == 0 {
		return "", ""
	}
	for _, p := range c.Parts {
		if (p.Name == "VERS" && fa.vers != fb.vers || p.Name == "RDEF" && fa.creator != fb.creator) && len(p.Fields) > 0 {
			path = p.Fields[0].Path
			break
		}
	}
	return strings.Join(d, "; "), path
}
