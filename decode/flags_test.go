package decode

import (
	"reflect"
	"testing"

	"github.com/dxscope/dxscope/decode/report"
)

func TestFlagNames(t *testing.T) {
	bits := []report.FlagBit{{Bit: 0x1, Name: "A"}, {Bit: 0x4, Name: "C"}, {Bit: 0xC000, Name: "LEVEL"}}
	for _, tc := range []struct {
		v    uint32
		want []string
	}{
		{0, []string{}},
		{0x5, []string{"A", "C"}},
		{0x1002, []string{"0x2", "0x1000"}},
		{0xC001, []string{"A", "LEVEL"}},
		{0x4000, []string{"0x4000"}}, // half of a two-bit group is not the group
	} {
		if got := report.BitNames(tc.v, bits); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("flagNames(0x%x) = %q, want %q", tc.v, got, tc.want)
		}
	}
}
