package deflate

import (
	"bytes"
	"compress/flate"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dxscope/dxscope/internal/corpus"
)

// TestMain ends the run with one line naming what was missing (the corpus).
func TestMain(m *testing.M) { corpus.Main(m) }

// inflate is compress/flate's reader, the one the page decodes links with.
func inflate(t testing.TB, z []byte) []byte {
	t.Helper()
	got, err := io.ReadAll(flate.NewReader(bytes.NewReader(z)))
	if err != nil {
		t.Fatalf("compress/flate cannot read the stream: %v", err)
	}
	return got
}

func roundTrip(t testing.TB, name string, data []byte) []byte {
	t.Helper()
	z := Compress(data)
	if got := inflate(t, z); !bytes.Equal(got, data) {
		i := 0
		for i < len(got) && i < len(data) && got[i] == data[i] {
			i++
		}
		t.Fatalf("%s: inflates to %d bytes, want %d; first difference at %d", name, len(got), len(data), i)
	}
	return z
}

func bestCompression(data []byte) []byte {
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression)
	w.Write(data)
	w.Close()
	return buf.Bytes()
}

func random(seed uint64, n int) []byte {
	r := rand.New(rand.NewPCG(seed, 1))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// smallAlphabet is random over k byte values: many short matches, the
// longest hash chains.
func smallAlphabet(seed uint64, n, k int) []byte {
	r := rand.New(rand.NewPCG(seed, 2))
	b := make([]byte, n)
	for i := range b {
		b[i] = 'a' + byte(r.IntN(k))
	}
	return b
}

func TestEdgeCases(t *testing.T) {
	rnd := random(1, 100<<10)
	cases := map[string][]byte{
		"empty":          {},
		"one byte":       {'x'},
		"two bytes":      {0, 0},
		"three equal":    {7, 7, 7},
		"four equal":     {7, 7, 7, 7},
		"258 zeros":      make([]byte, 258),
		"259 zeros":      make([]byte, 259),
		"260 zeros":      make([]byte, 260),
		"1 MiB of zeros": make([]byte, 1<<20),
		"all byte values": func() []byte {
			b := make([]byte, 256)
			for i := range b {
				b[i] = byte(i)
			}
			return b
		}(),
		"random 100 KiB":        rnd,
		"random 70,000 bytes":   rnd[:70000], // one stored block of 65,535 and the rest
		"random 65,535 bytes":   rnd[:65535],
		"random 65,536 bytes":   rnd[:65536],
		"small alphabet 300 KB": smallAlphabet(3, 300<<10, 4),
		"text":                  []byte(strings.Repeat("the quick brown fox jumps over the lazy dog. ", 2000)),
	}
	// Repeats at the window's edge: a random block of 32,766–32,770 bytes
	// twice, so the only matches are at distances around 32 KiB.
	for _, n := range []int{32766, 32767, 32768, 32769, 32770, 40 << 10} {
		cases[fmt.Sprintf("random %d twice", n)] = append(slices.Clone(rnd[:n]), rnd[:n]...)
	}
	for name, data := range cases {
		t.Run(name, func(t *testing.T) {
			z := roundTrip(t, name, data)
			// A block of blockTokens literals stored costs 5 bytes of header.
			if len(z) > len(data)+(len(data)/blockTokens+1)*5+1 {
				t.Errorf("%d bytes compress to %d: more than stored blocks take", len(data), len(z))
			}
		})
	}
	// The window: a block repeated within 32 KiB is found, beyond it cannot be.
	near := append(slices.Clone(rnd[:32000]), rnd[:32000]...)
	if z := Compress(near); len(z) > 32000+1000 {
		t.Errorf("a 32,000-byte block repeated compresses to %d bytes: the repeat was not found", len(z))
	}
}

// Every match length (3–258) and distances at each distance code's edges,
// so every length and distance symbol is written with its extra bits at
// both ends of their range.
func TestCodeBoundaries(t *testing.T) {
	rnd := random(2, 64<<10)
	var data []byte
	for l := 3; l <= 258; l++ {
		// A random run, then its first l bytes again, then a byte that ends the match.
		src := rnd[l*100 : l*100+300]
		data = append(data, src...)
		data = append(data, src[:l]...)
		data = append(data, ^src[l])
	}
	roundTrip(t, "every length", data)

	var dists []int
	for c := 0; c < numDist; c++ {
		base := distBase[c]
		dists = append(dists, base, base+1, base+(1<<distExtra(c))-1)
	}
	for _, d := range dists {
		if d < 4 || d > maxDist {
			continue
		}
		// d bytes of random data, then its first 20 bytes: one match at distance d.
		var b []byte
		b = append(b, rnd[:d]...)
		b = append(b, rnd[:20]...)
		roundTrip(t, fmt.Sprintf("distance %d", d), b)
	}
}

// distBase is RFC 1951's table of the first distance of each code, written
// out to check distCode against.
var distBase = [numDist]int{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769,
	1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}

// lenBase likewise for the lengths of symbols 257–285.
var lenBase = [29]int{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
	131, 163, 195, 227, 258}

func TestSymbolTables(t *testing.T) {
	for c := range numDist {
		end := 32769
		if c+1 < numDist {
			end = distBase[c+1]
		}
		if end-distBase[c] != 1<<distExtra(c) {
			t.Errorf("distance code %d: %d extra bits, the table says %d distances", c, distExtra(c), end-distBase[c])
		}
		for d := distBase[c]; d < end; d++ {
			if got := distCode(d - 1); got != c {
				t.Fatalf("distCode(%d-1) = %d, want %d", d, got, c)
			}
		}
	}
	for i, base := range lenBase {
		c := 257 + i
		end := 259
		if i+1 < len(lenBase) {
			end = lenBase[i+1]
		}
		if c == 284 {
			end = 258 // 258 has a code of its own, though 284's 5 bits reach it
		}
		if c != 284 && end-base != 1<<lengthExtra(c) {
			t.Errorf("length code %d: %d extra bits, the table says %d lengths", c, lengthExtra(c), end-base)
		}
		for l := base; l < end; l++ {
			if got := lengthCode(l - minMatch); got != c {
				t.Fatalf("lengthCode(%d-3) = %d, want %d", l, got, c)
			}
		}
	}
}

// The codes are complete (Kraft sum 1) and within their limit, also when
// the counts would make an unlimited Huffman code deeper (Fibonacci counts).
func TestCodeLengths(t *testing.T) {
	fib := make([]int, 40)
	fib[0], fib[1] = 1, 1
	for i := 2; i < len(fib); i++ {
		fib[i] = fib[i-1] + fib[i-2]
	}
	r := rand.New(rand.NewPCG(4, 4))
	for _, tc := range []struct {
		name  string
		freq  []int
		limit int
	}{
		{"two", []int{5, 0, 9}, 15},
		{"fibonacci 286", append(slices.Clone(fib[:30]), make([]int, 256)...), 15},
		{"fibonacci 19", fib[:19], 7},
		{"uniform 286", slices.Repeat([]int{3}, 286), 15},
		{"random", func() []int {
			f := make([]int, 286)
			for i := range f {
				f[i] = r.IntN(1000) * r.IntN(2)
			}
			f[0], f[1] = 1, 1
			return f
		}(), 15},
	} {
		lengths := make([]uint8, len(tc.freq))
		codeLengths(tc.freq, lengths, tc.limit)
		kraft := 0.0
		for s, l := range lengths {
			if (l > 0) != (tc.freq[s] > 0) || int(l) > tc.limit {
				t.Fatalf("%s: symbol %d (count %d) has length %d", tc.name, s, tc.freq[s], l)
			}
			if l > 0 {
				kraft += 1 / float64(uint(1)<<l)
			}
		}
		if kraft != 1 {
			t.Errorf("%s: Kraft sum %v, want 1 (a complete code)", tc.name, kraft)
		}
	}
	// Optimal where the limit does not bind: the same cost as Huffman's
	// algorithm (two cheapest merged until one is left).
	f := []int{10, 20, 30, 40, 50, 60, 70, 80, 1, 2, 3}
	lengths := make([]uint8, len(f))
	codeLengths(f, lengths, 15)
	cost := 0
	for s, l := range lengths {
		cost += f[s] * int(l)
	}
	if want := huffmanCost(f); cost != want {
		t.Errorf("cost %d, Huffman's %d", cost, want)
	}
}

func huffmanCost(f []int) int {
	w := slices.Clone(f)
	cost := 0
	for len(w) > 1 {
		slices.Sort(w)
		s := w[0] + w[1]
		cost += s
		w = append(w[2:], s)
	}
	return cost
}

// corpusFiles returns the corpus files of at most 256 KiB (the largest the
// page compresses for a link) and this repository's testdata.
func corpusFiles(t testing.TB) map[string][]byte {
	files := map[string][]byte{}
	for _, e := range corpus.Available() {
		if e.Size <= 256<<10 {
			files[e.Rel] = e.Bytes(t)
		}
	}
	root := filepath.Join("..", "..", "..", "testdata")
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if b, err := os.ReadFile(p); err == nil && len(b) <= 256<<10 {
				rel, _ := filepath.Rel(root, p)
				files["testdata/"+rel] = b
			}
		}
		return err
	})
	return files
}

