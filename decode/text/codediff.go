package text

import (
	"fmt"
	"io"
	"strings"

	"github.com/dxscope/dxscope/decode"
)

// The code of two builds of a shader compared as text, function by
// function: what `dxscope diff --text` prints as a unified diff.

// CodeLine is one line of code and the bytes it was read from (Size 0 when
// the line has no bytes of its own, such as a declaration or a comment).
type CodeLine struct {
	Text      string
	Off, Size int64
}

// CodeUnit is the code of one function (DXIL), or the whole program (an
// SHDR/SHEX listing, or the module's lines outside any function).
type CodeUnit struct {
	Name  string
	Lines []CodeLine
}

// Code returns a file's code in units: the DXIL (or ILDB) module's
// disassembly split into its global part and one unit per function, or the
// FXC listing of an SHDR/SHEX program. Nil when the file has no code.
func Code(f *decode.File) []CodeUnit {
	for _, name := range []string{"DXIL", "ILDB"} {
		if ir := decode.PartIR(f.Part(name)); ir != nil {
			return dxilUnits(DisassembleIR(ir))
		}
	}
	if f.Part("SHDR") != nil || f.Part("SHEX") != nil {
		var u CodeUnit
		u.Name = "program"
		for _, l := range FXCListing(f) {
			u.Lines = append(u.Lines, CodeLine{Text: l.Text, Off: l.Off, Size: l.Size})
		}
		return []CodeUnit{u}
	}
	return nil
}

// dxilUnits groups disassembly lines: the lines outside functions in one
// "module" unit, each function's lines in a unit named after it.
func dxilUnits(lines []DisLine) []CodeUnit {
	units := []CodeUnit{{Name: "module"}}
	at := map[int]int{} // function index → unit
	for _, l := range lines {
		cl := CodeLine{Text: l.Text}
		if l.Bit != 0 {
			cl.Off = int64(l.Bit / 8)
			cl.Size = int64((l.Bit+max(l.Bits, 1)+7)/8) - cl.Off
		}
		k := 0
		if l.Func >= 0 {
			u, ok := at[l.Func]
			if !ok {
				u = len(units)
				at[l.Func] = u
				units = append(units, CodeUnit{Name: functionName(l.Text, l.Func)})
			}
			k = u
		}
		units[k].Lines = append(units[k].Lines, cl)
	}
	return units
}

// functionName reads @name from a function's first line ("define void
// @main() {"), else names it by index.
func functionName(line string, i int) string {
	if at := strings.IndexByte(line, '@'); at >= 0 {
		name := line[at:]
		if end := strings.IndexByte(name, '('); end > 0 {
			return name[:end]
		}
	}
	return fmt.Sprintf("function %d", i)
}

// maxDiffCells bounds the table the line alignment fills (lines of A times
// lines of B after the common start and end are set aside): past it, the
// middle is shown as removed and added whole rather than aligned.
const maxDiffCells = 4 << 20

// lineOp is one line of an aligned pair of texts: ' ' in both, '-' only in
// A, '+' only in B.
type lineOp struct {
	op   byte
	a, b int // line indexes (-1 when not on that side)
}

// alignLines aligns two texts by their longest common subsequence of lines.
func alignLines(a, b []string) []lineOp {
	var ops []lineOp
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		ops = append(ops, lineOp{' ', pre, pre})
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	ma, mb := a[pre:len(a)-suf], b[pre:len(b)-suf]
	if len(ma)*len(mb) > maxDiffCells {
		for i := range ma {
			ops = append(ops, lineOp{'-', pre + i, -1})
		}
		for j := range mb {
			ops = append(ops, lineOp{'+', -1, pre + j})
		}
	} else {
		// lcs[i][j]: the longest common subsequence of ma[i:] and mb[j:].
		w := len(mb) + 1
		lcs := make([]int32, (len(ma)+1)*w)
		for i := len(ma) - 1; i >= 0; i-- {
			for j := len(mb) - 1; j >= 0; j-- {
				if ma[i] == mb[j] {
					lcs[i*w+j] = lcs[(i+1)*w+j+1] + 1
				} else {
					lcs[i*w+j] = max(lcs[(i+1)*w+j], lcs[i*w+j+1])
				}
			}
		}
		i, j := 0, 0
		for i < len(ma) || j < len(mb) {
			switch {
			case i < len(ma) && j < len(mb) && ma[i] == mb[j]:
				ops = append(ops, lineOp{' ', pre + i, pre + j})
				i, j = i+1, j+1
			case i < len(ma) && (j == len(mb) || lcs[(i+1)*w+j] >= lcs[i*w+j+1]):
				ops = append(ops, lineOp{'-', pre + i, -1}) // removals first, as diff -u
				i++
			default:
				ops = append(ops, lineOp{'+', -1, pre + j})
				j++
			}
		}
	}
	for k := 0; k < suf; k++ {
		ops = append(ops, lineOp{' ', len(a) - suf + k, len(b) - suf + k})
	}
	return ops
}

