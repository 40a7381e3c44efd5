package hostile

import (
	"fmt"
	"runtime"
	"testing"
	"time"
)

// Flat fails t when what an input byte costs at the largest of a family's
// sizes is more than factor times what it costs at the smallest (the sizes
// double, so a linear reader keeps the cost per byte flat and a quadratic
// one doubles it at each step). unit names the cost ("bytes allocated",
// "ns"); name, when not empty, the family.
func Flat(t testing.TB, name string, perByte []float64, factor float64, unit string) {
	t.Helper()
	if msg := flat(name, perByte, factor, unit); msg != "" {
		t.Error(msg)
	}
}

// flat is Flat's verdict: "" when the cost per byte stays within factor,
// else what went wrong.
func flat(name string, perByte []float64, factor float64, unit string) string {
	if len(perByte) < 2 {
		return fmt.Sprintf("%s: %d sizes measured, need two or more", name, len(perByte))
	}
	last, first := perByte[len(perByte)-1], perByte[0]
	if last <= factor*first {
		return ""
	}
	if name != "" {
		name += ": "
	}
	return fmt.Sprintf("%s%.1f %s per input byte at the largest size, %.1f at the smallest (more than %g times)", name, last, unit, first, factor)
}

// PerByte measures a family at each of sizes: measure(k) makes the input of
// size k, does the work on it (and checks what it must), and returns the
// input's length in bytes and what the work cost (bytes allocated, ns,
// bytes written). The result is that cost per input byte at each size, for
// Flat or a test's own bound.
func PerByte(sizes []int, measure func(k int) (n int, cost float64)) []float64 {
	perByte := make([]float64, 0, len(sizes))
	for _, k := range sizes {
		n, cost := measure(k)
		perByte = append(perByte, cost/float64(n))
	}
	return perByte
}

// FlatPerByte is Flat over PerByte(sizes, measure): the common shape of a
// hostile-input test, which says only its sizes, its input and its work.
//
// A cost in time ("ns") is measured again when it is not flat, up to three
// times in all, and fails only when every measure says so: another process
// can slow the largest size once (the tests share two cores with browsers
// and fuzzers), but a walk repeated per record is slow every time.
func FlatPerByte(t testing.TB, name string, sizes []int, factor float64, unit string, measure func(k int) (n int, cost float64)) {
	t.Helper()
	tries := 1
	if unit == "ns" {
		tries = 3
	}
	for i := 1; ; i++ {
		msg := flat(name, PerByte(sizes, measure), factor, unit)
		if msg == "" {
			return
		}
		if i == tries {
			t.Error(msg)
			return
		}
		t.Logf("measured again (%d of %d): %s", i, tries, msg)
	}
}

// Fastest is the shortest of runs timings of work: the measure of a family
// whose work allocates the same whatever its cost, so time is what shows a
// walk repeated per record (the fastest run is the one least disturbed by
// the rest of the machine). Each run starts after a collection, so that
// none pays for the garbage of the one before.
func Fastest(runs int, work func()) time.Duration {
	best := time.Duration(1 << 62)
	for range runs {
		runtime.GC()
		start := time.Now()
		work()
		best = min(best, time.Since(start))
	}
	return best
}
