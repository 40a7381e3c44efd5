package model

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/llvm/ir"
	"github.com/dxscope/dxscope/internal/corpus"
)

// fieldPaths adds every path a file's fields can be reached by: its span
// paths and the JSON key paths of each part, from the part's own keys (as
// the tree names them; a span's path is one of these).
func fieldPaths(f *decode.File, out map[string]bool) {
	for _, s := range f.AllSpans() {
		out[s.Path] = true
	}
	mark := func(path string, _ any) { out[path] = true }
	head, _ := json.Marshal(struct {
		Header decode.Header
		Digest decode.Digest
	}{f.Header, f.Digest})
	var h map[string]any
	json.Unmarshal(head, &h)
	for k, v := range h {
		corpus.WalkJSON(v, k, mark)
	}
	for _, p := range f.Parts {
		q := *p
		q.Module = nil // a whole module's JSON is large; its spans are in already
		b, _ := json.Marshal(&q)
		var m map[string]any
		json.Unmarshal(b, &m)
		for k, v := range m {
			corpus.WalkJSON(v, k, mark)
		}
	}
}

// eachTestFile decodes every container of testdata, the examples and (when
// present) the corpus, and returns how many it read.
func eachTestFile(t *testing.T, fn func(*decode.File)) int {
	n := 0
	add := func(path string) {
		b, err := os.ReadFile(path)
		if err != nil {
			return
		}
		if f, err := decode.Parse(b); err == nil {
			fn(f)
			n++
		}
	}
	for _, dir := range []string{"../../testdata/containers", "../../web/examples"} {
		names, _ := filepath.Glob(filepath.Join(dir, "*"))
		for _, name := range names {
			add(name)
		}
	}
	if _, ok := corpus.Dir(); ok {
		for _, e := range corpus.Entries(t) {
			add(e.Path)
		}
	} else {
		t.Log("corpus absent: checking testdata and the examples only")
	}
	return n
}

// Every lesson must be reachable: its pattern matches a field of a real
// container (the corpus) or of one this project made (testdata, the
// examples). A renamed field then fails here instead of silently hiding
// its lesson.
func TestEveryLessonIsReachable(t *testing.T) {
	paths := map[string]bool{}
	files := eachTestFile(t, func(f *decode.File) { fieldPaths(f, paths) })
	disassemblyPaths(t, paths)
	// A record's lesson is reachable when the IR reader names the record
	// so: a disassembly line of that record selects it.
	for _, n := range instructionRecords() {
		paths["Disassembly/0/"+n] = true
	}
	reached, unreached := 0, 0
	segs := lessonSegs()
	for i, c := range lessons {
		ok := false
		for p := range paths {
			if matchSegs(segs[i], 0, p) {
				ok = true
				break
			}
		}
		// Teach also answers for a field's enclosing structures.
		for p := range paths {
			for q := parentPath(p); q != "" && !ok; q = parentPath(q) {
				ok = matchSegs(segs[i], 0, q)
			}
			if ok {
				break
			}
		}
		if ok {
			reached++
		} else if _, inCorpus := corpus.Dir(); inCorpus && corpus.Default() {
			t.Errorf("lesson %q (%s) matches no field of %d files", c.Pattern, c.Title, files)
		} else if inCorpus {
			unreached++ // another corpus need not hold every kind of field
		}
	}
	t.Logf("%d/%d lessons reach a field of %d files (%d distinct paths)", reached, len(lessons), files, len(paths))
	if unreached > 0 {
		corpus.Skip(t, "field of some lessons", "%d lessons reach no field of this corpus, which is not the shared one", unreached)
	}
}

