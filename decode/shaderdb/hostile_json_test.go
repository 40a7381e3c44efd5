package shaderdb

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// The JSON of a database writes what rows share once (issue: hostile input,
// fourth round). encoding/json writes a pointer's target at every
// reference: 500 pipelines naming one stream-output description of 500
// declarations made 2 GB of JSON in 8 s, 1,000 pipelines naming one input
// layout 3 GB, 1,000 PSDB groups naming one value list 1.7 GB, and a chain
// of descriptions each naming the next twice never finished. Each database
// is written at three sizes, each twice the last, with the repeat budget
// at 1 MiB and 16 bytes per byte, so that small sizes pass it: what a byte
// costs stays flat.
func TestHostileDatabaseJSONCostsItsSize(t *testing.T) {
	defer func(m, p int64) { maxRepeat, repeatPerByte = m, p }(maxRepeat, repeatPerByte)
	maxRepeat, repeatPerByte = 1<<20, 16
	for _, c := range []struct {
		name string
		sql  func(k int) string
		ks   []int
	}{
		{"SODB: k pipelines naming one stream-output description of k declarations", func(k int) string { return hostile.SharedStreamOutSQL(k, k) }, []int{125, 250, 500}},
		{"SODB: k pipelines naming one input layout of k elements", func(k int) string { return hostile.SharedInputLayoutSQL(k, k) }, []int{125, 250, 500}},
		{"SODB: k groups naming one pipeline whose description holds 64k bytes of text", func(k int) string { return hostile.SharedLongDescSQL(1, k, 64*k) }, []int{200, 400, 800}},
		{"PSDB: k groups naming one value key of k values", func(k int) string { return hostile.SharedValuesPSDBSQL(k, k) }, []int{250, 500, 1000}},
	} {
		hostile.FlatPerByte(t, c.name, c.ks, 2, "bytes allocated", func(k int) (int, float64) {
			b := corpus.SQLite(t, filepath.Join(t.TempDir(), "x.db"), c.sql(k))
			d, err := Open(b)
			if err != nil {
				t.Fatal(err)
			}
			var j []byte
			alloc, dur := corpus.Cost(func() { j, err = json.Marshal(d) })
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s, k=%d: %d bytes, JSON of %d bytes in %v, %d MB allocated (%d per byte)", c.name, k, len(b), len(j), dur, alloc>>20, alloc/uint64(len(b)))
			if k == c.ks[2] && !strings.Contains(string(j), `AsAbove":true`) {
				t.Errorf("%s, k=%d: no stub in the JSON", c.name, k)
			}
			return len(b), float64(alloc)
		})
	}
}

// TestDescriptionsReachOneLevel: descriptions naming others reach one level
// down, as the schema's do (a blend description its render targets). A
// chain whose every level names the next twice was 4^levels descriptions
// in the JSON (levels=10: no end after a minute and 11 GB), and a loop made
// the JSON fail ("encountered a cycle"): both now show the keys below the
// first level.
func TestDescriptionsReachOneLevel(t *testing.T) {
	for _, cycle := range []bool{false, true} {
		b := corpus.SQLite(t, filepath.Join(t.TempDir(), "x.db"), hostile.DescChainSQL(8, cycle))
		d, err := Open(b)
		if err != nil {
			t.Fatal(err)
		}
		j, err := json.Marshal(d)
		if err != nil {
			t.Fatalf("cycle %v: %v", cycle, err)
		}
		if len(j) > 64<<10 {
			t.Errorf("cycle %v: %d bytes of JSON", cycle, len(j))
		}
		blend := d.SODB.Pipelines[0].Descs[0]
		rt := blend.Fields[0].Ref
		if blend.Table != "blend_descs" || rt == nil || rt.Table != "render_target_blend_descs" {
			t.Fatalf("cycle %v: the blend description does not name its render target: %+v", cycle, blend)
		}
		for _, f := range rt.Fields {
			if f.Ref != nil {
				t.Errorf("cycle %v: %s.%s is followed below the first level", cycle, rt.Table, f.Name)
			}
		}
	}
}
