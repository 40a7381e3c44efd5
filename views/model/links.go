package model

import (
	"strings"
)

// linkIndex maps tree nodes to the paths links use and back.
type linkIndex struct {
	path   []string // by node ID
	byPath map[string]*Node
}

// FieldPath names a node for a share link's field= and open=: its span path
// when the node is the one that span is shown by (the decoder's name for the
// field); else the part name and the node's path under the typed value
// ("PSV0/SigOutputElements[0]/Cols" for JSON path
// "PSVInfo/SigOutputElements[0]/Cols") when that names no other node; else
// the part name and the whole JSON path. The root (the part itself) is "".
func (t *Tree) FieldPath(n *Node) string {
	if t == nil || n == nil || n.ID < 0 || n.ID >= len(t.Nodes) || t.Nodes[n.ID] != n {
		return ""
	}
	return t.linkIndex().path[n.ID]
}

func (t *Tree) linkIndex() *linkIndex {
	if t.links != nil {
		return t.links
	}
	// How many nodes each path under a typed key would name, and the
	// top-level keys (which those paths must not shadow).
	rests := map[string]int{}
	top := map[string]bool{}
	for _, n := range t.Nodes {
		if _, rest, ok := strings.Cut(n.JSONPath, "/"); ok {
			rests[rest]++
		} else {
			top[n.JSONPath] = true
		}
	}
	x := &linkIndex{path: make([]string, len(t.Nodes)), byPath: map[string]*Node{}}
	for _, n := range t.Nodes {
		var p string
		switch {
		case n.Parent == nil:
			p = ""
		case n.SpanPath != "" && t.bySpan[n.SpanPath] == n:
			p = n.SpanPath
		case t.Part == HeaderPart && n.JSONPath != t.Part:
			p = n.JSONPath // header fields are named from the root: "Header/Version"
		default:
			p = t.Part + "/" + n.JSONPath
			if _, rest, ok := strings.Cut(n.JSONPath, "/"); ok && rests[rest] == 1 && !top[rest] {
				if _, taken := t.bySpan[t.Part+"/"+rest]; !taken {
					p = t.Part + "/" + rest
				}
			}
		}
		x.path[n.ID] = p
		if _, dup := x.byPath[p]; !dup && p != "" {
			x.byPath[p] = n
		}
	}
	t.links = x
	return x
}

// FindField returns the node a link's field path names, or nil. It accepts
// what FieldPath writes, the whole JSON path after the part name, and
// paths without the typed key.
func (t *Tree) FindField(path string) *Node {
	if t == nil || path == "" {
		return nil
	}
	if n, ok := t.bySpan[path]; ok {
		return n
	}
	if n, ok := t.linkIndex().byPath[path]; ok {
		return n
	}
	if path == t.Part {
		return t.Root
	}
	if rest, ok := strings.CutPrefix(path, t.Part+"/"); ok {
		for _, n := range t.Nodes {
			if n.JSONPath == rest {
				return n
			}
		}
		for _, n := range t.Nodes {
			if _, sub, ok := strings.Cut(n.JSONPath, "/"); ok && sub == rest {
				return n
			}
		}
	}
	return nil
}
