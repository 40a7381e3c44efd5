package model

import (
	"path"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

// partNamed returns the model's last part of that name, or nil.
func partNamed(m *Model, name string) *PartView {
	var pv *PartView
	for _, p := range m.Parts {
		if p.Name == name {
			pv = p
		}
	}
	return pv
}

// corpusPart builds the model of one corpus file, as opening it on the page
// does, and returns its part of that name. It skips the test as corpus.File
// does, and fails it when the file has no such part: the test's premise.
func corpusPart(t *testing.T, rel, name string) *PartView {
	t.Helper()
	_, b := corpus.File(t, rel)
	pv := partNamed(Build(path.Base(rel), b, 0), name)
	if pv == nil {
		t.Fatalf("%s has no %s part", rel, name)
	}
	return pv
}
