package model

import (
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode/sm4"
)

// Registers of an SHDR/SHEX listing, defined and used: FXC reuses its
// temporaries (r#, x#) for many values, so a register's "definition" is the
// last write before a read, and its uses are the reads of that write, within
// one basic block (across a branch the listing alone cannot say which write
// a read sees). Components count: writing r0.x does not end r0.y's value.

// regAccess is one temporary register token of an instruction line, in the
// order the listing prints them.
type regAccess struct {
	name  string // "r3", "x0"
	comps uint8  // x=1 … w=8
	write bool
}

// regLine is what one listing line does to the temporaries.
type regLine struct {
	acc   []regAccess
	block int // the basic block's number; -1 for lines outside the code
}

// RegisterRefs is the temporaries of an SHDR/SHEX listing, read once from
// the typed instructions.
type RegisterRefs struct {
	lines []regLine
}

// RegisterRefs returns the listing's temporaries by line, built on first use
// (nil without the typed program).
func (c *CodeListing) RegisterRefs() *RegisterRefs {
	if c == nil || c.prog == nil {
		return nil
	}
	if c.regs != nil {
		return c.regs
	}
	r := &RegisterRefs{lines: make([]regLine, len(c.Lines))}
	for i := range r.lines {
		r.lines[i].block = -1
	}
	block := 0
	for k := range c.prog.Instructions {
		in := &c.prog.Instructions[k]
		li := k + 1 // the version line comes first
		if li >= len(r.lines) {
			break
		}
		if in.Opcode.IsDeclaration() {
			continue
		}
		r.lines[li].block = block
		nDst := in.Opcode.Destinations()
		lanes := readLanes(in, nDst)
		for j := range in.Operands {
			r.lines[li].acc = appendAccess(r.lines[li].acc, &in.Operands[j], j < nDst, lanes, 0)
		}
		if endsBlock(in.Opcode) {
			block++
		}
	}
	c.regs = r
	return r
}

// appendAccess adds an operand's temporaries: the operand itself, then the
// registers of its indices, as the listing prints them ("x0[r1.x + 2]").
func appendAccess(acc []regAccess, op *sm4.Operand, write bool, lanes uint8, depth int) []regAccess {
	if depth > 4 {
		return acc
	}
	switch op.Type {
	case sm4.OperandTemp, sm4.OperandIndexableTemp:
		if len(op.Indices) > 0 {
			prefix := "r"
			if op.Type == sm4.OperandIndexableTemp {
				prefix = "x"
			}
			comps := uint8(0xf)
			if op.NumComponents == 4 && op.Selection == sm4.SelectMask && op.Mask != 0 {
				comps = op.Mask
			} else if op.NumComponents == 4 && op.Selection == sm4.SelectOne {
				comps = 1 << (op.Swizzle[0] & 3)
			} else if op.NumComponents == 4 && op.Selection == sm4.SelectSwizzle {
				comps = 0
				for k, s := range op.Swizzle {
					if lanes&(1<<k) != 0 {
						comps |= 1 << (s & 3)
					}
				}
			}
			acc = append(acc, regAccess{name: prefix + strconv.FormatUint(op.Indices[0].Value, 10), comps: comps, write: write})
		}
	}
	for i := range op.Indices {
		if rel := op.Indices[i].Relative; rel != nil {
			acc = appendAccess(acc, rel, false, 0xf, depth+1)
		}
	}
	return acc
}

// readLanes is which lanes of a source's swizzle the instruction reads:
// the destination's components for the per-component arithmetic FXC's
// swizzles pad (add r0.xy, r1.xyxx, …), the first two to four for dot
// products, and every lane for the rest (addresses, coordinates: read as
// printed).
func readLanes(in *sm4.Instruction, nDst int) uint8 {
	name := in.Opcode.String()
	switch {
	case in.Opcode == sm4.OpDp2:
		return 0x3
	case in.Opcode == sm4.OpDp3:
		return 0x7
	case in.Opcode == sm4.OpDp4, in.Opcode == sm4.OpDToF, in.Opcode == sm4.OpDToI, in.Opcode == sm4.OpDToU:
		return 0xf
	case nDst != 1 || len(in.Operands) == 0 || in.Operands[0].Selection != sm4.SelectMask || in.Operands[0].Mask == 0:
		return 0xf
	}
	for _, p := range []string{"sample", "ld", "gather", "resinfo", "bufinfo", "sampleinfo", "samplepos", "store", "atomic", "imm_atomic", "lod", "eval", "emit", "cut"} {
		if strings.HasPrefix(name, p) {
			return 0xf
		}
	}
	return in.Operands[0].Mask
}

