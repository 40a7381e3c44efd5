package decode

import (
	"bytes"
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
	errs := f.errorOffsets()
	for _, p := range f.Parts {
		if p.Module != nil || !cutShort(errs, p) && len(p.cutOff) == 0 {
			continue // the bitcode's records are checked by their own spans (decode/dxil)
		}
		p.Absent = absentPaths(p)
	}
}

// errorOffsets lists the offsets of the Error problems of each part name,
// sorted: thousands of damaged parts of one name each looked through every
// problem of the file (4,095 parts of 64 bytes, 78,000 problems: 0.6 s).
func (f *File) errorOffsets() map[string][]int64 {
	errs := map[string][]int64{}
	for _, q := range f.Problems {
		if q.Severity == Error {
			errs[q.Part] = append(errs[q.Part], q.Offset)
		}
	}
	for _, offs := range errs {
		sort.Slice(offs, func(i, j int) bool { return offs[i] < offs[j] })
	}
	return errs
}

// cutShort says whether an Error problem falls in the part (header or data).
func cutShort(errs map[string][]int64, p *Part) bool {
	offs := errs[p.Name]
	i := sort.Search(len(offs), func(i int) bool { return offs[i] >= p.Offset })
	return i < len(offs) && offs[i] <= p.DataOffset+int64(p.Size)
}

// partsMissing says the file lacks bytes of the parts its header lists: a
// part cut short, or one whose header is past the end.
func (f *File) partsMissing() bool {
	if int64(len(f.Parts)) < int64(f.Header.PartCount) {
		return true
	}
	for _, p := range f.Parts {
		if int64(len(p.data)) < int64(p.Size) {
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
	end := p.DataOffset + int64(len(p.data))
	// The paths of the spans inside the bytes present (a span past them names
	// what a value should have been read from, not bytes that hold it), as a
	// sorted list: a map of them cost more than the rest of this walk.
	held := make([]string, 0, len(p.Spans))
	for _, s := range p.Spans {
		if s.Off+s.Size <= end {
			held = append(held, s.Path)
		}
	}
	sort.Strings(held)
	isHeld := func(path []byte) bool {
		i := sort.Search(len(held), func(i int) bool { return held[i] >= string(path) })
		return i < len(held) && held[i] == string(path)
	}
	cutOff := map[string]bool{}
	for _, c := range p.cutOff {
		cutOff[c] = true
	}
	absent, unheld := map[string]bool{}, map[string]bool{}
	var names []string // "…Name" values: absent when what they name is
	w := newJSONWalk(b)
	w.value(func(path []byte, isBool bool) {
		slash := bytes.IndexByte(path, '/')
		if slash < 0 {
			return // the part's own keys (Name, Size, Offset, …): the part header
		}
		ps := string(path)
		// Cut off: the decoder found the value, or a record around it, past the cut.
		if len(cutOff) > 0 {
			for k := len(path); k > slash; k = bytes.LastIndexByte(path[:k], '/') {
				if cutOff[string(path[:k])] {
					unheld[ps], absent[ps] = true, true
					return
				}
			}
		}
		// Held: the value or a record around it has a span in the bytes.
		for k := len(path); k > slash; k = bytes.LastIndexByte(path[:k], '/') {
			if isHeld(path[:k]) {
				return
			}
		}
		unheld[ps] = true
		var v any
		if isBool {
			v = true
		}
		switch workedOut(p, ps[slash+1:], v) {
		case "":
			absent[ps] = true
		case namedBeside:
			names = append(names, ps)
		}
	})
	// A name without bytes names a value beside it, or is the string an
	// absent offset would have named (PSV0's EntryName): which of the values
	// the names name exist is found in one more walk, not one per name.
	bases := map[string]bool{}
	for _, n := range names {
		if base := strings.TrimSuffix(n, "Name"); !strings.HasSuffix(base, "/") { // not a record's own Name
			bases[base] = false
		}
	}
	if len(bases) > 0 {
		newJSONWalk(b).value(func(p []byte, _ bool) {
			if _, ok := bases[string(p)]; ok {
				bases[string(p)] = true
			}
		})
	}
	for _, n := range names {
		base := strings.TrimSuffix(n, "Name")
		if seen, ok := bases[base]; ok && (absent[base] || !unheld[base] && !seen) {
			absent[n] = true
		}
	}
	out := make([]string, 0, len(absent))
	for k := range absent {
		out = append(out, k)
	}
	sort.Strings(out)
	// A value the decoder marked absent that has no leaf (a list it left
	// empty because its records are past the cut) is absent itself: the
	// file says there are records, not none.
	var empty []string
	for c := range cutOff {
		i := sort.SearchStrings(out, c)
		if i == len(out) || out[i] != c && !strings.HasPrefix(out[i], c+"/") {
			empty = append(empty, c)
		}
	}
	if len(empty) > 0 {
		out = append(out, empty...)
		sort.Strings(out)
	}
	if len(out) > MaxAbsent {
		out = out[:MaxAbsent]
	}
	return out
}

// jsonWalk reads JSON that encoding/json wrote, calling a function with the
// key path of every leaf ("PSVInfo/SigOutputVectors/2") in a reused buffer:
// it allocates nothing per held value, where decoding into maps would cost
// several times the JSON.
type jsonWalk struct {
	sc   *JSONScanner
	path []byte
}

func newJSONWalk(b []byte) *jsonWalk { return &jsonWalk{sc: NewJSONScanner(b)} }

// value walks one value, calling fn at each leaf with its path and whether
// it is a boolean; it reports false when the JSON ends early.
func (w *jsonWalk) value(fn func([]byte, bool)) bool {
	c, ok := w.sc.Peek()
	if !ok {
		return false
	}
	n := len(w.path)
	defer func() { w.path = w.path[:n] }()
	switch c {
	case '{':
		w.sc.Next()
		return w.sc.Items('}', func() bool {
			key, ok := w.sc.Str()
			if !ok || !w.sc.Colon() {
				return false
			}
			if key == "Spans" {
				return w.sc.Skip()
			}
			w.path = w.path[:n]
			w.push(key)
			return w.value(fn)
		})
	case '[':
		w.sc.Next()
		k := 0
		return w.sc.Items(']', func() bool {
			w.path = w.path[:n]
			w.push("")
			w.path = strconv.AppendInt(w.path, int64(k), 10)
			k++
			return w.value(fn)
		})
	}
	fn(w.path, c == 't' || c == 'f')
	return w.sc.Skip()
}

func (w *jsonWalk) push(seg string) {
	if len(w.path) > 0 {
		w.path = append(w.path, '/')
	}
	w.path = append(w.path, seg...)
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
	case p.PDB != nil && rest == "FreeBlocks":
		return "a count of the blocks no stream uses, worked out from the stream directory"
	case p.Level9 != nil && last == "Offset" && !strings.HasPrefix(rest, "Shader/Debug/"):
		return "where the record (a mapping, the shader, a token) starts in the file, which the decoder adds"
	}
	return ""
}

// namedBeside is workedOut's reason for a name.
const namedBeside = "the name of a value read beside it (an enumeration, a flags word, a string-table offset)"

func isBool(v any) bool { _, ok := v.(bool); return ok }
