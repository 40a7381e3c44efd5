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

// alignLines aligns two texts by their longest common subsequence of lines,
// taking the table's cells from *cells.
func alignLines(a, b []string, cells *int) []lineOp {
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
	if n := len(ma) * len(mb); n > min(*cells, maxDiffCells) {
		for i := range ma {
			ops = append(ops, lineOp{'-', pre + i, -1})
		}
		for j := range mb {
			ops = append(ops, lineOp{'+', -1, pre + j})
		}
	} else {
		*cells -= n
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

// CodeDiffLine is one line of a hunk: ' ' in both texts, '-' only in A,
// '+' only in B, with the bytes it was read from on each side it is on.
type CodeDiffLine struct {
	Op   byte
	Text string
	A, B CodeLine
}

// CodeHunk is a run of changes in one unit with the unchanged lines around
// them: Unit names the function ("@main", or "@old → @new" when paired under
// another name), StartA and StartB are the 0-based line numbers of its first
// line on each side, CountA and CountB how many lines it spans there.
type CodeHunk struct {
	Unit                           string
	StartA, CountA, StartB, CountB int
	Lines                          []CodeDiffLine
}

// DiffCode aligns two files' code unit by unit and returns the hunks of
// every unit that differs. Units are matched by name; those left over are
// paired in order (a function renamed between builds, say from its mangled
// name to main), and any still left are all added or removed.
func DiffCode(a, b []CodeUnit) []CodeHunk {
	// The units' alignments share one budget of cells: a unit just under
	// maxDiffCells can be a kilobyte (2,000 four-bit allocas), and many of
	// them cost 16 MB each.
	cells := maxDiffCells
	for _, us := range [][]CodeUnit{a, b} {
		for _, u := range us {
			cells += 64 * len(u.Lines)
		}
	}
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
	var out []CodeHunk
	for i, u := range a {
		name, other := u.Name, []CodeLine(nil)
		if j := pairB[i]; j >= 0 {
			other = b[j].Lines
			if b[j].Name != u.Name {
				name += " → " + b[j].Name
			}
		}
		out = append(out, hunks(name, u.Lines, other, &cells)...)
	}
	for j, u := range b {
		if !usedB[j] {
			out = append(out, hunks(u.Name, nil, u.Lines, &cells)...)
		}
	}
	return out
}

// WriteCodeDiff writes DiffCode's hunks as a unified diff (diff -u's hunk
// headers, followed by the unit's name) and reports whether anything differs.
func WriteCodeDiff(w io.Writer, nameA, nameB string, a, b []CodeUnit) bool {
	sw := NewSafeWriter(w)
	defer sw.Flush()
	fmt.Fprintf(sw, "--- %s\n+++ %s\n", Safe(nameA), Safe(nameB))
	hs := DiffCode(a, b)
	for _, h := range hs {
		writeHunk(sw, h)
	}
	return len(hs) > 0
}

func texts(ls []CodeLine) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = l.Text
	}
	return out
}

// hunks groups the changes between two units' lines into hunks: context
// before, the changes with short unchanged runs kept between them, context
// after.
func hunks(unit string, la, lb []CodeLine, cells *int) []CodeHunk {
	a, b := texts(la), texts(lb)
	ops := alignLines(a, b, cells)
	var out []CodeHunk
	for k := 0; k < len(ops); {
		if ops[k].op == ' ' {
			k++
			continue
		}
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
		h := CodeHunk{Unit: unit, StartA: -1, StartB: -1}
		for _, o := range ops[start:end] {
			l := CodeDiffLine{Op: o.op}
			if o.a >= 0 {
				l.Text, l.A = a[o.a], la[o.a]
				if h.StartA < 0 {
					h.StartA = o.a
				}
				h.CountA++
			}
			if o.b >= 0 {
				l.Text, l.B = b[o.b], lb[o.b]
				if h.StartB < 0 {
					h.StartB = o.b
				}
				h.CountB++
			}
			h.Lines = append(h.Lines, l)
		}
		out = append(out, h)
		k = end
	}
	return out
}

func writeHunk(w io.Writer, h CodeHunk) {
	fmt.Fprintf(w, "@@ -%s +%s @@ %s\n", hunkRange(h.StartA, h.CountA), hunkRange(h.StartB, h.CountB), Safe(h.Unit))
	for _, l := range h.Lines {
		fmt.Fprintf(w, "%c%s\n", l.Op, l.Text)
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
