package text

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/llvm/ir"
	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// Texts of type graphs (issue: hostile input, second round). RDEF's types
// name each other: 14 struct types each with 4 members of the next (1.4 KB)
// printed as a tree are 4^14 lines, and with 8 members FXC's listing was
// built in memory until the process died at 1.6 KB. Each member list is
// now printed in full once, again while repeats stay under maxRepeatLines,
// and named after that.

// countWriter counts what is written.
type countWriter struct{ n int }

func (c *countWriter) Write(p []byte) (int, error) { c.n += len(p); return len(p), nil }

// rdefTexts are the texts that print RDEF's types, each written to w.
var rdefTexts = []struct {
	name  string
	write func(w io.Writer, f *decode.File)
}{
	{"rdef", func(w io.Writer, f *decode.File) { WriteResourceDefinitions(w, f.Part("RDEF").ResourceDefs) }},
	{"asm", func(w io.Writer, f *decode.File) { WriteFXCListing(w, f) }},
	{"RDEF listing", func(w io.Writer, f *decode.File) {
		for _, l := range RDEFListing(f) {
			fmt.Fprintln(w, l.Text)
		}
	}},
}

func TestRDEFTypeGraphsPrintLinearly(t *testing.T) {
	for _, c := range []struct {
		name   string
		make   func(k int) []byte
		ks     []int
		refers string // a line each text has past the repeats
	}{
		{"k struct types of 4 members of the next", func(k int) []byte { return hostile.NestedTypesRDEF(k, 4) }, []int{8, 11, 14}, "(same as type"},
		{"k struct types of 8 members of the next", func(k int) []byte { return hostile.NestedTypesRDEF(k, 8) }, []int{4, 6, 8}, "(same as type"},
		{"k struct types naming one list of k members", func(k int) []byte { return hostile.SharedMembersRDEF(k, k) }, []int{256, 1024, 4096}, "being printed above)"},
	} {
		for _, tx := range rdefTexts {
			for _, k := range c.ks {
				data := c.make(k)
				f, err := decode.Parse(data)
				if err != nil {
					t.Fatal(err)
				}
				var out bytes.Buffer
				alloc, d := corpus.Cost(func() { tx.write(&out, f) })
				t.Logf("%s, %s, k=%d: %d input bytes, %d bytes of text (%d lines) in %v, %d MB allocated", tx.name, c.name, k, len(data), out.Len(), strings.Count(out.String(), "\n"), d, alloc>>20)
				// Linear: the first print of each list, the repeats' budget
				// (4,096 lines of under 80 bytes) and a line per member.
				if limit := maxRepeatLines*80 + 64*len(data); out.Len() > limit {
					t.Errorf("%s, %s, k=%d: %d bytes of text from %d bytes (limit %d)", tx.name, c.name, k, out.Len(), len(data), limit)
				}
				if k == c.ks[len(c.ks)-1] && !strings.Contains(out.String(), c.refers) {
					t.Errorf("%s, %s: no line names a list printed above", tx.name, c.name)
				}
			}
		}
	}
}

// TestListingStopsAtItsBudget: a listing made under a budget stops there,
// with no more lines made than the budget holds.
func TestListingStopsAtItsBudget(t *testing.T) {
	f, err := decode.Parse(hostile.SharedMembersRDEF(4096, 4096))
	if err != nil {
		t.Fatal(err)
	}
	whole, cut := FXCListingUpTo(f, 0)
	if cut {
		t.Fatal("cut without a budget")
	}
	size := func(ls []Line) (n int) {
		for _, l := range ls {
			n += len(l.Text) + 1
		}
		return n
	}
	for _, max := range []int{1 << 10, 64 << 10} {
		ls, cut := FXCListingUpTo(f, max)
		if !cut || size(ls) > max || size(ls) < max-200 {
			t.Errorf("budget %d: %d bytes in %d lines (of %d), cut %v", max, size(ls), len(ls), size(whole), cut)
		}
		for i, l := range ls {
			if l.Text != whole[i].Text {
				t.Fatalf("budget %d: line %d is %q, not %q", max, i, l.Text, whole[i].Text)
			}
		}
	}
}

