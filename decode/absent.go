package decode

import (
	"encoding/json"
	"sort"
	"strconv"
	"strings"
)

// MaxAbsent bounds Part.Absent: a cut part lists at most this many paths.
const MaxAbsent = 4096

// markAbsent lists, for every part an Error problem cut short, the JSON
// paths of the values its bytes do not hold. The decoders leave such values
// at Go's zero, and a zero is a claim about the file ("ShaderStage 0:
// pixel"); Absent lets every reader (the tree, the dumps, a script reading
// json) tell a zero the file holds from one it does not. A value is held
// when it or a record around it has a span, or when the decoder works it out
// from values that are held (workedOut). Only damaged parts pay for this.
func (f *File) markAbsent() {
	for _, p := range f.Parts {
		if p.Module != nil || !f.cutShort(p) {
			continue // the bitcode's records are checked by their own spans (decode/dxil)
		}
		p.Absent = absentPaths(p)
	}
}

// cutShort says whether an Error problem falls in the part (header or data).
func (f *File) cutShort(p *Part) bool {
	end := p.DataOffset + int64(p.Size)
	for _, q := range f.Problems {
		if q.Severity == Error && q.Part == p.Name && q.Offset >= p.Offset && q.Offset <= end {
			return true
		}
	}
	return false
}

func absentPaths(p *Part) []string {
	q := *p
	q.Spans = nil // the values only: a part's spans can outweigh them
	b, err := json.Marshal(&q)
	if err != nil {
		return nil
	}
	var obj map[string]any
	if json.Unmarshal(b, &obj) != nil {
		return nil
	}
	spans := make(map[string]bool, len(p.Spans))
	end := p.DataOffset + int64(len(p.data))
	for _, s := range p.Spans {
		// A span past the bytes present names what the value should have
		// been read from, not bytes that hold it.
		if s.Off+s.Size <= end {
			spans[s.Path] = true
		}
	}
	absent, all := map[string]bool{}, map[string]bool{}
	var names []string // "…Name" values: absent when what they name is
	for key, v := range obj {
		if _, typed := v.(map[string]any); !typed || key == "Spans" {
			continue // the part's own keys (Name, Size, Offset, …): the part header
		}
		leaves(v, key, func(path string, v any) {
			all[path] = true
			for q := path; q != key; q = q[:strings.LastIndexByte(q, '/')] {
				if spans[q] {
					return
				}
			}
			switch workedOut(p, strings.TrimPrefix(path, key+"/"), v) {
			case "":
				absent[path] = true
			case namedBeside:
				names = append(names, path)
			}
		})
	}
	for _, n := range names {
		// A name without bytes names a value beside it, or is the string an
		// absent offset would have named (PSV0's EntryName).
		base := strings.TrimSuffix(n, "Name")
		if strings.HasSuffix(base, "/") {
			continue // a record's own Name, read with the record
		}
		if !all[base] || absent[base] {
			absent[n] = true
		}
	}
	out := make([]string, 0, len(absent))
	for k := range absent {
		out = append(out, k)
	}
	sort.Strings(out)
	if len(out) > MaxAbsent {
		out = out[:MaxAbsent]
	}
	return out
}

// leaves calls fn with the path and value of every leaf of a JSON value.
func leaves(v any, path string, fn func(string, any)) {
	switch x := v.(type) {
	case map[string]any:
		for k, c := range x {
			if k != "Spans" {
				leaves(c, path+"/"+k, fn)
			}
		}
	case []any:
		for i, c := range x {
			leaves(c, path+"/"+strconv.Itoa(i), fn)
		}
	default:
		fn(path, v)
	}
}

// workedOut says why a JSON value of a part has no bytes of its own, or ""
// when it is read from the file and must have a span (its own, or one of an
// enclosing record's). TestJSONNodesHaveSpans holds it to the corpus.
func workedOut(p *Part, rest string, v any) string {
	last := rest[strings.LastIndexByte(rest, '/')+1:]
	first, _, _ := strings.Cut(rest, "/")
	switch {
	case isBool(v):
		return "a flag bit or a check, named as a boolean; its bytes are the word it comes from"
	case strings.HasSuffix(last, "Name") || strings.HasSuffix(last, "Names") || strings.Contains(rest, "Names/"):
		return namedBeside
	case p.Signature != nil && (rest == "Direction" || rest == "ElementSize" || rest == "PatchConstant"):
		return "what the part's FourCC says about its elements"
	case p.PSVInfo != nil && (rest == "Version" || rest == "StageSource" || first == "Sections" || rest == "TrailingBytes" ||
		rest == "ResourceStride" && !p.PSVInfo.StageKnown || rest == "ResourceStride" && p.PSVInfo.ResourceStride == 0):
		return "what the decoder worked out: the version from the runtime info's size, where the stage came from, the sections found, the stride when no resource stores it"
	case p.RuntimeData != nil && (first == "Nodes" || rest == "DanglingReferences"):
		return "the work-graph nodes resolved from the records, and a count of references that name nothing"
	case (p.Bytecode != nil || p.Level9 != nil) && (last == "Major" || last == "Minor" || last == "ProgramType"):
		return "a field of the packed version token, whose span is the token"
	}
	return ""
}

// namedBeside is workedOut's reason for a name.
const namedBeside = "the name of a value read beside it (an enumeration, a flags word, a string-table offset)"

func isBool(v any) bool { _, ok := v.(bool); return ok }
