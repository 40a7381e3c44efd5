package text

import (
	"math"
	"testing"

	"github.com/dustin/go-humanize"
)

// IBytes and Comma print what go-humanize prints (the CLI's outputs and the
// page's texts stayed the same when they replaced it).
func TestSizeTextsMatchHumanize(t *testing.T) {
	var sizes []uint64
	for _, s := range []uint64{0, 1, 9, 10, 11, 99, 100, 999, 1000, 1023, 1024, 1025, 10239, 10240, 10188, 10189,
		102348, 102349, 1048063, 1048064, 1048575, 1048576, 1<<30 - 1, 1 << 30, 1 << 40, 1 << 50, 1 << 60, math.MaxUint64} {
		sizes = append(sizes, s)
	}
	for s := uint64(1); s < 1<<60; s = s*7/4 + 3 {
		for d := uint64(0); d < 8; d++ {
			sizes = append(sizes, s+d, s-d)
		}
	}
	for s := uint64(0); s < 200000; s += 37 {
		sizes = append(sizes, s)
	}
	for _, s := range sizes {
		if got, want := IBytes(s), humanize.IBytes(s); got != want {
			t.Errorf("IBytes(%d) = %q, go-humanize %q", s, got, want)
		}
	}
	nums := []int64{0, 7, 8, -1, -7, -8, 999, 1000, -1000, 123456, -123456, 1234567, math.MaxInt64, math.MinInt64, math.MinInt64 + 1}
	for n := int64(1); n < math.MaxInt64/3; n = n*3 + 1 {
		nums = append(nums, n, -n, n+1, -n-1)
	}
	for _, n := range nums {
		if got, want := Comma(n), humanize.Comma(n); got != want {
			t.Errorf("Comma(%d) = %q, go-humanize %q", n, got, want)
		}
	}
	t.Logf("%d sizes and %d numbers compared", len(sizes), len(nums))
}