// TestWriteCappedStopsTheWriter: the writer passes whole lines up to the
// cap, then stops whoever writes (a printer ignoring write errors would go
// on for gigabytes).
func TestWriteCappedStopsTheWriter(t *testing.T) {
	var out bytes.Buffer
	calls := 0
	cut := WriteCapped(&out, 100, func(w io.Writer) {
		for {
			calls++
			fmt.Fprintf(w, "line %d of a text with no end\n", calls)
		}
	})
	if !cut || out.Len() > 100 || !strings.HasSuffix(out.String(), "\n") || calls > 4 {
		t.Errorf("cut %v after %d writes: %q", cut, calls, out.String())
	}
	out.Reset()
	if WriteCapped(&out, 0, func(w io.Writer) { fmt.Fprint(w, strings.Repeat("x\n", 1000)) }) || out.Len() != 2000 {
		t.Errorf("no cap: %d bytes", out.Len())
	}
}

// TestDisassemblySharedFunctionTypeIsLinear: one function type of 8k
// parameters named by k declarations (8.5 KB at k = 2,048) printed its list
// for each declaration, 168 MB of text; the declarations print their
// parameters while the listing stays linear in the bitcode, and then name the
// first declaration of the type.
func TestDisassemblySharedFunctionTypeIsLinear(t *testing.T) {
	hostile.FlatPerByte(t, "", []int{512, 1024, 2048}, 1.5, "bytes allocated", func(k int) (int, float64) {
		data := hostile.SharedFunctionType(8*k, k)
		f, err := decode.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		alloc, d := corpus.Cost(func() { WriteDisassembly(&b, f, decode.PartIR(f.Part("DXIL"))) })
		out := b.String()
		full := strings.Count(out, fmt.Sprintf("(%s)", strings.TrimSuffix(strings.Repeat("i32, ", 8*k), ", ")))
		named := strings.Count(out, fmt.Sprintf("(<%d parameters, as @0 above>)", 8*k))
		t.Logf("k=%d: %d bytes, disassembly of %d bytes in %v (%d allocated per byte); %d declarations print the parameters, %d name @0",
			k, len(data), b.Len(), d, alloc/uint64(len(data)), full, named)
		if full == 0 || full+named != k {
			t.Errorf("k=%d: %d declarations print the list, %d name @0, of %d", k, full, named, k)
		}
		if b.Len() > 256*len(data) {
			t.Errorf("k=%d: %d bytes of text from %d", k, b.Len(), len(data))
		}
		return len(data), float64(alloc)
	})
}

// TestDisassemblyRepeatedTextIsLinear: a module names one long thing from
// many records of half a byte: an argument's 4,096-character name from
// 4,096 stores (5 KB of bitcode, 32 MB of text), a 4,096-character string
// constant from 4,096 globals, a metadata string from each of a node's
// 4,096 operands (one line of 16 MB, made before it was written). The
// listing now stops at its budget (1 MiB and 32 bytes per bitcode byte),
// with a line saying so; what it allocates per input byte stays flat.
func TestDisassemblyRepeatedTextIsLinear(t *testing.T) {
	for _, c := range []struct {
		name string
		make func(k int) []byte
	}{
		{"an argument's name of k characters in k stores", func(k int) []byte { return hostile.LongName(k, k) }},
		{"k globals of one string constant of k characters", func(k int) []byte { return hostile.StringConstant(k, k) }},
		{"a node of k operands naming one metadata string of k characters", func(k int) []byte { return hostile.MDString(k, k) }},
	} {
		hostile.FlatPerByte(t, c.name, []int{2048, 4096, 8192}, 1.5, "bytes allocated", func(k int) (int, float64) {
			data := c.make(k)
			f, err := decode.Parse(data)
			if err != nil {
				t.Fatal(err)
			}
			m := decode.PartIR(f.Part("DXIL"))
			var b bytes.Buffer
			alloc, d := corpus.Cost(func() { WriteIR(&b, m) })
			t.Logf("%s, k=%d: %d bytes, %d bytes of text in %v, %d allocated per byte", c.name, k, len(data), b.Len(), d, alloc/uint64(len(data)))
			if limit := disBudgetPerByte*int(m.Size) + disBudgetBase + 1024; b.Len() > limit {
				t.Errorf("%s, k=%d: %d bytes of text from %d bytes (limit %d)", c.name, k, b.Len(), len(data), limit)
			}
			if !strings.Contains(b.String(), "; dxscope stops this listing here, at its budget of") {
				t.Errorf("%s, k=%d: no line says the listing stops at its budget", c.name, k)
			}
			return len(data), float64(alloc)
		})
	}
}

