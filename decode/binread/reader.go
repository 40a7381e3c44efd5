// Package binread is the bounds-checked little-endian reader every dxscope
// decoder of fixed-layout structures reads with. Each value it reads is
// recorded as a span (path, offset, size) for the hex view, and a read past
// the end records a problem and returns zero instead of panicking. String
// tables are copied once however many records name them.
package binread

import (
	"encoding/binary"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode/report"
)

// ParseBare decodes a structure given on its own, without the container
// around it (a bare RDAT or RDEF blob), the spans in file order.
func ParseBare[T any](b []byte, name string, decode func(*Reader) T) (T, []report.Problem, []report.Span) {
	out := &report.Sink{Budget: &report.Budget{Limit: report.MemoryBudget(len(b))}}
	r := New(b, 0, name, name, out)
	r.What = name
	var v T
	out.Guard(0, name, name, func() { v = decode(r) })
	sort.SliceStable(out.Spans, func(i, j int) bool { return out.Spans[i].Off < out.Spans[j].Off })
	out.Summarize()
	return v, out.Problems, out.Spans
}

// Reader reads little-endian fields from one structure's bytes at explicit
// positions and records a span for each field it reads, so the typed value and
// its place in the file come from the same line of code.
//
// Reads past the end return zero, report one Error problem and set Failed;
// later reads on the same Reader stay silent, so a decoder can read a whole
// structure and check Failed once. The fields are open because token-stream
// and table decoders walk Data by hand between reads.
type Reader struct {
	Data   []byte       // the structure's bytes
	Base   int64        // absolute file offset of Data[0]
	Pos    int          // the cursor, an index into Data
	Path   string       // the path spans are named under (the JSON keys from the part's value key)
	Part   string       // part name for problems
	Key    string       // the part's value key, which problems write as Part (see FieldName)
	What   string       // structure name for problems
	Out    *report.Sink // where spans and problems go
	Failed bool         // a read ran past the end
	// Short says Data ends where the file was cut, before the structure's
	// own end: a value running to the end of Data may go on past it.
	Short bool
	stack []frame
}

type frame struct {
	path   string
	start  int
	what   string
	failed bool // Failed when the structure began
	cut    bool // CutShort was called inside it
}

// New returns a reader over b, whose first byte is at file offset base,
// naming its spans under path and its problems after part.
func New(b []byte, base int64, path, part string, out *report.Sink) *Reader {
	return &Reader{Data: b, Base: base, Path: path, Part: part, Out: out}
}

// Sub returns a reader over Data[off:off+n] (clipped to what exists) with the given
// path; it reports when the range runs past the end.
func (r *Reader) Sub(off, n int, path, what string) *Reader {
	s := &Reader{Base: r.Base, Path: path, Part: r.Part, Key: r.Key, What: what, Out: r.Out}
	if off < 0 || off > len(r.Data) {
		// Reported at the end of the data: the offset itself lies outside the file.
		r.ProblemAt(report.Error, max(0, min(off, len(r.Data))), what, "%s starts at offset 0x%x, past the end of %s (0x%x bytes)", what, r.Base+int64(off), r.StructName(), len(r.Data))
		s.Failed = true
		return s
	}
	end := off + n
	if n < 0 || end > len(r.Data) || end < off {
		r.ProblemAt(report.Error, off, what, "%s needs 0x%x bytes at offset 0x%x, only 0x%x remain", what, n, r.Base+int64(off), len(r.Data)-off)
		end = len(r.Data)
		s.Short = true
	}
	// A range that ends where a cut short reader ends may be cut too.
	s.Short = s.Short || r.Short && end == len(r.Data)
	s.Data = r.Data[off:end]
	s.Base = r.Base + int64(off)
	return s
}

// StructName is the structure problems name: What, else the part, else "the data".
func (r *Reader) StructName() string {
	if r.What != "" {
		return r.What
	}
	if r.Part != "" {
		return r.Part
	}
	return "the data"
}

// Abs is the cursor's absolute file offset.
func (r *Reader) Abs() int64 { return r.Base + int64(r.Pos) }

// Len is the size of the data being read.
func (r *Reader) Len() int { return len(r.Data) }

// Remaining is the number of bytes after the cursor.
func (r *Reader) Remaining() int { return max(0, len(r.Data)-r.Pos) }

// Seek moves the cursor to pos.
func (r *Reader) Seek(pos int) { r.Pos = pos }

// Join is the path of a field named name under the reader's path ("[2]" is
// the index segment "2").

func (r *Reader) Join(name string) string {
	if r.Path == "" {
		return name
	}
	if name == "" {
		return r.Path
	}
	if name[0] == '[' && name[len(name)-1] == ']' {
		return r.Path + "/" + name[1:len(name)-1]
	}
	return r.Path + "/" + name
}

