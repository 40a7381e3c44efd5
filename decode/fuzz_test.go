package decode

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/dxscope/dxscope/decode/dxil"
	"github.com/dxscope/dxscope/decode/pdb"
	"github.com/dxscope/dxscope/decode/rootsig"
	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// addCorpusSeeds adds up to n small corpus files (one per distinct part list) as fuzz seeds.
func addCorpusSeeds(f *testing.F, n int, add func(b []byte)) {
	seen := map[string]bool{}
	for _, e := range corpus.Available() {
		key := ""
		for _, p := range e.Parts {
			key += p + " "
		}
		if seen[key] || e.Size > 16<<10 || len(seen) >= n {
			continue
		}
		seen[key] = true
		if b, err := os.ReadFile(e.Path); err == nil {
			add(b)
		}
	}
}

// checkInvariants asserts what must hold for any input: spans inside the
// data, problems inside it too, and a document that marshals.
func checkInvariants(t *testing.T, data []byte, f *File) {
	spansInside(t, f.AllSpans(), len(data))
	for _, p := range f.Problems {
		if p.Offset < 0 || p.Offset > int64(len(data)) {
			t.Fatalf("problem %s outside the %d-byte input", p, len(data))
		}
		if p.Severity == Error && p.Message == "" {
			t.Fatalf("error without a message")
		}
	}
	if _, err := json.Marshal(f); err != nil {
		t.Fatalf("json: %v", err)
	}
	for _, p := range f.Problems {
		if len(p.Message) > 24 && p.Message[:24] == "internal decoder error (" {
			t.Fatalf("decoder panicked: %s", p)
		}
	}
}

// spansInside fails the test at the first span outside an n-byte input.
func spansInside(t testing.TB, spans []Span, n int) {
	t.Helper()
	for _, s := range spans {
		if s.Off < 0 || s.Size < 0 || s.End() > int64(n) {
			t.Fatalf("span %+v outside the %d-byte input", s, n)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add(twoParts())
	f.Add(buildContainer(testPart{"PRIV", []byte{1, 2, 3}}, testPart{"SFI0", le64(0)}))
	f.Add(hostile.DXCPDB(twoParts(), nil)) // a DXC PDB file: the container of its stream 5
	addCorpusSeeds(f, 40, func(b []byte) { f.Add(b) })
	for _, b := range hostile.Seeds() {
		f.Add(b)
	}
	warmJSON()
	f.Fuzz(func(t *testing.T, data []byte) {
		defer corpus.CheckAlloc(t, corpus.DecodeAlloc, len(data))()
		file, err := Parse(data)
		if err != nil {
			return
		}
		checkInvariants(t, data, file)
	})
}

// fuzzPartNames are the parts FuzzPartDecoder feeds bytes to: every
// registered part with a decoder, and PRIV as a raw one. It is read when the
// fuzz target runs, so parts registered by other test packages are in it.
func fuzzPartNames() []string {
	names := []string{"PRIV"}
	for _, k := range PartKinds() {
		if k.Decode != nil {
			names = append(names, k.Name)
		}
	}
	return names
}

// FuzzPartDecoder feeds arbitrary bytes to one part decoder at a time, each
// wrapped in a well-formed container so the container parser is not in the way.
func FuzzPartDecoder(f *testing.F) {
	partNames := fuzzPartNames()
	addCorpusSeeds(f, 60, func(b []byte) {
		file, err := Parse(b)
		if err != nil {
			return
		}
		for _, p := range file.Parts {
			for i, n := range partNames {
				if n == p.Name {
					f.Add(uint8(i), p.Data())
				}
			}
		}
	})
	f.Add(uint8(0), le64(1))
	for _, b := range hostile.Seeds() {
		file, _ := Parse(b)
		for i, n := range partNames {
			if p := file.Part(n); p != nil {
				f.Add(uint8(i), p.Data())
			}
		}
	}
	warmJSON()
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		defer corpus.CheckAlloc(t, corpus.DecodeAlloc, len(data))()
		name := partNames[int(which)%len(partNames)]
		b := buildContainer(testPart{name, data})
		file, err := Parse(b)
		if err != nil {
			t.Fatalf("a built container must parse: %v", err)
		}
		checkInvariants(t, b, file)
	})
}

// warmJSON builds encoding/json's encoder of every part value once, as the
// first marshal in a process does: Parse marshals a damaged part to find its
// absent values (markAbsent), and the fuzz targets' allocation checks are
// about what an input costs, not the one-time type cache (about 1 MB).
func warmJSON() {
	json.Marshal(&Part{Flags: new(FeatureFlags), Hash: &ShaderHash{}, Program: &ProgramHeader{}, Signature: &Signature{},
		PSVInfo: &PSVInfo{}, RootSignature: &rootsig.RootSignature{}, DebugName: &DebugName{}, CompilerVersion: &CompilerVersion{},
		SourceInfo: &SourceInfo{}, PDBInfo: &PDBInfo{}, Statistics: &Statistics{}, RuntimeData: &RuntimeData{},
		ResourceDefs: &ResourceDefinitions{}, Bytecode: &ShaderBytecode{}, Level9: &Aon9{}, Module: &dxil.Module{},
		PDB: &pdb.File{}, SourceDebug: &SourceDebug{}})
}
