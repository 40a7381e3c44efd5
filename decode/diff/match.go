package diff

import (
	"fmt"
	"strings"
)

// where names a value being compared three ways: as the Field reports it
// (show), and in each file (a, b). They differ below a list whose items are
// matched by identity, where an item keeps its own index on each side.
type where struct{ show, a, b string }

func here(path string) where { return where{path, path, path} }

// key is the value under an object key.
func (at where) key(k string) where {
	return where{join(at.show, k), join(at.a, k), join(at.b, k)}
}

// index is the list item at index i in A and j in B, named by B's index.
func (at where) index(i, j int) where {
	return where{fmt.Sprintf("%s/%d", at.show, j), fmt.Sprintf("%s/%d", at.a, i), fmt.Sprintf("%s/%d", at.b, j)}
}

// listRule says what identifies the items of one kind of list, so that an
// item inserted in the middle reads as one added item rather than as every
// later item changed. By lists the ways to identify an item, tried in order:
// items still unmatched after one way are matched by the next (a resource
// by its binding, else by its name). An item lacking every key of a way is
// not matched that way. ByValue matches scalar items by their value.
type listRule struct {
	List    string   // the list's key
	Parent  string   // the key above the list ("" for any)
	Parts   []string // the parts holding it (nil for any)
	By      [][]string
	ByValue bool
	// Pair compares by position the unmatched items that take the same
	// place on both sides (as many removed as added between the same two
	// matched items): in a table of types or strings, a value edited in
	// place (StructuredBuffer<int> → StructuredBuffer<uint>) reads as one
	// change rather than a removal and an addition. Never for resources or
	// signature elements, whose point is that a new one in the same place
	// is another one.
	Pair bool
}

// moduleParts hold a DXIL module (the JSON of dxil.Module).
var moduleParts = []string{"DXIL", "ILDB", "STAT"}

// signatureParts hold a signature (Signature/Parameters).
var signatureParts = []string{"ISG1", "OSG1", "PSG1", "ISGN", "OSGN", "OSG5", "PCSG"}

// listRules are the lists Compare matches by identity; every other list is
// compared item by item by index (a root signature's parameters, whose
// position is their identity: the root parameter index).
var listRules = []listRule{
	// Resources: class, space and register range, else the name.
	{List: "Resources", Parts: []string{"PSV0"}, By: [][]string{{"TypeName:class", "Space", "LowerBound", "UpperBound"}}},
	{List: "Resources", Parts: moduleParts, By: [][]string{{"Class", "Space", "LowerBound", "RangeSize"}, {"Name"}}},
	{List: "Records", Parent: "ResourceTable", By: [][]string{{"Class", "Space", "LowerBound", "UpperBound"}, {"Name"}}},
	{List: "ResourceBindings", Parts: []string{"RDEF"}, By: [][]string{{"TypeName:class", "Space", "BindPoint", "BindCount"}, {"Name"}}},
	{List: "ConstantBuffers", Parts: []string{"RDEF"}, By: [][]string{{"Name"}}},
	{List: "Variables", Parts: []string{"RDEF"}, By: [][]string{{"Name"}}},
	// Signature elements: semantic name, index and stream.
	{List: "Parameters", Parts: signatureParts, By: [][]string{{"Name", "Index", "Stream"}}},
	{List: "SigInputElements", Parts: []string{"PSV0"}, By: [][]string{{"Semantic", "Indices", "Stream"}}},
	{List: "SigOutputElements", Parts: []string{"PSV0"}, By: [][]string{{"Semantic", "Indices", "Stream"}}},
	{List: "SigPatchOrPrimElements", Parts: []string{"PSV0"}, By: [][]string{{"Semantic", "Indices", "Stream"}}},
	{List: "Inputs", Parent: "Signatures", Parts: moduleParts, By: [][]string{{"Name", "SemanticIndices"}}},
	{List: "Outputs", Parent: "Signatures", Parts: moduleParts, By: [][]string{{"Name", "SemanticIndices"}}},
	{List: "PatchConstant", Parent: "Signatures", Parts: moduleParts, By: [][]string{{"Name", "SemanticIndices"}}},
	// Functions and subobjects: their names.
	{List: "Records", Parent: "FunctionTable", By: [][]string{{"Name"}}},
	{List: "Records", Parent: "SubobjectTable", By: [][]string{{"Name"}}},
	{List: "ResourceNames", Parent: "Records", Parts: []string{"RDAT"}, ByValue: true},
	{List: "FunctionDependencies", Parent: "Records", Parts: []string{"RDAT"}, ByValue: true},
	{List: "Strings", Parent: "StringBuffer", Parts: []string{"RDAT"}, By: [][]string{{"Value"}}, Pair: true},
	{List: "StringTable", Parts: []string{"PSV0"}, By: [][]string{{"Value"}}, Pair: true},
	// The module's own tables: a declaration added for a new resource (its
	// global, its type, its metadata strings) shifts every later one.
	{List: "EntryPoints", Parts: moduleParts, By: [][]string{{"Name", "Function"}}},
	{List: "GlobalVariables", Parts: moduleParts, By: [][]string{{"Name"}}},
	{List: "Functions", Parts: moduleParts, By: [][]string{{"Name"}}},
	{List: "NamedMetadata", Parts: moduleParts, By: [][]string{{"Name"}}},
	{List: "DXOps", Parts: moduleParts, By: [][]string{{"Opcode"}}},
	{List: "Types", Parts: moduleParts, ByValue: true, Pair: true},
	{List: "DXOpFunctions", Parts: moduleParts, ByValue: true, Pair: true},
	{List: "MetadataStrings", Parts: moduleParts, ByValue: true, Pair: true},
}