// TestDisassemblyAttributeListsAreLinear: every call renders its attribute
// list for the call and each argument, walking the list's groups; one list
// of k groups named by k calls took 0.65 s at k = 4,096 (11 KB) and 8.9 s
// at k = 16,384. Each list is rendered once per index now. Time per input
// byte stays flat (best of three runs).
func TestDisassemblyAttributeListsAreLinear(t *testing.T) {
	// Sizes whose runs take milliseconds, the best of five: shorter runs
	// were at the mercy of a busy machine.
	hostile.FlatPerByte(t, "", []int{4096, 8192, 16384}, 4, "ns", func(k int) (int, float64) {
		data := hostile.AttributeList(k, k)
		f, err := decode.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		m := decode.PartIR(f.Part("DXIL"))
		var b bytes.Buffer
		best := hostile.Fastest(5, func() { b.Reset(); WriteIR(&b, m) })
		if n := strings.Count(b.String(), "call void @0()"); n != k {
			t.Fatalf("k=%d: %d calls printed", k, n)
		}
		t.Logf("k=%d: %d bytes printed in %v", k, len(data), best)
		return len(data), float64(best)
	})
}

// A listing with its source interleaved (issue: hostile input, seventh
// round): k instructions alternating between a k-byte line 1 and line k+1
// printed the long line above every other instruction (k² bytes: 34 MB from
// 76 KB) and walked the text from its start for each; k instructions
// alternating between the two lines of a file with a k-byte name printed
// the name above each (67 MB from 64 KB). The names and source text the
// annotations print are budgeted, and each file's lines are indexed once:
// what a byte costs stays flat over three sizes, each twice the last.
func TestSourceAnnotationsCostTheirSize(t *testing.T) {
	for _, c := range []struct {
		name string
		make func(k int) []byte
		seen string // what an annotation shows that each used to
	}{
		{"k instructions naming a k-byte line", func(k int) []byte { return hostile.SourceLines(k, k, k) }, "; a:1: yyy"},
		{"k instructions naming a file of a k-byte name", func(k int) []byte { return hostile.LongFileName(k, k) }, "; aaaa"},
	} {
		var allocs, outs []float64
		for _, k := range []int{4096, 8192, 16384} {
			data := c.make(k)
			f, err := decode.Parse(data)
			if err != nil {
				t.Fatal(err)
			}
			sm := decode.Sources(f)
			m := decode.PartIR(f.Part("DXIL"))
			if sm == nil || m == nil {
				t.Fatal("no source map or module")
			}
			var lines []string
			alloc, _ := corpus.Cost(func() { lines = DisassemblyWithSource(f, m, sm, false) })
			n := 0
			for _, l := range lines {
				n += len(l) + 1
			}
			seen := strings.Count(strings.Join(lines, "\n"), c.seen)
			t.Logf("%s, k=%d: %d bytes, %d MB allocated (%d per byte), %d bytes of text (%d per byte), %d annotations show it",
				c.name, k, len(data), alloc>>20, alloc/uint64(len(data)), n, n/len(data), seen)
			if seen == 0 || seen >= k/2 || !strings.Contains(lines[len(lines)-1], "source annotations, past its budget") {
				t.Errorf("%s, k=%d: %d annotations show it, the last line %.80q: want it shown, then the rest counted", c.name, k, seen, lines[len(lines)-1])
			}
			allocs = append(allocs, float64(alloc)/float64(len(data)))
			outs = append(outs, float64(n)/float64(len(data)))
		}
		hostile.Flat(t, c.name, allocs, 1.5, "bytes allocated")
		hostile.Flat(t, c.name, outs, 1.5, "bytes of text")
	}
}

