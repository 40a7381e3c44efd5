package decode

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dxscope/dxscope/internal/corpus"
	"gopkg.in/yaml.v3"
)

var signatureParts = []string{"ISG1", "OSG1", "PSG1", "ISGN", "OSGN", "OSG5", "PCSG"}

func isSignaturePart(name string) bool {
	for _, n := range signatureParts {
		if n == name {
			return true
		}
	}
	return false
}

// wrapParts builds a container around the given parts (no digest).
func wrapParts(parts ...struct {
	name string
	data []byte
}) []byte {
	n := len(parts)
	off := HeaderSize + 4*n
	var body []byte
	offs := make([]uint32, n)
	for i, p := range parts {
		offs[i] = uint32(off + len(body))
		var h [8]byte
		copy(h[:], p.name)
		binary.LittleEndian.PutUint32(h[4:], uint32(len(p.data)))
		body = append(body, h[:]...)
		body = append(body, p.data...)
	}
	out := make([]byte, HeaderSize, off+len(body))
	copy(out, Magic)
	binary.LittleEndian.PutUint16(out[20:], 1)
	binary.LittleEndian.PutUint32(out[24:], uint32(off+len(body)))
	binary.LittleEndian.PutUint32(out[28:], uint32(n))
	for _, o := range offs {
		out = binary.LittleEndian.AppendUint32(out, o)
	}
	return append(out, body...)
}

type namedPart = struct {
	name string
	data []byte
}

func wrapPart(name string, data []byte) []byte { return wrapParts(namedPart{name, data}) }

func partProblems(f *File, name string) []Problem {
	var out []Problem
	for _, p := range f.Problems {
		if p.Part == name {
			out = append(out, p)
		}
	}
	return out
}

