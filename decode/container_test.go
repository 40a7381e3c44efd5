package decode

import (
	"encoding/binary"
	"errors"
	"runtime"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode/binread"
)

func TestNotAContainerIsAnError(t *testing.T) {
	for _, tc := range []struct {
		name string
		data []byte
		off  int64
		want string
	}{
		{"empty", nil, 0, "shorter than the 32-byte header"},
		{"short DXBC", []byte("DXBC1234"), 8, "shorter than the 32-byte header"},
		{"short other", []byte("MZ\x90\x00"), 0, `magic is "MZ..", not "DXBC"`},
		{"wrong magic", make([]byte, 64), 0, `magic is "....", not "DXBC"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Parse(tc.data)
			var fe *FormatError
			if f != nil || !errors.As(err, &fe) {
				t.Fatalf("Parse = %v, %v; want a *FormatError", f, err)
			}
			if fe.Off != tc.off || !strings.Contains(fe.Msg, tc.want) {
				t.Errorf("error = %v; want offset %d and %q", err, tc.off, tc.want)
			}
		})
	}
}

// twoParts is a valid container with an SFI0 and a HASH part:
// header 0..32, offsets 32..40, SFI0 at 40 (8+8), HASH at 56 (8+20), end 84.
func twoParts() []byte {
	return buildContainer(
		testPart{"SFI0", le64(1<<14 | 1)},
		testPart{"HASH", cat(le32(1), []byte("0123456789abcdef"))},
	)
}

func put32(b []byte, off int, v uint32) []byte {
	binary.LittleEndian.PutUint32(b[off:], v)
	return b
}

type wantProblem struct {
	sev Severity
	off int64
	msg string
}

// problemCase is a container with one thing wrong (or unusual) and what must be reported.
type problemCase struct {
	name   string
	build  func() []byte
	want   []wantProblem // each must be among the problems
	parts  int           // parts decoded; -1: at least the first two
	noneOf []string
}

// problemCases are the damaged containers the corpus lacks. They are also
// written to testdata/containers by TestTestdataContainers -update.
var problemCases = []problemCase{
	{"valid", twoParts, nil, 2, []string{""}},
	{"version 2.0", func() []byte { b := twoParts(); b[20] = 2; return b },
		[]wantProblem{{Warning, 20, "container version is 2.0"}}, 2, nil},
	{"FileSize larger than the data", func() []byte { return put32(twoParts(), 24, 100) },
		[]wantProblem{{Warning, 24, "FileSize says 100 bytes but only 84 are present (16 missing)"}}, 2, nil},
	{"FileSize smaller than the data", func() []byte { return append(twoParts(), 0xAA, 0xBB) },
		[]wantProblem{{Warning, 24, "the 2 bytes after FileSize are not part of the container"}}, 2, nil},
	{"part count of four billion", func() []byte { return put32(twoParts(), 28, 0xFFFFFFFF) },
		[]wantProblem{{Error, 32, "PartCount is 4294967295"}}, -1, nil},
	{"offset table past the end", func() []byte { return put32(twoParts(), 28, 20) },
		[]wantProblem{{Error, 32, "only 13 offsets fit"}}, -1, nil},
	{"part offset past the end", func() []byte { return put32(twoParts(), 36, 200) },
		[]wantProblem{{Error, 36, "part 1's offset 0xc8 is past the end"}}, 1, nil},
	{"part overlapping the offset table", func() []byte { return put32(twoParts(), 32, 36) },
		[]wantProblem{{Warning, 36, "overlaps the part offset table"}}, 2, nil},
	{"part header overlapping the previous part", func() []byte { return put32(twoParts(), 36, 52) },
		// LLVM forgets the 8-byte header here; we count it: SFI0 runs 40..56.
		[]wantProblem{{Warning, 52, "overlaps part 0 (SFI0)"}}, 2, nil},
	{"gap between parts", func() []byte {
		b := buildContainer(testPart{"SFI0", le64(0)}, testPart{"PRIV", make([]byte, 12)})
		// Move PRIV 4 bytes later, shrinking it so it still ends at FileSize.
		copy(b[60:], b[56:64])
		put32(b, 36, 60)
		put32(b, 64, 8)
		return b
	}, []wantProblem{{Warning, 56, "4 bytes at 0x38-0x3c belong to no part"}}, 2, nil},
	{"bytes after the last part", func() []byte {
		b := append(twoParts(), 0, 0, 0, 0)
		return put32(b, 24, uint32(len(b)))
	}, []wantProblem{{Warning, 84, "4 bytes at 0x54-0x58 after the last part"}}, 2, nil},
	{"parts out of directory order", func() []byte {
		b := twoParts()
		put32(b, 32, 56)
		return put32(b, 36, 40)
	}, []wantProblem{{Warning, 36, "out of directory order"}}, 2, nil},
	{"duplicate unique part", func() []byte {
		return buildContainer(testPart{"DXIL", nil}, testPart{"DXIL", nil})
	}, []wantProblem{{Warning, 48, "a second DXIL part"}}, 2, nil},
	{"duplicate RDEF is allowed", func() []byte {
		return buildContainer(testPart{"RDEF", nil}, testPart{"RDEF", nil})
	}, nil, 2, []string{"a second"}},
	{"PRIV not last", func() []byte {
		return buildContainer(testPart{"PRIV", []byte{1, 2, 3, 4}}, testPart{"SFI0", le64(0)})
	}, []wantProblem{{Warning, 40, "PRIV part is not the last"}}, 2, nil},
	{"unaligned part is a note", func() []byte {
		return buildContainer(testPart{"FKE0", []byte{1, 2, 3}}, testPart{"SFI0", le64(0)})
	}, []wantProblem{{Note, 51, "not a multiple of 4"}}, 2, nil},
	{"part size past the end", func() []byte { return put32(twoParts(), 60, 1000) },
		[]wantProblem{{Error, 60, "its last 980 bytes are missing"}}, 2, nil},
	{"digest mismatch", func() []byte { b := twoParts(); b[5] ^= 1; return b },
		[]wantProblem{{Warning, 4, "digest does not match"}}, 2, nil},
	// Bytes a known layout does not cover are shown as unknown, with a note.
	{"SFI0 longer than its flags", func() []byte {
		return buildContainer(testPart{"SFI0", append(le64(1), 0xEE, 0xEE, 0xEE, 0xEE)})
	}, []wantProblem{{Warning, 52, "only the first 8 are defined"}, {Note, 52, "4 bytes of the part"}}, 1, nil},
}

func TestContainerProblems(t *testing.T) {
	for _, tc := range problemCases {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Parse(tc.build())
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tc.want {
				found := false
				for _, p := range f.Problems {
					if p.Severity == w.sev && p.Offset == w.off && strings.Contains(p.Message, w.msg) {
						found = true
					}
				}
				if !found {
					t.Errorf("missing %s at %d containing %q; got:\n%s", w.sev, w.off, w.msg, problemList(f.Problems))
				}
			}
			for _, n := range tc.noneOf {
				for _, p := range f.Problems {
					if strings.Contains(p.Message, n) {
						t.Errorf("unexpected problem %s", p)
					}
				}
			}
			// -1: the bytes after the real table are read as more offsets; only the first two matter.
			if tc.parts < 0 && (len(f.Parts) < 2 || f.Parts[0].Name != "SFI0" || f.Parts[1].Name != "HASH") {
				t.Errorf("first parts = %v", f.Parts)
			} else if tc.parts >= 0 && len(f.Parts) != tc.parts {
				t.Errorf("decoded %d parts, want %d", len(f.Parts), tc.parts)
			}
		})
	}
}

func problemList(ps []Problem) string {
	var s []string
	for _, p := range ps {
		s = append(s, "  "+p.String())
	}
	return strings.Join(s, "\n")
}

func TestValidContainerFields(t *testing.T) {
	f, err := Parse(twoParts())
	if err != nil {
		t.Fatal(err)
	}
	h := f.Header
	if h.Version != (Version{1, 0}) || h.FileSize != 84 || h.PartCount != 2 || len(h.PartOffsets) != 2 || h.PartOffsets[0] != 40 || h.PartOffsets[1] != 56 {
		t.Errorf("header = %+v", h)
	}
	if f.Digest.Status != DigestValid {
		t.Errorf("digest = %v", f.Digest.Status)
	}
	sfi := f.Part("SFI0")
	if sfi.Flags == nil || *sfi.Flags != 1<<14|1 || strings.Join(sfi.Flags.Names(), ",") != "Doubles,WaveOps" {
		t.Errorf("SFI0 = %v", sfi.Flags)
	}
	hash := f.Part("HASH")
	if hash.Hash == nil || !hash.Hash.IncludesSource || hash.Hash.Digest.String() != "30313233343536373839616263646566" {
		t.Errorf("HASH = %+v", hash.Hash)
	}
}

// Every byte of a file is covered by some span: fields, structures, raw
// payloads or explicit unknown regions.
func TestEveryByteAccountedFor(t *testing.T) {
	for _, b := range [][]byte{
		twoParts(),
		append(twoParts(), 1, 2, 3),
		buildContainer(testPart{"XYZW", []byte("opaque bytes")}, testPart{"SFI0", le64(1)}),
	} {
		f, err := Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		if gaps := binread.FillGaps(f.AllSpans(), 0, int64(len(b)), ""); len(gaps) > 0 {
			t.Errorf("uncovered bytes: %+v", gaps)
		}
	}
}

func TestSpansLieInsideTheFile(t *testing.T) {
	b := twoParts()
	f, _ := Parse(b)
	// Part and span path: the container's own bytes are named from the
	// file's keys, a part's from its own (its header's Name and Size, its
	// value's key).
	want := map[string][2]int64{
		"/Header/FileSize":      {24, 4},
		"/Header/PartOffsets/1": {36, 4},
		"SFI0/Size":             {44, 4},
		"SFI0/Flags":            {48, 8},
		"HASH/Hash/Digest":      {68, 16},
		"HASH/Hash/Flags":       {64, 4},
		"HASH/Hash":             {64, 20},
		"/Header/Version/Major": {20, 2},
		"/Header/Hash":          {4, 16},
		"HASH/Name":             {56, 4},
		"SFI0/PartHeader":       {40, 8},
	}
	got := map[string][2]int64{}
	for _, s := range f.AllSpans() {
		got[s.Part+"/"+s.Path] = [2]int64{s.Off, s.Size}
		if s.Off < 0 || s.End() > int64(len(b)) {
			t.Errorf("span %+v outside the file", s)
		}
	}
	for p, w := range want {
		if got[p] != w {
			t.Errorf("span %s = %v, want %v", p, got[p], w)
		}
	}
}

func TestHugeCountsAllocateLittle(t *testing.T) {
	// A 64-byte file claiming 4,294,967,295 parts.
	many := make([]byte, 64)
	copy(many, Magic)
	binary.LittleEndian.PutUint16(many[20:], 1)
	binary.LittleEndian.PutUint32(many[24:], 64)
	binary.LittleEndian.PutUint32(many[28:], 0xFFFFFFFF)
	// A part claiming 4 GB.
	big := buildContainer(testPart{"PRIV", make([]byte, 16)})
	put32(big, 40, 0xFFFFFFFF)
	for name, b := range map[string][]byte{"4G parts": many, "4G part": big} {
		per := bytesPerCall(func() { Parse(b) })
		t.Logf("%s: %d bytes allocated per Parse", name, per)
		if per > 1<<20 {
			t.Errorf("%s: Parse allocates %d bytes, want under 1 MiB", name, per)
		}
	}
}

func TestChecksumPaddingPaths(t *testing.T) {
	// Tails of 55 and 56 bytes take the one- and two-block paths; both must
	// differ from each other and be stable (the corpus test checks them against
	// real signed files, which hit both paths).
	a := Checksum(make([]byte, 55))
	b := Checksum(make([]byte, 56))
	if a == b {
		t.Error("55- and 56-byte inputs hash alike")
	}
}

// bytesPerCall measures the bytes fn allocates, averaged over a few calls.
func bytesPerCall(fn func()) uint64 {
	const n = 20
	fn()
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	for i := 0; i < n; i++ {
		fn()
	}
	runtime.ReadMemStats(&b)
	return (b.TotalAlloc - a.TotalAlloc) / n
}
