package hostile

import "testing"

// Flat fails t when what an input byte costs at the largest of a family's
// sizes is more than factor times what it costs at the smallest (the sizes
// double, so a linear reader keeps the cost per byte flat and a quadratic
// one doubles it at each step). unit names the cost ("bytes allocated",
// "ns"); name, when not empty, the family.
func Flat(t testing.TB, name string, perByte []float64, factor float64, unit string) {
	t.Helper()
	if len(perByte) < 2 {
		t.Fatalf("%s: %d sizes measured, need two or more", name, len(perByte))
	}
	last, first := perByte[len(perByte)-1], perByte[0]
	if last <= factor*first {
		return
	}
	if name != "" {
		name += ": "
	}
	t.Errorf("%s%.1f %s per input byte at the largest size, %.1f at the smallest (more than %g times)", name, last, unit, first, factor)
}