// TestSignatureHandBuilt checks every field of hand-assembled parts of each element size.
func TestSignatureHandBuilt(t *testing.T) {
	// ISG1: 2 elements of 32 bytes; strings at 8+64 = 72.
	isg1 := le32(2, 8,
		0, 72, 0, 1, 3, 0, 0x0F|0x0F<<8, 0, // SV_Position, Position, Float32, r0, xyzw, reads xyzw
		0, 84, 3, 0, 1, 1, 0x3|0x1<<8, 0xF0, // TEXCOORD3, UInt32, r1, xy, reads x, Any16
	)
	isg1 = append(isg1, "SV_Position\x00TEXCOORD\x00\x00\x00\x00"...)
	// OSG5: 1 element of 28 bytes; string at 36.
	osg5 := le32(1, 8, 2, 36, 0, 0, 3, 0, 0x0F|0x0C<<8)
	osg5 = append(osg5, "COLOR\x00\xab\xab"...)
	// OSGN: 1 element of 24 bytes, SV_Target with SystemValue 0 as FXC writes it.
	osgn := le32(1, 8, 32, 0, 0, 3, 0, 0x0F|0x00<<8)
	osgn = append(osgn, "SV_Target\x00\xab\xab"...)

	type want struct {
		part    string
		data    []byte
		summary string
		params  []SignatureParameter
	}
	cases := []want{
		{"ISG1", isg1, "2 elements: SV_Position, TEXCOORD3", []SignatureParameter{
			{Name: "SV_Position", Index: 0, SystemValue: 1, CompType: 3, Register: 0, Mask: 0xF, ExclusiveMask: 0xF, MinPrecision: 0, NameOffset: 72, MaskString: "xyzw", Used: 0xF, UsedString: "xyzw", SystemValueName: "POS"},
			{Name: "TEXCOORD", Index: 3, SystemValue: 0, CompType: 1, Register: 1, Mask: 0x3, ExclusiveMask: 0x1, MinPrecision: 0xF0, NameOffset: 84, MaskString: "xy", Used: 0x1, UsedString: "x", SystemValueName: "NONE"},
		}},
		{"OSG5", osg5, "1 element: COLOR0", []SignatureParameter{
			{Stream: 2, Name: "COLOR", Index: 0, SystemValue: 0, CompType: 3, Register: 0, Mask: 0xF, ExclusiveMask: 0xC, NameOffset: 36, MaskString: "xyzw", Used: 0x3, UsedString: "xy", SystemValueName: "NONE"},
		}},
		{"OSGN", osgn, "1 element: SV_Target", []SignatureParameter{
			{Name: "SV_Target", SystemValue: 0, CompType: 3, Register: 0, Mask: 0xF, ExclusiveMask: 0, NameOffset: 32, MaskString: "xyzw", Used: 0xF, UsedString: "xyzw", SystemValueName: "NONE"},
		}},
	}
	for _, c := range cases {
		t.Run(c.part, func(t *testing.T) {
			f, err := Parse(wrapPart(c.part, c.data))
			if err != nil {
				t.Fatal(err)
			}
			p := f.Parts[0]
			if ps := partProblems(f, c.part); len(ps) != 0 {
				t.Errorf("unexpected problems: %v", ps)
			}
			for _, sp := range p.Spans {
				if sp.Kind == SpanUnknown {
					t.Errorf("unclaimed bytes %+v", sp)
				}
			}
			s := p.Signature
			if s == nil {
				t.Fatal("no signature")
			}
			if p.Summary != c.summary {
				t.Errorf("summary %q, want %q", p.Summary, c.summary)
			}
			if len(s.Parameters) != len(c.params) {
				t.Fatalf("%d parameters, want %d", len(s.Parameters), len(c.params))
			}
			for i, w := range c.params {
				g := s.Parameters[i]
				g.Offset = 0
				if g != w {
					t.Errorf("parameter %d:\n got  %+v\n want %+v", i, g, w)
				}
			}
		})
	}

	// JSON keys and forms as obj2yaml prints them.
	f, _ := Parse(wrapPart("ISG1", isg1))
	b, _ := json.Marshal(f.Parts[0].Signature)
	for _, k := range []string{`"SystemValue":"Position"`, `"CompType":"Float32"`, `"MinPrecision":"Any16"`, `"Mask":15`, `"ExclusiveMask":15`, `"Name":"SV_Position"`} {
		if !strings.Contains(string(b), k) {
			t.Errorf("JSON lacks %s: %s", k, b)
		}
	}
	var back Signature
	if err := json.Unmarshal(b, &back); err != nil || back.Parameters[1].MinPrecision != 0xF0 {
		t.Errorf("JSON does not round-trip: %v %+v", err, back)
	}
}

// TestSignatureBadNamesAreProblems: names outside the part or inside the table.
func TestSignatureBadNamesAreProblems(t *testing.T) {
	cases := []struct {
		name    string
		nameOff uint32
		sev     Severity
		text    string
	}{
		{"past the end", 500, Error, "past the end"},
		{"inside the table", 8, Warning, "inside the header or element table"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := le32(1, 8, 0, c.nameOff, 0, 0, 3, 0, 0x0F)
			d = append(d, "X\x00\x00\x00"...)
			f, err := Parse(wrapPart("OSG1", d))
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, p := range partProblems(f, "OSG1") {
				if p.Severity == c.sev && strings.Contains(p.Message, c.text) {
					found = true
				}
			}
			if !found {
				t.Errorf("no %v problem containing %q: %v", c.sev, c.text, f.Problems)
			}
		})
	}
}

// TestSignaturePatchConstantDirection: PSG1 is an input in a domain shader, an output otherwise.
func TestSignaturePatchConstantDirection(t *testing.T) {
	psg := le32(1, 8, 0, 40, 0, 13, 3, 0, 0x08|0x08<<8, 0)
	psg = append(psg, "SV_TessFactor\x00\x00\x00"...)
	shex := func(kind uint32) []byte { return le32(kind<<16|0x50, 2) }
	for _, c := range []struct {
		kind uint32
		dir  SignatureDirection
		used uint8
	}{{3, SigOutput, 0}, {4, SigInput, 8}} {
		f, _ := Parse(wrapParts(namedPart{"PSG1", psg}, namedPart{"SHEX", shex(c.kind)}))
		s := f.Parts[0].Signature
		if s.Direction != c.dir || s.Parameters[0].Used != c.used {
			t.Errorf("program type %d: direction %v used %d, want %v %d", c.kind, s.Direction, s.Parameters[0].Used, c.dir, c.used)
		}
	}
}

