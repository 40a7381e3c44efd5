package model

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// NodeKind says what JSON value a tree node holds.
type NodeKind uint8

// The kinds of JSON values.
const (
	KindObject NodeKind = iota
	KindArray
	KindString
	KindNumber
	KindBool
	KindNull
)

// MaxNodes bounds a tree: a DXIL module's JSON can hold millions of
// values, and a browser tab should not hold a node for each.
const MaxNodes = 200_000

// MaxShown is the longest value text a tree row shows; longer strings (the
// bitcode as hex, source files) are cut with their length given.
const MaxShown = 120

// Node is one value of a part's decoded JSON.
type Node struct {
	ID       int
	Key      string // object key, or "[i]" for an array element
	Kind     NodeKind
	Value    string // display text of a scalar (cut), or "{n}" / "[n]" for containers
	Full     string // the whole scalar text
	JSONPath string // keys joined like span paths: "PSVInfo/SigInputElements[2]/Cols"
	SpanPath string // the span this node's bytes are recorded under ("" when none)
	Depth    int
	Parent   *Node
	Children []*Node
}

// Tree is a part's decoded value as nodes, with the lookups the page needs.
type Tree struct {
	Part      string
	Truncated bool // the JSON had more than MaxNodes values; the rest is left out
	Root      *Node
	Nodes     []*Node // by ID
	bySpan    map[string]*Node
	links     *linkIndex // share.go: link paths, built on first use
}

// Find returns the first node (depth first) for which match is true.
func (t *Tree) Find(match func(*Node) bool) *Node {
	for _, n := range t.Nodes {
		if match(n) {
			return n
		}
	}
	return nil
}

// ForSpan returns the node that shows the span at path, or the node of the
// nearest enclosing path that has one (so a byte always reveals something).
func (t *Tree) ForSpan(path string) *Node {
	for p := path; p != ""; p = parentPath(p) {
		if n, ok := t.bySpan[p]; ok {
			return n
		}
	}
	return t.Root
}

// SpanOf returns the span path to highlight for n: its own, or its nearest
// ancestor's.
func (t *Tree) SpanOf(n *Node) string {
	for ; n != nil; n = n.Parent {
		if n.SpanPath != "" {
			return n.SpanPath
		}
	}
	return ""
}

// parentPath drops the last segment: "A/B/2/C" → "A/B/2" → "A/B" → "A" → "".
func parentPath(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[:i]
	}
	return ""
}

// BuildTree marshals v (a part, or any value) to JSON and walks it in key
// order, so every part type, including those added later, gets a tree without
// a view of its own. Keys named Spans are left out. Each node is matched to a
// span: span paths name fields from the part name ("PSV0/SigInputElements/2/Cols")
// while the part's JSON nests them under a typed key ("PSVInfo"), so both
// readings are tried.
func BuildTree(part string, v any, spans Spans) *Tree {
	t := &Tree{Part: part, bySpan: map[string]*Node{}}
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(map[string]string{"Error": err.Error()})
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	t.Root = t.walk(dec, nil, part, "", 0)
	if t.Root == nil {
		t.Root = &Node{Key: part, Kind: KindNull}
		t.Nodes = append(t.Nodes, t.Root)
	}
	for _, n := range t.Nodes {
		n.SpanPath = resolveSpan(part, n, spans)
		// Records that carry their own span path (bitcode blocks) link by it.
		if n.SpanPath == "" && n.Kind == KindObject {
			if c := n.Child("Path"); c != nil {
				if _, ok := spans.ByPath(c.Text()); ok {
					n.SpanPath = c.Text()
				}
			}
		}
		if n.SpanPath != "" {
			if _, dup := t.bySpan[n.SpanPath]; !dup {
				t.bySpan[n.SpanPath] = n
			}
		}
	}
	return t
}

func (t *Tree) add(n *Node, parent *Node) *Node {
	n.ID = len(t.Nodes)
	n.Parent = parent
	if parent != nil {
		n.Depth = parent.Depth + 1
		parent.Children = append(parent.Children, n)
	}
	t.Nodes = append(t.Nodes, n)
	return n
}

