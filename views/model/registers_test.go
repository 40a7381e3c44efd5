package model

import "testing"

// Expected strings written from HLSL's register syntax.
func TestRegisterNotation(t *testing.T) {
	cases := []struct {
		class              string
		lower, count, spce uint32
		want               string
	}{
		{"SRVTyped", 3, 1, 1, "t3, space1"},
		{"UAVRaw", 0, 1, 0, "u0"},
		{"CBV", 2, 1, 0, "b2"},
		{"Sampler", 0, 1, 0, "s0"},
		{"CBuffer", 0, 1, 0, "b0"},
		{"SRV", 1, 4, 0, "t1-t4"},
		{"UAV", 5, Unbounded, 2, "u5-unbounded, space2"},
		{"D3D_SIT_TEXTURE", 7, 1, 0, "t7"},
		{"D3D_SIT_UAV_RWSTRUCTURED_WITH_COUNTER", 1, 1, 0, "u1"},
		{"D3D_SIT_BYTEADDRESS", 0, 1, 0, "t0"},
		{"D3D_SIT_UAV_APPEND_STRUCTURED", 2, 1, 0, "u2"},
		{"D3D_SIT_CBUFFER", 0, 1, 0, "b0"},
		{"D3D_SIT_TBUFFER", 0, 1, 0, "t0"},
		{"D3D_SIT_RTACCELERATIONSTRUCTURE", 0, 1, 0, "t0"},
		{"Invalid", 0, 1, 0, "?0"},
	}
	for _, c := range cases {
		if got := Register(RegisterLetter(c.class), c.lower, c.count, c.spce); got != c.want {
			t.Errorf("%s %d/%d/%d: %q, want %q", c.class, c.lower, c.count, c.spce, got, c.want)
		}
	}
	if RangeCount(2, 5) != 4 || RangeCount(0, Unbounded) != Unbounded || RangeCount(5, 2) != 0 {
		t.Error("RangeCount")
	}
}