// disassemblyPaths adds the paths a disassembly line selects (its record's
// kind named) for every DXIL file of the corpus.
func disassemblyPaths(t *testing.T, out map[string]bool) {
	if _, ok := corpus.Dir(); !ok {
		return
	}
	for _, e := range corpus.Entries(t) {
		if !e.Has("DXIL") {
			continue
		}
		m := Build(e.Rel, e.Bytes(t), 0)
		for _, pv := range m.Parts {
			if d := pv.Disassembly(); d != nil {
				for j, l := range d.Lines {
					if l.Inst {
						out[d.Range(j).Path] = true
					}
				}
			}
		}
	}
}

// Every instruction line of the disassembly teaches its record: a lesson
// of its own for the record kind.
func TestDisassemblyLinesHaveLessons(t *testing.T) {
	paths := map[string]bool{}
	disassemblyPaths(t, paths)
	if len(paths) == 0 {
		corpus.Skip(t, "corpus", "no DXIL file to disassemble")
	}
	kinds := map[string]int{}
	for p := range paths {
		l, exact, ok := Teach(p)
		if !ok || !exact || l.Pattern == "Disassembly[]" {
			t.Errorf("the instruction line %s has no lesson of its record's own (%q)", p, l.Title)
			continue
		}
		kinds[l.Title]++
	}
	t.Logf("%d instruction lines, %d record kinds taught: %v", len(paths), len(kinds), kinds)
}

// instructionRecords are the names LLVM 3.7's reader gives the records of
// a FUNCTION_BLOCK that are instructions (LLVMBitCodes.h), but the _OLD
// forms that no writer since LLVM 3.0 writes.
func instructionRecords() []string {
	var out []string
	for code := uint32(0); code < 128; code++ {
		n := ir.RecordName(ir.FunctionBlockID, code)
		if strings.HasPrefix(n, "INST_") && !strings.HasSuffix(n, "_OLD") {
			out = append(out, n)
		}
	}
	return out
}

// Every instruction record kind has a lesson of its own, whether or not
// the corpus holds one: the shared corpus has no switch, which real
// shaders have (SDL's D3D12_Blit).
func TestEveryInstructionRecordHasALesson(t *testing.T) {
	names := instructionRecords()
	for _, n := range names {
		if l, exact, ok := Teach("Disassembly/0/" + n); !ok || !exact || l.Pattern == "Disassembly[]" {
			t.Errorf("record %s has no lesson of its own (%q)", n, l.Title)
		}
	}
	if len(names) < 25 {
		t.Errorf("only %d instruction records named: %v", len(names), names)
	}
	// A switch's case lines and closing bracket are its record's too (SDL's
	// D3D12_Blit BlitFromCube, as DXC's listing prints them).
	for _, line := range []string{"  switch i32 %21, label %35 [", "    i32 0, label %22", "    i32 5, label %32", "  ]"} {
		if k := RecordKind(line); k != "INST_SWITCH" {
			t.Errorf("RecordKind(%q) = %q, want INST_SWITCH", line, k)
		}
	}
}

// lessonExceptions are field paths (indexes written []) that have no lesson
// of their own, each with the reason. Empty: every field the corpus and
// testdata hold has one.
var lessonExceptions = map[string]string{}