// FieldName is how a problem names the field at a span path: the part's
// FourCC in place of its value key ("PSV0/SigInputElements/2/Cols" for
// "PSVInfo/SigInputElements/2/Cols"), the key kept when the path is the
// whole value ("SFI0/Flags"); the path itself when the reader has no Key.
func (r *Reader) FieldName(path string) string {
	switch {
	case r.Key == "" || r.Part == "":
		return path
	case path == r.Key:
		return r.Part + "/" + path
	case strings.HasPrefix(path, r.Key+"/"):
		return r.Part + path[len(r.Key):]
	}
	return path
}

// Absent names a value of the structure (a path under the reader's) that the
// decoder could not read because the data is cut short before its bytes.
func (r *Reader) Absent(name string) {
	r.Out.MarkAbsent(r.Join(name))
}

// Need reports an Error (once per reader) when n bytes are not available at pos.
func (r *Reader) Need(n int, name string) bool {
	if n >= 0 && r.Pos >= 0 && r.Pos <= len(r.Data) && n <= len(r.Data)-r.Pos {
		return true
	}
	if !r.Failed {
		r.Failed = true
		what := r.StructName()
		if len(r.stack) > 0 {
			what = r.stack[len(r.stack)-1].what
		}
		have := len(r.Data) - r.Pos
		if have < 0 {
			have = 0
		}
		r.Out.Problem(report.Error, r.Abs(), r.Part, what, "truncated: %s needs %d bytes at offset 0x%x, only %d remain", r.FieldName(r.Join(name)), n, r.Abs(), have)
	}
	return false
}

// Field records a span of n bytes at the cursor; n < 0 names the previous
// -n bytes again under another key (packed values such as a version byte).
func (r *Reader) Field(name string, n int, value string) {
	if r.Pos < 0 || r.Pos > len(r.Data) || n > len(r.Data)-r.Pos || r.Pos+n < 0 {
		return // bytes a failed read passed over: nothing holds this value
	}
	if n < 0 {
		r.Out.Span(report.Span{Part: r.Part, Path: r.Join(name), Off: r.Abs() + int64(n), Size: int64(-n), Kind: report.SpanField, Value: value})
		return
	}
	r.Out.Span(report.Span{Part: r.Part, Path: r.Join(name), Off: r.Abs(), Size: int64(n), Kind: report.SpanField, Value: value})
}

// U8, U16, U32, U64 and F32 read one little-endian value at the cursor and
// record it as a field (u64 in hex: the format's 64-bit words are masks).
func (r *Reader) U8(name string) uint8 {
	return readField(r, name, 1, func(b []byte) uint8 { return b[0] }, decimal)
}

func (r *Reader) U16(name string) uint16 {
	return readField(r, name, 2, binary.LittleEndian.Uint16, decimal)
}

func (r *Reader) U32(name string) uint32 {
	return readField(r, name, 4, binary.LittleEndian.Uint32, decimal)
}

func (r *Reader) U64(name string) uint64 {
	return readField(r, name, 8, binary.LittleEndian.Uint64, func(v uint64) string { return "0x" + strconv.FormatUint(v, 16) })
}

func (r *Reader) F32(name string) float32 {
	get := func(b []byte) float32 { return math.Float32frombits(binary.LittleEndian.Uint32(b)) }
	return readField(r, name, 4, get, func(v float32) string { return fmt.Sprint(v) })
}

// readField is the one way a value is read: n bytes at the cursor, decoded by
// get, recorded as a field whose value show prints; zero when they are missing.
func readField[T any](r *Reader, name string, n int, get func([]byte) T, show func(T) string) (v T) {
	if r.Need(n, name) {
		v = get(r.Data[r.Pos:])
		if !r.Out.NoSpans {
			r.Field(name, n, show(v))
		}
	}
	// A field missing its bytes still takes its place: the fields after it
	// are not read from its bytes (a cut U32 followed by a U8 must not give
	// the U8 the U32's first byte).
	r.Pos += n
	return v
}

func decimal[T uint8 | uint16 | uint32](v T) string { return strconv.FormatUint(uint64(v), 10) }

// Bytes returns n bytes (a sub-slice, not a copy) and records them as one field.
func (r *Reader) Bytes(name string, n int) []byte { return r.Claim(name, n, report.SpanField) }

// Raw claims n bytes as deliberately undecoded.
func (r *Reader) Raw(name string, n int) []byte { return r.Claim(name, n, report.SpanRaw) }

