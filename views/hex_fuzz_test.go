package views

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/views/model"
)

// FuzzHexRows draws the hex lines of any bytes under any fields and
// selection: the file's bytes never come out as markup, every byte drawn is
// in exactly one run of each column, a run stays within its line's half,
// and a run's hex text is its bytes.
func FuzzHexRows(f *testing.F) {
	f.Add([]byte("DXBC<b>&\"x'\x00\xff<script>zzzzzzzzzzzzzzzzzzzz"), []byte{4, 4, 9, 30, 0, 2}, int64(5), int64(2), uint8(0))
	f.Add([]byte{}, []byte{}, int64(0), int64(0), uint8(0))
	f.Add(make([]byte, 100), []byte{0, 255, 17, 3}, int64(-3), int64(1<<40), uint8(3))
	f.Fuzz(func(t *testing.T, data, fields []byte, selOff, selSize int64, first uint8) {
		if len(data) > 1<<12 {
			data = data[:1<<12]
		}
		// Fields from pairs of bytes (offset, size), kinds by their place.
		var spans []model.Span
		for i := 0; i+1 < len(fields) && len(spans) < 64; i += 2 {
			kind := []model.SpanKind{model.SpanField, model.SpanStruct, model.SpanUnknown, model.SpanRaw}[i/2%4]
			spans = append(spans, model.Span{Off: int64(fields[i]), Size: int64(fields[i+1]), Path: "F/" + strconv.Itoa(i) + "<&>", Kind: kind})
		}
		h := &HexView{Model: &model.Model{Data: data, Spans: model.NewSpans(spans)}, Sel: model.Span{Off: selOff, Size: selSize}}
		rows := (int64(len(data)) + 15) / 16
		lo := min(int64(first), rows)
		got := h.rowsHTML(lo, rows)

		checkHexRuns(t, got, data, lo*16, int64(len(data)))
	})
}

// checkHexRuns checks hex lines drawn for data[from:to]: no markup but
// the view's own, every byte in exactly one run of each column, runs within
// a half line, and each run showing its own bytes.
func checkHexRuns(t testing.TB, got string, data []byte, from, to int64) {
	t.Helper()
	if rest := markup.ReplaceAllString(got, ""); strings.ContainsAny(rest, "<>") {
		t.Fatalf("markup from the file in the hex lines: %q", rest)
	}
	covered := make([]int, to)
	for _, col := range column.FindAllStringSubmatch(got, -1) {
		for _, side := range []struct {
			text string
			show func([]byte) string
		}{{col[1], spaced}, {col[2], printable}} {
			for _, m := range run.FindAllStringSubmatch(side.text, -1) {
				off, _ := strconv.ParseInt(m[1], 10, 64)
				n, _ := strconv.ParseInt(m[2], 10, 64)
				if n < 1 || off < from || off+n > to || off/8 != (off+n-1)/8 {
					t.Fatalf("run %d+%d: outside the lines drawn or across a half line", off, n)
				}
				for i := off; i < off+n; i++ {
					covered[i]++
				}
				if want := side.show(data[off : off+n]); m[3] != want {
					t.Fatalf("run %d+%d shows %q, its bytes are %q", off, n, m[3], want)
				}
			}
		}
	}
	for off := from; off < to; off++ {
		if covered[off] != 2 {
			t.Fatalf("byte %d is in %d runs, want one per column", off, covered[off])
		}
	}
}

var (
	markup = regexp.MustCompile(`</?(div|span)( class="[a-z0-9 -]*")?( data-off="\d+" data-n="\d+")?>|&(lt|gt|amp|#34|#39);`)
	run    = regexp.MustCompile(`data-off="(\d+)" data-n="(\d+)">([^<]*)<`)
	column = regexp.MustCompile(`<span class="hex-bytes">(.*?)</span><span class="hex-ascii">(.*?)</span></div>`)
)

// printable is bytes as the ASCII column writes them, escaped for HTML.
func printable(b []byte) string {
	var s strings.Builder
	for _, c := range b {
		if c >= 0x20 && c < 0x7f {
			s.WriteString(escapeHTML(string(rune(c))))
		} else {
			s.WriteByte('.')
		}
	}
	return s.String()
}

// spaced is bytes as the hex column writes them: two digits each, a space
// between.
func spaced(b []byte) string { return fmt.Sprintf("% x", b) }
