package corpus

import (
	"runtime"
	"time"
)

// Cost runs fn once, after a garbage collection, and returns the bytes it
// allocated and the time it took: what the tests of hostile inputs bound.
func Cost(fn func()) (alloc uint64, d time.Duration) {
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	t0 := time.Now()
	fn()
	d = time.Since(t0)
	runtime.ReadMemStats(&m1)
	return m1.TotalAlloc - m0.TotalAlloc, d
}

// B is the part of *testing.B that Bench needs.
type B interface {
	SetBytes(n int64)
	ReportAllocs()
	Loop() bool
}

// Bench runs op over every input once per iteration of b, with the inputs'
// total size (size gives each one's) as b's bytes, so that go test -bench
// prints MB/s.
func Bench[T any](b B, inputs []T, size func(T) int, op func(T)) {
	var n int64
	for _, in := range inputs {
		n += int64(size(in))
	}
	b.SetBytes(n)
	b.ReportAllocs()
	for b.Loop() {
		for _, in := range inputs {
			op(in)
		}
	}
}

// AllocBound is what handling an input may allocate in all, garbage
// included: Base bytes, and PerByte bytes for each byte of the input. A
// decoder that decodes or prints a shared structure once per reference
// allocates in proportion to references × structure, which passes such a
// bound within a few kilobytes of input; the fuzz targets check it on every
// input (CheckAlloc) and start from internal/hostile's inputs.
type AllocBound struct{ Base, PerByte uint64 }

// DecodeAlloc bounds decoding: the corpus needs at most 128 bytes per byte
// and 200 KB besides; the inputs of internal/hostile need under 450 per byte.
// The base is 4 MB since a part cut short is walked once more as JSON to
// find its absent values (decode's markAbsent): a crafted 522-byte Aon9 part
// of 1,758 spans costs 1.0 MB to decode, 0.28 MB of it that walk, and with
// the target's invariant checks (the file's JSON) 2.0-2.3 MB in a full test
// run, where encoding/json's pooled buffers may have been collected. The
// per-byte term is what catches a cost that grows with references.
var DecodeAlloc = AllocBound{Base: 4 << 20, PerByte: 512}

// ModelAlloc bounds building the page's model of a file and every view and
// text of its parts: the corpus needs at most 900 bytes per byte, the
// hostile inputs 1,700 and up to 32 MB for a tiny file's capped texts.
var ModelAlloc = AllocBound{Base: 64 << 20, PerByte: 2048}

// Limit is the bound for an n-byte input.
func (a AllocBound) Limit(n int) uint64 { return a.Base + a.PerByte*uint64(n) }

// CheckAlloc starts measuring what handling an n-byte input allocates and
// returns the check to defer: it fails t when the input took more than a
// allows. It reads the allocator's counters before and after (no
// collection in between: the total counts garbage too).
//
//	defer corpus.CheckAlloc(t, corpus.DecodeAlloc, len(data))()
func CheckAlloc(t TB, a AllocBound, n int) (check func()) {
	var m0 runtime.MemStats
	runtime.ReadMemStats(&m0)
	return func() {
		t.Helper()
		var m1 runtime.MemStats
		runtime.ReadMemStats(&m1)
		if got := m1.TotalAlloc - m0.TotalAlloc; got > a.Limit(n) {
			t.Fatalf("a %d-byte input allocated %d MB, over the %d MB its size allows (%d MB and %d bytes per byte): something is decoded or printed once per reference",
				n, got>>20, a.Limit(n)>>20, a.Base>>20, a.PerByte)
		}
	}
}
