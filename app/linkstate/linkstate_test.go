package linkstate

import (
	"bytes"
	"compress/flate"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/dxscope/dxscope/internal/corpus"
)

func fullState() State {
	return State{
		Name:    "my shader (v2).dxil",
		At:      0x33e,
		Part:    "PSV0",
		Field:   "PSV0/SigOutputElements/2/Cols",
		Hex:     Range{120, 124},
		Row:     7,
		Open:    []string{"PSV0", "PSV0/SigOutputElements", "PSV0/SigOutputElements/2", "ISG1/Parameters/0"},
		Tab:     "tree",
		Compare: "old,build&v=1.dxil",
	}
}

func TestRoundTripStateAndFile(t *testing.T) {
	file := bytes.Repeat([]byte("DXBC shader bytes "), 50)
	frag := Encode(fullState(), file)
	s, got, err := Decode("#" + frag)
	if err != nil {
		t.Fatalf("Decode(%q): %v", frag, err)
	}
	if !bytes.Equal(got, file) {
		t.Errorf("file: got %d bytes, want %d", len(got), len(file))
	}
	if !reflect.DeepEqual(s, fullState()) {
		t.Errorf("state:\n got %+v\nwant %+v", s, fullState())
	}
}

func TestFragmentIsReadable(t *testing.T) {
	frag := Encode(fullState(), nil)
	want := "v=1&name=my%20shader%20%28v2%29.dxil&at=0x33e&part=PSV0&field=PSV0/SigOutputElements/2/Cols&hex=120-124&row=7&tab=tree" +
		"&open=PSV0,PSV0/SigOutputElements,PSV0/SigOutputElements/2,ISG1/Parameters/0&cmp=old%2Cbuild%26v%3D1.dxil"
	if frag != want {
		t.Errorf("fragment\n got %s\nwant %s", frag, want)
	}
}

// page= carries the Text tab's page of each paged text, by the text's
// command, written only past the first page: a state without it writes the
// fragment it wrote before page= existed (TestFragmentIsReadable). A value
// that is not a page past the first is ignored, not refused: the link
// still opens, on the first page.
func TestTextPages(t *testing.T) {
	text := State{Part: "PSV0", Tab: "text"}
	for _, tc := range []struct {
		name  string
		pages map[string]int
		frag  string
	}{
		{"page 3", map[string]int{"psv": 3}, "v=1&part=PSV0&tab=text&page=psv:3"},
		{"two texts, sorted", map[string]int{"dxil": 2, "dis": 12}, "v=1&part=PSV0&tab=text&page=dis:12,dxil:2"},
		{"a command escaped", map[string]int{"a,b&c": 2}, "v=1&part=PSV0&tab=text&page=a%2Cb%26c:2"},
		{"page 1 is not written", map[string]int{"psv": 1}, "v=1&part=PSV0&tab=text"},
		{"no page", nil, "v=1&part=PSV0&tab=text"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := text
			s.Pages = tc.pages
			if got := Encode(s, nil); got != tc.frag {
				t.Errorf("Encode = %s, want %s", got, tc.frag)
			}
			back, _, err := Decode(tc.frag)
			want := text
			for c, n := range tc.pages {
				if n > 1 {
					if want.Pages == nil {
						want.Pages = map[string]int{}
					}
					want.Pages[c] = n
				}
			}
			if err != nil || !reflect.DeepEqual(back, want) {
				t.Errorf("Decode(%s) = %+v, %v; want %+v", tc.frag, back, err, want)
			}
		})
	}
	for _, tc := range []struct {
		value string
		want  map[string]int
	}{
		{"psv:3", map[string]int{"psv": 3}},
		{"psv:0x10", map[string]int{"psv": 16}},
		{"psv:3,dis:x,dxil:2", map[string]int{"psv": 3, "dxil": 2}},
		{"psv:2,psv:5", map[string]int{"psv": 5}},
		{"", nil},
		{"psv", nil},
		{"psv:", nil},
		{":3", nil},
		{"psv:x", nil},
		{"psv:1", nil},
		{"psv:0", nil},
		{"psv:-3", nil},
		{"psv:+3", nil},
		{"psv:3.5", nil},
		{"psv:99999999999999999999", nil},
		{"psv:" + strings.Repeat("9", 15), nil}, // over 1<<48
		{",,,", nil},
		{"%E2%9C%93:4", map[string]int{"✓": 4}},
		{strings.Repeat("a:2,", maxListItems) + "b:2", map[string]int{"a": 2}},
	} {
		s, _, err := Decode("part=PSV0&tab=text&page=" + tc.value + "&row=7")
		want := State{Part: "PSV0", Tab: "text", Pages: tc.want, Row: 7}
		if err != nil || !reflect.DeepEqual(s, want) {
			t.Errorf("page=%.40s: %+v, %v; want %+v", tc.value, s, err, want)
		}
	}
}

