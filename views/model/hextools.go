package model

// The hex view's tools as plain functions over the file's bytes: what the
// data inspector shows at the cursor, byte and text search, and the
// selection's copy formats. No go-app here, so they are tested natively.

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf16"
)

// InspectorRow is one line of the data inspector: how the bytes at the
// cursor read as one type. Size is how many bytes that reading covers, so
// the row can select them; Value is "" when the file ends too early.
type InspectorRow struct {
	Type  string
	Size  int
	Value string
}

// Inspect reads the bytes at off in every type the data inspector offers,
// little-endian as the container format is.
func Inspect(data []byte, off int64) []InspectorRow {
	var b []byte
	if off >= 0 && off < int64(len(data)) {
		b = data[off:min(int64(len(data)), off+8)]
	}
	le := binary.LittleEndian
	row := func(typ string, size int, f func([]byte) string) InspectorRow {
		if len(b) < size {
			return InspectorRow{Type: typ, Size: size}
		}
		return InspectorRow{Type: typ, Size: size, Value: f(b[:size])}
	}
	return []InspectorRow{
		row("u8", 1, func(b []byte) string { return unsignedText(uint64(b[0]), 2) }),
		row("i8", 1, func(b []byte) string { return strconv.Itoa(int(int8(b[0]))) }),
		row("u16", 2, func(b []byte) string { return unsignedText(uint64(le.Uint16(b)), 4) }),
		row("i16", 2, func(b []byte) string { return strconv.Itoa(int(int16(le.Uint16(b)))) }),
		row("u32", 4, func(b []byte) string { return unsignedText(uint64(le.Uint32(b)), 8) }),
		row("i32", 4, func(b []byte) string { return strconv.FormatInt(int64(int32(le.Uint32(b))), 10) }),
		row("u64", 8, func(b []byte) string { return unsignedText(le.Uint64(b), 16) }),
		row("i64", 8, func(b []byte) string { return strconv.FormatInt(int64(le.Uint64(b)), 10) }),
		row("f16", 2, func(b []byte) string { return floatText(float64(Float16(le.Uint16(b))), 32) }),
		row("f32", 4, func(b []byte) string { return floatText(float64(math.Float32frombits(le.Uint32(b))), 32) }),
		row("f64", 8, func(b []byte) string { return floatText(math.Float64frombits(le.Uint64(b)), 64) }),
		row("FourCC", 4, fourCCText),
		row("bits", 1, func(b []byte) string { return fmt.Sprintf("%08b", b[0]) }),
	}
}

// unsignedText prints a value in decimal with its hex beside it.
func unsignedText(v uint64, digits int) string {
	return fmt.Sprintf("%d (0x%0*x)", v, digits, v)
}

// floatText prints the shortest text that reads back as the same value.
func floatText(v float64, bits int) string {
	switch {
	case math.IsNaN(v):
		return "NaN"
	case math.IsInf(v, 1):
		return "+Inf"
	case math.IsInf(v, -1):
		return "-Inf"
	}
	return strconv.FormatFloat(v, 'g', -1, bits)
}

// fourCCText shows four bytes as characters, escaping what does not print.
func fourCCText(b []byte) string {
	var s strings.Builder
	s.WriteByte('\'')
	for _, c := range b {
		if c >= 0x20 && c < 0x7f && c != '\'' && c != '\\' {
			s.WriteByte(c)
		} else {
			fmt.Fprintf(&s, "\\x%02x", c)
		}
	}
	s.WriteByte('\'')
	return s.String()
}

// Float16 converts an IEEE 754 half-precision value (the min16float storage
// format) to float32, including subnormals, infinities and NaN.
func Float16(h uint16) float32 {
	sign := uint32(h>>15) << 31
	exp := uint32(h>>10) & 0x1f
	frac := uint32(h) & 0x3ff
	switch {
	case exp == 0 && frac == 0:
		return math.Float32frombits(sign)
	case exp == 0: // subnormal: value = frac * 2^-24
		v := float32(frac) / (1 << 24)
		if sign != 0 {
			v = -v
		}
		return v
	case exp == 0x1f:
		return math.Float32frombits(sign | 0x7f800000 | frac<<13)
	}
	return math.Float32frombits(sign | (exp+127-15)<<23 | frac<<13)
}

// SearchKind says how a search text is read.
type SearchKind int

// The search kinds of the hex view's find box.
const (
	SearchHex   SearchKind = iota // "44 58 42 43" or "44584243"
	SearchASCII                   // the text's bytes as typed (UTF-8)
	SearchUTF16                   // the text as UTF-16LE, as Windows strings are stored
)

