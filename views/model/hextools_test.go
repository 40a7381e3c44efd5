package model

import (
	"math"
	"strings"
	"testing"
)

// Expected values written by hand from the IEEE 754 encodings.
func TestInspectReadsLittleEndian(t *testing.T) {
	// 1.5f = 0x3fc00000; as bytes LE: 00 00 c0 3f, then 4 bytes of 0xff.
	data := []byte{0x00, 0x00, 0xc0, 0x3f, 0xff, 0xff, 0xff, 0xff}
	want := map[string]string{
		"u8":     "0 (0x00)",
		"u16":    "0 (0x0000)",
		"u32":    "1069547520 (0x3fc00000)",
		"i32":    "1069547520",
		"f32":    "1.5",
		"u64":    "18446744070484131840 (0xffffffff3fc00000)",
		"i64":    "-3225419776",
		"FourCC": `'\x00\x00\xc0?'`,
		"bits":   "00000000",
	}
	for _, r := range Inspect(data, 0) {
		if w, ok := want[r.Type]; ok && r.Value != w {
			t.Errorf("%s = %q, want %q", r.Type, r.Value, w)
		}
	}
	// At offset 6 only two bytes remain: the wider readings are empty.
	for _, r := range Inspect(data, 6) {
		if (r.Size > 2) != (r.Value == "") {
			t.Errorf("at 6, %s (size %d) = %q", r.Type, r.Size, r.Value)
		}
	}
	if rows := Inspect(data, 99); rows[0].Value != "" {
		t.Errorf("past the end: %q", rows[0].Value)
	}
}

func TestFloat16(t *testing.T) {
	cases := []struct {
		h    uint16
		want float32
	}{
		{0x3c00, 1}, {0xc000, -2}, {0x7bff, 65504}, {0x0001, 5.9604645e-08},
		{0x3555, 0.33325195}, {0x0000, 0}, {0x7c00, float32(math.Inf(1))},
	}
	for _, c := range cases {
		if got := Float16(c.h); got != c.want {
			t.Errorf("Float16(%#04x) = %v, want %v", c.h, got, c.want)
		}
	}
	if !math.IsNaN(float64(Float16(0x7e00))) {
		t.Error("0x7e00 is a NaN")
	}
}

func TestFindWrapsBothWays(t *testing.T) {
	data := []byte("..DXBC....DXBC..")
	pat, err := SearchPattern(SearchHex, "44 58 42 43")
	if err != nil || string(pat) != "DXBC" {
		t.Fatalf("pattern %q %v", pat, err)
	}
	steps := []struct {
		from    int64
		forward bool
		want    int64
	}{
		{-1, true, 2}, {2, true, 10}, {10, true, 2}, // wraps to the first
		{10, false, 2}, {2, false, 10}, {0, false, 10},
	}
	for _, s := range steps {
		if got := Find(data, pat, s.from, s.forward); got != s.want {
			t.Errorf("Find from %d forward=%v = %d, want %d", s.from, s.forward, got, s.want)
		}
	}
	if got := Find(data, []byte("nope"), -1, true); got != -1 {
		t.Errorf("absent pattern found at %d", got)
	}
	u, _ := SearchPattern(SearchUTF16, "Hi")
	if string(u) != "H\x00i\x00" {
		t.Errorf("UTF-16 pattern %q", u)
	}
	for _, bad := range []string{"4", "zz", ""} {
		if _, err := SearchPattern(SearchHex, bad); err == nil {
			t.Errorf("hex %q accepted", bad)
		}
	}
	if n := CountMatches([]byte("aaaa"), []byte("aa"), 10); n != 3 {
		t.Errorf("overlapping matches: %d", n)
	}
}

func TestCopyTextEscapesNames(t *testing.T) {
	c := CopyText(CopyCArray, "evil*/\x1b[2J.cso", 0x20, []byte{1, 2})
	if strings.Contains(c, "*/\x1b") || strings.ContainsRune(c, 0x1b) {
		t.Errorf("name escaped the comment: %q", c)
	}
	if !strings.Contains(c, "0x01, 0x02,") || !strings.Contains(c, "[2]") {
		t.Errorf("array: %q", c)
	}
	if got := CopyText(CopyBase64, "", 0, []byte("DXBC")); got != "RFhCQw==" {
		t.Errorf("base64 %q", got)
	}
	if got := CopyText(CopyHex, "", 0, []byte{0xde, 0xad}); got != "de ad" {
		t.Errorf("hex %q", got)
	}
}