func TestDeepLinkWithoutFile(t *testing.T) {
	for _, tc := range []struct {
		frag string
		want State
	}{
		{"#part=PSV0&field=PSV0/SigOutputElements/2", State{Part: "PSV0", Field: "PSV0/SigOutputElements/2"}},
		{"part=RTS0", State{Part: "RTS0"}},
		{"hex=0x78-0x7c", State{Hex: Range{0x78, 0x7c}}},
		{"", State{}},
		{"#", State{}},
		{"&&part=HASH&", State{Part: "HASH"}},
	} {
		s, file, err := Decode(tc.frag)
		if err != nil || file != nil || !reflect.DeepEqual(s, tc.want) {
			t.Errorf("Decode(%q) = %+v, %d bytes, %v; want %+v", tc.frag, s, len(file), err, tc.want)
		}
	}
}

func TestUnknownKeysIgnoredAndReported(t *testing.T) {
	s, _, err := Decode("part=DXIL&theme=dark&zoom=2")
	if err != nil {
		t.Fatal(err)
	}
	if s.Part != "DXIL" || !reflect.DeepEqual(s.Unknown, []string{"theme", "zoom"}) {
		t.Errorf("got %+v", s)
	}
}

func TestLargeFileGoesBySHA(t *testing.T) {
	// Random bytes do not compress: 20,000 of them cannot fit in 12,000 characters.
	r := rand.New(rand.NewPCG(1, 2))
	file := make([]byte, 20000)
	for i := range file {
		file[i] = byte(r.Uint32())
	}
	frag := Encode(State{Part: "DXIL"}, file)
	if len(frag) > MaxLinkLength {
		t.Errorf("fragment is %d characters, over %d", len(frag), MaxLinkLength)
	}
	s, got, err := Decode(frag)
	if err != nil || got != nil {
		t.Fatalf("Decode: %v, %d bytes", err, len(got))
	}
	if s.SHA256 != SHA256(file) || s.Size != 20000 || s.Part != "DXIL" {
		t.Errorf("state %+v", s)
	}
	if err := CheckFile(s, file); err != nil {
		t.Errorf("CheckFile(right file): %v", err)
	}
	other := append([]byte(nil), file...)
	other[5] ^= 1
	if err := CheckFile(s, other); err == nil || !strings.Contains(err.Error(), "not the file") {
		t.Errorf("CheckFile(wrong file) = %v", err)
	}
	if err := CheckFile(s, file[:100]); err == nil || !strings.Contains(err.Error(), "100 bytes") {
		t.Errorf("CheckFile(short file) = %v", err)
	}
	// SHA-256 of the empty input, from FIPS 180-2 test vectors.
	if SHA256(nil) != "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" {
		t.Error("SHA256 of nothing is wrong")
	}
}

func randomBytes(n int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, 2))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