// TestCorpus: every corpus and testdata file inflates back to itself, and
// the total compressed size is within 2% of compress/flate's
// BestCompression (the link length a file is embedded by).
func TestCorpus(t *testing.T) {
	files := corpusFiles(t)
	var ours, best int
	worst, worstName := 0.0, ""
	for name, data := range files {
		z := roundTrip(t, name, data)
		b := bestCompression(data)
		ours += len(z)
		best += len(b)
		if r := float64(len(z)) / float64(len(b)); r > worst {
			worst, worstName = r, name
		}
	}
	t.Logf("%d files: %d bytes compressed, BestCompression %d (%.2f%%); worst %s at %.2f%%",
		len(files), ours, best, 100*float64(ours)/float64(best), worstName, 100*worst)
	if ours*100 > best*102 {
		t.Errorf("%d bytes, more than 2%% over BestCompression's %d", ours, best)
	}
	if worst > 1.05 {
		t.Errorf("%s compresses to %.2f%% of BestCompression's size", worstName, 100*worst)
	}
	if len(files) < 1000 {
		corpus.Skip(t, "corpus", "only %d files (no corpus at ../shared/corpus?): sizes compared over testdata alone", len(files))
	}
}

// Time is linear in the input: the slowest kind of input (many short
// matches, the chains at their bound) of 256 KiB, the page's largest,
// takes well under a second.
func TestTimeBound(t *testing.T) {
	for _, k := range []int{2, 4} {
		data := smallAlphabet(5, 256<<10, k)
		start := time.Now()
		roundTrip(t, "small alphabet", data)
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("256 KiB over %d byte values took %v", k, d)
		}
	}
}

