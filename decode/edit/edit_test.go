package edit

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/internal/corpus"
)

// TestMain ends the run with one line naming what was missing.
func TestMain(m *testing.M) { corpus.Main(m) }

func parse(t *testing.T, what string, b []byte) *decode.File {
	t.Helper()
	f, err := decode.Parse(b)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return f
}

// Every corpus container, written back without edits, is the same bytes:
// the layout, the header and the digest (retail, debug, zero or preview
// bypass, each recomputed or kept) all come out as the compilers wrote them.
func TestCorpusWriteBackIsIdentical(t *testing.T) {
	es := corpus.Entries(t)
	same := 0
	byDigest := map[decode.DigestStatus]int{}
	for _, e := range es {
		b := e.Bytes(t)
		f := parse(t, e.Rel, b)
		out, err := Write(f, nil, Keep)
		if err != nil {
			t.Errorf("%s: %v", e.Rel, err)
			continue
		}
		if !bytes.Equal(out, b) {
			t.Errorf("%s: written back differs (%d bytes, was %d)", e.Rel, len(out), len(b))
			continue
		}
		same++
		byDigest[f.Digest.Status]++
	}
	t.Logf("%d/%d corpus containers written back byte for byte (digests: %v)", same, len(es), byDigest)
}

// problemKeys counts a file's problems by severity, part and structure:
// offsets and part indexes move when parts do, so they are not compared.
func problemKeys(ps []decode.Problem) map[string]int {
	m := map[string]int{}
	for _, p := range ps {
		m[fmt.Sprintf("%s|%s|%s", p.Severity, p.Part, p.Structure)]++
	}
	return m
}

// newProblems returns the problems of after whose kind before has fewer of.
func newProblems(before, after *decode.File) []decode.Problem {
	was := problemKeys(before.Problems)
	var out []decode.Problem
	for _, p := range after.Problems {
		k := fmt.Sprintf("%s|%s|%s", p.Severity, p.Part, p.Structure)
		if was[k] > 0 {
			was[k]--
			continue
		}
		out = append(out, p)
	}
	return out
}

// expectParts checks that out holds exactly the parts want, in order, each
// with exactly its bytes, but for zeros the writer may add to the end of a
// part so the next starts aligned; it returns how many parts have them.
func expectParts(out *decode.File, want []Part) (padded int, err error) {
	if len(out.Parts) != len(want) {
		var names []string
		for _, p := range out.Parts {
			names = append(names, p.Name)
		}
		return 0, fmt.Errorf("%d parts (%s), want %d", len(out.Parts), strings.Join(names, " "), len(want))
	}
	for i, p := range out.Parts {
		d, w := p.Data(), want[i].Data
		if len(d) > len(w) && len(d)-len(w) < 4 && i < len(want)-1 && bytes.Equal(d[:len(w)], w) && !bytes.ContainsFunc(d[len(w):], func(r rune) bool { return r != 0 }) {
			padded++
			d = d[:len(w)]
		}
		if p.Name != want[i].Name || !bytes.Equal(d, w) {
			return 0, fmt.Errorf("part %d is %s of %d bytes, want %s of %d bytes as given", i, p.Name, len(p.Data()), want[i].Name, len(want[i].Data))
		}
	}
	return padded, nil
}

// keptParts is f's part list without the named parts.
func keptParts(f *decode.File, drop map[string]bool) []Part {
	var out []Part
	for _, p := range f.Parts {
		if !drop[p.Name] {
			out = append(out, Part{Name: p.Name, Data: p.Data()})
		}
	}
	return out
}

// wantStatus is the digest status an edit with digest d gives a file whose
// digest was orig.
func wantStatus(orig decode.DigestStatus, d Digest) decode.DigestStatus {
	switch d {
	case Retail:
		return decode.DigestValid
	case Debug:
		return decode.DigestDebug
	case Bypass:
		return decode.DigestBypass
	case PreviewBypass:
		return decode.DigestPreviewBypass
	case Unsigned:
		return decode.DigestUnsigned
	}
	return orig
}

