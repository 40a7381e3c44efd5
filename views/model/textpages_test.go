package model

import (
	"os"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/dxscope/dxscope/internal/hostile"
)

// TestTextPagesCutAtLineEnds: pages end at line ends, hold at most so many
// lines and bytes, and cut only a line longer than a page, before a UTF-8
// sequence; their lines are counted from 1. Expected pages written by hand.
func TestTextPagesCutAtLineEnds(t *testing.T) {
	type p = TextPage
	for _, c := range []struct {
		name         string
		text         string
		lines, bytes int
		want         []TextPage
	}{
		{"empty", "", 4, 8, nil},
		{"one line, no line break", "abc", 4, 8, []p{{0, 3, 1, 1}}},
		{"no line break at the end", "a\nb", 4, 8, []p{{0, 3, 1, 2}}},
		{"a line break at the end", "a\nb\n", 4, 8, []p{{0, 4, 1, 2}}},
		{"only line breaks", "\n\n\n", 2, 8, []p{{0, 2, 1, 2}, {2, 3, 3, 3}}},
		{"lines exactly at the line limit", "a\nb\nc\nd\n", 2, 100, []p{{0, 4, 1, 2}, {4, 8, 3, 4}}},
		{"one line over the line limit", "a\nb\nc", 2, 100, []p{{0, 4, 1, 2}, {4, 5, 3, 3}}},
		{"lines exactly at the byte limit", "abc\ndef\n", 100, 4, []p{{0, 4, 1, 1}, {4, 8, 2, 2}}},
		{"the whole text exactly at the byte limit", "abc\ndef\n", 100, 8, []p{{0, 8, 1, 2}}},
		{"one byte short of the next line", "abc\ndef\n", 100, 7, []p{{0, 4, 1, 1}, {4, 8, 2, 2}}},
		{"a last line without a break at the byte limit", "abc\ndefg", 100, 4, []p{{0, 4, 1, 1}, {4, 8, 2, 2}}},
		{"a line longer than a page", "abcdefghij\nk\n", 100, 4, []p{{0, 4, 1, 1}, {4, 8, 1, 1}, {8, 11, 1, 1}, {11, 13, 2, 2}}},
		{"a line one byte longer than a page", "abcd\n", 100, 4, []p{{0, 4, 1, 1}, {4, 5, 1, 1}}},
		{"short lines after a long one share its last page", "abcdef\ng\nh\n", 100, 4, []p{{0, 4, 1, 1}, {4, 7, 1, 1}, {7, 11, 2, 3}}},
		// € is three bytes (2–4): a cut at 4 would split it.
		{"a rune across the byte limit", "ab€cd", 100, 4, []p{{0, 2, 1, 1}, {2, 6, 1, 1}, {6, 7, 1, 1}}},
		{"a rune ending at the byte limit", "a€bc", 100, 4, []p{{0, 4, 1, 1}, {4, 6, 1, 1}}},
		// 😀 is four bytes: a page of four holds it whole.
		{"four-byte runes", "😀😀", 100, 4, []p{{0, 4, 1, 1}, {4, 8, 1, 1}}},
		// Bytes that are not UTF-8 have no sequence to keep whole.
		{"continuation bytes alone", "\x80\x80\x80\x80\x80\x80", 100, 4, []p{{0, 4, 1, 1}, {4, 6, 1, 1}}},
	} {
		got := TextPages(c.text, c.lines, c.bytes)
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: %q in pages of %d lines, %d bytes: %v, want %v", c.name, c.text, c.lines, c.bytes, got, c.want)
		}
	}
}

