package sqlite

import (
	"bytes"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

// TestRowOf200000ColumnsCostsItsSize: one row whose record header lists
// 200,000 one-byte integers, most of it in overflow pages. Reading each
// column used to walk the overflow chain from its start (20 s natively).
// The database is made by sqlite3 with one 399,999-byte BLOB; the record
// header is then rewritten so the BLOB's bytes read as 199,999 more serial
// types (0x01, a one-byte integer) and 200,000 values (7).
const cols = 200000

// rowOf200000Columns is a database whose one row's record header lists
// 200,000 one-byte integers (see the test below).
func rowOf200000Columns(t testing.TB) []byte {
	t.Helper()
	blob := strings.Repeat("01", cols-1) + strings.Repeat("07", cols)
	b := buildDB(t, "PRAGMA page_size=4096; CREATE TABLE t(v BLOB); INSERT INTO t VALUES (X'"+blob+"');")
	// The payload starts [header size 4][serial type of the BLOB, 3 bytes].
	st := uint64(12 + 2*(2*cols-1))
	old := []byte{4, byte(st>>14 | 0x80), byte(st>>7&0x7f | 0x80), byte(st & 0x7f), 1, 1}
	at := bytes.Index(b, old)
	if at < 0 {
		t.Fatal("record header not found")
	}
	hs := uint64(4 + cols - 1) // 3-byte varint + 200,000 serial types
	copy(b[at:], []byte{byte(hs>>14 | 0x80), byte(hs>>7&0x7f | 0x80), byte(hs & 0x7f), 1})
	return b
}

func BenchmarkRowOf200000Columns(b *testing.B) {
	data := rowOf200000Columns(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		readAll(b, data)
	}
}

func TestRowOf200000ColumnsCostsItsSize(t *testing.T) {
	b := rowOf200000Columns(t)
	var db *DB
	var rows int
	alloc, d := corpus.Cost(func() { db, rows = readAll(t, b) })
	t.Logf("one row of %d columns (%d-byte database): read in %v, %d MB allocated", cols, len(b), d, alloc>>20)
	if rows != 1 {
		t.Fatalf("%d rows", rows)
	}
	r := db.Tables()[0].Rows()
	r.Next()
	vals := r.Row().Values
	for _, p := range db.Problems() {
		t.Error(p)
	}
	// The table declares one column: the row shows the first of the 200,000,
	// whose byte lies past the 200,003-byte header, in an overflow page.
	if len(vals) != 1 || vals[0].Type != Integer || vals[0].Int != 7 {
		t.Errorf("values %+v", vals)
	}
	if alloc > 256<<20 {
		t.Errorf("%d MB allocated", alloc>>20)
	}
}