// TestSignatureTruncationNeverPanics decodes every prefix of real signature
// parts: each prefix that cuts the table or a name must report a problem.
func TestSignatureTruncationNeverPanics(t *testing.T) {
	parts := corpusParts(t, isSignaturePart, 6)
	for _, cp := range parts {
		full, _ := Parse(wrapPart(cp.name, cp.data))
		s := full.Parts[0].Signature
		need := 8 + len(s.Parameters)*s.ElementSize
		for _, e := range s.Parameters {
			need = max(need, int(e.NameOffset)+len(e.Name)+1)
		}
		for n := 0; n < len(cp.data); n++ {
			f, err := Parse(wrapPart(cp.name, cp.data[:n]))
			if err != nil {
				t.Fatal(err)
			}
			checkNoInternalError(t, f, fmt.Sprintf("%s prefix %d", cp.name, n))
			if n < 8 && f.Parts[0].Signature != nil {
				t.Errorf("%s prefix %d: a signature from a truncated header", cp.name, n)
			}
			if n < need && len(partProblems(f, cp.name)) == 0 {
				t.Errorf("%s prefix %d of %d (%d needed): no problem reported", cp.name, n, len(cp.data), need)
			}
		}
	}
	t.Logf("%d parts, every prefix decoded", len(parts))
}

func hasUnknown(p *Part) bool {
	for _, s := range p.Spans {
		if s.Kind == SpanUnknown {
			return true
		}
	}
	return false
}

func checkNoInternalError(t *testing.T, f *File, what string) {
	t.Helper()
	for _, p := range f.Problems {
		if strings.Contains(p.Message, "internal decoder error") {
			t.Fatalf("%s: %v", what, p)
		}
	}
	for _, p := range f.Parts {
		for _, s := range p.Spans {
			if s.Off < p.DataOffset-PartHeaderSize || s.End() > p.DataOffset+int64(len(p.data)) {
				t.Fatalf("%s: span %+v outside part %s [0x%x, 0x%x)", what, s, p.Name, p.DataOffset, p.DataOffset+int64(len(p.data)))
			}
		}
	}
}

type corpusPart struct {
	file string
	name string
	data []byte
}

// corpusParts returns up to max parts (per distinct part name) matching keep from the corpus.
func corpusParts(t testing.TB, keep func(string) bool, max int) []corpusPart {
	var out []corpusPart
	count := map[string]int{}
	for _, e := range corpus.Entries(t) {
		for _, p := range parseFile(t, e.Path).Parts {
			if keep(p.Name) && count[p.Name] < max && len(p.data) == int(p.Size) {
				count[p.Name]++
				out = append(out, corpusPart{e.Rel, p.Name, append([]byte(nil), p.data...)})
			}
		}
	}
	return out
}

// TestSignatureCorpusDecodes: every signature part in the corpus decodes without an Error.
func TestSignatureCorpusDecodes(t *testing.T) {
	entries := corpus.Entries(t)
	var files, parts, bad, elements int
	perName := map[string]int{}
	notes := map[string]int{}
	for _, e := range entries {
		has := false
		for _, n := range e.Parts {
			has = has || isSignaturePart(n)
		}
		if !has {
			continue
		}
		f := parseFile(t, e.Path)
		files++
		for _, p := range f.Parts {
			if !isSignaturePart(p.Name) {
				continue
			}
			parts++
			perName[p.Name]++
			if p.Signature == nil {
				bad++
				t.Errorf("%s %s: not decoded", e.Rel, p.Name)
				continue
			}
			elements += len(p.Signature.Parameters)
			for _, sp := range p.Spans {
				if sp.Kind == SpanUnknown {
					bad++
					t.Errorf("%s %s: bytes no field explains: %+v", e.Rel, p.Name, sp)
				}
			}
			for _, pr := range f.Problems {
				if pr.Part != p.Name {
					continue
				}
				if pr.Severity == Error {
					bad++
					t.Errorf("%s: %v", e.Rel, pr)
				} else {
					notes[pr.Severity.String()+": "+firstWords(pr.Message)]++
				}
			}
		}
	}
	t.Logf("%d/%d signature parts in %d files decoded without an error and with every byte claimed (%d elements); by part: %v", parts-bad, parts, files, elements, perName)
	for _, k := range slices.Sorted(maps.Keys(notes)) {
		t.Logf("  %d× %s", notes[k], k)
	}
}

