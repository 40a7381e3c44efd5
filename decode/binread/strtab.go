package binread

import "github.com/dxscope/dxscope/decode/report"

// StringTable resolves offsets into a table of NUL-terminated strings. The
// table is copied into one Go string once and every result is a piece of
// it, found through an index of where each string ends: any number of
// references, to the same string or into the middle of a long one, cost one
// copy of the table and one pass over it.
type StringTable struct {
	Data    []byte  // the table's bytes
	s       string  // data as one string, made on first use
	nextNUL []int32 // for each offset, where the string there ends
	cut     int     // references whose string name cut to MaxNameLen
}

// MaxNameLen is report.MaxNameLen, the most of one string from a table
// that a decoded value holds, under the name the readers know it by.
const MaxNameLen = report.MaxNameLen

// Name cuts s, a string of the table, to MaxNameLen bytes for a decoded
// value, counting the cut.
func (t *StringTable) Name(s string) string {
	if len(s) <= MaxNameLen {
		return s
	}
	t.cut++
	return s[:MaxNameLen]
}

// CutNote reports the names cut, once per part.
func (t *StringTable) CutNote(r *Reader, what string) {
	if t.cut > 0 {
		r.ProblemAt(report.Note, 0, what, "%d references name strings longer than %d bytes; the decoded values (tree, JSON, tables) hold the first %d bytes of each, the hex view all of them", t.cut, MaxNameLen, MaxNameLen)
	}
}

// At returns the string At off and whether a NUL ends it inside the table.
func (t *StringTable) At(off uint32) (string, bool) {
	if int64(off) >= int64(len(t.Data)) {
		return "", false
	}
	if t.nextNUL == nil {
		t.s = string(t.Data)
		t.nextNUL = make([]int32, len(t.Data))
		next := int32(len(t.Data))
		for i := len(t.Data) - 1; i >= 0; i-- {
			if t.Data[i] == 0 {
				next = int32(i)
			}
			t.nextNUL[i] = next
		}
	}
	end := int(t.nextNUL[off])
	return t.s[off:end], end < len(t.Data)
}

// CapText cuts a string from the file for a span's display value: a name
// referenced many times must not be copied whole into every span.
func CapText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// Printable shows bytes from the file (a FourCC, a magic number) with every
// byte outside printable ASCII as '.'.
func Printable(b []byte) string {
	r := make([]byte, len(b))
	for i, c := range b {
		if c < 0x20 || c > 0x7e {
			c = '.'
		}
		r[i] = c
	}
	return string(r)
}
