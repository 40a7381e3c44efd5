package model

import (
	"strings"

	"github.com/dxscope/dxscope/decode"
)

// FieldPath names a node for a share link's field= and open=: its JSON path
// in the part ("PSVInfo/SigOutputElements/0/Cols", "Header/Version"), the
// path its span has too. The root (the part itself) is "".
func (t *Tree) FieldPath(n *Node) string {
	if t == nil || n == nil || n.ID < 0 || n.ID >= len(t.Nodes) || t.Nodes[n.ID] != n {
		return ""
	}
	return n.JSONPath
}

// lookup finds the node of a JSON path, or the node shown for a span path
// (a bitcode block's), or nil.
func (t *Tree) lookup(path string) *Node {
	if t.byPath == nil {
		t.byPath = make(map[string]*Node, len(t.Nodes))
		for _, n := range t.Nodes {
			if _, dup := t.byPath[n.JSONPath]; !dup {
				t.byPath[n.JSONPath] = n
			}
		}
	}
	if n, ok := t.byPath[path]; ok {
		return n
	}
	return t.bySpan[path]
}

// FindField returns the node a link's field path names, or nil: what
// FieldPath writes, and the forms links wrote before span paths started at
// the value's JSON key (see legacyField).
func (t *Tree) FindField(path string) *Node {
	if t == nil || path == "" {
		return nil
	}
	if n := t.lookup(path); n != nil {
		return n
	}
	return t.legacyField(path)
}

// legacyField reads the paths links wrote when a field's path started with
// its part's FourCC, so that a link shared then opens on the same field:
// a span path under the part's value ("PSV0/SigOutputElements/2/Cols",
// "DXIL/Size" for the program header's, "DXIL/Bitcode/MODULE_BLOCK"), the
// part header's ("PSV0/PartHeader/Size"), or the part name and a JSON
// path ("PSV0/PSVInfo/SigOutputElements", "PSV0/Summary"). The container
// header's paths did not change.
func (t *Tree) legacyField(path string) *Node {
	if t.Part == HeaderPart {
		return nil
	}
	if path == t.Part {
		return t.Root
	}
	rest, ok := strings.CutPrefix(path, t.Part+"/")
	if !ok {
		return nil
	}
	// A span path named the value's fields after the part: try each value's
	// key in the part's order (Program before Module, as the old span paths
	// resolved).
	for _, c := range t.Root.Children {
		if c.Kind == KindObject {
			if n := t.lookup(c.Key + "/" + rest); n != nil {
				return n
			}
		}
	}
	switch rest {
	case "PartHeader":
		return t.lookup("Offset") // the node whose bytes the part header's span was
	case "PartHeader/Name", "PartHeader/Size":
		return t.lookup(rest[len("PartHeader/"):])
	}
	if n := t.lookup(rest); n != nil {
		return n
	}
	// A path under any value's key, as links could be written by hand:
	// indexed once, as a link may name 10,000 paths that no node has.
	if t.bySub == nil {
		t.bySub = map[string]*Node{}
		for _, n := range t.Nodes {
			if _, sub, ok := strings.Cut(n.JSONPath, "/"); ok && t.bySub[sub] == nil {
				t.bySub[sub] = n
			}
		}
	}
	return t.bySub[rest]
}

// FieldChoice is one value of an enumeration, or one bit of a set of flags,
// with the name the decoder gives it (the field editor's lists).
type FieldChoice struct {
	Value uint64
	Name  string
}

// ProbeField decodes data (a whole container) and returns the node at path
// in the part at index i of the part list (1 is the first part), or nil:
// what the tree would show for the field, at the cost of one decode and one
// part's tree (the page's field editor asks this of each value it tries).
func ProbeField(data []byte, i int, name, path string) *Node {
	f, err := decode.Parse(data)
	if err != nil || i < 1 || i > len(f.Parts) || f.Parts[i-1].Name != name {
		return nil
	}
	q := *f.Parts[i-1]
	q.Spans = nil
	return BuildTree(q.Name, &q, nil).FindField(path)
}