// SearchPattern turns what the user typed into the bytes to look for.
func SearchPattern(kind SearchKind, text string) ([]byte, error) {
	switch kind {
	case SearchHex:
		s := strings.NewReplacer(" ", "", "\t", "", ",", "", "0x", "", "0X", "").Replace(text)
		if s == "" {
			return nil, errors.New("type some hex bytes, e.g. 44 58 42 43")
		}
		if len(s)%2 != 0 {
			return nil, errors.New("hex bytes come in pairs of digits")
		}
		b, err := hex.DecodeString(s)
		if err != nil {
			return nil, errors.New("only hex digits 0-9 and a-f, e.g. 44 58 42 43")
		}
		return b, nil
	case SearchUTF16:
		if text == "" {
			return nil, errors.New("type some text")
		}
		u := utf16.Encode([]rune(text))
		b := make([]byte, 2*len(u))
		for i, c := range u {
			binary.LittleEndian.PutUint16(b[2*i:], c)
		}
		return b, nil
	default:
		if text == "" {
			return nil, errors.New("type some text")
		}
		return []byte(text), nil
	}
}

// Find returns the offset of the next match of pat after from (forward) or
// the previous one before it (backward), wrapping around the file once; -1
// when there is none. Starting at -1 forward finds the first match.
func Find(data, pat []byte, from int64, forward bool) int64 {
	n := int64(len(data))
	if len(pat) == 0 || int64(len(pat)) > n {
		return -1
	}
	if forward {
		start := min(max(from+1, 0), n)
		if i := indexFrom(data, pat, start); i >= 0 {
			return i
		}
		return indexFrom(data[:min(n, max(start, 0)+int64(len(pat))-1)], pat, 0)
	}
	end := min(max(from, 0), n) // matches must start before from
	if i := lastIndexBefore(data, pat, end); i >= 0 {
		return i
	}
	return lastIndexBefore(data, pat, n)
}

func indexFrom(data, pat []byte, start int64) int64 {
	if start > int64(len(data)) {
		return -1
	}
	i := strings.Index(string(data[start:]), string(pat))
	if i < 0 {
		return -1
	}
	return start + int64(i)
}

// lastIndexBefore finds the last match that starts before end.
func lastIndexBefore(data, pat []byte, end int64) int64 {
	lim := min(int64(len(data)), end+int64(len(pat))-1)
	if lim < int64(len(pat)) {
		return -1
	}
	return int64(strings.LastIndex(string(data[:lim]), string(pat)))
}

// CountMatches counts the matches of pat in data, up to limit (so a
// one-byte pattern over 50 MB stays cheap to report as "10,000+").
func CountMatches(data, pat []byte, limit int) int {
	if len(pat) == 0 {
		return 0
	}
	n, s := 0, string(data)
	for n < limit {
		i := strings.Index(s, string(pat))
		if i < 0 {
			break
		}
		n++
		s = s[i+1:]
	}
	return n
}

// CopyFormat is one way to copy a selection.
type CopyFormat int

// The copy formats of the hex view's selection.
const (
	CopyHex    CopyFormat = iota // "44 58 42 43 …", 16 bytes a line
	CopyCArray                   // a C array with its offset in a comment
	CopyBase64                   // standard base64
)

// CopyText renders a selection for the clipboard. name and off say where
// the bytes came from and go into the C array's comment, escaped so a name
// from the file cannot end the comment or the line.
func CopyText(format CopyFormat, name string, off int64, b []byte) string {
	switch format {
	case CopyBase64:
		return base64.StdEncoding.EncodeToString(b)
	case CopyCArray:
		var s strings.Builder
		fmt.Fprintf(&s, "/* %s, bytes 0x%x-0x%x (%d) */\n", commentSafe(name), off, off+int64(len(b)), len(b))
		fmt.Fprintf(&s, "static const unsigned char %s[%d] = {", cIdentifier(name, off), len(b))
		for i, c := range b {
			if i%12 == 0 {
				s.WriteString("\n   ")
			}
			fmt.Fprintf(&s, " 0x%02x,", c)
		}
		s.WriteString("\n};\n")
		return s.String()
	}
	var s strings.Builder
	for i, c := range b {
		if i > 0 {
			if i%16 == 0 {
				s.WriteByte('\n')
			} else {
				s.WriteByte(' ')
			}
		}
		fmt.Fprintf(&s, "%02x", c)
	}
	return s.String()
}

// commentSafe keeps a name inside a C block comment on one line: "*/" is
// broken, control characters and non-ASCII are escaped.
func commentSafe(name string) string {
	var s strings.Builder
	for _, r := range name {
		switch {
		case r < 0x20 || r == 0x7f || r > 0x7e:
			if r <= 0xff {
				fmt.Fprintf(&s, "\\x%02x", r)
			} else {
				fmt.Fprintf(&s, "U+%04X", r)
			}
		default:
			s.WriteRune(r)
		}
	}
	return strings.ReplaceAll(s.String(), "*/", "* /")
}

// cIdentifier makes a C identifier from a file name and an offset.
func cIdentifier(name string, off int64) string {
	var s strings.Builder
	for _, r := range name {
		if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			s.WriteRune(r)
		} else {
			s.WriteByte('_')
		}
		if s.Len() >= 48 {
			break
		}
	}
	id := s.String()
	if id == "" || id[0] >= '0' && id[0] <= '9' {
		id = "bytes_" + id
	}
	return fmt.Sprintf("%s_%x", id, off)
}