func FuzzRoundTrip(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte("a"))
	f.Add(make([]byte, 600))
	f.Add([]byte(strings.Repeat("abcabcabd", 100)))
	f.Add(random(6, 3000))
	corpus.AddSeeds(f, "../../../testdata/containers/*", "../../../web/examples/*.dxbc")
	f.Fuzz(func(t *testing.T, data []byte) {
		roundTrip(t, "input", data)
	})
}

// The benchmarks compare with compress/flate's BestCompression over the
// inputs the page meets: the largest corpus files of at most 256 KiB, and
// 256 KiB of the kinds of bytes that cost most.
func benchInputs(b *testing.B) map[string][]byte {
	in := map[string][]byte{
		"random256K":        random(7, 256<<10),
		"zeros256K":         make([]byte, 256<<10),
		"smallAlphabet256K": smallAlphabet(8, 256<<10, 4),
		"twoLetters256K":    smallAlphabet(9, 256<<10, 2), // chains at their bound
	}
	var big []corpus.Entry
	for _, e := range corpus.Available() {
		if e.Size <= 256<<10 {
			big = append(big, e)
		}
	}
	slices.SortFunc(big, func(x, y corpus.Entry) int { return int(y.Size - x.Size) })
	if len(big) > 0 {
		in["largestCorpus"] = big[0].Bytes(b)
	}
	// A typical shader: the corpus's 4 KB files.
	for _, e := range big {
		if e.Size >= 4000 && e.Size <= 4100 {
			in["corpus4K"] = e.Bytes(b)
			break
		}
	}
	return in
}

func benchmark(b *testing.B, compress func([]byte) []byte) {
	in := benchInputs(b)
	names := slices.Sorted(func(yield func(string) bool) {
		for k := range in {
			if !yield(k) {
				return
			}
		}
	})
	for _, name := range names {
		data := in[name]
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				n = len(compress(data))
			}
			b.ReportMetric(float64(n), "out-bytes")
		})
	}
}

func BenchmarkCompress(b *testing.B)             { benchmark(b, Compress) }
func BenchmarkFlateBestCompression(b *testing.B) { benchmark(b, bestCompression) }
