package text

import (
	"bufio"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/llvm/ir"
	"github.com/dxscope/dxscope/internal/corpus"
)

// bitcodePart is one DXIL or ILDB part of a corpus file.
type bitcodePart struct {
	rel, name string
	bc        []byte
	ir        *ir.Module
}

func corpusBitcode(t *testing.T) []bitcodePart {
	var out []bitcodePart
	for _, e := range corpus.Entries(t) {
		if !e.Has("DXIL") && !e.Has("ILDB") {
			continue
		}
		for _, p := range parseEntry(t, e).Parts {
			if (p.Name == "DXIL" || p.Name == "ILDB") && p.Program != nil && len(p.Program.DXIL) > 0 {
				out = append(out, bitcodePart{rel: e.Rel, name: p.Name, bc: p.Program.DXIL, ir: decode.PartIR(p)})
			}
		}
	}
	return out
}

// irShape is what an LLVM assembly listing says about function bodies: per
// defined function, per basic block, the opcodes and call targets in order.
// Debug intrinsics are left out (LLVM 19 prints them as #dbg records).
type irShape struct {
	funcs []string
	body  map[string][][]string
	text  map[string][]string // per function: each instruction line, attachments and comments cut off
	decls []string            // type identities, globals and metadata nodes
	preds map[string][]string // per function: each block's "preds = ..." comment, in order
}

var (
	reDefine = regexp.MustCompile(`^define .*?@("(?:[^"\\]|\\.)*"|[-a-zA-Z$._0-9]+)\(`)
	reAssign = regexp.MustCompile(`^\s+(?:%[-a-zA-Z$._0-9]+|%"(?:[^"\\]|\\.)*"|%\d+) = `)
	reCallee = regexp.MustCompile(`@("(?:[^"\\]|\\.)*"|[-a-zA-Z$._0-9]+)\(`)
)

func parseShape(text string) irShape {
	s := irShape{body: map[string][][]string{}, text: map[string][]string{}, preds: map[string][]string{}}
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 1<<20), 256<<20)
	fn := ""
	var blocks [][]string
	var cur []string
	for sc.Scan() {
		line := sc.Text()
		if m := reDefine.FindStringSubmatch(line); m != nil {
			fn = m[1]
			blocks, cur = nil, nil
			continue
		}
		if fn == "" {
			if strings.HasPrefix(line, "%") || strings.HasPrefix(line, "@") || (strings.HasPrefix(line, "!") && !strings.HasPrefix(line, "!llvm.")) {
				s.decls = append(s.decls, line)
			}
			continue
		}
		if line == "}" {
			if len(cur) > 0 {
				blocks = append(blocks, cur)
			}
			s.funcs = append(s.funcs, fn)
			s.body[fn] = blocks
			fn = ""
			continue
		}
		if i := strings.Index(line, "; preds = "); i >= 0 && !strings.HasPrefix(line, "  ") {
			s.preds[fn] = append(s.preds[fn], line[i+2:])
		} else if strings.HasSuffix(line, "; No predecessors!") && !strings.HasPrefix(line, "  ") {
			s.preds[fn] = append(s.preds[fn], "No predecessors!")
		}
		if !strings.HasPrefix(line, "  ") || strings.HasPrefix(line, "    ") || strings.HasPrefix(line, "  ]") {
			continue
		}
		rest := strings.TrimSpace(reAssign.ReplaceAllString(line, ""))
		if strings.HasPrefix(rest, "#dbg_") {
			continue
		}
		for _, pre := range []string{"tail ", "musttail ", "notail "} {
			rest = strings.TrimPrefix(rest, pre)
		}
		op, _, _ := strings.Cut(rest, " ")
		if op == "call" {
			if m := reCallee.FindStringSubmatch(rest); m != nil {
				if strings.HasPrefix(m[1], "llvm.dbg.") {
					continue
				}
				// LLVM 19 renames typed-pointer intrinsics on upgrade (llvm.lifetime.start → .p0).
				op += " @" + strings.TrimSuffix(m[1], ".p0")
			}
		}
		cur = append(cur, op)
		s.text[fn] = append(s.text[fn], cutLine(line))
		switch op {
		case "ret", "br", "switch", "unreachable", "indirectbr", "resume":
			blocks = append(blocks, cur)
			cur = nil
		}
	}
	return s
}