// yamlCheck queues written containers for obj2yaml-19 and checks, for each,
// that it reads it where it read the original and that the header and part
// table it reports are the ones written.
type yamlCheck struct {
	dir   string
	mu    sync.Mutex
	files []string
	want  []*decode.File
	label []string

	refuse  []string       // what obj2yaml-19 may say refusing each file, for a reason of LLVM's own
	refused map[string]int // how often it did
}

func newYAMLCheck(t *testing.T) *yamlCheck {
	return &yamlCheck{dir: t.TempDir(), refused: map[string]int{}}
}

// add queues out (decoded as f) when obj2yaml reads the original e.
func (y *yamlCheck) add(t *testing.T, e corpus.Entry, label string, out []byte, f *decode.File) {
	if e.Obj2yaml != "ok" {
		return
	}
	y.mu.Lock()
	defer y.mu.Unlock()
	p := filepath.Join(y.dir, fmt.Sprintf("%d.dxbc", len(y.files)))
	if err := os.WriteFile(p, out, 0o644); err != nil {
		t.Fatal(err)
	}
	y.files = append(y.files, p)
	y.want = append(y.want, f)
	y.label = append(y.label, e.Rel+" "+label)
	y.refuse = append(y.refuse, "")
}

// addRefusable is add for a result obj2yaml-19 may refuse saying refuse.
func (y *yamlCheck) addRefusable(t *testing.T, e corpus.Entry, label string, out []byte, f *decode.File, refuse string) {
	y.add(t, e, label, out, f)
	y.mu.Lock()
	defer y.mu.Unlock()
	if n := len(y.refuse); n > 0 && y.label[n-1] == e.Rel+" "+label {
		y.refuse[n-1] = refuse
	}
}

// run runs obj2yaml-19 on everything queued and returns how many it read.
func (y *yamlCheck) run(t *testing.T) int {
	if len(y.files) == 0 {
		return 0
	}
	tool := corpus.Tool(t, "llvm-19", "obj2yaml-19")
	var mu sync.Mutex
	read := 0
	corpus.RunEach(tool, y.files, func(i int, out []byte, err error) {
		if err != nil {
			msg := err.Error()
			if ee, ok := err.(*exec.ExitError); ok {
				msg = strings.TrimSpace(string(ee.Stderr))
			}
			if y.refuse[i] != "" && strings.Contains(msg, y.refuse[i]) {
				mu.Lock()
				y.refused[y.refuse[i]]++
				mu.Unlock()
				return
			}
			t.Errorf("%s: obj2yaml-19 reads the original but not this: %s", y.label[i], msg)
			return
		}
		var doc struct {
			Header struct {
				Hash        []int   `yaml:"Hash"`
				FileSize    uint32  `yaml:"FileSize"`
				PartCount   int     `yaml:"PartCount"`
				PartOffsets []int64 `yaml:"PartOffsets"`
			} `yaml:"Header"`
			Parts []struct {
				Name string `yaml:"Name"`
				Size int    `yaml:"Size"`
			} `yaml:"Parts"`
		}
		if err := yaml.Unmarshal(out, &doc); err != nil {
			t.Errorf("%s: obj2yaml output: %v", y.label[i], err)
			return
		}
		f := y.want[i]
		h := doc.Header
		ok := h.FileSize == f.Header.FileSize && h.PartCount == len(f.Parts) && len(doc.Parts) == len(f.Parts) && len(h.Hash) == 16
		for j := 0; ok && j < len(f.Parts); j++ {
			ok = h.PartOffsets[j] == f.Parts[j].Offset && doc.Parts[j].Name == f.Parts[j].Name && doc.Parts[j].Size == int(f.Parts[j].Size)
		}
		for j := 0; ok && j < 16; j++ {
			ok = byte(h.Hash[j]) == f.Header.Hash[j]
		}
		if !ok {
			t.Errorf("%s: obj2yaml-19 reads header %+v, parts %+v; we wrote %+v", y.label[i], h, doc.Parts, f.Header)
			return
		}
		mu.Lock()
		read++
		mu.Unlock()
	})
	return read
}

// unalignedNew counts new parts that start unaligned in files an old
// validator laid out unaligned (where the writer puts a new part where it
// falls, as DXC's container builder does).
var unalignedNew atomic.Int64

