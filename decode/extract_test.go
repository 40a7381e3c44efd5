package decode

import (
	"strings"
	"testing"
)

// Part names are any four bytes: '#' and digits in a name must not be read
// as the "#N" that picks among parts of one name.
func TestExtractPartNamesWithHash(t *testing.T) {
	f, err := Parse(buildContainer(
		testPart{"A#B1", []byte{1}}, testPart{"A#B1", []byte{2}},
		testPart{"X#1\x00", []byte{3}}, testPart{"PRIV", []byte{4}}, testPart{"PRIV", []byte{5}}))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		want byte
	}{
		{"A#B1", 1}, {"A#B1#0", 1}, {"A#B1#1", 2}, {"X#1\x00", 3}, {"X#1\x00#0", 3},
		{"PRIV", 4}, {"PRIV#1", 5},
	} {
		b, err := ExtractPart(f, tc.name)
		if err != nil || len(b) != 1 || b[0] != tc.want {
			t.Errorf("ExtractPart(%q) = %v, %v; want [%d]", tc.name, b, err, tc.want)
		}
	}
	for _, name := range []string{"A#B1#2", "A#B", "X#1", "PRIV#x", "PRIV#-1"} {
		_, err := ExtractPart(f, name)
		if err == nil || !strings.Contains(err.Error(), `"X#1\x00"`) {
			t.Errorf("ExtractPart(%q): %v, want an error listing the names quoted", name, err)
		}
	}
}