// cutLine drops what follows the operands: metadata attachments and comments.
func cutLine(l string) string {
	if i := strings.Index(l, ", !"); i >= 0 {
		l = l[:i]
	}
	if i := strings.Index(l, " ;"); i >= 0 {
		l = l[:i]
	}
	return strings.TrimRight(l, " ")
}

// opaquePointers rewrites typed pointer types ("[4 x float]*", "i32
// addrspace(3)*") as LLVM 19 prints them ("ptr", "ptr addrspace(3)"); it
// reports false for lines it cannot rewrite (function pointer types).
func opaquePointers(l string) (string, bool) {
	for range 64 {
		i := strings.IndexByte(l, '*')
		if i < 0 {
			return l, true
		}
		j := i
		as := ""
		if strings.HasSuffix(l[:j], ")") {
			k := strings.LastIndex(l[:j], " addrspace(")
			if k >= 0 && !strings.Contains(l[k:j], " (") {
				as = l[k:j]
				j = k
			} else {
				// A function type: "ret (params)*".
				depth, k := 0, j
				for k > 0 {
					c := l[k-1]
					if c == ')' {
						depth++
					} else if c == '(' {
						depth--
					}
					k--
					if depth == 0 {
						break
					}
				}
				if k < 2 || l[k-1] != ' ' {
					return l, false
				}
				r := k - 1
				for r > 0 && (isIdentChar(l[r-1]) || l[r-1] == '%' || l[r-1] == '*') {
					r--
				}
				l = l[:r] + "ptr" + l[i+1:]
				continue
			}
		}
		// Walk back over one type: a bracketed aggregate or a name.
		k := j
		if k > 0 && strings.ContainsRune("]>}", rune(l[k-1])) {
			depth := 0
			for k > 0 {
				c := l[k-1]
				if c == ']' || c == '>' || c == '}' {
					depth++
				} else if c == '[' || c == '<' || c == '{' {
					depth--
				}
				k--
				if depth == 0 {
					break
				}
			}
		} else if k > 0 && l[k-1] == '"' {
			q := strings.LastIndexByte(l[:k-1], '"')
			if q < 1 || l[q-1] != '%' {
				return l, false
			}
			k = q - 1
		} else {
			for k > 0 && (isIdentChar(l[k-1]) || l[k-1] == '%') {
				k--
			}
		}
		if k == j {
			return l, false
		}
		l = l[:k] + "ptr" + as + l[i+1:]
	}
	return l, false
}

// compareText compares instruction lines where neither side names a pointer
// type (LLVM 19 prints every pointer as "ptr"): opcodes, flags, slot numbers,
// operand types and constants. It returns the lines compared and agreeing.
func compareText(got, want irShape) (compared, agree int, first string) {
	for _, f := range want.funcs {
		g, w := got.text[f], want.text[f]
		for i := range min(len(g), len(w)) {
			gl, ok := opaquePointers(g[i])
			if !ok {
				continue
			}
			if strings.Contains(w[i], "bitcast (ptr") || strings.HasPrefix(strings.TrimSpace(w[i]), "%") && strings.Contains(w[i], " = bitcast ptr") {
				continue // LLVM 19 folds pointer-to-pointer constant casts
			}
			if strings.Contains(w[i], "@llvm.") {
				continue // LLVM 19 renames typed-pointer intrinsics
			}
			gl, wl := reAttrRef.ReplaceAllString(gl, ""), reAttrRef.ReplaceAllString(w[i], "")
			// LLVM 19 always prints an alignment, folds zero-index constant
			// GEPs, and prints fewer floats as short decimals (APFloat::toString
			// with 6 digits where 3.7 used %e): normalize those differences.
			if !strings.Contains(gl, ", align ") {
				wl = reAlign.ReplaceAllString(wl, "")
			}
			if strings.Contains(gl, "getelementptr inbounds (") && !strings.Contains(wl, "getelementptr") {
				continue
			}
			wl = reHexDouble.ReplaceAllStringFunc(wl, func(h string) string {
				v, err := strconv.ParseUint(h[2:], 16, 64)
				if err != nil {
					return h
				}
				return FloatText(ir.TypeDouble, v)
			})
			compared++
			if gl == wl {
				agree++
			} else if first == "" {
				first = fmt.Sprintf("@%s: %q, llvm-dis has %q", f, gl, w[i])
			}
		}
	}
	return
}

