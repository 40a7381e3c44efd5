package edit

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// The FourCCs the fuzzer's edits name: the parts real files have, and one
// nobody registered.
var fuzzNames = []string{"DXIL", "PSV0", "RTS0", "PRIV", "STAT", "ILDB", "ILDN", "HASH", "SFI0", "ISG1", "RDEF", "SHEX", "ZZZ0"}

// edits turns fuzz bytes into an edit list and a digest: each edit takes
// three bytes (what, which name, where or how much data).
func fuzzEdits(ops []byte) ([]Edit, Digest) {
	if len(ops) == 0 {
		return nil, Keep
	}
	d := Digest(ops[0] % 7) // 6 is not a digest: Bytes must refuse it
	var edits []Edit
	for i := 1; i+2 < len(ops) && len(edits) < 16; i += 3 {
		e := Edit{Op: Op(ops[i] % 4), Name: fuzzNames[int(ops[i+1])%len(fuzzNames)]}
		switch e.Op {
		case Set:
			e.Data = bytes.Repeat([]byte{ops[i+2]}, int(ops[i+2]%13))
		case Move:
			e.To = int(ops[i+2]%8) - 1
		}
		edits = append(edits, e)
	}
	return edits, d
}

// Any container and any edit list give bytes that decode to exactly the
// parts the edits leave, laid out without a container problem, with the
// digest asked for; or an error. Never a panic.
func FuzzWrite(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join(repoRoot(), "testdata", "containers", "*.dxbc"))
	for _, p := range paths {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b, []byte{0})
			f.Add(b, []byte{1, 0, 3, 0, 1, 1, 5, 3, 9, 1, 7, 1})
		}
	}
	f.Add(hostile.SharedPartContainer(64, 1024), []byte{0}) // parts sharing bytes: refused
	n := 0
	for _, e := range corpus.Available() {
		if e.Size > 8<<10 || n >= 24 {
			continue
		}
		if b, err := os.ReadFile(e.Path); err == nil {
			f.Add(b, []byte{byte(n), 1, byte(n), 9, 0, 2, 1, 2, byte(n), 5})
			n++
		}
	}
	f.Fuzz(func(t *testing.T, data, ops []byte) {
		defer corpus.Watchdog(10*time.Second, "FuzzWrite")()
		file, err := decode.Parse(data)
		if err != nil {
			return
		}
		edits, d := fuzzEdits(ops)
		c, err := Load(file)
		if err != nil {
			return
		}
		for _, e := range edits {
			if c.Apply(e) != nil {
				return
			}
		}
		want := append([]Part(nil), c.Parts...)
		out, err := c.Bytes(d)
		if err != nil {
			return
		}
		g, err := decode.Parse(out)
		if err != nil {
			t.Fatalf("the written container does not parse: %v", err)
		}
		if _, err := expectParts(g, want); err != nil {
			t.Fatalf("parts: %v", err)
		}
		for _, p := range g.Problems {
			switch p.Structure {
			case "container header", "part offset table", "part layout":
				if p.Structure == "container header" && (file.Header.Version != decode.Version{Major: 1}) {
					continue // the original's version, kept
				}
				if p.Structure == "container header" && p.Severity == decode.Note && g.Digest.Status == decode.DigestDebug {
					continue // what the debug digest means
				}
				t.Fatalf("layout problem in what the writer wrote: %s", p)
			}
			if p.Structure == "part header" && !isAlignmentNote(p) && !asked(p) {
				t.Fatalf("part header problem in what the writer wrote: %s", p)
			}
		}
		if d != Keep && g.Digest.Status != wantStatus(0, d) {
			t.Fatalf("digest %s, asked %s", g.Digest.Status, d)
		}
		if d == Keep && g.Digest.Status != file.Digest.Status {
			t.Fatalf("digest %s, kept from %s", g.Digest.Status, file.Digest.Status)
		}
	})
}

// asked says whether p is a validator rule on which parts a container holds
// and what size they are: what an edit list asked for (an SFI0 set to 4
// bytes, a second ZZZ0), which the writer writes as asked, not a fault of
// its layout.
func asked(p decode.Problem) bool {
	switch p.Rule {
	case decode.RulePartInvalid, decode.RulePartMatches, decode.RulePartRepeated:
		return true
	}
	return false
}

// repoRoot is the repository's folder.
func repoRoot() string {
	_, file, _, _ := runtime.Caller(0) // <repo>/decode/edit/fuzz_test.go
	return filepath.Dir(filepath.Dir(filepath.Dir(file)))
}
