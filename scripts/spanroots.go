//go:build ignore

// spanroots checks that two dxscope builds write the same JSON for every file
// except for span paths, and that each span path changed by its root alone:
// the part's FourCC gave way to the JSON key of the part's value
// ("PSV0/SigOutputElements/2/Cols" → "PSVInfo/SigOutputElements/2/Cols"),
// the part header's fields to the part's own keys ("PSV0/PartHeader/Size" →
// "Size"), a raw part's or a gap's bytes to the part's top ("PRIV/Data" →
// "Data"). The bitcode blocks' Path values, which name their spans, follow.
//
//	go run scripts/spanroots.go OLD-DXSCOPE NEW-DXSCOPE FILE... (or the files one a line on stdin)
//
// It prints how many spans each rename covered and every other difference,
// and exits 1 when there is any.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
)

type checker struct {
	file    string
	renames map[string]int // "PSV0: PSV0/… → PSVInfo/…" → spans
	diffs   []string
}

func (c *checker) diff(format string, args ...any) {
	if len(c.diffs) < 20 {
		c.diffs = append(c.diffs, c.file+": "+fmt.Sprintf(format, args...))
	}
}

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: go run scripts/spanroots.go OLD-DXSCOPE NEW-DXSCOPE [FILE...]")
		os.Exit(2)
	}
	oldBin, newBin, files := os.Args[1], os.Args[2], os.Args[3:]
	if len(files) == 0 {
		sc := bufio.NewScanner(os.Stdin)
		for sc.Scan() {
			if f := strings.TrimSpace(sc.Text()); f != "" {
				files = append(files, f)
			}
		}
	}
	renames := map[string]int{}
	var diffs []string
	compared, skipped := 0, 0
	var mu sync.Mutex
	work := make(chan string)
	var wg sync.WaitGroup
	for range runtime.NumCPU() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for f := range work {
				a, errA := exec.Command(oldBin, "json", f).Output()
				b, errB := exec.Command(newBin, "json", f).Output()
				c := &checker{file: f, renames: map[string]int{}}
				switch {
				case (errA == nil) != (errB == nil):
					c.diff("one build fails: old %v, new %v", errA, errB)
				case errA != nil:
					if !bytes.Equal(a, b) {
						c.diff("both fail, with different output")
					}
				default:
					c.document(parse(a), parse(b))
				}
				mu.Lock()
				if errA != nil && errB != nil {
					skipped++
				} else {
					compared++
				}
				for k, n := range c.renames {
					renames[k] += n
				}
				diffs = append(diffs, c.diffs...)
				mu.Unlock()
			}
		}()
	}
	for _, f := range files {
		work <- f
	}
	close(work)
	wg.Wait()

	keys := make([]string, 0, len(renames))
	total, same := 0, 0
	for k, n := range renames {
		keys = append(keys, k)
		if strings.HasSuffix(k, "unchanged") {
			same += n
		} else {
			total += n
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("%9d  %s\n", renames[k], k)
	}
	fmt.Printf("%d files compared (%d not containers, the same error from both): %d span paths renamed, %d unchanged, %d other differences\n", compared, skipped, total, same, len(diffs))
	for _, d := range diffs {
		fmt.Println(d)
	}
	if len(diffs) > 0 {
		os.Exit(1)
	}
}

func parse(b []byte) any {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return fmt.Sprintf("(not JSON: %v)", err)
	}
	return v
}

// document compares two File documents.
func (c *checker) document(a, b any) {
	ma, okA := a.(map[string]any)
	mb, okB := b.(map[string]any)
	if !okA || !okB {
		c.equal("", a, b)
		return
	}
	c.keys("", ma, mb)
	for k, va := range ma {
		vb := mb[k]
		switch k {
		case "Spans":
			c.spans("Spans", va, vb, c.fileSpan)
		case "Parts":
			pa, _ := va.([]any)
			pb, _ := vb.([]any)
			if len(pa) != len(pb) {
				c.diff("Parts: %d parts, then %d", len(pa), len(pb))
				continue
			}
			for i := range pa {
				c.part(fmt.Sprintf("Parts/%d", i), pa[i], pb[i])
			}
		default:
			c.equal(k, va, vb)
		}
	}
}

func (c *checker) part(at string, a, b any) {
	ma, _ := a.(map[string]any)
	mb, _ := b.(map[string]any)
	c.keys(at, ma, mb)
	name, _ := ma["Name"].(string)
	var typed []string // the keys of the part's decoded values
	for k, v := range ma {
		if _, ok := v.(map[string]any); ok {
			typed = append(typed, k)
		}
	}
	sort.Strings(typed)
	for k, va := range ma {
		vb := mb[k]
		switch k {
		case "Spans":
			c.spans(at+"/Spans", va, vb, func(old, new string) (string, bool) { return c.partSpan(name, typed, old, new) })
		case "Module":
			c.module(at+"/Module", name, va, vb)
		default:
			c.equal(at+"/"+k, va, vb)
		}
	}
}

