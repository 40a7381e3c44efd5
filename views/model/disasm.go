package model

import (
	"strings"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/dxil"
	"github.com/dxscope/dxscope/decode/text"
)

// DisasmLine is one line of a DXIL disassembly with the bytes its record occupies.
type DisasmLine struct {
	Text    string
	Off     int64 // hex-view offset of the first byte holding the record (0: no record)
	Size    int64 // bytes spanned by the record's bits
	Bit     uint64
	Bits    uint64
	Inst    bool // an instruction line
	FoldEnd int  // on a "define" line: the index of its closing "}" (0 otherwise)
}

// Disassembly is a DXIL or ILDB part's module printed as LLVM 3.7 assembly.
type Disassembly struct {
	Part  string
	Lines []DisasmLine
}

// LineAt returns the instruction line whose record holds the hex-view byte off, or -1.
func (d *Disassembly) LineAt(off int64) int {
	for i, l := range d.Lines {
		if l.Inst && off >= l.Off && off < l.Off+l.Size {
			return i
		}
	}
	return -1
}

var disasmCache = map[*decode.Part]*Disassembly{}

// Disassembly decodes the part's bitcode completely and prints it (once per
// part), or returns nil for parts without bitcode.
func (pv *PartView) Disassembly() *Disassembly {
	if pv.Part == nil || pv.Part.Program == nil || !hasCode(pv.Part.Module) {
		return nil
	}
	if d, ok := disasmCache[pv.Part]; ok {
		return d
	}
	ir := decode.PartIR(pv.Part)
	if ir == nil {
		return nil
	}
	base := pv.Base()
	lines := text.DisassembleIR(ir)
	d := &Disassembly{Part: pv.Name, Lines: make([]DisasmLine, len(lines))}
	open := -1
	for i, l := range lines {
		dl := DisasmLine{Text: l.Text, Bit: l.Bit, Bits: l.Bits, Inst: l.Inst >= 0}
		if l.Bit != 0 {
			dl.Off = base + int64(l.Bit/8)
			dl.Size = int64((l.Bit+max(l.Bits, 1)+7)/8) - int64(l.Bit/8)
		}
		if strings.HasPrefix(l.Text, "define ") {
			open = i
		} else if l.Text == "}" && open >= 0 {
			d.Lines[open].FoldEnd = i
			open = -1
		}
		d.Lines[i] = dl
	}
	if len(disasmCache) > 8 {
		clear(disasmCache)
	}
	disasmCache[pv.Part] = d
	return d
}

// ByteRange is an exact run of bytes to select in the hex view, with the
// path shown for it.
type ByteRange struct {
	Off, Size int64
	Path      string
}

// hasCode reports whether a module defines a function: DXIL and ILDB do; the
// reflection module DXC writes as STAT keeps declarations only (all 43 of the
// corpus), so there is nothing to disassemble.
func hasCode(m *dxil.Module) bool {
	if m == nil {
		return false
	}
	for _, f := range m.Functions {
		if !f.Declaration {
			return true
		}
	}
	return false
}
