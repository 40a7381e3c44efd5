package decode

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// realParts reads every part of a spread of corpus files: the material the
// inflated files are made of.
func realParts(t *testing.T) ([]hostile.Part, float64) {
	var parts []hostile.Part
	seen := map[string]int{}
	var bytes, readAlloc uint64
	alloc, _ := corpus.Cost(func() {
		for _, e := range corpus.Entries(t) {
			b := e.Bytes(t)
			readAlloc += uint64(len(b)) + 512 // the read itself is not the decoder's
			bytes += uint64(len(b))
			f, err := Parse(b)
			if err != nil {
				continue
			}
			json.Marshal(f)
			for _, p := range f.Parts {
				// Up to 40 parts of each name, so rare parts are not drowned.
				if seen[p.Name] < 40 && len(p.data) >= 8 {
					seen[p.Name]++
					parts = append(parts, hostile.Part{Name: p.Name, Data: p.data})
				}
			}
		}
	})
	return parts, float64(alloc-readAlloc) / float64(max(1, bytes))
}

// inflatePart copies a real part and raises what a decoder reads as counts,
// sizes and offsets: a fraction of its 32-bit words (and some 8- and 16-bit
// ones) become the largest values that still look plausible, the part's
// length in words or bytes, or all ones.
func inflatePart(r *rand.Rand, p hostile.Part) hostile.Part {
	d := append([]byte(nil), p.Data...)
	n := len(d)
	big := []uint32{0xffffffff, 0x7fffffff, 0xffff, 0xff, uint32(n), uint32(n / 4), uint32(n - 4), 1 << 20}
	for k := 0; k < 1+n/64; k++ {
		at := r.IntN(n/4) * 4
		switch r.IntN(4) {
		case 0:
			d[at] = 0xff
		case 1:
			binary.LittleEndian.PutUint16(d[at:], 0xffff)
		default:
			binary.LittleEndian.PutUint32(d[at:], big[r.IntN(len(big))])
		}
	}
	return hostile.Part{Name: p.Name, Data: d}
}

// inflatedFile is about size bytes of container built from inflated real
// parts; some files also claim the most parts that fit, or point every
// offset at one part.
func inflatedFile(r *rand.Rand, pool []hostile.Part, size int) []byte {
	var parts []hostile.Part
	total := 32
	for total < size {
		p := inflatePart(r, pool[r.IntN(len(pool))])
		if total+12+len(p.Data) > size && len(parts) > 0 {
			break
		}
		parts = append(parts, p)
		total += 12 + len(p.Data)
	}
	b := hostile.Container(parts...)
	switch r.IntN(4) {
	case 0: // the part count: as many as the file could hold offsets for
		binary.LittleEndian.PutUint32(b[28:], uint32((len(b)-32)/4))
	case 1: // every offset at the last part
		last := binary.LittleEndian.Uint32(b[32+4*(len(parts)-1):])
		for i := range parts {
			binary.LittleEndian.PutUint32(b[32+4*i:], last)
		}
	}
	return b
}

// TestInflatedRealPartsCostTheirSize is the property behind every hostile
// test: for files of 1 KB to 8 MB made of real parts with their counts and
// offsets inflated, decoding and writing the result as JSON (what the page's
// tree and the export do) allocate at most a fixed number of bytes per input
// byte. Time per byte is logged (never asserted); the worst ratios are
// reported.
func TestInflatedRealPartsCostTheirSize(t *testing.T) {
	pool, real := realParts(t)
	if len(pool) == 0 {
		t.Fatal("no parts in the corpus")
	}
	sizes := []int{1 << 10, 4 << 10, 16 << 10, 64 << 10, 256 << 10, 1 << 20, 4 << 20, 8 << 20}
	perSize := 6
	if testing.Short() {
		sizes, perSize = sizes[:6], 3
	}
	// What any input may cost: twice what the real files the parts come
	// from cost per byte (spans for every field, then the JSON), and at
	// least 256 bytes, per input byte; 8 KB per part listed (a part of 8
	// bytes still gets its Part, spans and JSON object; there are at most
	// MaxParts); plus 4 MB for the decoder's fixed tables. The shared
	// corpus's files cost about 175 bytes per byte; DirectXTK's level-9
	// shaders, a span for every 2 to 4 bytes of D3D9 tokens and DBUG
	// tables, about 245.
	perByte := max(256, int(2*real))
	const perPart, fixed = 8 << 10, 4 << 20
	r := rand.New(rand.NewPCG(2026, 11))
	var worstAlloc, worstNs float64
	var worstAllocAt, worstNsAt string
	for _, size := range sizes {
		for k := 0; k < perSize; k++ {
			b := inflatedFile(r, pool, size)
			var f *File
			var js []byte
			var err, jerr error
			alloc, d := corpus.Cost(func() {
				if f, err = Parse(b); err == nil {
					js, jerr = json.Marshal(f)
				}
			})
			if err != nil {
				t.Fatalf("%d bytes: %v", len(b), err)
			}
			if jerr != nil {
				t.Fatalf("%d bytes: JSON: %v", len(b), jerr)
			}
			name := sizeName(size, k)
			if ratio := float64(alloc) / float64(len(b)); ratio > worstAlloc {
				worstAlloc, worstAllocAt = ratio, name
			}
			if ratio := float64(d.Nanoseconds()) / float64(len(b)); ratio > worstNs {
				worstNs, worstNsAt = ratio, name
			}
			if testing.Verbose() {
				t.Logf("%s: %d bytes, %d parts: %.1f bytes allocated and %.1f ns per input byte, %.1f bytes of JSON", name, len(b), len(f.Parts), float64(alloc)/float64(len(b)), float64(d.Nanoseconds())/float64(len(b)), float64(len(js))/float64(len(b)))
			}
			if alloc > uint64(perByte*len(b)+perPart*len(f.Parts)+fixed) {
				path := t.TempDir() + "/inflated.dxbc"
				os.WriteFile(path, b, 0o644)
				t.Errorf("%s (%d bytes, %d parts): %d MB allocated, %d MB of JSON, over %d bytes per input byte and %d per part (file kept at %s)",
					name, len(b), len(f.Parts), alloc>>20, len(js)>>20, perByte, perPart, path)
			}
		}
	}
	t.Logf("worst allocation: %.1f bytes per input byte (%s); worst time: %.1f ns per input byte (%s); bound %d bytes per byte + %d per part + %d MB; the real corpus files themselves: %.1f bytes per byte",
		worstAlloc, worstAllocAt, worstNs, worstNsAt, perByte, perPart, fixed>>20, real)
}

func sizeName(size, k int) string {
	if size >= 1<<20 {
		return fmt.Sprintf("%d MB #%d", size>>20, k)
	}
	return fmt.Sprintf("%d KB #%d", size>>10, k)
}
