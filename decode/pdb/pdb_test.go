package pdb

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/dxscope/dxscope/decode/binread"
	"github.com/dxscope/dxscope/decode/report"
	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

func TestMain(m *testing.M) { corpus.Main(m) }

// decodeBytes decodes b as a whole PDB file.
func decodeBytes(b []byte) (*File, *report.Sink) {
	out := &report.Sink{}
	r := binread.New(b, 0, "PDB", "PDB", out)
	var f *File
	out.Guard(0, "PDB", "PDB", func() { f = Decode(r) })
	return f, out
}

// spdbParts returns the SPDB parts of the corpus with their file offsets,
// cut from the containers by hand (the part table, not decode).
func spdbParts(t testing.TB) (names []string, parts [][]byte) {
	for _, e := range corpus.Entries(t) {
		if !e.Has("SPDB") {
			continue
		}
		b := e.Bytes(t)
		n := binary.LittleEndian.Uint32(b[28:])
		for i := uint32(0); i < n; i++ {
			off := binary.LittleEndian.Uint32(b[32+4*i:])
			if string(b[off:off+4]) == "SPDB" {
				size := binary.LittleEndian.Uint32(b[off+4:])
				names = append(names, e.Rel)
				parts = append(parts, b[off+8:off+8+size])
			}
		}
	}
	return names, parts
}

// The streams a writer laid out come back byte for byte, with their sizes
// and blocks, from a file made by hand the way DXC's writer lays one out.
func TestMSFStreamsReadBack(t *testing.T) {
	streams := [][]byte{nil, hostile.PDBInfo(bytes.Repeat([]byte{0xAB}, 16)), nil, nil, nil,
		bytes.Repeat([]byte("DXBC0123456789"), 100)}
	b := hostile.MSF(512, streams)
	f, out := decodeBytes(b)
	for _, p := range out.Problems {
		t.Errorf("problem: %s", p)
	}
	if f.Directory == nil || len(f.Directory.Streams) != len(streams) {
		t.Fatalf("directory: %+v", f.Directory)
	}
	for i, s := range streams {
		if got := f.StreamData(i); !bytes.Equal(got, s) {
			t.Errorf("stream %d: %d bytes back, want %d", i, len(got), len(s))
		}
	}
	if f.Info == nil || f.Info.UniqueID.Hex() != strings.Repeat("ab", 16) || f.Info.Version != 20000404 {
		t.Errorf("info stream: %+v", f.Info)
	}
	if f.Container == nil || f.Container.Offset != 6*512 || !f.Container.Contiguous || f.Container.Size != 1400 {
		t.Errorf("container stream: %+v", f.Container)
	}
	// Every byte of the file is accounted for.
	gaps := binread.FillGaps(out.Spans, 0, int64(len(b)), "gap")
	for _, g := range gaps {
		t.Errorf("bytes 0x%x+%d covered by no span", g.Off, g.Size)
	}
}

// Over the corpus's SPDB parts: the streams FXC writes decode without a
// problem, every byte has a span, and the /names, sources and line tables
// are what the compiler's listing shows.
func TestCorpusSPDBDecodes(t *testing.T) {
	names, parts := spdbParts(t)
	if len(parts) == 0 {
		corpus.Skip(t, "SPDB", "no SPDB part in the corpus")
	}
	sources, lines, vars := 0, 0, 0
	for i, b := range parts {
		f, out := decodeBytes(b)
		for _, p := range out.Problems {
			t.Errorf("%s: %s", names[i], p)
		}
		for _, g := range binread.FillGaps(out.Spans, 0, int64(len(b)), "gap") {
			t.Errorf("%s: bytes 0x%x+%d covered by no span", names[i], g.Off, g.Size)
		}
		if f.DBI == nil || len(f.Modules) != 1 || f.Types == nil || f.Names == nil {
			t.Fatalf("%s: streams missing: DBI %v, %d modules, types %v, names %v", names[i], f.DBI != nil, len(f.Modules), f.Types != nil, f.Names != nil)
		}
		if got := f.Modules[0].EnvValue("hlslEntry"); got != f.Modules[0].Name {
			t.Errorf("%s: hlslEntry %q, module %q", names[i], got, f.Modules[0].Name)
		}
		sources += len(f.Sources)
		cl, _ := f.CodeLines()
		lines += len(cl)
		vs, _ := f.Variables()
		vars += len(vs)
	}
	t.Logf("%d SPDB parts: %d embedded source files, %d code offsets with lines, %d variable pieces", len(parts), sources, lines, vars)
}

// Every truncation of every corpus SPDB part decodes to problems, never a
// panic (the decoder runs under no recover here).
func TestTruncatedSPDBNeverPanics(t *testing.T) {
	names, parts := spdbParts(t)
	if len(parts) == 0 {
		corpus.Skip(t, "SPDB", "no SPDB part in the corpus")
	}
	cuts := 0
	for i, b := range parts {
		for n := 0; n < len(b); n++ {
			out := &report.Sink{}
			func() {
				defer func() {
					if e := recover(); e != nil {
						t.Fatalf("%s cut to %d bytes: panic %v", names[i], n, e)
					}
				}()
				Decode(binread.New(b[:n:n], 0, "SPDB", "SPDB", out))
			}()
			if len(out.Problems) == 0 && n >= SuperBlockSize {
				t.Errorf("%s cut to %d bytes: no problem reported", names[i], n)
			}
			cuts++
		}
	}
	t.Logf("%d truncations of %d SPDB parts: problems each time, no panic", cuts, len(parts))
}

