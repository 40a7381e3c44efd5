package sqlite

import (
	"path/filepath"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// A schema is input too (issue: hostile input, fourth round). A table
// declaring k columns whose k rows store one value each gave every row k
// values (k² in all: 282 MB for a 37 KB file at k=2,000); a column whose type
// is a long run of words had the type upper-cased again for every value it
// held. Each database is read at three sizes, each twice the last: what a
// byte costs stays flat.
func TestHostileSchemasCostTheirSize(t *testing.T) {
	for _, c := range []struct {
		name  string
		sql   func(k int) string
		ks    []int
		check func(t *testing.T, k int, db *DB, rows int)
	}{
		{"k rows of one value in a table of k declared columns", func(k int) string { return hostile.WideTableSQL(k, k) }, []int{500, 1000, 2000},
			func(t *testing.T, k int, db *DB, rows int) {
				if rows != k {
					t.Errorf("%d rows, want %d", rows, k)
				}
				if len(db.Tables()[0].Columns) != k {
					t.Errorf("%d columns, want %d", len(db.Tables()[0].Columns), k)
				}
				r := db.Tables()[0].Rows()
				r.Next()
				if v := r.Row().Col("a"); v.Type != Integer || v.Int != 1 {
					t.Errorf("column a of the first row is %v", v)
				}
				if k >= 1000 && !hasProblem(db, "from here on a row shows the values it stores") {
					t.Errorf("no problem says the rows were cut: %v", db.Problems())
				}
			}},
		{"k rows of one integer in a column typed by 4k words", func(k int) string { return hostile.LongTypeSQL(k, 4*k) }, []int{1000, 2000, 4000},
			func(t *testing.T, k int, db *DB, rows int) {
				if rows != k {
					t.Errorf("%d rows, want %d", rows, k)
				}
			}},
	} {
		hostile.FlatPerByte(t, c.name, c.ks, 2, "bytes allocated", func(k int) (int, float64) {
			b := corpus.SQLite(t, filepath.Join(t.TempDir(), "x.db"), c.sql(k))
			var db *DB
			var rows int
			alloc, d := corpus.Cost(func() { db, rows = readAll(t, b) })
			t.Logf("%s, k=%d: %d bytes read in %v, %d MB allocated (%d per byte)", c.name, k, len(b), d, alloc>>20, alloc/uint64(len(b)))
			c.check(t, k, db, rows)
			if limit := corpus.DecodeAlloc.Limit(len(b)); alloc > limit {
				t.Errorf("%s, k=%d: %d MB allocated, over %d MB", c.name, k, alloc>>20, limit>>20)
			}
			return len(b), float64(alloc)
		})
	}
}

// TestPrimaryKeyOfManyColumnsOpensQuickly: a PRIMARY KEY naming each of
// 32,000 columns (500 KB) found each by a walk over the columns, a billion
// name comparisons (over 4 s); by name it opens in under 0.1 s. The walk
// allocates nothing, so what is measured is time per input byte over three
// sizes, each twice the last (the best of three runs of each): flat, where
// the walk made it four times larger at the largest.
func TestPrimaryKeyOfManyColumnsOpensQuickly(t *testing.T) {
	hostile.FlatPerByte(t, "", []int{8000, 16000, 32000}, 2.5, "ns", func(k int) (int, float64) {
		b := corpus.SQLite(t, filepath.Join(t.TempDir(), "x.db"), hostile.PrimaryKeyListSQL(k))
		var db *DB
		best := hostile.Fastest(3, func() { db = mustOpen(t, b) })
		if tb := db.Table("t"); tb == nil || len(tb.Columns) != k || !tb.Columns[k-1].PrimaryKey {
			t.Fatalf("k=%d: table t not read: %+v", k, tb)
		}
		t.Logf("k=%d: %d bytes opened in %v", k, len(b), best)
		return len(b), float64(best.Nanoseconds())
	})
}