// endsBlock says whether control may leave or enter the code after this
// instruction (a branch, a loop's ends, a case label, a call or a return).
func endsBlock(o sm4.Opcode) bool {
	switch o {
	case sm4.OpIf, sm4.OpElse, sm4.OpEndif, sm4.OpLoop, sm4.OpEndloop, sm4.OpBreak, sm4.OpBreakc,
		sm4.OpContinue, sm4.OpContinuec, sm4.OpSwitch, sm4.OpCase, sm4.OpDefault, sm4.OpEndswitch,
		sm4.OpRet, sm4.OpRetc, sm4.OpCall, sm4.OpCallc, sm4.OpLabel, sm4.OpFcall,
		sm4.OpHSControlPointPhase, sm4.OpHSForkPhase, sm4.OpHSJoinPhase:
		return true
	}
	return false
}

// TempName reads a listing token as a temporary and its components:
// "r3.xy" → r3, x|y; "-r0.x" is not a token (the sign is apart); "x0" → all
// four. ok is false for any other register.
func TempName(tok string) (name string, comps uint8, ok bool) {
	base, sel, _ := strings.Cut(tok, ".")
	if len(base) < 2 || (base[0] != 'r' && base[0] != 'x') {
		return "", 0, false
	}
	if _, err := strconv.ParseUint(base[1:], 10, 32); err != nil {
		return "", 0, false
	}
	if sel == "" {
		return base, 0xf, true
	}
	for _, c := range sel {
		k := strings.IndexRune("xyzw", c)
		if k < 0 {
			return "", 0, false
		}
		comps |= 1 << k
	}
	return base, comps, true
}

// Of answers a click on the nth temporary token of line (counting the
// line's r#/x# tokens from 0): the write its value comes from and the
// reads of that write, within the line's basic block. nil when the line
// has no such token.
func (r *RegisterRefs) Of(line, nth int) *Ref {
	if r == nil || line < 0 || line >= len(r.lines) || nth < 0 || nth >= len(r.lines[line].acc) {
		return nil
	}
	at := r.lines[line].acc[nth]
	block := r.lines[line].block
	ref := &Ref{Name: at.name + compString(at.comps), Def: -1, Scope: "its basic block"}
	start := line // where the value's reads begin
	if at.write {
		ref.Def = line
	} else {
		// The nearest earlier write of these components.
		for i := line - 1; i >= 0 && r.lines[i].block == block; i-- {
			if r.lines[i].writes(at.name, at.comps) != 0 {
				ref.Def, start = i, i
				break
			}
			start = i
		}
	}
	left := at.comps // the components still holding the value
	for i := start; i < len(r.lines) && r.lines[i].block == block && left != 0; i++ {
		if i != ref.Def && r.lines[i].reads(at.name, left) {
			ref.Count++
			if len(ref.Uses) < MaxUses {
				ref.Uses = append(ref.Uses, i)
			}
		}
		if i != ref.Def {
			left &^= r.lines[i].writes(at.name, left)
		}
	}
	return ref
}

func (l regLine) writes(name string, comps uint8) uint8 {
	var w uint8
	for _, a := range l.acc {
		if a.write && a.name == name {
			w |= a.comps & comps
		}
	}
	return w
}

func (l regLine) reads(name string, comps uint8) bool {
	for _, a := range l.acc {
		if !a.write && a.name == name && a.comps&comps != 0 {
			return true
		}
	}
	return false
}

// compString is a register's component suffix (".xy"), none for all four.
func compString(c uint8) string {
	if c == 0xf {
		return ""
	}
	return "." + maskLetters(c)
}

// Temps names the temporaries of a line in the order it prints them: the
// page counts the line's r#/x# tokens to know which one was clicked.
func (r *RegisterRefs) Temps(line int) []string {
	if r == nil || line < 0 || line >= len(r.lines) {
		return nil
	}
	out := make([]string, len(r.lines[line].acc))
	for i, a := range r.lines[line].acc {
		out[i] = a.name
	}
	return out
}