// Crafted MSF files cost time and memory in proportion to their size,
// whatever their directories claim.
func TestCraftedMSFCostsItsSize(t *testing.T) {
	for _, c := range []struct {
		name string
		b    []byte
		want string
	}{
		{"four billion streams", hostile.MSFManyStreams(1 << 20), "NumStreams"},
		{"every stream lists every block", hostile.MSFSharedBlocks(100, 150), "already uses"},
		{"blocks past the end", hostile.MSFBlocksOutside(), "past the last block"},
	} {
		var f *File
		var out *report.Sink
		alloc, d := corpus.Cost(func() { f, out = decodeBytes(c.b) })
		found := false
		for _, p := range out.Problems {
			found = found || strings.Contains(p.Message, c.want)
		}
		if !found {
			t.Errorf("%s: no problem says %q: %v", c.name, c.want, out.Problems)
		}
		// A span per 4-byte directory entry is the most the format's fields cost.
		if alloc > 128*uint64(len(c.b))+1<<20 {
			t.Errorf("%s: %d bytes allocated for a %d-byte file", c.name, alloc, len(c.b))
		}
		_ = f
		t.Logf("%s: %d bytes, %d allocated, %v, %d problems", c.name, len(c.b), alloc, d, len(out.Problems))
	}
}

func FuzzPDB(f *testing.F) {
	_, parts := spdbParts(f)
	for _, p := range parts {
		f.Add(p)
	}
	f.Add(hostile.DXCPDB([]byte("DXBC"), nil))
	f.Add(hostile.MSFBlocksOutside())
	for _, b := range [][]byte{hostile.SelfArrayPDB(), hostile.InlineSitesPDB(32, 32), hostile.SharedModulePDB(8, 32),
		hostile.SharedSourcePDB(8, 256), hostile.PieceNamesPDB(32, 2, 256)} {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		out := &report.Sink{}
		d := Decode(binread.New(b, 0, "SPDB", "SPDB", out))
		d.CodeLines()
		d.Variables()
	})
}

// BenchmarkDecodeSPDB decodes the corpus's SPDB parts and maps their lines
// and variables.
func BenchmarkDecodeSPDB(b *testing.B) {
	_, parts := spdbParts(b)
	corpus.Bench(b, parts, func(p []byte) int { return len(p) }, func(p []byte) {
		f, _ := decodeBytes(p)
		f.CodeLines()
		f.Variables()
	})
}

// TestCodeNames checks the names of the map-named codes against cvinfo.h
// and LLVM's PDB enums, and that a value nobody named prints as its number
// (in the type's own base) rather than recursing through String.
func TestCodeNames(t *testing.T) {
	for _, c := range []struct {
		got  fmt.Stringer
		want string
	}{
		{S_GPROC32, "S_GPROC32"},
		{SymbolKind(0x1108), "S_UDT"},
		{SymbolKind(0x1234), "SymbolKind(0x1234)"},
		{LF_STRUCTURE, "LF_STRUCTURE"},
		{LF_UDT_MOD_SRC_LN, "LF_UDT_MOD_SRC_LINE"},
		{LeafKind(0x1fff), "LeafKind(0x1fff)"},
		{PdbVersion(20000404), "VC70"},
		{PdbVersion(7), "PdbVersion(7)"},
		{PdbFeature(0x4D544F4E), "NoTypeMerge"},
		{PdbFeature(0x20), "PdbFeature(0x20)"},
	} {
		if s := c.got.String(); s != c.want {
			t.Errorf("%#v: %q, want %q", c.got, s, c.want)
		}
	}
}

