package text

import "testing"

func TestSafe(t *testing.T) {
	cases := []struct{ in, want string }{
		{"SV_Position", "SV_Position"},
		{"a\x1b]52;c;ZXZpbA==\x07b", `a\x1b]52;c;ZXZpbA==\x07b`},
		{"\x1b[2J", `\x1b[2J`},
		{"abc\u202edef", "abcU+202Edef"},
		{"x\u2066y", "xU+2066y"},
		{"bad\xffutf8", `bad\xffutf8`},
		{"tab\there\nnext", `tab\x09here\x0anext`},
		{"\u0085", `\x85`},
		{"Über", "Über"},
	}
	for _, c := range cases {
		if got := Safe(c.in); got != c.want {
			t.Errorf("Safe(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if got := SafeCap("abcdef", 3); got != "abc…" {
		t.Errorf("cap: %q", got)
	}
	if got := SafeCap("abc", 3); got != "abc" {
		t.Errorf("no cut: %q", got)
	}
}