// diffContext is how many unchanged lines surround a change, as diff -u.
const diffContext = 3

// WriteCodeDiff writes the code of a and b as a unified diff, one section
// per function, and reports whether anything differs. Functions are matched
// by name; those left over are paired in order (a function renamed between
// builds, say from its mangled name to main), and any still left are all
// added or removed.
func WriteCodeDiff(w io.Writer, nameA, nameB string, a, b []CodeUnit) bool {
	sw := NewSafeWriter(w)
	defer sw.Flush()
	fmt.Fprintf(sw, "--- %s\n+++ %s\n", Safe(nameA), Safe(nameB))
	inB := map[string]int{}
	for i, u := range b {
		inB[u.Name] = i
	}
	pairB := make([]int, len(a)) // a's unit → b's, -1 for none
	usedB := make([]bool, len(b))
	for i, u := range a {
		pairB[i] = -1
		if j, ok := inB[u.Name]; ok && !usedB[j] {
			pairB[i], usedB[j] = j, true
		}
	}
	next := 0
	for i := range a {
		for pairB[i] < 0 && next < len(b) {
			if !usedB[next] {
				pairB[i], usedB[next] = next, true
			}
			next++
		}
	}
	differs := false
	for i, u := range a {
		name, other := u.Name, []CodeLine(nil)
		if j := pairB[i]; j >= 0 {
			other = b[j].Lines
			if b[j].Name != u.Name {
				name += " → " + b[j].Name
			}
		}
		if writeHunks(sw, Safe(name), texts(u.Lines), texts(other)) {
			differs = true
		}
	}
	for j, u := range b {
		if !usedB[j] && writeHunks(sw, Safe(u.Name), nil, texts(u.Lines)) {
			differs = true
		}
	}
	return differs
}

func texts(ls []CodeLine) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = l.Text
	}
	return out
}

// writeHunks writes the changes between a and b as unified-diff hunks
// headed by the unit's name.
func writeHunks(w io.Writer, unit string, a, b []string) bool {
	ops := alignLines(a, b)
	changed := false
	for k := 0; k < len(ops); {
		if ops[k].op == ' ' {
			k++
			continue
		}
		changed = true
		// A hunk: context before, changes with short unchanged runs
		// between them, context after.
		start := max(0, k-diffContext)
		end := k
		for end < len(ops) {
			if ops[end].op != ' ' {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].op == ' ' {
				run++
			}
			if run == len(ops) || run-end > 2*diffContext {
				end = min(len(ops), end+diffContext)
				break
			}
			end = run
		}
		writeHunk(w, unit, ops[start:end], a, b)
		k = end
	}
	return changed
}

func writeHunk(w io.Writer, unit string, ops []lineOp, a, b []string) {
	startA, startB, na, nb := -1, -1, 0, 0
	for _, o := range ops {
		if o.a >= 0 {
			if startA < 0 {
				startA = o.a
			}
			na++
		}
		if o.b >= 0 {
			if startB < 0 {
				startB = o.b
			}
			nb++
		}
	}
	fmt.Fprintf(w, "@@ -%s +%s @@ %s\n", hunkRange(startA, na), hunkRange(startB, nb), unit)
	for _, o := range ops {
		switch o.op {
		case ' ':
			fmt.Fprintf(w, " %s\n", a[o.a])
		case '-':
			fmt.Fprintf(w, "-%s\n", a[o.a])
		case '+':
			fmt.Fprintf(w, "+%s\n", b[o.b])
		}
	}
}

// hunkRange writes a hunk's line range as diff -u does: 1-based start, and
// the count when it is not 1 (an empty range names the line before it).
func hunkRange(start, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", max(start, 0))
	}
	if n == 1 {
		return fmt.Sprint(start + 1)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}