func joinPath(parent, key string) string {
	switch {
	case parent == "":
		return key
	case strings.HasPrefix(key, "["):
		return parent + key
	}
	return parent + "/" + key
}

// walk reads one JSON value from dec as a node under parent.
func (t *Tree) walk(dec *json.Decoder, parent *Node, key, path string, _ int) *Node {
	tok, err := dec.Token()
	if err != nil {
		return nil
	}
	n := &Node{Key: key, JSONPath: path}
	switch v := tok.(type) {
	case json.Delim:
		t.add(n, parent)
		if v == '{' {
			n.Kind = KindObject
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return n
				}
				k, _ := kt.(string)
				if k == "Spans" || len(t.Nodes) >= MaxNodes {
					t.Truncated = t.Truncated || k != "Spans"
					var skip json.RawMessage
					if dec.Decode(&skip) != nil {
						return n
					}
					continue
				}
				t.walk(dec, n, k, joinPath(path, k), 0)
			}
			dec.Token() // '}'
			n.Value = fmt.Sprintf("{%d}", len(n.Children))
		} else {
			n.Kind = KindArray
			for i := 0; dec.More(); i++ {
				if len(t.Nodes) >= MaxNodes {
					t.Truncated = true
					var skip json.RawMessage
					if dec.Decode(&skip) != nil {
						return n
					}
					continue
				}
				k := "[" + strconv.Itoa(i) + "]" // shown as [i]; the path segment is i
				if t.walk(dec, n, k, joinPath(path, strconv.Itoa(i)), 0) == nil {
					return n
				}
			}
			dec.Token() // ']'
			n.Value = fmt.Sprintf("[%d]", len(n.Children))
		}
		return n
	case string:
		n.Kind, n.Full = KindString, v
		n.Value = strconv.Quote(Cut(v))
		if len(v) > MaxShown {
			n.Value += fmt.Sprintf(" (%d characters)", len(v))
		}
	case json.Number:
		n.Kind, n.Full, n.Value = KindNumber, v.String(), v.String()
	case bool:
		n.Kind, n.Full, n.Value = KindBool, strconv.FormatBool(v), strconv.FormatBool(v)
	default:
		n.Kind, n.Value = KindNull, "null"
	}
	return t.add(n, parent)
}

func Cut(s string) string {
	if len(s) <= MaxShown {
		return s
	}
	return s[:MaxShown] + "…"
}

// typedKeys are Part fields whose JSON key differs from the span prefix (the
// part name): their children are named from the part name in span paths.
var partHeaderKeys = map[string]string{"Name": "PartHeader/Name", "Size": "PartHeader/Size", "Offset": "PartHeader"}

// resolveSpan finds the span path a node's bytes are recorded under.
func resolveSpan(part string, n *Node, spans Spans) string {
	if n.JSONPath == "" {
		if _, ok := spans.ByPath(part); ok {
			return part
		}
		return ""
	}
	var cands []string
	if part == HeaderPart {
		cands = append(cands, n.JSONPath)
		if strings.HasPrefix(n.JSONPath, "Digest") {
			cands = append(cands, "Header/Hash")
		}
	} else {
		if k, ok := partHeaderKeys[n.JSONPath]; ok {
			cands = append(cands, part+"/"+k)
		}
		segs := strings.SplitN(n.JSONPath, "/", 2)
		top := segs[0]
		if len(segs) == 2 {
			cands = append(cands, part+"/"+segs[1])
		} else if _, isHdr := partHeaderKeys[n.JSONPath]; !isHdr && n.Kind >= KindString {
			cands = append(cands, part+"/"+top)
		}
		cands = append(cands, part+"/"+n.JSONPath)
		if len(segs) == 1 && (n.Kind == KindObject || n.Kind == KindArray) {
			cands = append(cands, part) // the typed value as a whole
		}
	}
	for _, c := range cands {
		if _, ok := spans.ByPath(c); ok {
			return c
		}
	}
	return ""
}
