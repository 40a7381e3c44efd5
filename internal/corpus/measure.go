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