func isAlignmentNote(p decode.Problem) bool {
	return p.Severity == decode.Note && p.Structure == "part header" && strings.Contains(p.Message, "not a multiple of 4")
}

// hasAlignmentNote says whether an old writer laid f out with parts of
// unaligned size (so that parts after them start unaligned, or would).
func hasAlignmentNote(f *decode.File) bool {
	for _, p := range f.Problems {
		if isAlignmentNote(p) {
			return true
		}
	}
	for _, p := range f.Parts {
		if p.Name != "PRIV" && p.Size%4 != 0 {
			return true
		}
	}
	return false
}

// edited writes the edits into e's container and checks the result: it
// decodes with no problem the original lacks, its digest is what d asks,
// and its parts are want, byte for byte. It returns the decoded result, or
// nil after reporting why not.
func edited(t *testing.T, e corpus.Entry, f *decode.File, edits []Edit, d Digest, want []Part) (*decode.File, []byte) {
	t.Helper()
	out, err := Write(f, edits, d)
	if err != nil {
		t.Errorf("%s: %v", e.Rel, err)
		return nil, nil
	}
	g := parse(t, e.Rel, out)
	label := fmt.Sprintf("%s (%v, digest %s)", e.Rel, edits, d)
	if ps := newProblems(f, g); len(ps) > 0 {
		var unexpected []decode.Problem
		for _, p := range ps {
			if isAlignmentNote(p) && hasAlignmentNote(f) {
				unalignedNew.Add(1)
				continue
			}
			unexpected = append(unexpected, p)
		}
		if len(unexpected) > 0 {
			t.Errorf("%s: new problems:\n  %v", label, unexpected)
			return nil, nil
		}
	}
	if st := wantStatus(f.Digest.Status, d); g.Digest.Status != st {
		t.Errorf("%s: digest %s, want %s", label, g.Digest.Status, st)
		return nil, nil
	}
	if padded, err := expectParts(g, want); err != nil || padded > 0 {
		t.Errorf("%s: %v (%d parts padded)", label, err, padded)
		return nil, nil
	}
	return g, out
}

// Each strip option removes exactly its parts from every corpus container
// that has them: the rest is byte-identical, the digest is recomputed with
// the original's variant, nothing new is wrong, and obj2yaml-19 reads the
// result and sees the layout we wrote.
func TestCorpusStrip(t *testing.T) {
	es := corpus.Entries(t)
	y := newYAMLCheck(t)
	counts := map[string]int{}
	for _, e := range es {
		b := e.Bytes(t)
		f := parse(t, e.Rel, b)
		if f.Digest.Status == decode.DigestMismatch {
			continue // Keep refuses it; TestCorpusSign covers signing it anew
		}
		for _, s := range []struct {
			name string
			opt  Strip
		}{{"debug", StripDebug}, {"reflect", StripReflect}, {"rootsig", StripRootSig}, {"priv", StripPriv},
			{"all", StripDebug | StripReflect | StripRootSig | StripPriv}} {
			edits := s.opt.Edits(f)
			if len(edits) == 0 {
				continue
			}
			drop := map[string]bool{}
			for _, name := range s.opt.Parts() {
				drop[name] = true
			}
			g, out := edited(t, e, f, edits, Keep, keptParts(f, drop))
			if g == nil {
				continue
			}
			for _, name := range s.opt.Parts() {
				if g.Part(name) != nil {
					t.Errorf("%s: strip %s left %s", e.Rel, s.name, name)
				}
			}
			counts[s.name]++
			y.add(t, e, "strip "+s.name, out, g)
		}
	}
	read := y.run(t)
	t.Logf("stripped corpus containers: %v; obj2yaml-19 read %d/%d of those it reads the original of", counts, read, len(y.files))
	for _, s := range []struct {
		name string
		opt  Strip
	}{{"debug", StripDebug}, {"reflect", StripReflect}, {"rootsig", StripRootSig}} {
		// The manifest's part lists say whether the corpus has what to strip.
		has := slices.ContainsFunc(es, func(e corpus.Entry) bool { return slices.ContainsFunc(s.opt.Parts(), e.Has) })
		if counts[s.name] == 0 && has {
			t.Errorf("no corpus container tested strip %s", s.name)
		}
	}
}

