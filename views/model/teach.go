package model

import (
	"regexp"
	"strings"

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

type compiledLesson struct {
	Lesson
	re *regexp.Regexp
}

var compiledLessons = func() []compiledLesson {
	out := make([]compiledLesson, len(lessons))
	for i, l := range lessons {
		var b strings.Builder
		b.WriteString("^")
		for j, seg := range strings.Split(l.Pattern, "/") {
			if seg == "**" {
				b.WriteString("(?:/[^/]+)*")
				continue
			}
			if j > 0 {
				b.WriteString("/")
			}
			s := regexp.QuoteMeta(seg)
			s = strings.ReplaceAll(s, `\[\]`, `/\d+`) // "Elements[]": any index
			s = strings.ReplaceAll(s, `\*`, `[^/]*`)
			b.WriteString(s)
		}
		b.WriteString("$")
		out[i] = compiledLesson{l, regexp.MustCompile(b.String())}
	}
	return out
}()

// Teach returns the lesson for the most specific pattern matching path,
// trying the enclosing paths when nothing matches the path itself. exact
// says whether the lesson is about path itself rather than a structure
// around it.
func Teach(path string) (l Lesson, exact, ok bool) {
	for p, first := path, true; p != ""; p, first = parentPath(p), false {
		for _, c := range compiledLessons {
			if c.re.MatchString(p) {
				return c.Lesson, first, true
			}
		}
	}
	return Lesson{}, false, false
}

// Lessons returns the table (for tests and documentation).
func Lessons() []Lesson { return lessons }
