package model

import (
	"strings"
	"sync"

	"github.com/dxscope/dxscope/decode"
)

// VisibleNodes returns the tree's nodes in display order, descending only
// into open nodes. Long arrays are cut at MaxChildren unless the node is in
// all.
func VisibleNodes(t *Tree, open map[int]bool) []*Node {
	if t == nil {
		return nil
	}
	var out []*Node
	var walk func(n *Node)
	walk = func(n *Node) {
		out = append(out, n)
		if !open[n.ID] {
			return
		}
		for i, c := range n.Children {
			if i == MaxChildren && !open[-1-n.ID] {
				break
			}
			walk(c)
		}
	}
	walk(t.Root)
	return out
}

// MaxChildren is how many children of one node are listed before a
// "show all" row.
const MaxChildren = 256

func LastSeg(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[i+1:]
	}
	return p
}

// TeachFor looks a lesson up for what is selected in a part: the span's
// path, else the tree node's JSON path (the same path when the node has
// bytes of its own). The part as a whole, and a raw part's bytes, are
// taught by the part's registered description.
func TeachFor(part, spanPath, jsonPath string) (Lesson, bool, bool) {
	if part != HeaderPart && (spanPath == "" && jsonPath == "" || spanPath == "Data" && jsonPath == "") {
		if k := decode.LookupPart(part); k != nil || spanPath == "" {
			pi := decode.DescribePart(part)
			return Lesson{Pattern: spanPath, Title: pi.Title, Meaning: pi.About}, true, true
		}
	}
	var fallback Lesson
	var have bool
	for _, c := range []string{spanPath, jsonPath} {
		if c == "" {
			continue
		}
		l, exact, ok := Teach(c)
		if ok && exact {
			return l, true, true
		}
		if ok && !have {
			fallback, have = l, true
		}
	}
	return fallback, false, have
}

// Lesson explains one field or structure of the format: what it means and,
// where it helps, the rule that governs it. Written from the LLVM
// DXContainer document, HLSL proposal 0012 and the project's constants
// reference (the shared reference's constants.md).
type Lesson struct {
	Pattern string // span path pattern: segments, [] for any index, * one segment, ** any number
	Title   string
	Meaning string
	Rule    string // optional: the rule behind the value
}

// A lesson's pattern is matched by hand rather than as a regular
// expression: the page compiled all 775 at start-up (9 ms natively, about
// 0.4 s in wasm under node), a lookup tried them one by one (1 ms natively;
// 27 µs now), and package regexp with its Unicode tables was one of the
// page's largest libraries (docs/performance.md).

// lessonSegs holds every lesson's pattern split at "/", made on first use.
var lessonSegs = sync.OnceValue(func() [][]string {
	out := make([][]string, len(lessons))
	for i, l := range lessons {
		out[i] = strings.Split(l.Pattern, "/")
	}
	return out
})

// matchSegs matches segs[j:], a lesson pattern split at "/", against path:
// a segment "**" stands for any number of segments (none included), "*"
// inside a segment for any run of characters other than "/", and "[]" for
// "/" and an index ("Elements[]" matches "Elements/3").
func matchSegs(segs []string, j int, path string) bool {
	if j == len(segs) {
		return path == ""
	}
	if segs[j] == "**" {
		for {
			if matchSegs(segs, j+1, path) {
				return true
			}
			// One more segment: "/" and at least one character up to the
			// next "/" (whatever follows starts with "/" or is the end).
			if len(path) < 2 || path[0] != '/' || path[1] == '/' {
				return false
			}
			n := strings.IndexByte(path[1:], '/')
			if n < 0 {
				n = len(path) - 1
			}
			path = path[1+n:]
		}
	}
	if j > 0 {
		if path == "" || path[0] != '/' {
			return false
		}
		path = path[1:]
	}
	return walkSeg(segs[j], path, func(tail string) bool { return matchSegs(segs, j+1, tail) })
}

// walkSeg calls done with each tail of path left after seg matched a prefix
// of it, until done returns true; it says whether one did.
func walkSeg(seg, path string, done func(tail string) bool) bool {
	switch {
	case seg == "":
		return done(path)
	case seg[0] == '*':
		for i := 0; ; i++ {
			if walkSeg(seg[1:], path[i:], done) {
				return true
			}
			if i == len(path) || path[i] == '/' {
				return false
			}
		}
	case strings.HasPrefix(seg, "[]"):
		if path == "" || path[0] != '/' {
			return false
		}
		for i := 1; i < len(path) && path[i] >= '0' && path[i] <= '9'; i++ {
			if walkSeg(seg[2:], path[i+1:], done) {
				return true
			}
		}
		return false
	default:
		return path != "" && path[0] == seg[0] && walkSeg(seg[1:], path[1:], done)
	}
}

// Teach returns the lesson for the most specific pattern matching path,
// trying the enclosing paths when nothing matches the path itself. exact
// says whether the lesson is about path itself rather than a structure
// around it.
func Teach(path string) (l Lesson, exact, ok bool) {
	segs := lessonSegs()
	for p, first := path, true; p != ""; p, first = parentPath(p), false {
		for i, c := range lessons {
			if matchSegs(segs[i], 0, p) {
				return c, first, true
			}
		}
	}
	return Lesson{}, false, false
}

// Lessons returns the table (for tests and documentation).
func Lessons() []Lesson { return lessons }
