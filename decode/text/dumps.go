package text

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/reflect"
)

// A Dump is one text form of a part: what a dxscope command prints for it,
// and what the page's Text tab shows and downloads. Which dumps a part has
// follows from what its decoder produced (a PSV0 value, a module, a listing),
// not from its name, the way the page picks a part's own view.
type Dump struct {
	Command string // the dxscope command that prints this text ("psv")
	Title   string // what the text is, for people
	Ext     string // the download's file name ending, without the dot

	// Whole says the text is of the container, not of a part: the page
	// offers it on the container header.
	Whole bool
	// OfFile says Write ignores p: the text is the file's, the same for
	// every part Has accepts (the FXC listing), so a page makes it once.
	OfFile bool
	// Has reports whether part p of f has this text (not asked when Whole).
	Has func(f *decode.File, p *decode.Part) bool
	// Write writes the text of p, a part Has accepted (nil when Whole).
	Write func(w io.Writer, f *decode.File, p *decode.Part)
}

var dumps []Dump

// RegisterDump adds a text form; a part family registered outside decode
// registers its dump beside its decoder.
func RegisterDump(d Dump) { dumps = append(dumps, d) }

// DumpsOf returns the text forms part p of f has (p nil: the container's).
func DumpsOf(f *decode.File, p *decode.Part) []Dump {
	var out []Dump
	for _, d := range dumps {
		if d.Whole && p == nil || !d.Whole && p != nil && d.Has(f, p) {
			out = append(out, d)
		}
	}
	return out
}

// DumpNamed returns the dump a dxscope command prints.
func DumpNamed(command string) (Dump, bool) {
	for _, d := range dumps {
		if d.Command == command {
			return d, true
		}
	}
	return Dump{}, false
}

// Text is the dump of p as a string, escaped as the CLI escapes its output
// (SafeWriter): the same bytes the command prints.
func (d Dump) Text(f *decode.File, p *decode.Part) string {
	s, _ := d.TextUpTo(f, p, 0)
	return s
}

// TextUpTo is Text cut after about max bytes, at the end of a line (max 0:
// whole), and whether it was cut. Writing stops there: a hostile file's
// dependency tables can ask for a text a hundred times its size, which the
// CLI may stream but a page should not build.
func (d Dump) TextUpTo(f *decode.File, p *decode.Part, max int) (text string, cut bool) {
	c := &capWriter{max: max}
	w := NewSafeWriter(c)
	defer func() {
		if r := recover(); r != nil && r != errTextFull {
			panic(r)
		}
		text, cut = c.b.String(), c.full
		if cut {
			if i := strings.LastIndexByte(text, '\n'); i >= 0 {
				text = text[:i+1]
			}
		}
	}()
	d.Write(w, f, p)
	w.Flush()
	return
}

// MaxText is the budget of one text: the most a listing is made of unless
// a caller asks for more (dxscope's --full asks for all). The largest text
// of a real shader in the corpus is under a megabyte; a file of a few
// kilobytes can ask for gigabytes, and a text stopped here says so.
const MaxText = 64 << 20

// CapWriter passes writes through to W until Max bytes have gone (Max 0:
// no cap); the write that would pass Max goes out up to its last newline
// within Max, and then the writer stops whoever is writing: it panics with
// ErrTextFull, which WriteCapped recovers. fmt's writes ignore errors, so an
// error alone would not stop a long text.
type CapWriter struct {
	W       io.Writer
	Max     int
	written int
}

// Raw is the writer under the cap and any escaping (SafeWriter) below it,
// for bytes that are not text.
func (c *CapWriter) Raw() io.Writer {
	if s, ok := c.W.(interface{ Raw() io.Writer }); ok {
		return s.Raw()
	}
	return c.W
}

// Fits reports whether n more bytes would pass within the cap (always,
// with no cap).
func (c *CapWriter) Fits(n int) bool { return c.Max <= 0 || c.written+n <= c.Max }

// ErrTextFull is what a CapWriter panics with at its cap.
var ErrTextFull = errTextFull

// Write passes p on, or at the cap its whole lines within the cap and stops.
func (c *CapWriter) Write(p []byte) (int, error) {
	if c.Max > 0 && c.written+len(p) > c.Max {
		head := p[:max(0, c.Max-c.written)]
		if i := bytes.LastIndexByte(head, '\n'); i >= 0 {
			c.W.Write(head[:i+1])
		}
		c.written = c.Max
		panic(errTextFull)
	}
	c.written += len(p)
	return c.W.Write(p)
}

// WriteCapped runs write on a CapWriter over w with cap max and reports
// whether the cap stopped it.
func WriteCapped(w io.Writer, max int, write func(io.Writer)) (cut bool) {
	defer func() {
		if r := recover(); r != nil {
			if r != errTextFull {
				panic(r)
			}
			cut = true
		}
	}()
	write(&CapWriter{W: w, Max: max})
	return false
}

// capWriter keeps what is written up to max bytes, then stops the writer
// with errTextFull (recovered by TextUpTo): fmt's writes ignore errors, so
// an error alone would not stop a long dump.
type capWriter struct {
	b    bytes.Buffer
	max  int
	full bool
}

var errTextFull = errors.New("text: the cap is reached")

