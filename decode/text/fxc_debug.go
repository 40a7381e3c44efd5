package text

import (
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/sm4"
)

// fxcDebug is what a /Zi build's SPDB adds to the FXC listing.
type fxcDebug struct {
	sm       *decode.SourceMap
	lines    map[int]decode.InstructionSource // by instruction
	comments map[int][]int                    // by instruction: the variables it leaves in registers, in record order
	lastFile int
	lastLine uint32
	started  bool
	afterLoc bool // the last line written is the initial locations' closing "//"
}

func newFXCDebug(f *decode.File, code *decode.Part) *fxcDebug {
	d := &fxcDebug{lastFile: -1}
	if f.Part("SPDB") == nil {
		return d
	}
	sm := decode.Sources(f)
	if sm == nil || sm.Part != code.Name {
		return d
	}
	d.sm = sm
	d.lines = map[int]decode.InstructionSource{}
	for _, ln := range sm.Lines {
		d.lines[ln.Inst] = ln
	}
	d.comments = map[int][]int{}
	initial := map[int]bool{}
	for _, v := range sm.InitialVariables {
		initial[v] = true
	}
	for vi, v := range sm.Variables {
		if v.Parameter {
			continue // FXC names a parameter's registers only among the initial locations
		}
		// A variable enters its register after the instruction before
		// its range, and again after each gap.
		if !initial[vi] && v.Start > 0 {
			d.comments[v.Start-1] = append(d.comments[v.Start-1], vi)
		}
		for _, g := range v.Gaps {
			if g.End > 0 && g.End < v.End {
				d.comments[g.End-1] = append(d.comments[g.End-1], vi)
			}
		}
	}
	return d
}

// entry is one "register <- variable" of FXC's comments.
func (d *fxcDebug) entry(vi int) string {
	v := d.sm.Variables[vi]
	return v.Location + " <- " + v.Name
}

// before writes what comes above instruction i: the initial variable
// locations above the first instruction of the code, a #line when the
// source line changes.
func (d *fxcDebug) before(l *lister, i int) {
	if d.sm == nil {
		return
	}
	if i == d.sm.FirstCode && len(d.sm.InitialVariables) > 0 {
		l.comment("")
		l.comment("Initial variable locations:")
		var b strings.Builder
		prev := ""
		for k, vi := range d.sm.InitialVariables {
			reg := d.sm.Variables[vi].Location
			if dot := strings.IndexByte(reg, '.'); dot >= 0 {
				reg = reg[:dot]
			}
			if k > 0 {
				b.WriteString("; ")
				if reg != prev { // a line per register
					l.comment("  " + b.String())
					b.Reset()
				}
			}
			prev = reg
			b.WriteString(d.entry(vi))
		}
		l.comment("  " + b.String())
		l.comment("")
		d.afterLoc = true
	}
	ln, ok := d.lines[i]
	if !ok || d.started && ln.File == d.lastFile && ln.Line == d.lastLine {
		return
	}
	if !d.afterLoc {
		l.add("", "")
	}
	d.afterLoc = false
	t := "#line " + strconv.FormatUint(uint64(ln.Line), 10)
	if !d.started || ln.File != d.lastFile {
		name := ""
		if ln.File >= 0 && ln.File < len(d.sm.Files) {
			name = d.sm.Files[ln.File].Name
		}
		t += ` "` + Safe(name) + `"`
	}
	l.add(t, "")
	d.started, d.lastFile, d.lastLine = true, ln.File, ln.Line
}

// after is the comment FXC writes after instruction i: the variables it
// leaves in registers ("Prior locations" on an else, whose branch starts
// from what the registers held before the if).
func (d *fxcDebug) after(i int, op sm4.Opcode) string {
	if d.sm == nil {
		return ""
	}
	d.afterLoc = false
	vs := d.comments[i]
	if len(vs) == 0 {
		return ""
	}
	parts := make([]string, len(vs))
	for k, vi := range vs {
		parts[k] = d.entry(vi)
	}
	pre := "  // "
	if op == sm4.OpElse {
		pre += "Prior locations: "
	}
	return pre + strings.Join(parts, "; ")
}