// FuzzSourceAnnotations: the listings with their source interleaved (dis
// --source, asm --source) never panic and cost what the page's model of the
// file may.
func FuzzSourceAnnotations(f *testing.F) {
	f.Add(hostile.SourceLines(64, 64, 256))
	for _, b := range hostile.Seeds() {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		defer corpus.CheckAlloc(t, corpus.ModelAlloc, len(data))()
		file, err := decode.Parse(data)
		if err != nil {
			return
		}
		sm := decode.Sources(file)
		if sm == nil {
			return
		}
		if m := decode.PartIR(file.Part(sm.Part)); m != nil {
			DisassemblyWithSource(file, m, sm, true)
		}
		if p := file.Part(sm.Part); p != nil && p.Bytecode != nil {
			FXCListingWithSource(file, sm)
		}
	})
}

// Many functions, each a kilobyte of bitcode just under the alignment's
// table of cells, cost what their lines do: each had its own 16 MB table
// (64 of them, 132 KB: 700 MB allocated, 5,290 bytes per input byte).
func TestCodeDiffOfManyUnitsCostsItsLines(t *testing.T) {
	a := hostile.AllocaBodies(64, 2000, 1)
	b := hostile.AllocaBodies(64, 2000, 5)
	fa, err := decode.Parse(a)
	if err != nil {
		t.Fatal(err)
	}
	fb, err := decode.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	ca, cb := Code(fa), Code(fb)
	if len(ca) < 2 || len(ca[1].Lines) < 2000 {
		t.Fatalf("the family's code is %d units; want 64 functions of 2,000 lines", len(ca))
	}
	var hunks int
	alloc, _ := corpus.Cost(func() { hunks = len(DiffCode(ca, cb)) })
	if hunks == 0 {
		t.Fatal("no hunks: the two files' code should differ")
	}
	n := len(a) + len(b)
	if perByte := float64(alloc) / float64(n); perByte > 2048 {
		t.Errorf("DiffCode allocated %d bytes for %d input bytes (%.0f per byte, want at most 2,048)", alloc, n, perByte)
	}
}

// TestBufferDefinitionsOfNestedStructsPrintLinearly: the disassembly's
// buffer definitions print each struct field's layout, so depth struct
// types of fanout fields of the next printed fanout^depth structs (12
// types of 4, 420 bytes, had taken 16 GB when stopped after a minute), and
// a struct holding itself printed until the depth limit. The header is
// built in memory, before any cap on the text. Each struct's fields are
// now printed in full once, again while repeats stay under
// maxRepeatLines, and named after that; a struct inside itself is named.
func TestBufferDefinitionsOfNestedStructsPrintLinearly(t *testing.T) {
	for _, c := range []struct {
		name   string
		make   func(k int) []byte
		ks     []int
		refers string // a line the largest's header has
	}{
		{"k struct types of 4 fields of the next", func(k int) []byte { return hostile.NestedStructsDXIL(k, 4, false) }, []int{4, 6, 8}, "(same as struct s (type"},
		{"a struct of k fields of itself", func(k int) []byte { return hostile.NestedStructsDXIL(1, k, true) }, []int{1, 2}, "being printed above)"},
	} {
		for _, k := range c.ks {
			data := c.make(k)
			f, err := decode.Parse(data)
			if err != nil {
				t.Fatal(err)
			}
			var n int
			var last []string
			alloc, d := corpus.Cost(func() {
				last = DisassemblyHeader(f, decode.PartIR(f.Part("DXIL")))
				for _, l := range last {
					n += len(l) + 1
				}
			})
			t.Logf("%s, k=%d: %d input bytes, %d bytes of header (%d lines) in %v, %d MB allocated", c.name, k, len(data), n, len(last), d, alloc>>20)
			// The first print of each struct, the repeats' budget (4,096
			// lines of under 80 bytes) and a line per field.
			if limit := maxRepeatLines*80 + 64*len(data); n > limit {
				t.Errorf("%s, k=%d: %d bytes of header from %d bytes (limit %d)", c.name, k, n, len(data), limit)
			}
			if k == c.ks[len(c.ks)-1] && !strings.Contains(strings.Join(last, "\n"), c.refers) {
				t.Errorf("%s: no line names a struct printed above", c.name)
			}
		}
	}
}

