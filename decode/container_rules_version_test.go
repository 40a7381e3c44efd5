package decode

import "testing"

// The PSV0 version DXC writes for each validator version, from
// GetPSVVersion in DXC's DxilPipelineStateValidation.cpp: 1.0 writes 0,
// 1.1-1.5 write 1, 1.6-1.7 write 2, 1.8-1.9 write 3, 1.10 and later 4.
func TestPSVVersionForValidator(t *testing.T) {
	for _, c := range []struct {
		major, minor uint32
		want         int
	}{
		{0, 0, 0}, {1, 0, 0}, {1, 1, 1}, {1, 5, 1}, {1, 6, 2}, {1, 7, 2}, {1, 8, 3}, {1, 9, 3}, {1, 10, 4}, {1, 11, 4}, {2, 0, 4},
	} {
		if got := psvVersionFor(c.major, c.minor); got != c.want {
			t.Errorf("validator %d.%d: PSV0 version %d, want %d", c.major, c.minor, got, c.want)
		}
	}
}