// checkPages fails the test unless pages cover text in order, each within
// its limits, ending at a line's end unless its line is longer than a page,
// never inside a UTF-8 sequence of a valid text, with its lines counted.
func checkPages(t *testing.T, name, text string, pages []TextPage, maxLines, maxBytes int) {
	t.Helper()
	var joined strings.Builder
	at, line, valid := 0, 1, utf8.ValidString(text)
	for i, pg := range pages {
		s := text[pg.Start:pg.End]
		joined.WriteString(s)
		breaks := strings.Count(s, "\n")
		lines, last := breaks, line+breaks-1
		if !strings.HasSuffix(s, "\n") {
			lines, last = lines+1, last+1
		}
		switch {
		case pg.Start != at || pg.End <= pg.Start:
			t.Fatalf("%s: page %d is bytes %d–%d after byte %d", name, i, pg.Start, pg.End, at)
		case len(s) > maxBytes || lines > maxLines:
			t.Fatalf("%s: page %d holds %d bytes in %d lines", name, i, len(s), lines)
		case pg.End < len(text) && !strings.HasSuffix(s, "\n") && strings.Contains(s, "\n"):
			t.Fatalf("%s: page %d ends inside a line that fits on a page: %q", name, i, s[max(0, len(s)-20):])
		case pg.End < len(text) && breaks == 0 && len(s) <= maxBytes-utf8.UTFMax:
			t.Fatalf("%s: page %d cuts a long line after %d bytes", name, i, len(s))
		case valid && !utf8.ValidString(s):
			t.Fatalf("%s: page %d cuts a UTF-8 sequence: ends %q", name, i, s[max(0, len(s)-4):])
		case pg.FirstLine != line || pg.LastLine != last:
			t.Fatalf("%s: page %d on lines %d–%d, want %d–%d", name, i, pg.FirstLine, pg.LastLine, line, last)
		}
		at, line = pg.End, line+breaks
	}
	if joined.String() != text {
		t.Fatalf("%s: the pages hold %d bytes of %d", name, joined.Len(), len(text))
	}
}

// TestTextPagesCoverTheText: the pages of long texts, joined, are the text
// byte for byte: a 3 MB line of one- to four-byte runes, many short lines,
// and a hostile file's texts at MaxDumpText (lines up to 1 MiB).
func TestTextPagesCoverTheText(t *testing.T) {
	long := strings.Repeat("aé€😀", 3<<20/10) // 3 MB, 10 bytes a repeat: every cut point falls in a rune somewhere
	pages := TextPages(long, TextPageLines, TextPageBytes)
	checkPages(t, "a 3 MB line", long, pages, TextPageLines, TextPageBytes)
	if want := (len(long) + TextPageBytes - 1) / TextPageBytes; len(pages) < want || len(pages) > want+1 {
		t.Errorf("a 3 MB line in %d pages of 256 KiB", len(pages))
	}
	short := strings.Repeat("x\n", 10000)
	checkPages(t, "10,000 short lines", short, TextPages(short, TextPageLines, TextPageBytes), TextPageLines, TextPageBytes)
	if n := len(TextPages(short, TextPageLines, TextPageBytes)); n != 3 {
		t.Errorf("10,000 lines in %d pages of %d", n, TextPageLines)
	}
	mixed := strings.Repeat("short\n"+strings.Repeat("é", 70000)+"\n\n", 20)
	for _, b := range []int{4, 5, 7, 1000, 65536, TextPageBytes} {
		checkPages(t, "long and short lines", mixed, TextPages(mixed, 3, b), 3, b)
	}

	m := Build("psv-long-names.dxbc", hostile.LongNamePSV(1<<20), 0)
	for _, pv := range m.Parts {
		for _, d := range pv.Dumps() {
			checkPages(t, pv.Name+" "+d.Command, d.Text, d.Pages, TextPageLines, TextPageBytes)
			if d.Command == "psv" && len(d.Pages) < 8 {
				t.Errorf("PSV0's %d-byte text in %d pages", len(d.Text), len(d.Pages))
			}
		}
	}
}

// A real shader's texts are one page each: the Text tab draws them whole.
func TestRealTextsAreOnePage(t *testing.T) {
	b, err := os.ReadFile("../../web/examples/vertex.dxbc")
	if err != nil {
		t.Fatal(err)
	}
	m := Build("vertex.dxbc", b, 0)
	for _, pv := range m.Parts {
		for _, d := range pv.Dumps() {
			if len(d.Pages) != 1 || d.Pages[0] != (TextPage{0, len(d.Text), 1, strings.Count(strings.TrimSuffix(d.Text, "\n"), "\n") + 1}) {
				t.Errorf("%s %s: %d bytes in pages %v", pv.Name, d.Command, len(d.Text), d.Pages)
			}
		}
	}
}

func BenchmarkTextPages(b *testing.B) {
	text := Build("grids.dxbc", hostile.HugeGrids(), 0).Parts[1].Dumps()[0].Text
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		TextPages(text, TextPageLines, TextPageBytes)
	}
}
