package model

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/text"
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
	JSONPath string // the keys from the part's own, indices as segments: "PSVInfo/SigInputElements/2/Cols"
	SpanPath string // the span this node's bytes are recorded under: JSONPath, or "" when none
	Absent   bool   // the part is cut short before this value: its bytes are not in the file
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
	byPath    map[string]*Node // by JSONPath, built on first use (links.go)
	bySub     map[string]*Node // by JSONPath below the value's key, likewise
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
// a view of its own. Keys named Spans are left out. A span's path is the JSON
// path of its value, so a node's span is the one of its own path, if any.
func BuildTree(part string, v any, spans SpanIndex) *Tree {
	t := &Tree{Part: part, bySpan: map[string]*Node{}}
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(map[string]string{"Error": err.Error()})
	}
	t.Root = t.walk(decode.NewJSONScanner(b), nil, part, "")
	if t.Root == nil {
		t.Root = &Node{Key: part, Kind: KindNull}
		t.Nodes = append(t.Nodes, t.Root)
	}
	t.markAbsent()
	for _, n := range t.Nodes {
		switch {
		case n.Kind == KindNumber && (flagKey(n.Key) || versionKey(n.Key)):
			n.Value = Cut(DisplayValue(n.JSONPath, n.Full, n))
		case n.Kind == KindObject && len(n.Children) == 2 && n.Child("Name") != nil && n.Child("Value") != nil:
			// A named value (FXC STAT's counters): its name and value on its row.
			n.Value = Cut(n.Child("Name").Full + " = " + n.Child("Value").Value)
		case n.Kind == KindObject && n.Child("Text") != nil && n.Child("Text").Kind == KindString:
			// An instruction or operand: its text on its row, as the listing prints it.
			n.Value = Cut(n.Child("Text").Full)
		}
		if _, ok := spans[n.JSONPath]; ok && n.JSONPath != "" {
			n.SpanPath = n.JSONPath
		}
		// Records that carry their own span path (bitcode blocks) link by it.
		if n.SpanPath == "" && n.Kind == KindObject {
			if c := n.Child("Path"); c != nil {
				if _, ok := spans[c.Text()]; ok {
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

// markAbsent shows the values a cut part does not hold (decode.Part.Absent)
// as absent, not as the zero the decoder left in them.
func (t *Tree) markAbsent() {
	list := t.Root.Child("Absent")
	if list == nil || len(list.Children) == 0 {
		return
	}
	absent := make(map[string]bool, len(list.Children))
	for _, c := range list.Children {
		absent[c.Full] = true
	}
	for _, n := range t.Nodes {
		if absent[n.JSONPath] {
			n.Absent, n.Value, n.Full = true, "absent (not in the file)", ""
		}
	}
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

// walk reads one JSON value from sc as a node under parent. The JSON comes
// from json.Marshal, so it is valid; sc reads it in place, about ten times
// faster than json.Decoder's tokens (docs/performance.md).
func (t *Tree) walk(sc *decode.JSONScanner, parent *Node, key, path string) *Node {
	c, ok := sc.Peek()
	if !ok {
		return nil
	}
	n := &Node{Key: key, JSONPath: path}
	switch c {
	case '{':
		sc.Next()
		t.add(n, parent)
		n.Kind = KindObject
		if !sc.Items('}', func() bool {
			k, ok := sc.Str()
			if !ok || !sc.Colon() {
				return false
			}
			if k == "Spans" || len(t.Nodes) >= MaxNodes {
				t.Truncated = t.Truncated || k != "Spans"
				return sc.Skip()
			}
			return t.walk(sc, n, k, joinPath(path, k)) != nil
		}) {
			return n
		}
		n.Value = "{" + strconv.Itoa(len(n.Children)) + "}"
		return n
	case '[':
		sc.Next()
		t.add(n, parent)
		n.Kind = KindArray
		i := 0
		if !sc.Items(']', func() bool {
			seg := strconv.Itoa(i)
			i++
			if len(t.Nodes) >= MaxNodes {
				t.Truncated = true
				return sc.Skip()
			}
			return t.walk(sc, n, "["+seg+"]", joinPath(path, seg)) != nil // shown as [i]; the path segment is i
		}) {
			return n
		}
		n.Value = "[" + strconv.Itoa(len(n.Children)) + "]"
		return n
	case '"':
		v, ok := sc.Str()
		if !ok {
			return nil
		}
		n.Kind, n.Full = KindString, v
		n.Value = strconv.Quote(Cut(v))
		if len(v) > MaxShown {
			n.Value += fmt.Sprintf(" (%d characters)", len(v))
		}
	case 't', 'f':
		lit := sc.Literal()
		n.Kind, n.Full, n.Value = KindBool, lit, lit
	case 'n':
		sc.Literal()
		n.Kind, n.Value = KindNull, "null"
	default:
		num := sc.Literal()
		if num == "" {
			return nil
		}
		n.Kind, n.Full, n.Value = KindNumber, num, numberText(n.Key, num)
	}
	return t.add(n, parent)
}

// Cut shortens s to MaxShown characters.
func Cut(s string) string {
	if len(s) <= MaxShown {
		return s
	}
	return s[:MaxShown] + "…"
}

// Shown makes a text from the file fit to show: control characters and
// bidi overrides visible (\x1b, U+202E), at most MaxName characters. Views
// draw names, summaries and messages through it.
func Shown(s string) string { return text.SafeCap(s, MaxName) }

// MaxName is the longest name a list or table row shows.
const MaxName = 200

// ShownMessage is Shown for a problem's message, which may quote a name at
// length: a longer cap.
func ShownMessage(s string) string { return text.SafeCap(s, 1000) }

// numberText is how the tree prints a number: offsets, sizes, flag words
// and masks in hex (the decimal is Full, shown on hover), 0xFFFFFFFF by what it means in every
// field that uses it (no register, unbounded, no limit), others as read.
func numberText(key, num string) string {
	if num == "4294967295" {
		return "0xFFFFFFFF (none / unbounded)"
	}
	hex := strings.HasSuffix(key, "Offset") || strings.HasSuffix(key, "Size") || strings.HasSuffix(key, "SizeInBytes") ||
		strings.HasSuffix(key, "Flags") || strings.HasSuffix(key, "Mask") || strings.HasSuffix(key, "Flag")
	if v, err := strconv.ParseUint(num, 10, 64); hex && err == nil && v >= 10 {
		return "0x" + strconv.FormatUint(v, 16)
	}
	return num
}