// compareDecls compares the lines outside functions (type identities,
// globals, named and numbered metadata). LLVM 19 prints fewer type
// identities (a struct seen only through a pointer is gone with typed
// pointers), so its types must be a subsequence of ours; globals and
// metadata lines must be equal one for one.
func compareDecls(got, want irShape) (compared, agree int, first string) {
	split := func(ls []string, norm bool) (types, rest []string) {
		for _, l := range ls {
			if norm {
				var ok bool
				if l, ok = opaquePointers(l); !ok {
					l = "<not normalized> " + l
				}
			}
			l = reAlign.ReplaceAllString(l, "")
			if norm {
				// LLVM 19 drops pointer-to-pointer bitcasts: ptr bitcast (ptr @x to ptr) is ptr @x.
				l = rePtrCast.ReplaceAllString(l, "$1")
			}
			if strings.HasPrefix(l, "%") {
				types = append(types, l)
			} else {
				rest = append(rest, l)
			}
		}
		return
	}
	gt, gr := split(got.decls, true)
	wt, wr := split(want.decls, false)
	k := 0
	for _, w := range wt {
		compared++
		for k < len(gt) && gt[k] != w {
			k++
		}
		if k < len(gt) {
			agree++
			k++
		} else if first == "" {
			first = fmt.Sprintf("type %q not found in order among ours", w)
		}
	}
	for i := range min(len(gr), len(wr)) {
		compared++
		if gr[i] == wr[i] {
			agree++
		} else if first == "" {
			first = fmt.Sprintf("%q, llvm-dis has %q", gr[i], wr[i])
		}
	}
	if len(gr) != len(wr) && first == "" {
		first = fmt.Sprintf("%d global and metadata lines, llvm-dis has %d", len(gr), len(wr))
	}
	return
}

func compareShapes(got, want irShape) string {
	if strings.Join(got.funcs, ",") != strings.Join(want.funcs, ",") {
		return fmt.Sprintf("functions %v, llvm-dis has %v", got.funcs, want.funcs)
	}
	for _, f := range want.funcs {
		if g, w := strings.Join(got.preds[f], "; "), strings.Join(want.preds[f], "; "); g != w {
			return fmt.Sprintf("@%s: block predecessors %q, llvm-dis has %q", f, got.preds[f], want.preds[f])
		}
	}
	for _, f := range want.funcs {
		g, w := got.body[f], want.body[f]
		if len(g) != len(w) {
			return fmt.Sprintf("@%s: %d blocks, llvm-dis has %d", f, len(g), len(w))
		}
		for i := range w {
			if strings.Join(g[i], "; ") != strings.Join(w[i], "; ") {
				return fmt.Sprintf("@%s block %d: %q, llvm-dis has %q", f, i, g[i], w[i])
			}
		}
	}
	return ""
}

