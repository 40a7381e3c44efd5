package diff

import (
	"slices"
	"testing"
)

// pairInPlace pairs the unmatched items between two matched ones only when
// both sides have as many there, and leaves a reordered list alone.
func TestPairInPlace(t *testing.T) {
	for _, tc := range []struct {
		match []int
		nb    int
		want  []int
	}{
		{[]int{0, -1, 2}, 3, []int{0, 1, 2}},          // one replaced in the middle
		{[]int{-1, 1}, 2, []int{0, 1}},                // at the front
		{[]int{0, -1}, 2, []int{0, 1}},                // at the end
		{[]int{0, -1, 3}, 4, []int{0, -1, 3}},         // one removed, two added: not the same place
		{[]int{0, -1, -1, 1}, 2, []int{0, -1, -1, 1}}, // two removed, none added
		{[]int{1, -1, 0}, 3, []int{1, -1, 0}},         // reordered: nothing paired
		{[]int{-1, 2, -1, 1}, 4, []int{-1, 2, -1, 1}}, // reordered after a gap: nothing paired either
		{[]int{-1, -1}, 2, []int{0, 1}},               // nothing matched, same length: by position
	} {
		got := slices.Clone(tc.match)
		pairInPlace(got, tc.nb)
		if !slices.Equal(got, tc.want) {
			t.Errorf("pairInPlace(%v, %d) = %v, want %v", tc.match, tc.nb, got, tc.want)
		}
	}
}
