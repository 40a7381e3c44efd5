package model

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// FuzzModel builds the page's model from any bytes and every part's view
// data, as opening a file and clicking through its parts does: whatever the
// decoder makes of the bytes, the view builders must not panic, and the
// grids' bits and the tables' rows must stay inside the file.
func FuzzModel(f *testing.F) {
	for _, dir := range []string{"../../testdata/containers", "../../web/examples"} {
		names, _ := filepath.Glob(filepath.Join(dir, "*"))
		for _, n := range names {
			if b, err := os.ReadFile(n); err == nil {
				f.Add(b)
			}
		}
	}
	for _, b := range hostile.Seeds() {
		f.Add(b)
	}
	f.Add(hostile.ManyElementsISGN(64))
	f.Fuzz(func(t *testing.T, b []byte) {
		defer corpus.CheckAlloc(t, corpus.ModelAlloc, len(b))()
		m := Build("fuzz", b, 0)
		n := int64(len(b))
		inFile := func(what string, off int64) {
			if off < 0 || off > n {
				t.Fatalf("%s at 0x%x, outside the %d-byte file", what, off, n)
			}
		}
		// The file as every stage of a pipeline: the pipeline view's check
		// and layout (one shader of each stage breaks, each pair laid out).
		if m.File != nil {
			if v := PipelineLinkage([]*Model{m, m, m}, nil); len(v.Stages) != 3 || len(v.Pairs) != 2 {
				t.Fatalf("a pipeline of three: %d stages, %d pairs", len(v.Stages), len(v.Pairs))
			}
		}
		for _, pv := range m.Parts {
			pv.Tree()
			pv.LoadSpecials()
			pv.PSVResources()
			pv.DXILResources()
			pv.RootSignature()
			pv.FeatureRows()
			pv.DisassemblyHead()
			pv.Disassembly()
			pv.DXILSummary()
			if c := pv.CodeListing(); c != nil {
				for _, l := range c.Lines {
					inFile("instruction", l.Off)
				}
			}
			for _, d := range pv.Dumps() {
				if d.Text == "" {
					t.Errorf("%s: the %s text is empty", pv.Name, d.Command)
				}
			}
			if fv := pv.Facts(); fv != nil {
				for _, x := range fv.Facts {
					if x.Size > 0 {
						inFile("fact "+x.Label, x.Off)
					}
				}
			}
			var tables []*Table
			if v := pv.RuntimeData(); v != nil {
				tables = append(tables, v.Tables...)
			}
			if v := pv.ResourceDefinitions(); v != nil {
				tables = append(tables, v.Buffers...)
				if v.Bindings != nil {
					tables = append(tables, v.Bindings)
				}
			}
			for _, tab := range tables {
				for _, r := range tab.Rows {
					inFile(tab.ID+" row", r.Off)
				}
			}
			for _, g := range pv.Grids {
				for r := range g.Rows {
					for c := range g.Cols {
						if br, ok := g.Bit(r, c); ok {
							inFile("grid bit", br.Off)
						}
					}
					if r > 8 {
						break // the first rows say it; a million-cell grid need not be walked whole
					}
				}
			}
		}
		// The source pane: the variables' instructions, and what the
		// first lines of each file produced (a click on each).
		if sv := m.Sources(); sv != nil && sv.PartIndex >= 0 && sv.PartIndex < len(m.Parts) {
			for _, r := range sv.Variables {
				if r.Def.Size > 0 {
					inFile("variable "+r.Name, r.Def.Off)
				}
			}
			for fi, sf := range sv.Files {
				for _, l := range sf.CodeLines[:min(len(sf.CodeLines), 8)] {
					lc, _ := sv.CodeOf(m.Parts[sv.PartIndex], SourceLine{File: fi, Line: l})
					for _, in := range lc.Insts {
						inFile("line "+lc.Where, in.Off)
					}
				}
			}
		}
	})
}