// TestViewIDStateTextStopsAtItsBudget: the disassembly header lists
// !dx.viewIdState's dependencies, 32 a word of the module
// (hostile.ViewIDState: every input feeding every output). The header was
// made whole before a text's cap applied, through a map of every
// dependency and a string of every number: a 64 KiB text of the 688 KB
// state allocated 383 MB in 0.67 s (560 bytes a byte). The state is now
// read in place and the header written as it is made, so a capped text
// costs the module's decoding and the cap; uncapped, every dependency is
// still listed.
func TestViewIDStateTextStopsAtItsBudget(t *testing.T) {
	dis, _ := DumpNamed("dis")
	for _, k := range []int{1024, 2048, 4096} {
		data := hostile.ViewIDState(k, 1024)
		f, err := decode.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		p := f.Part("DXIL")
		var text string
		var cut bool
		alloc, d := corpus.Cost(func() { text, cut = dis.TextUpTo(f, p, 64<<10) })
		t.Logf("k=%d, %d bytes: %d bytes of text in %v, %d KB allocated (%.1f a byte)", k, len(data), len(text), d, alloc>>10, float64(alloc)/float64(len(data)))
		if !cut || !strings.Contains(text, ";   output 0 depends on inputs: { 0, 1, 2, ") {
			t.Errorf("k=%d: the capped text (cut %v) does not list output 0's inputs", k, cut)
		}
		if perByte := float64(alloc) / float64(len(data)); perByte > 40 {
			t.Errorf("k=%d: a 64 KiB text allocated %d bytes, %.0f a byte of the file", k, alloc, perByte)
		}
	}
	f, err := decode.Parse(hostile.ViewIDState(3, 40))
	if err != nil {
		t.Fatal(err)
	}
	whole := dis.Text(f, f.Part("DXIL"))
	for _, want := range []string{
		"; Number of inputs: 3, outputs: 40\n; Outputs dependent on ViewId: {  }\n; Inputs contributing to computation of Outputs:\n;   output 0 depends on inputs: { 0, 1, 2 }\n",
		";   output 39 depends on inputs: { 0, 1, 2 }\n;\n",
	} {
		if !strings.Contains(whole, want) {
			t.Errorf("the whole text lacks %q", want)
		}
	}
	if n := strings.Count(whole, " depends on inputs: "); n != 40 {
		t.Errorf("%d outputs listed, want 40", n)
	}
}

