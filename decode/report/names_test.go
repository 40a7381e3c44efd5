package report

import (
	"testing"
)

func TestEnumName(t *testing.T) {
	names := []string{0: "Zero", 1: "One", 3: "Three"}
	for _, tc := range []struct {
		v    uint64
		want string
	}{{0, "Zero"}, {1, "One"}, {2, "Kind(2)"}, {3, "Three"}, {4, "Kind(4)"}, {1 << 40, "Kind(1099511627776)"}} {
		if got := EnumName(names, tc.v, "Kind"); got != tc.want {
			t.Errorf("EnumName(%d) = %q, want %q", tc.v, got, tc.want)
		}
		if back, err := EnumValue(names, "Kind", EnumName(names, tc.v, "Kind")); tc.v < 1<<32 && (err != nil || back != tc.v) {
			t.Errorf("EnumValue(EnumName(%d)) = %d, %v", tc.v, back, err)
		}
	}
	if _, err := EnumValue(names, "Kind", "Four"); err == nil {
		t.Error("an unknown name reads back")
	}
}
