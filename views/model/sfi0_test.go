package model

import (
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

// The test container sets bit 0 (Doubles) in an SFI0 at file offset 0x24.
func TestFeatureRowsSetFirst(t *testing.T) {
	b := corpus.RepoFile(t, "testdata/containers/sfi0-longer-than-its-flags.dxbc")
	pv := partNamed(Build("x", b, 0), "SFI0")
	rows := pv.FeatureRows()
	if len(rows) < 30 {
		t.Fatalf("%d rows", len(rows))
	}
	r := rows[0]
	if !r.Set || r.Bit != 0 || r.Name != "Doubles" || r.Text != "Double-precision floating point" || r.Model != "5.0" || r.Offset != 0x24+8 {
		t.Errorf("first row %+v", r)
	}
	for _, r := range rows[1:] {
		if r.Set || r.Name == "RESERVED" {
			t.Errorf("row %+v", r)
		}
	}
}