// derivedLists are lists of indices into another list that a sibling key
// already gives by name (an RDAT function's Resources are indices into the
// resource table, its ResourceNames their names): an inserted resource
// changes every index and no name, so the indices are left out where the
// names are there.
var derivedLists = map[string]string{"Resources": "ResourceNames"}

func derivedList(k string, a, b map[string]any) bool {
	names, ok := derivedLists[k]
	if !ok {
		return false
	}
	_, okA := a[names]
	_, okB := b[names]
	return okA && okB
}

// listRuleFor finds the rule for the list at path (a Field path) in part.
func listRuleFor(part, path string) *listRule {
	var keys []string // the path's keys, indices left out
	for _, s := range strings.Split(path, "/") {
		if s != "" && (s[0] < '0' || s[0] > '9') {
			keys = append(keys, s)
		}
	}
	if len(keys) < 2 {
		return nil
	}
	list, parent := keys[len(keys)-1], keys[len(keys)-2]
	for i := range listRules {
		r := &listRules[i]
		if r.List != list || r.Parent != "" && r.Parent != parent {
			continue
		}
		if r.Parts != nil && !containsString(r.Parts, part) {
			continue
		}
		return r
	}
	return nil
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// applies reports whether the rule can match these lists' items: objects for
// By, scalars for ByValue.
func (r *listRule) applies(a, b []any) bool {
	for _, list := range [][]any{a, b} {
		for _, v := range list {
			if _, obj := v.(map[string]any); obj == r.ByValue {
				return false
			}
		}
	}
	return true
}

// resourceClass is the class (SRV, UAV, CBuffer, Sampler) of a PSV0 or RDEF
// resource type name ("SRVStructured", "UAVTyped", "D3D_SIT_TEXTURE", ...):
// a texture that becomes a structured buffer at the same register is the
// same resource with another kind, as RDAT and the module's metadata,
// which store the class, read it.
func resourceClass(typeName string) string {
	t := strings.ToUpper(typeName)
	switch {
	case strings.Contains(t, "UAV"):
		return "UAV"
	case strings.Contains(t, "SAMPLER"):
		return "Sampler"
	case t == "CBV" || strings.Contains(t, "CBUFFER"):
		return "CBuffer"
	case strings.HasPrefix(t, "SRV") || strings.Contains(t, "TBUFFER") || strings.Contains(t, "TEXTURE") ||
		strings.Contains(t, "STRUCTURED") || strings.Contains(t, "BYTEADDRESS") || strings.Contains(t, "ACCELERATION"):
		return "SRV"
	}
	return typeName
}

// identity is an item's identity by one way of the rule (way nil: its
// value), "" when the item has no non-empty value for any key of that way
// (resources without names are not all one resource). A key "XName:class"
// stands for the resource class of the type name XName.
func identity(v any, way []string) string {
	if way == nil {
		return render(v)
	}
	m, ok := v.(map[string]any)
	if !ok {
		return ""
	}
	var sb strings.Builder
	found := false
	for _, k := range way {
		field, class := strings.CutSuffix(k, ":class")
		x, ok := m[field]
		if s, isString := x.(string); ok && class && isString {
			x = resourceClass(s)
		}
		if ok && x != "" {
			found = true
		}
		sb.WriteString(k)
		sb.WriteByte('=')
		sb.WriteString(render(x))
		sb.WriteByte(';')
	}
	if !found {
		return ""
	}
	return sb.String()
}

// matchItems matches the items of a to those of b by the rule: for each item
// of a, the index of its item in b, or -1. Items with the same identity on
// one side are matched in order (the second with the second).
func matchItems(r *listRule, a, b []any) []int {
	match := make([]int, len(a))
	for i := range match {
		match[i] = -1
	}
	usedB := make([]bool, len(b))
	ways := r.By
	if r.ByValue {
		ways = [][]string{nil}
	}
	for _, way := range ways {
		type key struct {
			id string
			n  int
		}
		inB := map[key]int{}
		seen := map[string]int{}
		for j, v := range b {
			if usedB[j] {
				continue
			}
			if id := identity(v, way); id != "" {
				inB[key{id, seen[id]}] = j
				seen[id]++
			}
		}
		seen = map[string]int{}
		for i, v := range a {
			if match[i] >= 0 {
				continue
			}
			id := identity(v, way)
			if id == "" {
				continue
			}
			k := key{id, seen[id]}
			seen[id]++
			if j, ok := inB[k]; ok {
				match[i], usedB[j] = j, true
			}
		}
	}
	if r.Pair {
		pairInPlace(match, len(b))
	}
	return match
}

// pairInPlace matches, by position, the unmatched items between two
// consecutive matched items when there are as many on each side. Matched
// items out of order (a reordered list) leave everything as it is.
func pairInPlace(match []int, nb int) {
	last := -1
	for _, j := range match {
		if j >= 0 {
			if j <= last {
				return
			}
			last = j
		}
	}
	i0, j0 := -1, -1
	for i := 0; i <= len(match); i++ {
		j1 := nb
		if i < len(match) {
			if match[i] < 0 {
				continue
			}
			j1 = match[i]
		}
		if n := i - i0 - 1; n > 0 && n == j1-j0-1 {
			for k := 1; k <= n; k++ {
				match[i0+k] = j0 + k
			}
		}
		i0, j0 = i, j1
	}
}

// walkMatched compares two lists whose items are matched by identity: a
// matched pair is compared field by field under each side's own index (and
// named by B's); an item only in A is one removed value, one only in B one
// added value, in the order of a unified diff (B's new items before the A
// item they precede). Paths under the list name B's items by B's index and
// an item only in A as "A" and its index in A ("Records/A1"), so no two
// differences share a path (A's item 1 may be gone while B has a new item 1);
// each side's FieldSide.Path is the item's real path in that file. A length
// change says nothing the added and removed items do not, so it is not
// reported.
func (w *fieldWalker) walkMatched(at where, r *listRule, a, b []any) {
	match := matchItems(r, a, b)
	usedB := make([]bool, len(b))
	for _, j := range match {
		if j >= 0 {
			usedB[j] = true
		}
	}
	nextB := 0 // B items before nextB have been reported
	addedUpTo := func(end int) {
		for ; nextB < end; nextB++ {
			if !usedB[nextB] {
				// The added item has no place in A: its A side is the list.
				w.item = r
				w.emit(where{fmt.Sprintf("%s/%d", at.show, nextB), at.a, fmt.Sprintf("%s/%d", at.b, nextB)}, FieldAdded, nil, b[nextB], false, true)
				w.item = nil
			}
		}
	}
	for i, j := range match {
		if j < 0 {
			w.item = r
			w.emit(where{fmt.Sprintf("%s/A%d", at.show, i), fmt.Sprintf("%s/%d", at.a, i), at.b}, FieldRemoved, a[i], nil, true, false)
			w.item = nil
			continue
		}
		addedUpTo(j)
		w.walk(at.index(i, j), a[i], b[j], true, true)
	}
	addedUpTo(len(b))
}

// render writes an added or removed item by what identifies it, with the
// names of numbered values: {Class: 2 (CBuffer), Space: 1, LowerBound: 0,
// UpperBound: 0, Name: "Scene"}. A scalar item is its value.
func (r *listRule) render(v any) string {
	m, ok := v.(map[string]any)
	if !ok || r.ByValue {
		return render(v)
	}
	var parts []string
	seen := map[string]bool{}
	for _, way := range r.By {
		for _, k := range way {
			if field, class := strings.CutSuffix(k, ":class"); class {
				k = strings.TrimSuffix(field, "Name") // shown as the number and its name
			}
			x, ok := m[k]
			if !ok || seen[k] {
				continue
			}
			seen[k] = true
			s := k + ": " + render(x)
			if n, ok := m[k+"Name"].(string); ok && n != "" {
				s += " (" + n + ")"
			}
			parts = append(parts, s)
		}
	}
	if len(parts) == 0 {
		return render(v)
	}
	return "{" + strings.Join(parts, ", ") + "}"
}