func firstWords(s string) string {
	if i := strings.IndexAny(s, "0123456789"); i > 0 && i < 60 {
		return s[:i] + "…"
	}
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}

// TestSignatureMatchesObj2yaml compares every signature field obj2yaml-19 prints with ours.
func TestSignatureMatchesObj2yaml(t *testing.T) {
	tool := corpus.Tool(t, "llvm-19", "obj2yaml-19")
	var entries []corpus.Entry
	for _, e := range corpus.Entries(t) {
		if e.Obj2yaml == "ok" && (e.Has("ISG1") || e.Has("OSG1") || e.Has("PSG1")) {
			entries = append(entries, e)
		}
	}
	if testing.Short() {
		// -short: every tenth file, enough to catch a layout or name table slip.
		var some []corpus.Entry
		for i := 0; i < len(entries); i += 10 {
			some = append(some, entries[i])
		}
		entries = some
	}
	outs := make([][]byte, len(entries))
	errs := make([]error, len(entries))
	corpus.RunEach(tool, corpus.Paths(entries), func(i int, out []byte, err error) {
		outs[i], errs[i] = out, err
	})
	var files, parts, elems, fields, mismatches int
	for i, e := range entries {
		out, err := outs[i], errs[i]
		if err != nil {
			t.Errorf("%s: obj2yaml-19: %v", e.Rel, err)
			continue
		}
		var y corpus.Obj2yamlSignatures
		if err := yaml.Unmarshal(out, &y); err != nil {
			t.Errorf("%s: parsing obj2yaml output: %v", e.Rel, err)
			continue
		}
		f := parseFile(t, e.Path)
		files++
		if len(y.Parts) != len(f.Parts) {
			t.Errorf("%s: obj2yaml lists %d parts, we find %d", e.Rel, len(y.Parts), len(f.Parts))
			continue
		}
		for i, yp := range y.Parts {
			if yp.Signature == nil {
				continue
			}
			p := f.Parts[i]
			if p.Name != yp.Name || p.Signature == nil {
				t.Errorf("%s part %d: obj2yaml has a %s signature, we have %s %v", e.Rel, i, yp.Name, p.Name, p.Signature != nil)
				mismatches++
				continue
			}
			parts++
			if len(p.Signature.Parameters) != len(yp.Signature.Parameters) {
				t.Errorf("%s %s: %d parameters, obj2yaml %d", e.Rel, p.Name, len(p.Signature.Parameters), len(yp.Signature.Parameters))
				mismatches++
				continue
			}
			for k, w := range yp.Signature.Parameters {
				g := p.Signature.Parameters[k]
				elems++
				got := corpus.Obj2yamlSigParam{Stream: g.Stream, Name: g.Name, Index: g.Index, SystemValue: g.SystemValue.String(), CompType: g.CompType.String(),
					Register: g.Register, Mask: g.Mask, ExclusiveMask: g.ExclusiveMask, MinPrecision: g.MinPrecision.String()}
				fields += 9
				if got != w {
					mismatches++
					t.Errorf("%s %s[%d]:\n got      %+v\n obj2yaml %+v", e.Rel, p.Name, k, got, w)
				}
			}
		}
	}
	t.Logf("%d files, %d signature parts, %d elements, %d fields compared with obj2yaml-19: %d mismatches", files, parts, elems, fields, mismatches)
	if len(entries) == 0 {
		corpus.Skip(t, "ISG1, OSG1 or PSG1 part", "no file of this corpus has a DXIL signature part that obj2yaml-19 reads")
	}
	if files == 0 {
		t.Error("no corpus file compared")
	}
}

