package shaderdb

import (
	"path/filepath"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// Rows naming rows (issue: hostile input, second round). 4,000 pipelines
// naming one stream-output description of 4,000 declarations made the
// reader append every declaration again per pipeline, each checked against
// those already there: minutes for a 188 KB database. PSDB groups naming
// one long value list copied it per group. Each database is read at three
// sizes, each twice the last: what it allocates per byte stays flat.

func TestHostileRowsNamingRowsCostTheirSize(t *testing.T) {
	for _, c := range []struct {
		name  string
		sql   func(k int) string
		ks    []int
		check func(t *testing.T, k int, d *Database)
	}{
		{"SODB: k pipelines naming one stream-output description of k declarations", func(k int) string { return hostile.SharedStreamOutSQL(k, k) }, []int{1000, 2000, 4000},
			func(t *testing.T, k int, d *Database) {
				s := d.SODB
				if len(s.Pipelines) != k {
					t.Fatalf("%d pipelines", len(s.Pipelines))
				}
				so := s.Pipelines[0].Descs[0]
				decls := 0
				for _, f := range so.Fields {
					if f.Name == "Declaration" {
						decls++
					}
				}
				if so.Table != "stream_out_descs" || decls != k {
					t.Errorf("%s holds %d declarations, want %d", so.Table, decls, k)
				}
				for _, p := range s.Pipelines {
					if len(p.Descs) != 1 || p.Descs[0] != so {
						t.Fatalf("pipeline %s does not share the description", p.Key)
					}
				}
			}},
		{"PSDB: k groups naming one value key of k values", func(k int) string { return hostile.SharedValuesPSDBSQL(k, k) }, []int{500, 1000, 2000},
			func(t *testing.T, k int, d *Database) {
				p := d.PSDB
				if len(p.Groups) != k {
					t.Fatalf("%d groups", len(p.Groups))
				}
				// Copies stop at twice the vals rows: the first groups list
				// both keys' values, the rest stop at the long list and say so.
				whole := 0
				for _, g := range p.Groups {
					switch len(g.Values) {
					case k + 1:
						whole++
					case k:
					default:
						t.Fatalf("group %s lists %d values", g.Key, len(g.Values))
					}
				}
				if whole == 0 || whole > 4 {
					t.Errorf("%d groups list both value keys", whole)
				}
			}},
	} {
		// Linear but for the sorts and maps (n log n): over four times the
		// size, a byte may cost up to twice as much; a quadratic read, four.
		hostile.FlatPerByte(t, c.name, c.ks, 2, "bytes allocated", func(k int) (int, float64) {
			b := corpus.SQLite(t, filepath.Join(t.TempDir(), "x.db"), c.sql(k))
			var d *Database
			var err error
			alloc, dur := corpus.Cost(func() { d, err = Open(b) })
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s, k=%d: %d bytes read in %v, %d MB allocated (%d per byte)", c.name, k, len(b), dur, alloc>>20, alloc/uint64(len(b)))
			c.check(t, k, d)
			if limit := corpus.DecodeAlloc.Limit(len(b)); alloc > limit {
				t.Errorf("%s, k=%d: %d MB allocated, over %d MB", c.name, k, alloc>>20, limit>>20)
			}
			return len(b), float64(alloc)
		})
	}
}

// BenchmarkHostileRowsNamingRows reads the databases above at their largest
// size (the figures in docs/architecture.md come from here).
func BenchmarkHostileRowsNamingRows(b *testing.B) {
	for _, c := range []struct {
		name string
		sql  string
	}{
		{"SharedStreamOut4000", hostile.SharedStreamOutSQL(4000, 4000)},
		{"SharedValuesPSDB2000", hostile.SharedValuesPSDBSQL(2000, 2000)},
	} {
		data := corpus.SQLite(b, filepath.Join(b.TempDir(), "x.db"), c.sql)
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				Open(data)
			}
		})
	}
}