// Claim returns the next n bytes (a sub-slice, not a copy) and records them
// as one span of the given kind.
func (r *Reader) Claim(name string, n int, kind report.SpanKind) []byte {
	if !r.Need(n, name) {
		if n > 0 {
			r.Pos += n // as readField: the fields after it are not read from its bytes
		}
		return nil
	}
	v := r.Data[r.Pos : r.Pos+n]
	r.Out.Span(report.Span{Part: r.Part, Path: r.Join(name), Off: r.Abs(), Size: int64(n), Kind: kind})
	r.Pos += n
	return v
}

// CString reads a NUL-terminated string (the NUL is part of the field).
// A missing NUL reads to the end and reports a Warning.
func (r *Reader) CString(name string) string {
	if !r.Need(0, name) {
		return ""
	}
	rest := r.Data[r.Pos:]
	for i, c := range rest {
		if c == 0 {
			s := string(rest[:i])
			r.Field(name, i+1, s)
			r.Pos += i + 1
			return s
		}
	}
	if r.Short {
		// The string goes on past the cut: its first bytes are not its value.
		r.Absent(name)
		r.Pos = len(r.Data)
		return ""
	}
	r.Out.Problem(report.Warning, r.Abs(), r.Part, r.StructName(), "string %s at 0x%x has no terminating NUL", r.FieldName(r.Join(name)), r.Abs())
	s := string(rest)
	r.Field(name, len(rest), s)
	r.Pos = len(r.Data)
	return s
}

// Begin opens a structure named name at the current position; End closes it
// and records its span. Fields read in between are named under it.
func (r *Reader) Begin(name, what string) {
	r.stack = append(r.stack, frame{path: r.Path, start: r.Pos, what: what, failed: r.Failed})
	r.Path = r.Join(name)
}

// CutShort says the data ends inside the structures Begin opened and End
// has not closed (a size cut to what remains of a file cut short): End
// records no span for them.
func (r *Reader) CutShort() {
	for i := range r.stack {
		r.stack[i].cut = true
	}
}

// End closes the structure Begin opened and records its span, unless the
// data is cut short inside it (a read failed, or CutShort): a structure's
// span says its bytes hold every value under it, and a cut one's do not.
func (r *Reader) End() {
	if len(r.stack) == 0 {
		return
	}
	f := r.stack[len(r.stack)-1]
	r.stack = r.stack[:len(r.stack)-1]
	end := r.Pos
	cut := f.cut || end > len(r.Data) || r.Failed && !f.failed
	if end > len(r.Data) {
		end = len(r.Data)
	}
	if end > f.start && !cut {
		r.Out.Span(report.Span{Part: r.Part, Path: r.Path, Off: r.Base + int64(f.start), Size: int64(end - f.start), Kind: report.SpanStruct})
	}
	r.Path = f.path
}

// Fit is a length a field claims, cut to what remains after reporting
// format as an Error at pos when it runs past the end.
func (r *Reader) Fit(n, pos int, what, format string, args ...any) int {
	if n > r.Remaining() {
		r.ProblemAt(report.Error, pos, what, format, args...)
		return r.Remaining()
	}
	return n
}

// Problem reports at the reader's current position.
func (r *Reader) Problem(sev report.Severity, format string, args ...any) {
	r.Out.Problem(sev, r.Abs(), r.Part, r.StructName(), format, args...)
}

// ProblemAt reports at a position relative to the reader.
func (r *Reader) ProblemAt(sev report.Severity, pos int, what, format string, args ...any) {
	if what == "" {
		what = r.StructName()
	}
	r.Out.Problem(sev, r.Base+int64(pos), r.Part, what, format, args...)
}

// FillGaps adds SpanUnknown spans for every byte of [start, end) that no
// field, struct or raw span covers, so nothing is silently skipped.
func FillGaps(spans []report.Span, start, end int64, path string) []report.Span {
	type iv struct{ a, b int64 }
	var ivs []iv
	for _, s := range spans {
		a, b := s.Off, s.End()
		if b <= start || a >= end || s.Size <= 0 {
			continue
		}
		ivs = append(ivs, iv{max(a, start), min(b, end)})
	}
	sort.Slice(ivs, func(i, j int) bool { return ivs[i].a < ivs[j].a })
	var gaps []report.Span
	at := start
	for _, v := range ivs {
		if v.a > at {
			gaps = append(gaps, report.Span{Path: path, Off: at, Size: v.a - at, Kind: report.SpanUnknown})
		}
		if v.b > at {
			at = v.b
		}
	}
	if at < end {
		gaps = append(gaps, report.Span{Path: path, Off: at, Size: end - at, Kind: report.SpanUnknown})
	}
	return gaps
}