// TestDisassemblyMatchesLLVMDis compares our listing of every DXIL/ILDB part
// (a spread of 40 unless DXSCOPE_DIS_ALL=1) with llvm-dis-19's: the same
// defined functions, the same basic blocks, and per block the same opcodes
// and call targets.
func TestDisassemblyMatchesLLVMDis(t *testing.T) {
	tool := corpus.Tool(t, "llvm-19", "llvm-dis-19")
	parts := corpus.Spread(corpusBitcode(t), 40, "DXSCOPE_DIS_ALL")
	diffs := make([]string, len(parts))
	skips := make([]string, len(parts))
	insts := make([]int, len(parts))
	textDiffs := make([]string, len(parts))
	textN := make([][2]int, len(parts))
	declDiffs := make([]string, len(parts))
	declN := make([][2]int, len(parts))
	corpus.Parallel(len(parts), 2, func(i int) {
		p := parts[i]
		patched, ok := ir.ForLLVM19(p.bc)
		if !ok {
			skips[i] = "data layout not patchable"
			return
		}
		out, err := corpus.Run(tool, patched, "-", "-o", "-")
		if err != nil {
			skips[i] = "llvm-dis-19 refuses it: " + err.Error()
			return
		}
		var sb strings.Builder
		if err := WriteIR(&sb, p.ir); err != nil {
			diffs[i] = err.Error()
			return
		}
		want := parseShape(out)
		for _, b := range want.body {
			for _, bl := range b {
				insts[i] += len(bl)
			}
		}
		got := parseShape(sb.String())
		diffs[i] = compareShapes(got, want)
		c, a, first := compareText(got, want)
		textN[i] = [2]int{c, a}
		textDiffs[i] = first
		if !strings.Contains(out, "!llvm.dbg.cu") {
			c, a, first = compareDecls(got, want)
			declN[i] = [2]int{c, a}
			declDiffs[i] = first
		}
	})
	agree, compared, n := 0, 0, 0
	tc, ta, tparts := 0, 0, 0
	dc, da := 0, 0
	for i, p := range parts {
		dc += declN[i][0]
		da += declN[i][1]
		if declDiffs[i] != "" {
			t.Logf("%s %s: declarations: %s", p.rel, p.name, declDiffs[i])
		}
		tc += textN[i][0]
		ta += textN[i][1]
		if textDiffs[i] != "" {
			t.Errorf("%s %s: instruction text: %s", p.rel, p.name, textDiffs[i])
		} else if skips[i] == "" {
			tparts++
		}
		switch {
		case skips[i] != "":
			t.Logf("%s %s: not compared: %s", p.rel, p.name, skips[i])
		case diffs[i] != "":
			compared++
			t.Errorf("%s %s: %s", p.rel, p.name, diffs[i])
		default:
			compared++
			agree++
			n += insts[i]
		}
	}
	t.Logf("%d/%d parts agree with llvm-dis-19 (functions, blocks, opcodes and call targets; %d instructions); %d not compared", agree, compared, n, len(parts)-compared)
	t.Logf("types, globals and metadata outside debug-info modules: %d/%d lines identical to llvm-dis-19", da, dc)
	t.Logf("instruction text (typed pointers rewritten as ptr): %d/%d lines identical to llvm-dis-19, %d/%d parts with no difference", ta, tc, tparts, compared)
}

// reAttrRef matches a call's attribute group reference, numbered differently by LLVM 19.
var (
	reAttrRef   = regexp.MustCompile(` #\d+$`)
	reAlign     = regexp.MustCompile(`, align \d+$`)
	rePtrCast   = regexp.MustCompile(`bitcast \(ptr ((?:addrspace\(\d+\) )?(?:@"(?:[^"\\]|\\.)*"|@[-a-zA-Z$._0-9]+)) to ptr\)`)
	reHexDouble = regexp.MustCompile(`\b0x[0-9A-F]{16}\b`)
)

var reBCRecord = regexp.MustCompile(`^\s*<([A-Za-z_0-9]+)`)

