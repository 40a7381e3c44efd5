package decode

import (
	"encoding/json"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

// jsonPaths collects the key path of every node of a JSON value, with array
// indices as segments.
func jsonPaths(v any, prefix string, out map[string]bool) {
	corpus.WalkJSON(v, prefix, func(path string, _ any) { out[path] = true })
}

var indexSeg = regexp.MustCompile(`/\d+(/|$)`)

// pattern writes a path with its indices as "*", to count kinds of paths.
func pattern(p string) string {
	for {
		q := indexSeg.ReplaceAllString(p, "/*$1")
		if q == p {
			return q
		}
		p = q
	}
}

// jsonObject is v as encoding/json reads it back: an object of generic values.
func jsonObject(t testing.TB, v any) map[string]any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// partPaths are the paths a part's spans may name: the key paths of the
// part's JSON, from its own keys ("Name", "PSVInfo/SigOutputElements/2/Cols").
func partPaths(t *testing.T, p *Part) map[string]bool {
	out := map[string]bool{}
	for k, v := range jsonObject(t, p) {
		jsonPaths(v, k, out)
	}
	return out
}

// spanException says why a span may name bytes rather than a JSON value,
// or "" when it must name a JSON node.
func spanException(p *Part, s Span) string {
	_, rest, _ := strings.Cut(s.Path, "/") // the path under the value's key
	first, _, _ := strings.Cut(rest, "/")
	last := s.Path[strings.LastIndexByte(s.Path, '/')+1:]
	switch {
	case s.Path == "PartHeader":
		return "the 8-byte part header; its fields are the part's Name and Size"
	case s.Path == "Unknown" || s.Path == "Data" || first == "Unknown" || first == "Data":
		return "bytes no decoder claims, or a part kept raw"
	case s.Kind == SpanStruct:
		return "a structure of the format (a section, a record) whose fields the JSON holds without the wrapper"
	case strings.HasSuffix(last, "Padding") || strings.HasSuffix(last, "Unused") || last == "Terminator":
		return "padding, reserved or terminating bytes: no value"
	case rest == "SemanticIndexTableEntries":
		return "a count: its value is the length of SemanticIndexTable"
	case first == "Sections" && p.Name == "SRCI":
		return "an SRCI section of a type nobody named, kept raw at its place in the file (the JSON keys the known ones)"
	case first == "Strings" && p.Signature != nil:
		return "a signature's string table: each name appears as its element's Name"
	case p.Bytecode != nil && first == "Instructions" && strings.Count(rest, "/") == 3:
		return "a dword of an SM4/5 instruction (opcode, operand, extended, index, immediate or declaration token): the packed word the JSON's instruction and operand fields come from"
	case last == "ColsAndStart" || last == "DynamicMaskAndStream" || rest == "Version" && (s.Kind == SpanField):
		return "a packed byte or word: its values are the sibling keys (Cols, StartCol; DynamicMask, Stream; ProgramType, Major, Minor)"
	}
	return ""
}

// Every span's path names a node of its part's JSON, so the hex view, the
// tree, the lessons, the links and the diff can all use one path.
func TestSpanPathsNameJSONNodes(t *testing.T) {
	entries := corpus.Entries(t)
	named, total := 0, 0
	bad := map[string]int{}
	for _, e := range entries {
		for _, p := range parseFile(t, e.Path).Parts {
			if p.Name == "DXIL" || p.Name == "ILDB" || p.Name == "STAT" {
				continue // bitcode blocks are checked by the bitcode tests; their JSON is the module's
			}
			paths := partPaths(t, p)
			for _, s := range p.Spans {
				total++
				if s.Part != p.Name {
					t.Errorf("%s: a span of %s says it is %q's: %+v", e.Rel, p.Name, s.Part, s)
				}
				if paths[s.Path] || spanException(p, s) != "" {
					named++
					continue
				}
				bad[p.Name+" "+pattern(s.Path)]++
			}
		}
	}
	for _, k := range slices.Sorted(maps.Keys(bad)) {
		t.Errorf("span path %s (%d spans) names no JSON node", k, bad[k])
	}
	t.Logf("%d/%d spans of non-bitcode parts name a JSON node (or bytes with a listed reason)", named, total)
}

// The other way round: every value of a part's JSON that was read from the
// file has a span, its own or an enclosing record's, so selecting it in the
// tree lights its bytes; values the decoder works out are listed with why.
func TestJSONNodesHaveSpans(t *testing.T) {
	spanned, total := 0, 0
	bad := map[string]int{}
	for _, e := range corpus.Entries(t) {
		for _, p := range parseFile(t, e.Path).Parts {
			if p.Name == "DXIL" || p.Name == "ILDB" || p.Name == "STAT" {
				continue // the module's JSON is checked against its blocks by the bitcode tests
			}
			spans := map[string]bool{}
			for _, s := range p.Spans {
				spans[s.Path] = true
			}
			for key, v := range jsonObject(t, p) {
				if _, typed := v.(map[string]any); !typed {
					continue // the part's own keys (Name, Size, Offset, …): the part header
				}
				leaves(v, key, func(path string, v any) {
					total++
					for q := path; q != key; q = q[:strings.LastIndexByte(q, '/')] {
						if spans[q] {
							spanned++
							return
						}
					}
					if workedOut(p, strings.TrimPrefix(path, key+"/"), v) != "" {
						spanned++
						return
					}
					bad[p.Name+" "+pattern(path)]++
				})
			}
		}
	}
	for _, k := range slices.Sorted(maps.Keys(bad)) {
		t.Errorf("JSON value %s (%d times) has no span and is not listed as worked out", k, bad[k])
	}
	t.Logf("%d/%d JSON values of non-bitcode parts have bytes or a listed reason", spanned, total)
}

// leaves calls fn with the path and value of every leaf of a JSON value.
func leaves(v any, path string, fn func(string, any)) {
	corpus.WalkJSON(v, path, func(path string, v any) {
		switch v.(type) {
		case map[string]any, []any:
		default:
			fn(path, v)
		}
	})
}
