package decode

import (
	"github.com/dxscope/dxscope/decode/binread"
)

// fxcStrings reads the NUL-terminated names of an FXC part (RDEF, IFCE),
// which its records point at by offset from the part's start. Strings come
// from one copy of the part (tab), so records that all name one long
// string cost that string once, and its bytes are claimed once.
type fxcStrings struct {
	tab     binread.StringTable
	claimed map[uint32]bool // string offsets already claimed
}

// read returns the string at off, claiming its bytes (and FXC's 0xAB
// padding after them) under path the first time; field is where the
// offset was read, for a problem.
func (s *fxcStrings) read(r *binread.Reader, off uint32, path string, field int) string {
	if int64(off) >= int64(r.Len()) {
		r.ProblemAt(Warning, field, "", "%s: string offset 0x%x is past the end of the %d-byte %s part", r.FieldName(path), off, r.Len(), r.Part)
		if r.Short {
			r.Out.MarkAbsent(path) // past where the file is cut
		}
		return ""
	}
	if s.tab.Data == nil {
		s.tab.Data = r.Data
		s.claimed = map[uint32]bool{}
	}
	full, terminated := s.tab.At(off)
	if !terminated && r.Short {
		// The string goes on past where the file is cut: its first bytes are not its value.
		r.Out.MarkAbsent(path)
		return ""
	}
	str := s.tab.Name(full)
	if s.claimed[off] {
		return str
	}
	s.claimed[off] = true
	n := len(full)
	if terminated {
		n++ // the NUL is part of the field
	}
	sr := r.Sub(int(off), n, path, "string")
	sr.Field("", n, binread.CapText(str, 64))
	sr.Pos = n
	if !terminated {
		sr.ProblemAt(Warning, 0, "string", "string %s at 0x%x has no terminating NUL", r.FieldName(path), sr.Base)
	}
	claimPadding(r, int(off)+n, path)
	return str
}

// claimPadding claims the 0xAB bytes FXC pads a string or a list with,
// from end up to the next 4-byte boundary, when they run all the way to it.
func claimPadding(r *binread.Reader, end int, path string) {
	to := (end + 3) &^ 3
	pad := 0
	for end+pad < to && end+pad < r.Len() && r.Data[end+pad] == 0xAB {
		pad++
	}
	if pad > 0 && end+pad == to {
		r.Sub(end, pad, path, "padding").Bytes("Padding", pad)
	}
}
