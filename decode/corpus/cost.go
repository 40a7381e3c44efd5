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
