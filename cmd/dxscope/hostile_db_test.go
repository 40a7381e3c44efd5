package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// TestDBNamesALongDescriptionAgain (issue: hostile input, fourth round): k
// pipelines naming one depth-stencil description that holds 64k bytes of
// text printed it once per pipeline (41 MB for 115 KB at k=800). It is
// printed once, then named; the text's size per input byte stays flat over
// three sizes, each twice the last.
func TestDBNamesALongDescriptionAgain(t *testing.T) {
	hostile.FlatPerByte(t, "", []int{200, 400, 800}, 2, "bytes of text", func(k int) (int, float64) {
		path := filepath.Join(t.TempDir(), "desc.sodb")
		corpus.SQLite(t, path, hostile.SharedLongDescSQL(k, 0, 64*k))
		out := runOK(t, "db", path)
		size := fileSize(t, path)
		t.Logf("k=%d: %d bytes of text for a %d-byte database", k, len(out), size)
		if n := strings.Count(out, fmt.Sprintf("depth_stencil_descs D: %d fields, as above", 64*k/1000+1)); n != k-1 {
			t.Errorf("k=%d: %d pipelines name the description printed above, want %d", k, n, k-1)
		}
		if n := strings.Count(out, fmt.Sprintf("Text0=%q", strings.Repeat("d", 1000))); n != 1 {
			t.Errorf("k=%d: the description's text is printed %d times", k, n)
		}
		return int(size), float64(len(out))
	})
}

// TestDBTextOfLongNamesCostsItsSize (issue: hostile input, fourth round): k
// state objects naming one export, or k pipelines naming one shader for two
// stages, printed the export's name or the shader's type, 64k bytes long,
// for each: 20 MB of text from 123 KB at k=400. The view holds the first
// 1,024 bytes of such a text and says so; the text's size per input byte
// stays flat over three sizes, each twice the last.
func TestDBTextOfLongNamesCostsItsSize(t *testing.T) {
	for _, c := range []struct {
		name string
		sql  func(k int) string
	}{
		{"k state objects naming one export of a 64k-byte name", func(k int) string { return hostile.SharedExportSQL(k, 0, 64*k) }},
		{"k pipelines naming one shader of a 64k-byte type", func(k int) string { return hostile.SharedExportSQL(0, k, 64*k) }},
	} {
		hostile.FlatPerByte(t, c.name, []int{100, 200, 400}, 2, "bytes of text", func(k int) (int, float64) {
			path := filepath.Join(t.TempDir(), "names.sodb")
			corpus.SQLite(t, path, c.sql(k))
			out := runOK(t, "db", path)
			size := fileSize(t, path)
			t.Logf("%s, k=%d: %d bytes of text for a %d-byte database", c.name, k, len(out), size)
			if !strings.Contains(out, "longer than 1024 bytes; this view holds the first 1024") {
				t.Errorf("%s, k=%d: no problem says the texts were cut", c.name, k)
			}
			return int(size), float64(len(out))
		})
	}
}

// TestDBTextOfLongKeysCostsItsSize (issue: hostile input, fourth round): k
// PSDB values of one key 64k bytes long printed the key, in hex, with each
// value: 20 MB of text and of JSON from 57 KB at k=400. A value holds the
// first 1,024 bytes of its key and the view says so; text and JSON stay
// under 64 bytes per input byte.
func TestDBTextOfLongKeysCostsItsSize(t *testing.T) {
	for _, k := range []int{100, 200, 400} {
		path := filepath.Join(t.TempDir(), "keys.psdb")
		corpus.SQLite(t, path, hostile.LongKeyPSDBSQL(k, 64*k))
		size := fileSize(t, path)
		out := runOK(t, "db", path)
		js := runOK(t, "db", "--json", path)
		t.Logf("k=%d: %d bytes of text, %d of JSON for a %d-byte database", k, len(out), len(js), size)
		if !strings.Contains(out, fmt.Sprintf("%d values belong to keys longer than 1024 bytes", k)) {
			t.Errorf("k=%d: no problem says the keys were cut", k)
		}
		if int64(len(out)) > 64*size || int64(len(js)) > 64*size {
			t.Errorf("k=%d: %d bytes of text and %d of JSON for %d bytes", k, len(out), len(js), size)
		}
	}
}