// TestInstructionCountsMatchBCAnalyzer checks that each function block's
// instruction records (llvm-bcanalyzer-19 -dump: every record of the
// FUNCTION_BLOCK itself except DECLAREBLOCKS and the debug locations) are as
// many as the instructions we print.
func TestInstructionCountsMatchBCAnalyzer(t *testing.T) {
	tool := corpus.Tool(t, "llvm-19", "llvm-bcanalyzer-19")
	parts := corpus.Spread(corpusBitcode(t), 40, "DXSCOPE_DIS_ALL")
	diffs := make([]string, len(parts))
	corpus.Parallel(len(parts), 2, func(i int) {
		p := parts[i]
		out, err := corpus.Run(tool, p.bc, "-dump", "-")
		if err != nil {
			diffs[i] = "llvm-bcanalyzer-19: " + err.Error()
			return
		}
		var counts []int
		depth, fnDepth := 0, -1
		sc := bufio.NewScanner(strings.NewReader(out))
		sc.Buffer(make([]byte, 1<<20), 256<<20)
		for sc.Scan() {
			line := strings.TrimSpace(sc.Text())
			m := reBCRecord.FindStringSubmatch(line)
			switch {
			case strings.HasPrefix(line, "</"):
				depth--
				if depth == fnDepth {
					fnDepth = -1
				}
			case m != nil && strings.Contains(line, " NumWords=") && !strings.HasSuffix(line, "/>"):
				if m[1] == "FUNCTION_BLOCK" {
					fnDepth = depth
					counts = append(counts, 0)
				}
				depth++
			case m != nil && fnDepth >= 0 && depth == fnDepth+1:
				switch m[1] {
				case "DECLAREBLOCKS", "DEBUG_LOC", "DEBUG_LOC_AGAIN":
				default:
					counts[len(counts)-1]++
				}
			}
		}
		lines := DisassembleIR(p.ir)
		var ours []int
		seen := map[[2]int]bool{}
		for fi, f := range p.ir.Functions {
			if !f.HasBody {
				continue
			}
			n := 0
			for _, l := range lines {
				if l.Func == fi && l.Inst >= 0 && !seen[[2]int{fi, l.Inst}] {
					seen[[2]int{fi, l.Inst}] = true
					n++
				}
			}
			ours = append(ours, n)
		}
		if fmt.Sprint(ours) != fmt.Sprint(counts) {
			diffs[i] = fmt.Sprintf("instructions per function %v, llvm-bcanalyzer-19 counts %v", ours, counts)
		}
	})
	agree := 0
	for i, p := range parts {
		if diffs[i] != "" {
			t.Errorf("%s %s: %s", p.rel, p.name, diffs[i])
			continue
		}
		agree++
	}
	t.Logf("%d/%d parts: instruction records per function block == instructions printed", agree, len(parts))
}

// The head of a listing is exactly its first lines, and says whether the
// listing goes on: over every corpus module, cut at several line counts.
func TestDisassemblyHeadIsTheListingsTop(t *testing.T) {
	parts := corpusBitcode(t)
	cuts, longer := 0, 0
	for _, p := range parts {
		if p.ir == nil {
			continue
		}
		full := DisassembleIRStyle(p.ir, DXCStyle{LineComments: true})
		for _, n := range []int{1, 7, 100, len(full) - 1, len(full), len(full) + 1} {
			if n <= 0 {
				continue
			}
			head, more := DisassembleIRHead(p.ir, DXCStyle{LineComments: true}, n)
			want := full[:min(n, len(full))]
			if more != (len(full) > n) || len(head) != len(want) {
				t.Fatalf("%s %s: head of %d: %d lines, more %v; the listing has %d", p.rel, p.name, n, len(head), more, len(full))
			}
			for i := range head {
				if head[i] != want[i] {
					t.Fatalf("%s %s: head of %d differs at line %d: %q, want %q", p.rel, p.name, n, i, head[i].Text, want[i].Text)
				}
			}
			cuts++
			if more {
				longer++
			}
		}
	}
	t.Logf("%d heads of %d modules equal their listings' first lines (%d cut before the end)", cuts, len(parts), longer)
	if len(parts) == 0 {
		corpus.Skip(t, "DXIL module", "no file of this corpus has a DXIL module")
	}
	if cuts == 0 {
		t.Error("no module was cut")
	}
}