// FuzzSignature decodes arbitrary signature parts of each element size.
func FuzzSignature(f *testing.F) {
	for _, cp := range corpusParts(f, isSignaturePart, 3) {
		f.Add(cp.name, cp.data)
	}
	f.Add("ISG1", le32(1, 8, 0, 0xFFFFFFF0, 0, 0, 0, 0, 0, 0))
	f.Add("OSG5", le32(0xFFFFFFFF, 8))
	warmJSON()
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		defer corpus.CheckAlloc(t, corpus.DecodeAlloc, len(data))()
		if !isSignaturePart(name) {
			name = signatureParts[len(name)%len(signatureParts)]
		}
		file, err := Parse(wrapPart(name, data))
		if err != nil {
			t.Fatal(err)
		}
		checkNoInternalError(t, file, name)
		if s := file.Parts[0].Signature; s != nil && len(s.Parameters)*s.ElementSize > len(data) {
			t.Fatalf("%d elements of %d bytes from %d bytes", len(s.Parameters), s.ElementSize, len(data))
		}
	})
}

// compTypeListing is what the listings print in the Format column.
var compTypeListing = map[SigComponentType]string{0: "unknown", 1: "uint", 2: "int", 3: "float", 4: "uint16", 5: "int16", 6: "fp16", 7: "uint64", 8: "int64", 9: "double"}

// minPrecisionListing is what they print for an element of minimum
// precision instead (DirectXTK's SpriteGeometryShader: min16f).
var minPrecisionListing = map[string]string{"Float16": "min16f", "Float2_8": "min2_8f", "SInt16": "min16i", "UInt16": "min16u"}

// TestSignatureMatchesListings compares every element with the signature
// tables of the compiler listings beside the corpus files, including the
// "Used" column (outputs: the complement of NeverWrites), which obj2yaml does not print.
func TestSignatureMatchesListings(t *testing.T) {
	var files, tables, rows, mismatches, fxcZero int
	for _, e := range corpus.Entries(t) {
		lp := e.Listing()
		if lp == "" {
			continue
		}
		text, err := os.ReadFile(lp)
		if err != nil {
			t.Fatal(err)
		}
		sigs := corpus.ListingSignatures(string(text))
		if len(sigs) == 0 {
			continue
		}
		f := parseFile(t, e.Path)
		files++
		for kind, want := range sigs {
			var s *Signature
			var part string
			for _, p := range f.Parts {
				in := p.Name == "ISGN" || p.Name == "ISG1"
				outp := p.Name == "OSGN" || p.Name == "OSG1" || p.Name == "OSG5"
				if p.Signature != nil && (kind == "Input" && in || kind == "Output" && outp) {
					s, part = p.Signature, p.Name
				}
			}
			if s == nil {
				if len(want) > 0 {
					t.Errorf("%s: the listing has an %s signature, the container none", e.Rel, kind)
				}
				continue
			}
			tables++
			if len(want) != len(s.Parameters) {
				t.Errorf("%s %s: %d elements, the listing %d", e.Rel, part, len(s.Parameters), len(want))
				mismatches++
				continue
			}
			for k, w := range want {
				g := s.Parameters[k]
				rows++
				reg := fmt.Sprint(g.Register)
				if g.Register == NoRegister {
					reg = "N/A"
				}
				sv := g.SystemValueName
				if sv == "NONE" && w.SysValue != "NONE" && kind == "Output" {
					// FXC writes SystemValue 0 for SV_Target/SV_Depth/SV_Coverage; its listing names them.
					fxcZero++
					sv = w.SysValue
				}
				format := compTypeListing[g.CompType]
				if mp, ok := minPrecisionListing[g.MinPrecision.String()]; ok {
					format = mp // an ISG1/OSG1 element of minimum precision
				}
				got := corpus.ListingSignatureRow{Name: g.Name, Index: fmt.Sprint(g.Index), Mask: strings.ReplaceAll(g.MaskString, " ", ""), Register: reg, SysValue: sv, Format: format, Used: strings.ReplaceAll(g.UsedString, " ", "")}
				if g.Register == NoRegister {
					// An output with no register (SV_Depth, SV_Coverage):
					// the listing names its special register in the
					// Register column, says N/A for the mask and YES or NO
					// for whether it is written.
					got.Mask, got.Register, got.Used = "N/A", specialOutputRegister[strings.ToUpper(g.Name)], "NO"
					if g.Mask != 0 || g.Used != 0 {
						got.Used = "YES"
					}
				}
				w.Mask = strings.ReplaceAll(w.Mask, " ", "")
				w.Used = strings.ReplaceAll(w.Used, " ", "")
				if got != w {
					mismatches++
					t.Errorf("%s %s[%d]:\n got     %+v\n listing %+v", e.Rel, part, k, got, w)
				}
			}
		}
	}
	t.Logf("%d listings, %d signature tables, %d rows compared (name, index, mask, register, system value, format, used): %d mismatches; %d FXC outputs with SystemValue 0 that the listing names", files, tables, rows, mismatches, fxcZero)
	if files == 0 {
		t.Error("no listing compared")
	}
}

