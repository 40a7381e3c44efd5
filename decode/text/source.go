package text

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/llvm/ir"
)

// The listings with their source interleaved, as objdump -S prints them:
// above the first instruction of each run that comes from one source line,
// that line, "; file:line: text" in the DXIL disassembly, "// file:line:
// text" in the FXC listing.

// sourceAnnotation is the line put above an instruction from file:line,
// its source text from lines; ok is false when the file's name and the text
// do not fit what is left of the budget.
func sourceAnnotation(sm *decode.SourceMap, marker string, file int, line uint32, lines *sourceLines) (string, bool) {
	name := "?"
	if file >= 0 && file < len(sm.Files) {
		name = sm.Files[file].Name
	}
	t, ok := lines.text(sm, file, line)
	if len(name)+len(t) > lines.budget {
		lines.cut++
		return "", false
	}
	lines.budget -= len(name) + len(t)
	s := marker + " " + Safe(name) + ":" + strconv.FormatUint(uint64(line), 10) + ":"
	if ok {
		// Tabs stay tabs, as objdump -S prints the line; other controls are shown.
		parts := strings.Split(t, "\t")
		for i := range parts {
			parts[i] = Safe(parts[i])
		}
		s += " " + strings.Join(parts, "\t")
	} else {
		s += " (the source text is not in the container)"
	}
	return s, true
}

// sourceLines finds the source lines the annotations print: each file's
// line starts are indexed once (walking a file from its start for every
// annotation cost instructions × lines), and the names and text printed are
// bounded by budget (a long line or file name named by thousands of
// instructions was printed once per instruction); cut counts the
// annotations past it.
type sourceLines struct {
	starts map[int][]int
	budget int
	cut    int
}

// text is line n (1-based) of the map's file, its line ending cut, and
// whether the map holds that line's text.
func (ls *sourceLines) text(sm *decode.SourceMap, file int, n uint32) (string, bool) {
	if sm == nil || file < 0 || file >= len(sm.Files) || !sm.Files[file].HasText || n == 0 {
		return "", false
	}
	text := sm.Files[file].Text
	st, ok := ls.starts[file]
	if !ok {
		st = []int{0}
		for i := 0; i < len(text); i++ {
			if text[i] == '\n' {
				st = append(st, i+1)
			}
		}
		ls.starts[file] = st
	}
	if uint64(n) > uint64(len(st)) {
		return "", false
	}
	text = text[st[n-1]:]
	if j := strings.IndexByte(text, '\n'); j >= 0 {
		text = text[:j]
	}
	return strings.TrimRight(text, "\r"), true
}

// interleave adds, above each line whose instruction starts a run of one
// source line, that line's annotation. The annotations print at most 1 MiB
// plus 32 bytes per byte of the file (size) of file names and source text,
// real listings a few bytes per byte; past it they are left out and a last
// line counts them.
func interleave(sm *decode.SourceMap, marker string, size int64, n int, text func(int) string, inst func(int) (fn, i int, ok bool)) []string {
	limit := int(min(1<<20+32*max(size, 0), 1<<40))
	lines := &sourceLines{starts: map[int][]int{}, budget: limit}
	at := map[[2]int]decode.InstructionSource{}
	for _, l := range sm.Lines {
		at[[2]int{l.Func, l.Inst}] = l
	}
	var out []string
	lastFile, lastLine, lastFn, lastInst := -2, uint32(0), -1, [2]int{-1, -1}
	for k := 0; k < n; k++ {
		if fn, i, ok := inst(k); ok && [2]int{fn, i} != lastInst {
			lastInst = [2]int{fn, i}
			if fn != lastFn {
				lastFile, lastLine, lastFn = -2, 0, fn
			}
			if l, ok := at[[2]int{fn, i}]; ok && (l.File != lastFile || l.Line != lastLine) {
				if a, ok := sourceAnnotation(sm, marker, l.File, l.Line, lines); ok {
					out = append(out, a)
				}
				lastFile, lastLine = l.File, l.Line
			}
		}
		out = append(out, text(k))
	}
	if lines.cut > 0 {
		out = append(out, fmt.Sprintf("%s dxscope left out %d source annotations, past its budget of %d bytes of file names and source text", marker, lines.cut, limit))
	}
	return out
}

// DisassemblyWithSource is the DXIL disassembly (with DXC's header comments
// when header is set) with each instruction's source line above it.
func DisassemblyWithSource(f *decode.File, m *ir.Module, sm *decode.SourceMap, header bool) []string {
	var head []string
	if header {
		head = DisassemblyHeader(f, m)
	}
	lines := DisassembleIRStyle(m, ChooseDXCStyle(f))
	body := interleave(sm, ";", f.Length, len(lines), func(k int) string { return lines[k].Text }, func(k int) (int, int, bool) {
		return lines[k].Func, lines[k].Inst, lines[k].Inst >= 0
	})
	return append(head, body...)
}

// FXCListingWithSource is the FXC listing with each instruction's source
// line above it.
func FXCListingWithSource(f *decode.File, sm *decode.SourceMap) []string {
	lines := FXCListing(f)
	return interleave(sm, "//", f.Length, len(lines), func(k int) string { return lines[k].Text }, func(k int) (int, int, bool) {
		rest, ok := strings.CutPrefix(lines[k].Path, "Bytecode/Instructions/")
		if !ok || lines[k].Part != sm.Part {
			return 0, 0, false
		}
		i, err := strconv.Atoi(rest)
		return 0, i, err == nil
	})
}

// WriteLines writes lines, each ended by a newline.
func WriteLines(w io.Writer, lines []string) error {
	var sb strings.Builder
	for _, l := range lines {
		sb.WriteString(l)
		sb.WriteByte('\n')
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// WriteSourceList writes one line per source file of the map: its name,
// its size and where its text is, or that the container does not hold it.
func WriteSourceList(w io.Writer, sm *decode.SourceMap) {
	for i, sf := range sm.Files {
		if sf.HasText {
			fmt.Fprintf(w, "%d\t%s\t%d bytes\t%s\n", i, Safe(sf.Name), len(sf.Text), sf.From)
		} else {
			fmt.Fprintf(w, "%d\t%s\t-\tnot in the container\n", i, Safe(sf.Name))
		}
	}
}