// Removing any one part name from any corpus container leaves the others
// byte-identical and the result decodable. New problems are expected only
// where the removed part is what another part is checked against (listed
// with why); each is counted.
func TestCorpusRemovePart(t *testing.T) {
	es := corpus.Spread(corpus.Entries(t), 600, "DXSCOPE_ALL")
	y := newYAMLCheck(t)
	removed, paddedFiles, expected := 0, 0, map[string]int{}
	for _, e := range es {
		f := parse(t, e.Rel, e.Bytes(t))
		if f.Digest.Status == decode.DigestMismatch {
			continue
		}
		seen := map[string]bool{}
		for _, p := range f.Parts {
			if seen[p.Name] {
				continue
			}
			seen[p.Name] = true
			out, err := Write(f, []Edit{{Op: Remove, Name: p.Name}}, Keep)
			if err != nil {
				t.Errorf("%s: remove %s: %v", e.Rel, p.Name, err)
				continue
			}
			g := parse(t, e.Rel, out)
			padded, err := expectParts(g, keptParts(f, map[string]bool{p.Name: true}))
			if err != nil {
				t.Errorf("%s: remove %s: %v", e.Rel, p.Name, err)
				continue
			}
			if padded > 0 {
				// Only the removal of a part of unaligned size shifts the
				// parts after it by other than a multiple of 4.
				if p.Size%4 == 0 {
					t.Errorf("%s: remove %s (%d bytes) padded %d parts", e.Rel, p.Name, p.Size, padded)
				}
				paddedFiles++
			}
			if g.Digest.Status != f.Digest.Status {
				t.Errorf("%s: remove %s: digest %s, was %s", e.Rel, p.Name, g.Digest.Status, f.Digest.Status)
			}
			for _, q := range newProblems(f, g) {
				if why := expectedAfterRemoving(p.Name, q); why != "" {
					expected[why]++
					continue
				}
				t.Errorf("%s: remove %s: new problem %s", e.Rel, p.Name, q)
			}
			removed++
			// LLVM reads PSV0 by the DXIL part's stage and will not without it.
			y.addRefusable(t, e, "remove "+p.Name, out, g, "Cannot fully parse pipeline state validation information without DXIL part")
		}
	}
	read := y.run(t)
	t.Logf("%d part removals from %d corpus containers (%d padded the part before an aligned one); obj2yaml-19 read %d/%d (refused as expected: %v); expected new problems: %v", removed, len(es), paddedFiles, read, len(y.files), y.refused, expected)
}

// expectedAfterRemoving says why removing a part may bring problem q, or "".
func expectedAfterRemoving(name string, q decode.Problem) string {
	switch {
	case q.Structure == "part header" && strings.Contains(q.Message, "not a multiple of 4"):
		// An old validator's signature part of unaligned size, removed or
		// not, shifts the parts after it.
		return "a later part now starts unaligned"
	case q.Part == "" || q.Part != name:
		// Cross-checks read one part against another: without DXIL, PSV0's
		// stage or the signatures have nothing to agree with, and so on.
		return "a cross-check against " + name + " (" + q.Structure + ")"
	}
	return ""
}

// Adding private data (as dxc -setprivate does) puts PRIV last, unpadded;
// replacing a part keeps its place.
func TestCorpusAddPart(t *testing.T) {
	es := corpus.Entries(t)
	y := newYAMLCheck(t)
	added, replaced := 0, 0
	priv := []byte("dxscope") // 7 bytes: PRIV keeps its size
	for _, e := range es {
		f := parse(t, e.Rel, e.Bytes(t))
		if f.Digest.Status == decode.DigestMismatch || f.Part("PRIV") != nil {
			continue
		}
		want := append(keptParts(f, nil), Part{Name: "PRIV", Data: priv})
		if g, out := edited(t, e, f, []Edit{{Op: Set, Name: "PRIV", Data: priv}}, Keep, want); g != nil {
			added++
			y.add(t, e, "add PRIV", out, g)
		}
		// The first part replaced by a copy of its bytes changes nothing.
		if len(f.Parts) > 0 && f.Parts[0].Size%4 == 0 {
			p := f.Parts[0]
			out, err := Write(f, []Edit{{Op: Set, Name: p.Name, Data: bytes.Clone(p.Data())}}, Keep)
			if err != nil {
				t.Errorf("%s: replace %s: %v", e.Rel, p.Name, err)
			} else if !bytes.Equal(out, e.Bytes(t)) {
				t.Errorf("%s: replacing %s with its own bytes changed the file", e.Rel, p.Name)
			} else {
				replaced++
			}
		}
	}
	read := y.run(t)
	t.Logf("PRIV added to %d corpus containers (%d of them laid out with parts of unaligned size by FXC or an old validator, where PRIV goes where it falls), obj2yaml-19 read %d/%d; %d first parts replaced by themselves, files unchanged", added, unalignedNew.Load(), read, len(y.files), replaced)
}