// specialOutputRegister is the register a listing names for an output
// that has none, as FXC's listings spell them (ANGLE's clear shaders:
// "SV_DEPTH  0  N/A  oDepth  DEPTH  float  YES").
var specialOutputRegister = map[string]string{
	"SV_DEPTH": "oDepth", "SV_DEPTHGREATEREQUAL": "oDepthGE", "SV_DEPTHLESSEQUAL": "oDepthLE",
	"SV_COVERAGE": "oMask", "SV_STENCILREF": "oStencilRef",
}

// BenchmarkSignature decodes a real 32-byte-element signature part.
func BenchmarkSignature(b *testing.B) {
	parts := corpusParts(b, func(n string) bool { return n == "ISG1" }, 1)
	if len(parts) == 0 {
		b.Skip("no ISG1 part in the corpus")
	}
	data := wrapPart("ISG1", parts[0].data)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		Parse(data)
	}
}

// TestLargeHostilePartsDecodeInLinearTime: a 1 MiB signature whose 16,000
// elements all point at different places in one long NUL-free run, and a
// 1 MiB root signature of 40,000 parameters sharing one payload, decode in
// about the time their size takes (the quadratic versions take minutes).
func TestLargeHostilePartsDecodeInLinearTime(t *testing.T) {
	const n = 16000
	sig := le32(n, 8)
	for i := 0; i < n; i++ {
		sig = append(sig, le32(0, uint32(8+32*n+i), 0, 0, 3, uint32(i), 0xF, 0)...)
	}
	sig = append(sig, bytes.Repeat([]byte{'A'}, 1<<20-len(sig))...)

	const np = 40000
	rts := le32(2, np, 24, 0, 0, 0)
	for i := 0; i < np; i++ {
		rts = append(rts, le32(1, 0, 24+12*np)...)
	}
	rts = append(rts, le32(1, 2, 3)...)
	rts = append(rts, make([]byte, 1<<20-len(rts))...)

	for _, c := range []struct {
		name string
		data []byte
	}{{"ISG1", sig}, {"RTS0", rts}} {
		start := time.Now()
		f, err := Parse(wrapPart(c.name, c.data))
		if err != nil {
			t.Fatal(err)
		}
		d := time.Since(start)
		checkNoInternalError(t, f, c.name)
		t.Logf("%s: %d bytes in %v, %d problems", c.name, len(c.data), d, len(f.Problems))
		if d > 20*time.Second {
			t.Errorf("%s: %v to decode %d bytes", c.name, d, len(c.data))
		}
	}
}
