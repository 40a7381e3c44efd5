package text

import (
	"encoding/json"
	"strings"
	"testing"
)

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

func TestSafeWriterEscapesAcrossWrites(t *testing.T) {
	var b strings.Builder
	w := NewSafeWriter(&b)
	rlo := "\u202e"
	w.Write([]byte("name: a\x1b[2Jb" + rlo[:1]))
	w.Write([]byte(rlo[1:] + "c\tü\n"))
	if got, want := b.String(), "name: a\\x1b[2JbU+202Ec\tü\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// The writer escapes what Safe escapes but tab and newline: C0, DEL, C1 as
// UTF-8 and as raw bytes, bidi controls and invalid UTF-8, whole even when
// a write cuts a sequence, and passes other UTF-8 cut anywhere unchanged.
func TestSafeWriterEscapesWhatSafeDoes(t *testing.T) {
	in := "a\tb\nc\x1b[31md\re\x7ff\u009bg\x9bh\u202ei\u2067j\xff\xfek\xe2\x80l ü€😀 \u0085m\n"
	want := "a\tb\nc\\x1b[31md\\x0de\\x7ff\\x9bg\\x9bhU+202EiU+2067j\\xff\\xfek\\xe2\\x80l ü€😀 \\x85m\n"
	for cut := 0; cut <= len(in); cut++ {
		var b strings.Builder
		w := NewSafeWriter(&b)
		w.Write([]byte(in[:cut]))
		w.Write([]byte(in[cut:]))
		w.Flush()
		if b.String() != want {
			t.Fatalf("cut at %d: got %q, want %q", cut, b.String(), want)
		}
	}
	// Each line's text, outside the newlines, is what Safe makes of it.
	for _, line := range strings.Split(strings.TrimSuffix(in, "\n"), "\n") {
		var b strings.Builder
		w := NewSafeWriter(&b)
		w.Write([]byte(line))
		w.Flush()
		if got := strings.ReplaceAll(b.String(), "\t", `\x09`); got != Safe(line) {
			t.Errorf("writer %q, Safe %q", got, Safe(line))
		}
	}
	// A sequence cut at the very end is written escaped by Flush.
	var b strings.Builder
	w := NewSafeWriter(&b)
	w.Write([]byte("x\xe2\x80"))
	w.Flush()
	if b.String() != `x\xe2\x80` {
		t.Errorf("flushed %q", b.String())
	}
}

// JSON keeps no raw DEL, C1 or bidi control, and still decodes to the same
// strings.
func TestEscapeJSON(t *testing.T) {
	in := map[string]string{"name": "a\x7fb\u009bc\x9bd\u202ee\u2067f\x1bg\nh ü€"}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	got := EscapeJSON(b)
	want := `{"name":"a\u007fb\u009bc\ufffdd\u202ee\u2067f\u001bg\nh ü€"}`
	if string(got) != want {
		t.Errorf("EscapeJSON = %s, want %s", got, want)
	}
	var back map[string]string
	if err := json.Unmarshal(got, &back); err != nil || back["name"] != strings.ToValidUTF8(in["name"], "\ufffd") {
		t.Errorf("decodes to %q (%v)", back["name"], err)
	}
	if plain := []byte(`{"a":"b"}`); &EscapeJSON(plain)[0] != &plain[0] {
		t.Errorf("plain JSON is copied")
	}
}