// module compares a DXIL module, whose blocks name their spans in Path.
func (c *checker) module(at, part string, a, b any) {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok {
			c.equal(at, a, b)
			return
		}
		c.keys(at, x, y)
		for k, va := range x {
			if k == "Path" {
				old, _ := va.(string)
				new, _ := y[k].(string)
				if rest, ok := strings.CutPrefix(old, part+"/Bitcode"); ok && new == "Module/Bitcode"+rest {
					c.renames[strings.Trim(strconv.Quote(part), `"`)+": block Path …/Bitcode/… → Module/Bitcode/…"]++
				} else {
					c.diff("%s/Path: %q became %q", at, old, new)
				}
				continue
			}
			c.module(at+"/"+k, part, va, y[k])
		}
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			c.equal(at, a, b)
			return
		}
		for i := range x {
			c.module(fmt.Sprintf("%s/%d", at, i), part, x[i], y[i])
		}
	default:
		c.equal(at, a, b)
	}
}

// spans compares two span lists: every field equal, the paths as rename says.
func (c *checker) spans(at string, a, b any, rename func(old, new string) (string, bool)) {
	la, _ := a.([]any)
	lb, _ := b.([]any)
	if len(la) != len(lb) {
		c.diff("%s: %d spans, then %d", at, len(la), len(lb))
		return
	}
	for i := range la {
		sa, _ := la[i].(map[string]any)
		sb, _ := lb[i].(map[string]any)
		c.keys(fmt.Sprintf("%s/%d", at, i), sa, sb)
		for k, va := range sa {
			if k != "Path" {
				c.equal(fmt.Sprintf("%s/%d/%s", at, i, k), va, sb[k])
			}
		}
		old, _ := sa["Path"].(string)
		new, _ := sb["Path"].(string)
		if rule, ok := rename(old, new); ok {
			c.renames[rule]++
		} else {
			c.diff("%s/%d: span path %q became %q (%s)", at, i, old, new, rule)
		}
	}
}

var partHeader = regexp.MustCompile(`^(.*)/PartHeader(/Name|/Size)?$`)

// fileSpan: the container's own spans keep their paths; a part header's
// take the part's keys.
func (c *checker) fileSpan(old, new string) (string, bool) {
	if m := partHeader.FindStringSubmatch(old); m != nil {
		want := "PartHeader"
		if m[2] != "" {
			want = m[2][1:]
		}
		return "part header: F/PartHeader/X → X, F/PartHeader → PartHeader", new == want
	}
	return "container: unchanged", new == old
}

// partSpan: a part's span takes the value's key in place of the FourCC.
func (c *checker) partSpan(name string, typed []string, old, new string) (string, bool) {
	rest, under := strings.CutPrefix(old, name+"/")
	part := strings.Trim(strconv.Quote(name), `"`) // FourCCs of damaged files are any bytes
	switch {
	case old == name:
		for _, k := range typed {
			if new == k {
				return part + ": " + part + " → " + k + " (the whole value)", true
			}
		}
		return "the whole value", false
	case !under:
		return "not under the part's name", false
	case rest == "Unknown" || rest == "Data":
		return part + ": " + part + "/" + rest + " → " + rest + " (bytes that are no value)", new == rest
	case strings.HasPrefix(rest, "Bitcode"):
		return part + ": " + part + "/Bitcode/… → Module/Bitcode/…", new == "Module/"+rest
	}
	for _, k := range typed {
		if k != "Module" && new == k+"/"+rest {
			return part + ": " + part + "/… → " + k + "/…", true
		}
	}
	for _, k := range typed {
		if rest == k && new == rest {
			return part + ": " + part + "/" + k + " → " + k + " (the value is its one field)", true
		}
	}
	// No decoded value to name the key (the decoder stopped early): one root segment in place of the FourCC.
	if root, r, ok := strings.Cut(new, "/"); ok && r == rest && !strings.Contains(root, "/") && len(typed) == 0 {
		return part + ": " + part + "/… → " + root + "/… (no value decoded)", true
	}
	return "FourCC → value key", false
}

func (c *checker) keys(at string, a, b map[string]any) {
	for k := range a {
		if _, ok := b[k]; !ok {
			c.diff("%s/%s: only in the old JSON", at, k)
		}
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			c.diff("%s/%s: only in the new JSON", at, k)
		}
	}
}

func (c *checker) equal(at string, a, b any) {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if !bytes.Equal(ja, jb) {
		c.diff("%s differs", at)
	}
}