// A stream many records name, and code many inline sites cover (issue:
// hostile input, third round): each family at three sizes, each twice the
// last; what a byte costs stays flat. Before, k module infos naming one
// module stream decoded it k times (1,024 of them, 82 KB: 2.5 GB in 11 s),
// k named streams naming one source copied it k times, and k inline sites
// each covering k code offsets gave every offset k names (4,096: 185 KB,
// 1 GB in 5 s).
func TestSharedStreamsAndInlineSitesCostTheirSize(t *testing.T) {
	for _, c := range []struct {
		name string
		make func(k int) []byte
		ks   []int
		want string // a problem the file has, "" for none
	}{
		{"k module infos naming one module stream of k lines", func(k int) []byte { return hostile.SharedModulePDB(k, k) }, []int{256, 512, 1024},
			"module info 1 names stream 5, which module info 0 names too: the stream is decoded once, for the first"},
		{"k named streams naming one source of 8k bytes", func(k int) []byte { return hostile.SharedSourcePDB(k, 8*k) }, []int{1024, 2048, 4096},
			"named stream 1 (/src/files/a.hlsl) names stream 5, which named stream 0 (/src/files/a.hlsl) names too"},
		{"k inline sites each covering k code offsets", func(k int) []byte { return hostile.InlineSitesPDB(k, k) }, []int{1024, 2048, 4096}, ""},
	} {
		hostile.FlatPerByte(t, c.name, c.ks, 1.5, "bytes allocated", func(k int) (int, float64) {
			b := c.make(k)
			var f *File
			var out *report.Sink
			var lines []CodeLine
			var full int
			alloc, d := corpus.Cost(func() {
				f, out = decodeBytes(b)
				lines, full = f.CodeLines()
				f.Variables()
			})
			inlined := 0
			for _, l := range lines {
				inlined += len(l.Inlined)
			}
			t.Logf("%s, k=%d: %d bytes, decoded and mapped in %v, %d MB allocated (%d per byte), %d modules, %d sources, %d inline names on %d lines",
				c.name, k, len(b), d, alloc>>20, alloc/uint64(len(b)), len(f.Modules), len(f.Sources), inlined, len(lines))
			if len(f.Modules) > 1 || len(f.Sources) > 1 || inlined > MaxInlineVisits*len(lines) {
				t.Errorf("%s, k=%d: %d modules, %d sources, %d inline names decoded", c.name, k, len(f.Modules), len(f.Sources), inlined)
			}
			// Every offset is named by k sites, more than it takes: each says so.
			if wantFull := map[bool]int{true: len(lines)}[strings.HasPrefix(c.name, "k inline sites")]; full != wantFull {
				t.Errorf("%s, k=%d: %d offsets took all the inline sites they may, want %d", c.name, k, full, wantFull)
			}
			if c.want != "" {
				found := false
				for _, p := range out.Problems {
					found = found || strings.Contains(p.Message, c.want)
				}
				if !found {
					t.Errorf("%s, k=%d: no problem says %q: %v", c.name, k, c.want, out.Problems)
				}
			}
			return len(b), float64(alloc)
		})
	}
}

// Types that name each other (issue: hostile input, third round): an array
// of itself recursed in typeName until the stack overflowed (a fatal
// error, which no recover catches: `dxscope asm --source` and the page died
// on a 4.6 KB file); a struct of members named with 1 KB whose last member
// is the struct itself, and thousands of pieces of it, made each piece's
// name 32 member names long (4,096 pieces, 105 KB: 134 MB of names, 2.5 GB
// allocated); 2,048 members walked at each level for each piece took 2.5 s
// for 137 KB. Naming now stops at 16 array levels, a name at
// binread.MaxNameLen bytes, a walk at a million members plus 64 per byte,
// and a piece named before is named the same again.
func TestCraftedTypesNameTheirPieces(t *testing.T) {
	f, _ := decodeBytes(hostile.SelfArrayPDB())
	vs, short := f.Variables()
	if want := strings.Repeat("[]", 16); len(vs) != 1 || vs[0].Type != want || short != 1 {
		t.Errorf("an array of itself: %+v (%d named short), want type %q, named short", vs, short, want)
	}
	for _, c := range []struct {
		name    string
		make    func(k int) []byte
		ks      []int
		maxName int
		cut     bool // every piece's name stops at a bound, and Variables says so
	}{
		{"k pieces of a struct of 1 KB names inside itself", func(k int) []byte { return hostile.PieceNamesPDB(k, 2, 1024) }, []int{1024, 2048, 4096}, 2*binread.MaxNameLen + 8, true},
		{"k pieces of a struct of 2,048 members inside itself", func(k int) []byte { return hostile.PieceNamesPDB(k, 2048, 1) }, []int{1024, 2048, 4096}, 64, false},
	} {
		for _, k := range c.ks {
			b := c.make(k)
			f, _ := decodeBytes(b)
			var vs []Variable
			var short int
			alloc, d := corpus.Cost(func() { vs, short = f.Variables() })
			longest := 0
			for _, v := range vs {
				longest = max(longest, len(v.Name))
			}
			t.Logf("%s, k=%d: %d bytes, %d pieces named in %v, %d KB allocated (%d per byte), the longest name %d bytes", c.name, k, len(b), len(vs), d, alloc>>10, alloc/uint64(len(b)), longest)
			if len(vs) != k || longest > c.maxName {
				t.Errorf("%s, k=%d: %d pieces, the longest name %d bytes", c.name, k, len(vs), longest)
			}
			if want := map[bool]int{true: k}[c.cut]; short != want {
				t.Errorf("%s, k=%d: %d pieces named short, want %d", c.name, k, short, want)
			}
			if limit := 1<<20 + 128*uint64(len(b)); alloc > limit {
				t.Errorf("%s, k=%d: %d KB allocated naming pieces, over %d KB", c.name, k, alloc>>10, limit>>10)
			}
			if d > 2*time.Second {
				t.Errorf("%s, k=%d: naming took %v", c.name, k, d)
			}
		}
	}
}