// Signing: a corpus file with its digest zeroed and signed again with the
// variant it had is the original file (the compiler's own digest is the
// independent truth); BYPASS and PREVIEW_BYPASS set exactly those sixteen
// bytes; the six test-assembler files signed with the debug variant stay so.
func TestCorpusSign(t *testing.T) {
	es := corpus.Entries(t)
	y := newYAMLCheck(t)
	resigned := map[decode.DigestStatus]int{}
	bypassed := 0
	for _, e := range es {
		b := e.Bytes(t)
		f := parse(t, e.Rel, b)
		zeroed := bytes.Clone(b)
		clear(zeroed[4:20])
		z := parse(t, e.Rel, zeroed)
		var variant Digest
		switch f.Digest.Status {
		case decode.DigestValid:
			variant = Retail
		case decode.DigestDebug:
			variant = Debug
		}
		if variant != Keep {
			out, err := Write(z, nil, variant)
			if err != nil || !bytes.Equal(out, b) {
				t.Errorf("%s: signing the zeroed file %s does not give the original (%v)", e.Rel, variant, err)
			} else {
				resigned[f.Digest.Status]++
			}
		}
		for _, d := range []Digest{Bypass, PreviewBypass} {
			out, err := Write(f, nil, d)
			if err != nil {
				t.Errorf("%s: %s: %v", e.Rel, d, err)
				continue
			}
			want := bytes.Repeat([]byte{byte(d - Bypass + 1)}, 16)
			if !bytes.Equal(out[4:20], want) || !bytes.Equal(out[20:], b[20:]) {
				t.Errorf("%s: %s: the digest is %x, or other bytes changed", e.Rel, d, out[4:20])
				continue
			}
			g := parse(t, e.Rel, out)
			if g.Digest.Status != wantStatus(0, d) {
				t.Errorf("%s: %s reads as %s", e.Rel, d, g.Digest.Status)
			}
			if ps := newProblems(f, g); len(ps) > 0 && f.Digest.Status != decode.DigestMismatch {
				t.Errorf("%s: %s: new problems %v", e.Rel, d, ps)
			}
			bypassed++
			if d == Bypass {
				y.add(t, e, "bypass", out, g)
			}
		}
	}
	read := y.run(t)
	t.Logf("re-signed to the original bytes: %v; %d bypass/preview-bypass signings; obj2yaml-19 read %d/%d bypass-signed", resigned, bypassed, read, len(y.files))
	if resigned[decode.DigestDebug] == 0 && slices.ContainsFunc(es, func(e corpus.Entry) bool { return strings.Contains(e.Note, "%testasm") }) {
		t.Error("no debug-signed corpus file was re-signed, though the corpus holds the DXC test assembler's files")
	}
}

// A container whose digest matches neither variant has no variant to keep.
func TestKeepRefusesAMismatchedDigest(t *testing.T) {
	c := New()
	c.Original = decode.DigestMismatch
	if _, err := c.Bytes(Keep); err == nil || !strings.Contains(err.Error(), "neither") {
		t.Errorf("Keep of a mismatched digest: %v", err)
	}
	if b, err := c.Bytes(Retail); err != nil || parse(t, "empty", b).Digest.Status != decode.DigestValid {
		t.Errorf("Retail of an empty container: %v", err)
	}
}

