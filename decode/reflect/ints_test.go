package reflect

import (
	"regexp"
	"slices"
	"strconv"
	"testing"
)

// ints reads what the regular expression it replaced found.
func TestIntsMatchesItsRegexp(t *testing.T) {
	re := regexp.MustCompile(`i32 (-?[0-9]+)`)
	for _, s := range []string{"", "i32", "i32 ", "i32 5", "!{i32 1, i32 -2, i32 30}", "i32 -", "i32 -i32 7", "i32 i32 8",
		"xi32 9, i32 - 3, i32 --4, i32 12a", "i32 99999999999999999999, i32 1", "i32 4294967295, i32 -2147483648", "i64 3, i32 0"} {
		var want []uint32
		for _, m := range re.FindAllStringSubmatch(s, -1) {
			v, err := strconv.ParseInt(m[1], 10, 64)
			if err != nil {
				break
			}
			want = append(want, uint32(v))
		}
		if got := ints(s); !slices.Equal(got, want) {
			t.Errorf("ints(%q) = %v, regexp %v", s, got, want)
		}
	}
}