func (c *capWriter) Write(p []byte) (int, error) {
	if c.max > 0 && c.b.Len()+len(p) > c.max {
		c.b.Write(p[:max(0, c.max-c.b.Len())])
		c.full = true
		panic(errTextFull)
	}
	return c.b.Write(p)
}

// The dumps in the order the page lists them: the container's part list,
// then one per kind of decoded value. The CLI's commands of the same names
// print exactly these texts on standard output (and the parts' problems on
// standard error).
func init() {
	RegisterDump(Dump{Command: "parts", Title: "The part list and the digest status", Ext: "parts.txt", Whole: true,
		Write: func(w io.Writer, f *decode.File, _ *decode.Part) { WriteParts(w, f) }})
	RegisterDump(Dump{Command: "reflect", Title: "Reflection as ID3D12ShaderReflection reports it, each value with its part, and what the shader requires", Ext: "reflect.txt", Whole: true,
		Write: func(w io.Writer, f *decode.File, _ *decode.Part) { WriteReflection(w, reflect.Reflect(f)) }})
	RegisterDump(Dump{Command: "psv", Title: "PSV0 as dxa -dumppsv prints it, names resolved", Ext: "psv.txt",
		Has:   func(_ *decode.File, p *decode.Part) bool { return p.PSVInfo != nil },
		Write: func(w io.Writer, _ *decode.File, p *decode.Part) { WritePSVPart(w, p) }})
	RegisterDump(Dump{Command: "rootsig", Title: "The root signature in the HLSL root signature language", Ext: "rootsig.hlsl",
		Has:   func(_ *decode.File, p *decode.Part) bool { return p.RootSignature != nil },
		Write: func(w io.Writer, _ *decode.File, p *decode.Part) { WriteRootSignature(w, p) }})
	RegisterDump(Dump{Command: "rootsig --cpp", Title: "The root signature as C++ filling D3D12's structures", Ext: "rootsig.cpp",
		Has:   func(_ *decode.File, p *decode.Part) bool { return p.RootSignature != nil },
		Write: func(w io.Writer, _ *decode.File, p *decode.Part) { WriteRootSignatureCPP(w, p) }})
	RegisterDump(Dump{Command: "inputlayout", Title: "The vertex shader's inputs as D3D12's input layout (C++)", Ext: "inputlayout.cpp",
		Has:   IsVertexInput,
		Write: WriteInputLayout})
	RegisterDump(Dump{Command: "dxil", Title: "The DXIL module: summary, entry points, resources, dx.op census, blocks", Ext: "dxil.txt",
		Has:   func(_ *decode.File, p *decode.Part) bool { return p.Program != nil && p.Module != nil },
		Write: func(w io.Writer, _ *decode.File, p *decode.Part) { WriteModule(w, p); WriteAbsent(w, p) }})
	RegisterDump(Dump{Command: "dis", Title: "The module as dxc -dumpbin prints it", Ext: "ll",
		Has: func(_ *decode.File, p *decode.Part) bool {
			return p.Program != nil && len(p.Program.DXIL) > 0 && p.Module != nil
		},
		Write: func(w io.Writer, f *decode.File, p *decode.Part) {
			if err := WriteDisassembly(w, f, decode.PartIR(p)); err != nil {
				fmt.Fprintf(w, "; %v\n", err)
			}
		}})
	RegisterDump(Dump{Command: "rdat", Title: "The runtime data as dxa -dumprdat prints it", Ext: "rdat.txt",
		Has:   func(_ *decode.File, p *decode.Part) bool { return PartRuntimeData(p) != nil },
		Write: writeRuntimeDataPart})
	RegisterDump(Dump{Command: "rdef", Title: "FXC's resource definitions: constant buffers, types, bindings", Ext: "rdef.txt",
		Has:   func(_ *decode.File, p *decode.Part) bool { return p.ResourceDefs != nil },
		Write: writeResourceDefinitionsPart})
	RegisterDump(Dump{Command: "asm", Title: "The whole listing fxc /Fc writes", Ext: "asm", OfFile: true,
		Has: func(_ *decode.File, p *decode.Part) bool { return p.Bytecode != nil || p.Level9 != nil },
		Write: func(w io.Writer, f *decode.File, _ *decode.Part) {
			if err := WriteFXCListing(w, f); err != nil {
				fmt.Fprintf(w, "// %v\n", err)
			}
		}})
}

// PartRuntimeData is the runtime data a part holds: RDAT's, or the copy
// inside PDBI.
func PartRuntimeData(p *decode.Part) *decode.RuntimeData {
	switch {
	case p == nil:
		return nil
	case p.RuntimeData != nil:
		return p.RuntimeData
	case p.PDBInfo != nil:
		return p.PDBInfo.RuntimeData
	}
	return nil
}

func writeRuntimeDataPart(w io.Writer, _ *decode.File, p *decode.Part) {
	fmt.Fprintf(w, "Part #%d %s (%d bytes): %s\n", p.Index, Safe(p.Name), p.Size, Safe(p.Summary))
	WriteRuntimeData(w, PartRuntimeData(p), int(p.Size))
	WriteAbsent(w, p)
}

func writeResourceDefinitionsPart(w io.Writer, _ *decode.File, p *decode.Part) {
	fmt.Fprintf(w, "Part #%d RDEF (%d bytes): %s\n", p.Index, p.Size, Safe(p.Summary))
	WriteResourceDefinitions(w, p.ResourceDefs)
	WriteAbsent(w, p)
}