func TestCompareFile(t *testing.T) {
	a := randomBytes(1000, 1)
	b := randomBytes(1000, 2)
	enc := EncodeLink(Link{State: State{Compare: "b.dxil"}, File: a, Compare: b}, MaxLinkLength)
	if !enc.FileEmbedded || !enc.CompareEmbedded {
		t.Fatalf("small files not embedded: %+v", enc)
	}
	l, err := DecodeLink(enc.Fragment)
	if err != nil || !bytes.Equal(l.File, a) || !bytes.Equal(l.Compare, b) || l.State.Compare != "b.dxil" {
		t.Fatalf("DecodeLink: %v %+v", err, l.State)
	}
	// A limit that only the state and one hash fit: both go by SHA-256.
	enc = EncodeLink(Link{File: a, Compare: b}, 200)
	if enc.FileEmbedded || enc.CompareEmbedded {
		t.Fatalf("embedded over the limit: %+v", enc)
	}
	l, err = DecodeLink(enc.Fragment)
	if err != nil || l.State.CompareSHA256 != SHA256(b) || l.State.SHA256 != SHA256(a) {
		t.Fatalf("hash-only link: %v %+v", err, l.State)
	}
	if err := CheckCompareFile(l.State, b); err != nil {
		t.Error(err)
	}
	if err := CheckCompareFile(l.State, a); err == nil {
		t.Error("CheckCompareFile accepted the wrong file")
	}
}

// deflateB64 is f= as pages before package deflate wrote it (compress/flate's
// BestCompression): such links must still open.
func deflateB64(data []byte) string {
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression)
	w.Write(data)
	w.Close()
	return base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

