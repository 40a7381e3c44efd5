package model

import (
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode"
)

// FactsView is the short purpose view of a small part (HASH, ILDN, VERS,
// SRCI, PDBI, FXC STAT, PRIV, a part no document names): a sentence on what
// it is for, its facts as label and value (each selecting its bytes), and
// for SRCI the embedded source files as text.
type FactsView struct {
	Purpose string
	Facts   []Fact
	Files   []SourceText
}

// Fact is one labelled value and the bytes it was read from (Size 0: none).
type Fact struct {
	Label, Value string
	Off, Size    int64
}

// SourceText is a source file SRCI carries.
type SourceText struct {
	Name string
	Text string // cut at MaxSourceText
	Cut  int    // bytes left out
}

// MaxSourceText is how much of one source file the page shows.
const MaxSourceText = 256 << 10

// Facts builds the purpose view of a small part, or nil for a part that has
// a view of its own.
func (pv *PartView) Facts() *FactsView {
	p := pv.Part
	if p == nil {
		return nil
	}
	find := pv.spanFinder()
	v := &FactsView{}
	add := func(label, value, path string) {
		f := Fact{Label: label, Value: value}
		if path != "" {
			f.Off, f.Size = find(path)
		}
		v.Facts = append(v.Facts, f)
	}
	switch {
	case p.Hash != nil:
		v.Purpose = "The shader's identity for tools and driver caches (PIX matches a PDB to the shader by it): plain MD5 of the compiled program, or of the program and its source."
		add("digest", hex.EncodeToString(p.Hash.Digest), "Digest")
		over := "the program only"
		if p.Hash.IncludesSource {
			over = "the program and its source (-Zss)"
		}
		add("flags", fmt.Sprintf("0x%x: hashed over %s", p.Hash.Flags, over), "Flags")
	case p.DebugName != nil:
		v.Purpose = "Where the debug information went: the PDB file name a debugger looks for beside the shader."
		add("PDB name", Shown(p.DebugName.DebugName), "DebugName")
		add("flags", fmt.Sprintf("0x%x", p.DebugName.Flags), "Flags")
		valid := "yes"
		if !p.DebugName.Valid {
			valid = "no: DXC requires align4(4 + NameLength + 1) bytes"
		}
		add("size as DXC requires", valid, "")
	case p.CompilerVersion != nil:
		c := p.CompilerVersion
		v.Purpose = "Which DXC build wrote the container: version, commit and build kind, for reproducing a build."
		add("version", fmt.Sprintf("%d.%d", c.Major, c.Minor), "Major")
		add("commits", fmt.Sprint(c.CommitCount), "CommitCount")
		add("commit", Shown(c.CommitSha), "CommitSha")
		if c.CustomVersionString != "" {
			add("version string", Shown(c.CustomVersionString), "CustomVersionString")
		}
		kind := "release"
		if c.IsDebugBuild {
			kind = "debug"
		}
		if c.IsInternal {
			kind += ", internal"
		}
		add("build", fmt.Sprintf("%s (flags 0x%x)", kind, c.VersionFlags), "VersionFlags")
	case p.SourceInfo != nil:
		s := p.SourceInfo
		v.Purpose = "The shader's source files and the compiler arguments, embedded (dxc -Qembed_debug or -Zs) so a debugger needs no files from disk."
		if s.Args != nil {
			// Each argument's bytes are the span of SourceInfo/Args/Args/i:
			// found in one pass over the part's spans.
			args := map[int]decode.Span{}
			for _, sp := range p.Spans {
				if tail, ok := strings.CutPrefix(sp.Path, pv.valueKey()+"Args/Args/"); ok {
					if i, err := strconv.Atoi(tail); err == nil {
						if _, seen := args[i]; !seen {
							args[i] = sp
						}
					}
				}
			}
			for i, a := range s.Args.Args {
				f := Fact{Label: fmt.Sprintf("argument %d", i+1), Value: Shown(strings.TrimSpace("-" + a.Arg + " " + a.Value))}
				if sp, ok := args[i]; ok {
					f.Off, f.Size = sp.Off+pv.Base(), sp.Size
				}
				v.Facts = append(v.Facts, f)
			}
		}
		if s.Names != nil {
			for i, e := range s.Names.Entries {
				t := SourceText{Name: Shown(e.FileName)}
				if s.Contents != nil && i < len(s.Contents.Entries) {
					t.Text = s.Contents.Entries[i].FileContent
					if len(t.Text) > MaxSourceText {
						t.Cut = len(t.Text) - MaxSourceText
						t.Text = t.Text[:MaxSourceText]
					}
				}
				v.Files = append(v.Files, t)
			}
		}
		add("source files", fmt.Sprint(len(v.Files)), "")
	case p.PDBInfo != nil:
		d := p.PDBInfo
		v.Purpose = "A PDB's summary of the shader it describes: compile arguments, sources and libraries as runtime data (dxscope rdat prints it)."
		add("version", fmt.Sprint(d.Version), "Version")
		comp := "none"
		if d.CompressionType == decode.CompressionZlib {
			comp = "zlib"
		}
		add("compression", comp, "CompressionType")
		add("size", SizeText(int64(d.SizeInBytes)), "SizeInBytes")
		add("uncompressed size", SizeText(int64(d.UncompressedSizeInBytes)), "UncompressedSizeInBytes")
	case p.Statistics != nil:
		v.Purpose = "FXC's statistics of the shader (D3D11_SHADER_DESC): instruction counts and resources used, as fxc /Fc prints after the code."
		for i, f := range p.Statistics.Fields {
			add(f.Name, fmt.Sprint(f.Value), fmt.Sprintf("Fields/%d", i))
		}
	case decode.LookupPart(p.Name) == nil:
		v.Purpose = "No document names this part, so dxscope shows its bytes raw. A runtime ignores parts it does not know."
		add("size", SizeText(int64(len(p.Data()))), "")
		add("first bytes", RawBytes(pv.m.Data, pv.Offset+8, int64(len(p.Data())), 16), "")
	case decode.LookupPart(p.Name).Decode == nil:
		// A part the registry names but whose layout no document gives
		// (PRIV, SDBG, SPDB, …): what it is for, and its bytes.
		v.Purpose = "dxscope knows this part by name, but no public document gives its layout, so its bytes are shown raw."
		add("size", SizeText(int64(len(p.Data()))), "")
		add("first bytes", RawBytes(pv.m.Data, pv.Offset+8, int64(len(p.Data())), 16), "")
	default:
		return nil
	}
	return v
}
