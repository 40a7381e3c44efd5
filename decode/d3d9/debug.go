package d3d9

import (
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode/binread"
	"github.com/dxscope/dxscope/decode/report"
)

// dbugMaxString bounds a DBUG string (source paths are the longest).
const dbugMaxString = 4096

// dbugShortName is what a DBUG string holds once the block's strings hold
// twice its bytes.
const dbugShortName = 32

// decodeDebug reads a DBUG block; r covers the bytes after "DBUG".
func decodeDebug(r *binread.Reader, commentPath string) *DebugInfo {
	db := &DebugInfo{}
	r.Path = strings.TrimSuffix(commentPath, "/Data")
	// The typed value lives at Shader/Debug, whatever comment block held it.
	if k := strings.LastIndex(r.Path, "/Comments/"); k >= 0 {
		r.Path = r.Path[:k] + "/Debug"
	}
	db.Size = r.U32("Size")
	db.CreatorOffset = r.U32("CreatorOffset")
	db.Reserved = r.U32("Reserved")
	db.FileCount = r.U32("FileCount")
	db.FileOffset = r.U32("FileOffset")
	db.InstructionCount = r.U32("InstructionCount")
	db.InstructionOffset = r.U32("InstructionOffset")
	db.VariableCount = r.U32("VariableCount")
	db.VariableOffset = r.U32("VariableOffset")
	db.EntryPointOffset = r.U32("EntryPointOffset")
	if r.Failed {
		return db
	}
	// Every string is a piece of one copy of the block, and what the
	// decoded values hold of them is bounded twice: each at most
	// binread.MaxNameLen bytes, and all together twice the block (real
	// blocks name a tenth of theirs), past which each holds dbugShortName
	// bytes. Thousands of variables naming one long string would otherwise
	// cost its length once per variable in every consumer (the JSON, the
	// page's tree, the listing's comments).
	tab := binread.StringTable{Data: r.Data}
	held, cut := 2*r.Len(), 0
	hold := func(s string) string {
		n := min(len(s), binread.MaxNameLen)
		if n > held {
			n = min(n, dbugShortName)
		}
		if n < len(s) {
			cut++
		}
		held -= n
		return s[:n]
	}
	str := func(off uint32, name string, record bool) string {
		if off == 0 || uint64(off) >= uint64(r.Len()) {
			return ""
		}
		// Names are short; a string is read to its NUL or dbugMaxString bytes.
		window := min(r.Len()-int(off), dbugMaxString)
		s, _ := tab.At(off)
		ended := len(s) < window
		s = s[:min(len(s), window)]
		if !record {
			return hold(s)
		}
		sr := r.Sub(int(off), window, r.Path, "DBUG string")
		size := len(s)
		switch {
		case ended:
			size++ // the NUL is part of the field
		case sr.Short:
			// The string goes on past the cut: its first bytes are not its value.
			sr.Absent(name)
			return ""
		default:
			sr.Out.Problem(report.Warning, sr.Abs(), sr.Part, sr.StructName(), "string %s at 0x%x has no terminating NUL", sr.FieldName(sr.Join(name)), sr.Abs())
		}
		s = hold(s)
		sr.Field(name, size, s)
		return s
	}
	// fits bounds a table by the bytes that exist, so a huge count costs nothing.
	fits := func(count, off uint32, size int, what string) int {
		if uint64(off) > uint64(r.Len()) {
			r.ProblemAt(report.Error, 0, "DBUG", "%s at 0x%x is past the end of the DBUG block (%d bytes)", what, off, r.Len())
			return 0
		}
		room := (r.Len() - int(off)) / size
		if uint64(count) > uint64(room) {
			r.ProblemAt(report.Error, int(off), "DBUG", "%d %s do not fit in the DBUG block; reading %d", count, what, room)
			return room
		}
		return int(count)
	}
	db.Creator = str(db.CreatorOffset, "Creator", true)
	db.EntryPoint = str(db.EntryPointOffset, "EntryPoint", true)
	nf := fits(db.FileCount, db.FileOffset, 4, "files")
	for i := 0; i < nf; i++ {
		r.Seek(int(db.FileOffset) + 4*i)
		off := r.U32("FileNameOffsets/" + strconv.Itoa(i))
		db.FileNameOffsets = append(db.FileNameOffsets, off)
		db.Files = append(db.Files, str(off, "Files/"+strconv.Itoa(i), true))
	}
	ni := fits(db.InstructionCount, db.InstructionOffset, 8, "instructions")
	for i := 0; i < ni; i++ {
		r.Seek(int(db.InstructionOffset) + 8*i)
		r.Begin("Instructions/"+strconv.Itoa(i), "DBUG instruction")
		db.Instructions = append(db.Instructions, DebugInstruction{
			Line: r.U16("Line"), File: r.U16("File"), Offset: r.U32("Offset")})
		r.End()
	}
	nv := fits(db.VariableCount, db.VariableOffset, 20, "variables")
	// Variables may share one register table; a budget of one read per
	// 12 bytes keeps the work linear in the block's size.
	budget := r.Len() / 12
	for i := 0; i < nv; i++ {
		r.Seek(int(db.VariableOffset) + 20*i)
		p := "Variables/" + strconv.Itoa(i)
		r.Begin(p, "DBUG variable")
		v := DebugVariable{ScopeOffset: r.U32("ScopeOffset"), NameOffset: r.U32("NameOffset"),
			TypeOffset: r.U32("TypeOffset"), RegisterCount: r.U32("RegisterCount"), RegisterOffset: r.U32("RegisterOffset")}
		r.End()
		v.Scope = str(v.ScopeOffset, "", false)
		v.Name = str(v.NameOffset, p+"/Name", true)
		nr := fits(v.RegisterCount, v.RegisterOffset, 12, "variable registers")
		if nr > budget {
			r.ProblemAt(report.Error, int(v.RegisterOffset), "DBUG", "the variables' register tables overlap: more entries than the DBUG block holds; reading %d more", budget)
			nr = budget
		}
		budget -= nr
		for k := 0; k < nr; k++ {
			r.Seek(int(v.RegisterOffset) + 12*k)
			r.Begin(p+"/Registers/"+strconv.Itoa(k), "DBUG register")
			reg := DebugRegister{Instruction: r.U32("Instruction")}
			for c := range reg.Components {
				reg.Components[c] = r.U16("Components/" + strconv.Itoa(c))
			}
			r.End()
			v.Registers = append(v.Registers, reg)
		}
		db.Variables = append(db.Variables, v)
	}
	if cut > 0 {
		r.ProblemAt(report.Note, 0, "DBUG", "%d references name strings longer than %d bytes, or past twice the DBUG block's bytes in all; the decoded values (tree, JSON, listing) hold the first %d bytes of each (%d past that), the hex view all of them", cut, binread.MaxNameLen, binread.MaxNameLen, dbugShortName)
	}
	return db
}