func TestHostileInputs(t *testing.T) {
	good := Encode(State{Part: "PSV0"}, bytes.Repeat([]byte("shader"), 200))
	f := good[strings.Index(good, "&f=")+3:]
	for _, tc := range []struct {
		name, frag, want string
	}{
		{"truncated deflate", "f=" + f[:len(f)/2], "cut short"},
		{"not base64", "f=abc$def", "not base64url"},
		{"base64 of one char", "f=a", "damaged"},
		{"not deflate", "f=" + base64.RawURLEncoding.EncodeToString([]byte{0xff, 0xff, 0xff, 0xff}), "does not decompress"},
		{"bad hex range", "hex=10-5", "end must be after"},
		{"hex not a range", "hex=10", "START-END"},
		{"negative row", "row=-1", "non-negative"},
		{"huge row", "row=99999999999999999999", "not a number"},
		{"short sha", "sha=abcd", "64 hex digits"},
		{"sha not hex", "sha=" + strings.Repeat("zz", 32), "64 hex digits"},
		{"newer version", "v=2&part=PSV0", "newer dxscope"},
		{"duplicate key", "part=A&part=B", "twice"},
		{"bad escape", "name=%zz", "badly escaped"},
		{"file does not match sha", "sha=" + strings.Repeat("00", 32) + "&size=1200&" + good[strings.Index(good, "f="):], "does not match"},
		{"too long", strings.Repeat("x", MaxFragmentLength+1), "not a dxscope link"},
		{"too many open nodes", "open=" + strings.Repeat("a,", maxListItems+1), "open nodes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Decode(tc.frag)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Decode = %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

func TestDecompressionBombFailsFast(t *testing.T) {
	// 64 MiB of zeros deflates to about 64 KB: a link of ~87,000 characters.
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression)
	zero := make([]byte, 1<<20)
	for i := 0; i < 64; i++ {
		w.Write(zero)
	}
	w.Close()
	frag := "f=" + base64.RawURLEncoding.EncodeToString(buf.Bytes())
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	_, file, err := Decode(frag)
	d := time.Since(start)
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "more than 8 MiB") || file != nil {
		t.Fatalf("bomb: %v, %d bytes", err, len(file))
	}
	if d > 2*time.Second {
		t.Errorf("refusing the bomb took %v", d)
	}
	// io.ReadAll doubles its buffer: about 2 × MaxFileSize in all, plus the input.
	alloc := after.TotalAlloc - before.TotalAlloc
	if alloc > 4*MaxFileSize {
		t.Errorf("refusing the bomb allocated %d MiB", alloc>>20)
	}
	t.Logf("bomb of %d characters (64 MiB inflated) refused in %v, %d MiB allocated", len(frag), d, alloc>>20)
}

func TestLenientBase64(t *testing.T) {
	data := []byte("a small DXBC-ish payload ??>>??")
	raw := deflateB64(data)
	std := strings.NewReplacer("-", "+", "_", "/").Replace(raw) + "=="
	for _, f := range []string{raw, raw + "=", std} {
		_, got, err := Decode("f=" + f)
		if err != nil || !bytes.Equal(got, data) {
			t.Errorf("f=%s: %v", f, err)
		}
	}
}

func TestPathConversion(t *testing.T) {
	// Paths are written with indices as segments; a bracketed index (the form
	// of early dxscope builds) is written the same way.
	for path, link := range map[string]string{
		"PSV0/SigOutputElements/2/Cols":  "PSV0/SigOutputElements/2/Cols",
		"PSV0/SigOutputElements[2]/Cols": "PSV0/SigOutputElements/2/Cols",
		"RDAT/Tables[1][3]/Name":         "RDAT/Tables/1/3/Name",
		"HASH":                           "HASH",
		"odd[x]":                         "odd[x]",
	} {
		if got := pathToLink(path); got != link {
			t.Errorf("pathToLink(%q) = %q, want %q", path, got, link)
		}
		if got := pathFromLink(link); got != link {
			t.Errorf("pathFromLink(%q) = %q, want it unchanged", link, got)
		}
		// A link with brackets (written by hand, or by an early build) reads
		// as the link the page would write: read and written again, the
		// same link (FuzzLinkState found "field=[0]" reading as "[0]" and
		// writing "0").
		if got := pathFromLink(path); got != link {
			t.Errorf("pathFromLink(%q) = %q, want %q", path, got, link)
		}
	}
}

// corpusSizes measures fragment lengths of real files (for docs/share-links.md).
func TestLinkLengthOfCorpusFiles(t *testing.T) {
	es := corpus.Entries(t)
	fit := 0
	var typical string
	for _, e := range es {
		b, err := os.ReadFile(e.Path)
		if err != nil {
			t.Fatal(err)
		}
		enc := EncodeLink(Link{State: State{Name: filepath.Base(e.Path), Part: "PSV0", Field: "PSV0/SigOutputElements/2/Cols", Hex: Range{120, 124}}, File: b}, MaxLinkLength)
		if enc.FileEmbedded {
			fit++
		}
		if len(enc.Fragment) > MaxLinkLength && enc.FileEmbedded {
			t.Errorf("%s: %d characters with the file embedded, over the limit", e.Rel, len(enc.Fragment))
		}
		if e.Size >= 4000 && e.Size <= 4100 && typical == "" {
			typical = e.Rel
			t.Logf("typical %d-byte shader %s: fragment %d characters", e.Size, e.Rel, len(enc.Fragment))
		}
	}
	t.Logf("%d/%d corpus files fit in a %d-character link", fit, len(es), MaxLinkLength)
	if fit*100 < len(es)*99 {
		t.Errorf("only %d/%d corpus files fit: the limit or the encoding regressed", fit, len(es))
	}
}

// TestEmbeddedAsWithFlate: the corpus files whose link carries the file are
// the ones it carried when compress/flate's BestCompression wrote f= (the
// encoder before package deflate): the link of every file that fitted then
// fits now.
func TestEmbeddedAsWithFlate(t *testing.T) {
	es := corpus.Entries(t)
	var lost, gained []string
	fit := 0
	for _, e := range es {
		b := e.Bytes(t)
		s := State{Name: filepath.Base(e.Path), Part: "PSV0", Field: "PSV0/SigOutputElements/2/Cols", Hex: Range{120, 124}}
		enc := EncodeLink(Link{State: s, File: b}, MaxLinkLength)
		old := len(Encode(s, nil)) + len("&f=") + len(deflateB64(b))
		switch was := old <= MaxLinkLength; {
		case was && !enc.FileEmbedded:
			lost = append(lost, fmt.Sprintf("%s (%d bytes: %d characters with flate, %d now)", e.Rel, e.Size, old, len(Encode(s, nil))+3+len(compress(b))))
		case !was && enc.FileEmbedded:
			gained = append(gained, e.Rel)
		}
		if enc.FileEmbedded {
			fit++
		}
	}
	t.Logf("%d/%d corpus files embedded; %d more than with flate.BestCompression %v, %d fewer %v", fit, len(es), len(gained), gained, len(lost), lost)
	if len(lost) > 0 {
		t.Errorf("%d files embedded with flate.BestCompression are not now: %v", len(lost), lost)
	}
}

func FuzzLinkState(f *testing.F) {
	f.Add(Encode(fullState(), []byte("DXBC....")))
	f.Add("#part=PSV0&field=PSV0/SigOutputElements/2")
	f.Add("hex=0x10-0x20&row=3&open=a,b/1,c%2Cd&sha=" + strings.Repeat("ab", 32) + "&size=10")
	f.Add("f=" + deflateB64([]byte("hello")) + "&c=" + deflateB64([]byte("world")))
	f.Add("v=1&name=%E2%9C%93&x=1")
	f.Add("name=bundle.bin&at=0x33e&part=DXIL")
	f.Add("part=PSV0&tab=text&page=psv:3,dis:0x10,dxil:zz,:4,a%2Cb:2")
	f.Add("name=vs.cso&tab=pipeline&stage=gs.cso,ps%2C1.cso&f=" + deflateB64([]byte("vs")) + "&s=" + deflateB64([]byte("gs")) + "," + deflateB64([]byte("ps")))
	f.Add("name=vs.cso&tab=pipeline&stage=gs.cso&ssha=" + strings.Repeat("ab", 32))
	// Escapes that stopped go-app's navigation: a stray or cut '%'.
	for _, bad := range []string{"field=%ZZ", "name=%zz", "part=PSV0&field=%", "name=%E0%A4%A", "%", "%%", "f=%G0", "v=1&field=" + strings.Repeat("a/", 20000)} {
		f.Add(bad)
	}
	f.Fuzz(func(t *testing.T, frag string) {
		l, err := DecodeLink(frag)
		if err != nil {
			// A clear message, of a size to show: not the whole link echoed back.
			if msg := err.Error(); msg == "" || len(msg) > 600 {
				t.Fatalf("error message of %d bytes for %.40q", len(msg), frag)
			}
			if l.File != nil || l.Compare != nil {
				t.Fatal("error with a file")
			}
			return
		}
		if len(l.File) > MaxFileSize || len(l.Compare) > MaxFileSize {
			t.Fatal("file over MaxFileSize")
		}
		if len(l.State.Stages) > MaxStages || l.Stages != nil && len(l.Stages) != len(l.State.Stages) {
			t.Fatalf("%d stage names, %d stage files", len(l.State.Stages), len(l.Stages))
		}
		// What decodes re-encodes to the same state and files.
		enc := EncodeLink(l, 0)
		l2, err := DecodeLink(enc.Fragment)
		if err != nil {
			t.Fatalf("re-encoded %q does not decode: %v (from %q)", enc.Fragment, err, frag)
		}
		l.State.Unknown = nil
		if !reflect.DeepEqual(l.State, l2.State) || !bytes.Equal(l.File, l2.File) || !bytes.Equal(l.Compare, l2.Compare) || !reflect.DeepEqual(l.Stages, l2.Stages) {
			t.Fatalf("round trip changed the link:\n %+v\n %+v\n(from %q via %q)", l.State, l2.State, frag, enc.Fragment)
		}
	})
}

func BenchmarkEncodeDecode(b *testing.B) {
	file := bytes.Repeat([]byte("DXBC 4 KB of shader-like bytes.."), 128)
	b.SetBytes(int64(len(file)))
	for b.Loop() {
		if _, _, err := Decode(Encode(fullState(), file)); err != nil {
			b.Fatal(err)
		}
	}
}

// TestDigestInSteps: the SHA-256 taken in steps of any size (the page's
// way with a large file) is crypto/sha256's, whatever the steps and however
// many are left to Sum.
func TestDigestInSteps(t *testing.T) {
	data := make([]byte, 300<<10+13)
	for i := range data {
		data[i] = byte(i*13 + i>>9)
	}
	for _, n := range []int{len(data), 64<<10 + 5, 200, 100, 63, 64, 65, 0} {
		for _, step := range []int{1, 64, 100, 4096, 65 << 10, 1 << 20} {
			want := sha256.Sum256(data[:n])
			d := NewDigest(data[:n])
			steps := 0
			for !d.Step(step) {
				steps++
				if steps > n {
					t.Fatalf("length %d, step %d: Step never finishes", n, step)
				}
			}
			if got := d.Sum(); got != hex.EncodeToString(want[:]) {
				t.Errorf("length %d, steps of %d: %s, crypto/sha256 %x", n, step, got, want)
			}
			// Sum after part of the steps finishes the rest.
			d = NewDigest(data[:n])
			d.Step(step)
			if got := d.Sum(); got != hex.EncodeToString(want[:]) {
				t.Errorf("length %d, one step of %d then Sum: %s, crypto/sha256 %x", n, step, got, want)
			}
		}
	}
	if d := NewDigest(data); !d.Of(data) || d.Of(data[1:]) || d.Of(append([]byte(nil), data...)) {
		t.Error("Of: want true only for the same slice")
	}
}

// TestSum256 checks the page's SHA-256 against crypto/sha256 at every length
// around the padding's edges and on a larger buffer.
func TestSum256(t *testing.T) {
	data := make([]byte, 1<<20+77)
	for i := range data {
		data[i] = byte(i*7 + i>>8)
	}
	lengths := []int{len(data), 1 << 20}
	for n := 0; n <= 300; n++ {
		lengths = append(lengths, n)
	}
	for _, n := range lengths {
		if got, want := sum256(data[:n]), sha256.Sum256(data[:n]); got != want {
			t.Fatalf("length %d: %x, crypto/sha256 %x", n, got, want)
		}
	}
	// FIPS 180-4's example "abc".
	if got := SHA256([]byte("abc")); got != "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" {
		t.Errorf(`SHA256("abc") = %s`, got)
	}
}

// rs= and rsv= carry the root signature a compared pair's pipeline is
// created with: HLSL text, escaped, and its version; a version that is not
// one is refused, not guessed.
func TestPipelineRootSignature(t *testing.T) {
	s := State{Tab: "compare", Compare: "ps.dxil", RootSig: "CBV(b0),\n DescriptorTable(SRV(t0))", RootSigVersion: "1.0"}
	frag := Encode(s, nil)
	if want := "v=1&tab=compare&cmp=ps.dxil&rs=CBV%28b0%29%2C%0A%20DescriptorTable%28SRV%28t0%29%29&rsv=1.0"; frag != want {
		t.Errorf("fragment\n got %s\nwant %s", frag, want)
	}
	if back, _, err := Decode(frag); err != nil || !reflect.DeepEqual(back, s) {
		t.Errorf("Decode(%s) = %+v, %v", frag, back, err)
	}
	for _, bad := range []string{"2.0", "1", "", "1.1 "} {
		if _, _, err := Decode("v=1&rs=CBV%28b0%29&rsv=" + escape(bad)); err == nil || !strings.Contains(err.Error(), "rsv= value") {
			t.Errorf("rsv=%q: %v", bad, err)
		}
	}
	long := strings.Repeat("CBV(b0),", MaxRootSigText/8)
	if _, _, err := Decode(Encode(State{RootSig: long}, nil)); err != nil {
		t.Errorf("rs= of %d bytes: %v", len(long), err)
	}
	if _, _, err := Decode(Encode(State{RootSig: long + "x"}, nil)); err == nil || !strings.Contains(err.Error(), "more than a root signature's text takes") {
		t.Errorf("rs= of %d bytes: %v", len(long)+1, err)
	}
}

// A pipeline's link: the other files' names (stage=) and, when everything
// fits, the files themselves (s=, all or none, after f=); a link whose
// files and names disagree, or that names more than MaxStages, is refused.
func TestPipelineLink(t *testing.T) {
	vs, gs, ps := []byte("DXBC vertex"), []byte("DXBC geometry"), []byte("DXBC pixel, 1")
	st := State{Name: "vs.cso", Tab: "pipeline", Stages: []string{"gs.cso", "ps,1.cso"}}
	enc := EncodeLink(Link{State: st, File: vs, Stages: [][]byte{gs, ps}}, MaxLinkLength)
	if !enc.FileEmbedded || !enc.StagesEmbedded || !strings.Contains(enc.Fragment, "&stage=gs.cso,ps%2C1.cso&") {
		t.Fatalf("%+v", enc)
	}
	l, err := DecodeLink(enc.Fragment)
	if err != nil || !reflect.DeepEqual(l.State.Stages, st.Stages) || len(l.Stages) != 2 || string(l.Stages[0]) != string(gs) || string(l.Stages[1]) != string(ps) || string(l.File) != string(vs) {
		t.Fatalf("%+v, %v", l, err)
	}
	// Too large for a link: the names stay, the files go by (first the
	// stages, then the file itself by hash).
	var big []byte // 40 KB that deflate cannot shrink
	for h := sha256.Sum256(nil); len(big) < 40000; h = sha256.Sum256(h[:]) {
		big = append(big, h[:]...)
	}
	enc = EncodeLink(Link{State: st, File: vs, Stages: [][]byte{gs, big}}, MaxLinkLength)
	if !enc.FileEmbedded || enc.StagesEmbedded || !strings.Contains(enc.Fragment, "stage=gs.cso") || strings.Contains(enc.Fragment, "&s=") ||
		!strings.Contains(enc.Fragment, "&ssha="+SHA256(gs)+","+SHA256(big)+"&") {
		t.Errorf("too large: %+v", enc)
	}
	// The files opened for such a link are put in its order, whatever
	// order they come in; a file that is not the link's is named.
	l, err = DecodeLink(enc.Fragment)
	if err != nil {
		t.Fatal(err)
	}
	if order, err := CheckStageFiles(l.State, SHA256(vs), [][]byte{big, vs, gs}); err != nil || !reflect.DeepEqual(order, []int{1, 2, 0}) {
		t.Errorf("order %v, %v", order, err)
	}
	if _, err := CheckStageFiles(l.State, SHA256(vs), [][]byte{big, vs, ps}); err == nil || !strings.Contains(err.Error(), "the link's gs.cso") {
		t.Errorf("a file that is not the link's: %v", err)
	}
	for _, bad := range []string{
		"stage=a,b&s=" + deflateB64(gs),
		"s=" + deflateB64(gs),
		"stage=a,b,c,d,e",
		"stage=a,b&ssha=" + SHA256(gs),
		"stage=a&ssha=" + SHA256(ps) + "&s=" + deflateB64(gs),
	} {
		if _, err := DecodeLink(bad); err == nil {
			t.Errorf("%q decodes", bad)
		}
	}
}