// Every distinct field path of the corpus and testdata (indexes folded) has
// a lesson of its own, not only one of an enclosing structure: selecting any
// field teaches what it is.
func TestEveryFieldHasALesson(t *testing.T) {
	index := regexp.MustCompile(`/\d+`)
	example := map[string]string{} // folded path -> one real path
	eachTestFile(t, func(f *decode.File) {
		for _, s := range f.AllSpans() {
			if s.Kind == decode.SpanField {
				example[index.ReplaceAllString(s.Path, "[]")] = s.Path
			}
		}
	})
	var missing []string
	for folded, path := range example {
		if _, ok := lessonExceptions[folded]; ok {
			continue
		}
		if _, exact, ok := Teach(path); !ok || !exact {
			missing = append(missing, folded)
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("no lesson for the field %s (e.g. %s)", m, example[m])
	}
	t.Logf("%d distinct field paths, %d lessons, %d exceptions", len(example), len(lessons), len(lessonExceptions))
}

// TeachFor teaches what is selected in a part by the span's path, else the
// node's; the part as a whole, and a registered raw part's bytes, by the
// part's description.
func TestTeachForASelection(t *testing.T) {
	for _, tc := range []struct {
		part, span, node, title string
		exact                   bool
	}{
		{"PSV0", "PSVInfo/SigInputElements/0/Cols", "PSVInfo/SigInputElements/0/Cols", "Columns", true},
		{"PSV0", "", "PSVInfo/SigInputElements/0/Cols", "Columns", true}, // a node seen without bytes
		{"PSV0", "Size", "Size", "Part size", true},
		{"PSV0", "", "", "pipeline state validation", true},
		{"PRIV", "Data", "", "private data", true},
		{"QQQ0", "Data", "", "Raw data", true}, // no part of that name is registered
		{HeaderPart, "Header/FileSize", "Header/FileSize", "FileSize", true},
		{"PSV0", "PSVInfo/SigInputElements/0/NoSuchField", "", "Input elements", false}, // its structure's lesson
	} {
		l, exact, ok := TeachFor(tc.part, tc.span, tc.node)
		if !ok || l.Title != tc.title || exact != tc.exact {
			t.Errorf("TeachFor(%q, %q, %q) = %q exact %v ok %v, want %q exact %v", tc.part, tc.span, tc.node, l.Title, exact, ok, tc.title, tc.exact)
		}
	}
}

// The hand-written pattern matcher agrees with the regular expression each
// pattern used to be compiled to, for every pattern and every path of the
// testdata containers and the examples (with their enclosing paths) and
// paths made from the patterns themselves.
func TestLessonPatternsMatchAsTheirRegexps(t *testing.T) {
	paths := map[string]bool{"": true, "/": true, "a//b": true, "Elements/": true, "Elements/x": true}
	for _, dir := range []string{"../../testdata/containers", "../../web/examples"} {
		names, _ := filepath.Glob(filepath.Join(dir, "*"))
		for _, name := range names {
			if b, err := os.ReadFile(name); err == nil {
				if f, err := decode.Parse(b); err == nil {
					fieldPaths(f, paths)
				}
			}
		}
	}
	for _, l := range lessons {
		for _, r := range []*strings.Replacer{
			strings.NewReplacer("[]", "/12", "**", "A/B", "*", "x"),
			strings.NewReplacer("[]", "/", "**", "", "*", ""),
			strings.NewReplacer("[]", "/1/2", "**", "A", "*", "x/y"),
		} {
			paths[r.Replace(l.Pattern)] = true
			paths["/"+r.Replace(l.Pattern)] = true
			paths[r.Replace(l.Pattern)+"/Extra"] = true
		}
	}
	for p := range paths {
		for q := parentPath(p); q != ""; q = parentPath(q) {
			paths[q] = true
		}
	}
	segs := lessonSegs()
	for i, l := range lessons {
		re := lessonRegexp(l.Pattern)
		for p := range paths {
			if got, want := matchSegs(segs[i], 0, p), re.MatchString(p); got != want {
				t.Errorf("pattern %q, path %q: matches %v, its regexp %v", l.Pattern, p, got, want)
			}
		}
	}
	t.Logf("%d lessons × %d paths checked", len(lessons), len(paths))
}

// lessonRegexp is how a pattern was matched before matchSegs.
func lessonRegexp(pattern string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString("^")
	for j, seg := range strings.Split(pattern, "/") {
		if seg == "**" {
			b.WriteString("(?:/[^/]+)*")
			continue
		}
		if j > 0 {
			b.WriteString("/")
		}
		s := regexp.QuoteMeta(seg)
		s = strings.ReplaceAll(s, `\[\]`, `/\d+`)
		s = strings.ReplaceAll(s, `\*`, `[^/]*`)
		b.WriteString(s)
	}
	b.WriteString("$")
	return regexp.MustCompile(b.String())
}