// The layout rules, on containers built here.
func TestLayoutRules(t *testing.T) {
	c := New()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(c.Set("SFI0", make([]byte, 8)))
	must(c.Set("PRIV", []byte{1, 2, 3}))
	must(c.Set("XYZW", []byte{1, 2, 3, 4, 5})) // goes before PRIV, padded to 8
	b, err := c.Bytes(Retail)
	must(err)
	f := parse(t, "built", b)
	var got []string
	for _, p := range f.Parts {
		got = append(got, fmt.Sprintf("%s@%d+%d", p.Name, p.Offset, p.Size))
	}
	// Header 32 + 3 offsets = 44; SFI0 44+8+8 = 60; XYZW 60+8+8 = 76; PRIV 76+8+3 = 87.
	if strings.Join(got, " ") != "SFI0@44+8 XYZW@60+8 PRIV@76+3" || f.Header.FileSize != 87 || len(b) != 87 {
		t.Errorf("layout %v, FileSize %d", got, f.Header.FileSize)
	}
	if !bytes.Equal(f.Part("XYZW").Data(), []byte{1, 2, 3, 4, 5, 0, 0, 0}) {
		t.Errorf("padding: % x", f.Part("XYZW").Data())
	}
	if len(f.Problems) != 0 || f.Digest.Status != decode.DigestValid {
		t.Errorf("problems %v, digest %s", f.Problems, f.Digest.Status)
	}
	for _, bad := range []struct {
		name string
		fn   func(c *Container) error
	}{
		{"move PRIV first", func(c *Container) error { return c.Move("PRIV", 0) }},
		{"move past PRIV", func(c *Container) error { return c.Move("SFI0", 2) }},
		{"a five-byte name", func(c *Container) error { return c.Set("ABCDE", nil) }},
		{"a second SFI0", func(c *Container) error {
			c.Parts = append([]Part{{Name: "SFI0", Data: make([]byte, 8)}}, c.Parts...)
			_, err := c.Bytes(Retail)
			return err
		}},
		{"PRIV not last", func(c *Container) error {
			c.Parts[1], c.Parts[2] = c.Parts[2], c.Parts[1]
			_, err := c.Bytes(Retail)
			return err
		}},
		{"remove a missing part", func(c *Container) error { return c.Apply(Edit{Op: Remove, Name: "RTS0"}) }},
	} {
		c2 := &Container{Version: c.Version, Parts: append([]Part(nil), c.Parts...)}
		if err := bad.fn(c2); err == nil {
			t.Errorf("%s: no error", bad.name)
		}
	}
	must(c.Move("XYZW", 0))
	if c.Parts[0].Name != "XYZW" || c.Parts[1].Name != "SFI0" {
		t.Errorf("move: %v", c.Parts)
	}
}

// Load refuses files whose parts cannot all be read whole, and puts a
// misplaced PRIV last.
func TestLoadDamaged(t *testing.T) {
	c := New()
	c.Set("SFI0", make([]byte, 8))
	c.Set("HASH", make([]byte, 20))
	b, _ := c.Bytes(Retail)
	cut := parse(t, "cut", b[:len(b)-4])
	if _, err := Load(cut); err == nil {
		t.Error("a part cut short loads")
	}
	far := bytes.Clone(b)
	far[36] = 0xff // the second offset points past the end
	if _, err := Load(parse(t, "far", far)); err == nil {
		t.Error("a part past the end loads")
	}
	c = New()
	c.Parts = []Part{{Name: "PRIV", Data: []byte{1}}, {Name: "SFI0", Data: make([]byte, 8)}}
	b, _ = c.Bytes(Unsigned) // Bytes refuses this layout: lay it out by hand
	if b != nil {
		t.Fatal("Bytes wrote PRIV first")
	}
	raw := []byte("DXBC")
	raw = append(raw, make([]byte, 16)...)
	raw = append(raw, 1, 0, 0, 0, 65, 0, 0, 0, 2, 0, 0, 0, 40, 0, 0, 0, 49, 0, 0, 0)
	raw = append(raw, "PRIV\x01\x00\x00\x00\x07SFI0\x08\x00\x00\x00"...)
	raw = append(raw, make([]byte, 8)...)
	l, err := Load(parse(t, "priv first", raw))
	if err != nil || len(l.Parts) != 2 || l.Parts[1].Name != "PRIV" {
		t.Errorf("PRIV first: %v %v", err, l)
	}
}