// TestWrittenDisassemblyIsTheListing: the disassembly written to a writer,
// a few kilobytes at a time, is the listing DisassembleIRStyle makes, line
// for line: for corpus modules, and for hostile ones whose listings run past
// the writer's chunks, as a line longer than a chunk and to the budget's cut.
func TestWrittenDisassemblyIsTheListing(t *testing.T) {
	mods := smallBitcode(t, 8)
	for _, bc := range [][]byte{
		hostile.FunctionTypeBitcode(8*512, 512),
		hostile.LongNameBitcode(64<<10, 4),
		hostile.LongNameBitcode(4096, 4096),
		hostile.AttributeListBitcode(256, 256),
		hostile.EmptyModuleBitcode(),
	} {
		mods = append(mods, bc)
	}
	flushed, budget := 0, 0
	for i, bc := range mods {
		m := ir.Decode(bc, 0, "DXIL")
		var want strings.Builder
		for _, l := range DisassembleIRStyle(m, DXCStyle{LineComments: true}) {
			want.WriteString(l.Text + "\n")
		}
		var got strings.Builder
		if err := WriteIRStyle(&got, m, DXCStyle{LineComments: true}); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Errorf("module %d: written %d bytes, the listing %d", i, got.Len(), want.Len())
		}
		if want.Len() > 2*sinkChunk {
			flushed++
		}
		if strings.Contains(want.String(), "; dxscope stops this listing here") {
			budget++
		}
	}
	if flushed < 3 || budget == 0 {
		t.Errorf("%d listings past two chunks, %d cut at the budget: the test reaches too little", flushed, budget)
	}
}

// TestCappedDisassemblyStopsThePrinter: a capped dis text stops the
// printer at the cap. A 64 KiB text of a module whose listing runs to its
// budget was the whole listing made first, then cut: 16.4 MB allocated
// of the whole text's 17.0 MB; now 4.7 MB (the module's decoding).
func TestCappedDisassemblyStopsThePrinter(t *testing.T) {
	dis, _ := DumpNamed("dis")
	f, err := decode.Parse(hostile.LongName(16<<10, 4096))
	if err != nil {
		t.Fatal(err)
	}
	p := f.Part("DXIL")
	var whole, text string
	wholeAlloc, _ := corpus.Cost(func() { whole = dis.Text(f, p) })
	alloc, _ := corpus.Cost(func() { text, _ = dis.TextUpTo(f, p, 64<<10) })
	t.Logf("%d bytes of listing, %d KB allocated; a 64 KiB text of it allocated %d KB", len(whole), wholeAlloc>>10, alloc>>10)
	if !strings.HasPrefix(whole, text) || len(text) < 32<<10 {
		t.Errorf("the capped text (%d bytes) is not the listing's top", len(text))
	}
	if alloc > wholeAlloc/2 {
		t.Errorf("a 64 KiB text allocated %d bytes, the whole listing %d", alloc, wholeAlloc)
	}
}

// TestCappedDisassemblyHeaderStopsAtTheCap: the header's signature tables
// are written a line at a time, so a capped dis text of a module beside an
// input signature of k elements (ModulesBesideSignature(1, k)) makes no more
// of them than the cap holds. They were made whole first: a 64 KiB text
// allocated 15 MB at k = 32,768 and 30 MB at k = 65,536 (1.6 MB); now 667 KB
// at every k.
func TestCappedDisassemblyHeaderStopsAtTheCap(t *testing.T) {
	dis, _ := DumpNamed("dis")
	for _, k := range []int{16384, 32768, 65536} {
		f, err := decode.Parse(hostile.ModulesBesideSignature(1, k))
		if err != nil {
			t.Fatal(err)
		}
		var p *decode.Part
		for _, q := range f.Parts {
			if q.Name == "DXIL" {
				p = q
			}
		}
		var text string
		var cut bool
		alloc, _ := corpus.Cost(func() { text, cut = dis.TextUpTo(f, p, 64<<10) })
		t.Logf("k=%d, %d bytes: a 64 KiB text allocated %d KB", k, f.Length, alloc>>10)
		if !cut || !strings.Contains(text, "; Input signature:") {
			t.Errorf("k=%d: the text (cut %v) does not show the signature", k, cut)
		}
		if alloc > 2<<20 {
			t.Errorf("k=%d: a 64 KiB text allocated %d bytes", k, alloc)
		}
	}
}
