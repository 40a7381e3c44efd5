package decode

import (
	"encoding/binary"
	"fmt"
	"math"
	"sort"
	"strconv"

	"github.com/dxscope/dxscope/decode/report"
)

// sink collects what decoding found: spans for the hex view and problems.
type sink struct {
	spans    []Span
	problems []Problem

	// Problems of one kind past the first few are counted, not kept: a file
	// that repeats one fault a million times costs one line per kind.
	kinds map[string]*problemKind
}

// problemKind counts the problems of one kind beyond maxPerKind.
type problemKind struct {
	kept, more  int
	sev         Severity
	off         int64 // where the first one not kept is
	part, where string
}

// maxPerKind is how many problems of one kind are kept before the rest are
// summed up in one.
const maxPerKind = 8

func (s *sink) span(sp Span) {
	sp.Path = report.IndexPath(sp.Path)
	s.spans = append(s.spans, sp)
}

// problem records a problem. Problems of one kind (one format string) past
// the first maxPerKind are counted, not kept: a file that repeats one fault
// per reference costs one line per kind (see summarizeKinds).
func (s *sink) problem(sev Severity, off int64, part, structure, format string, args ...any) {
	s.problemOfKind(sev, off, part, structure, format, args...)
}

func (s *sink) add(sev Severity, off int64, part, structure, format string, args ...any) {
	s.problems = append(s.problems, Problem{Severity: sev, Offset: off, Part: part, Structure: structure, Message: fmt.Sprintf(format, args...)})
}

// problemOfKind is problem for faults that can repeat once per reference
// (per offset, per element): the first maxPerKind of a kind are kept, the
// rest counted for one closing problem (see summarizeKinds). The kind is
// the format string.
func (s *sink) problemOfKind(sev Severity, off int64, part, structure, format string, args ...any) {
	if s.kinds == nil {
		s.kinds = map[string]*problemKind{}
	}
	k := s.kinds[format]
	if k == nil {
		k = &problemKind{}
		s.kinds[format] = k
	}
	if k.kept < maxPerKind {
		k.kept++
		s.add(sev, off, part, structure, format, args...)
		return
	}
	if k.more == 0 {
		k.sev, k.off, k.part, k.where = sev, off, part, structure
	}
	k.more++
}

// summarizeKinds adds one problem per kind that had more than maxPerKind.
func (s *sink) summarizeKinds() {
	var kinds []*problemKind
	for _, k := range s.kinds {
		if k.more > 0 {
			kinds = append(kinds, k)
		}
	}
	sort.Slice(kinds, func(i, j int) bool { return kinds[i].off < kinds[j].off })
	for _, k := range kinds {
		s.add(k.sev, k.off, k.part, k.where, "%d more problems like the %d above, from 0x%x on, are not listed one by one", k.more, maxPerKind, k.off)
	}
	s.kinds = nil
}

// guard runs decode, turning a panic into an Error problem at off: a decoder
// bug costs what that decoder was reading, not the whole file.
func (s *sink) guard(off int64, part, structure string, decode func()) {
	defer func() {
		if e := recover(); e != nil {
			s.problem(Error, off, part, structure, "internal decoder error (please report): %v", e)
		}
	}()
	decode()
}

// parseBare decodes a structure given on its own, without the container
// around it (a bare RDAT or RDEF blob), the spans in file order.
func parseBare[T any](b []byte, name string, decode func(*reader) T) (T, []Problem, []Span) {
	out := &sink{}
	r := newReader(b, 0, name, name, out)
	r.what = name
	var v T
	out.guard(0, name, name, func() { v = decode(r) })
	sort.SliceStable(out.spans, func(i, j int) bool { return out.spans[i].Off < out.spans[j].Off })
	out.summarizeKinds()
	return v, out.problems, out.spans
}

// reader reads little-endian fields from one structure's bytes at explicit
// positions and records a span for each field it reads, so the typed value and
// its place in the file come from the same line of code.
//
// Reads past the end return zero, report one Error problem and set failed;
// later reads on the same reader stay silent, so a decoder can read a whole
// structure and check failed once.
type reader struct {
	b      []byte
	base   int64 // absolute offset of b[0]
	pos    int
	path   string
	part   string // part name for problems
	what   string // structure name for problems
	out    *sink
	failed bool
	stack  []frame
}

type frame struct {
	path  string
	start int
	what  string
}

func newReader(b []byte, base int64, path, part string, out *sink) *reader {
	return &reader{b: b, base: base, path: path, part: part, out: out}
}

// sub returns a reader over b[off:off+n] (clipped to what exists) with the given
// path; it reports when the range runs past the end.
func (r *reader) sub(off, n int, path, what string) *reader {
	s := &reader{base: r.base, path: path, part: r.part, what: what, out: r.out}
	if off < 0 || off > len(r.b) {
		// Reported at the end of the data: the offset itself lies outside the file.
		r.problemAt(Error, max(0, min(off, len(r.b))), what, "%s starts at offset 0x%x, past the end of %s (0x%x bytes)", what, r.base+int64(off), r.structName(), len(r.b))
		s.failed = true
		return s
	}
	end := off + n
	if n < 0 || end > len(r.b) || end < off {
		r.problemAt(Error, off, what, "%s needs 0x%x bytes at offset 0x%x, only 0x%x remain", what, n, r.base+int64(off), len(r.b)-off)
		end = len(r.b)
	}
	s.b = r.b[off:end]
	s.base = r.base + int64(off)
	return s
}

func (r *reader) structName() string {
	if r.what != "" {
		return r.what
	}
	if r.part != "" {
		return r.part
	}
	return "the data"
}

func (r *reader) abs() int64     { return r.base + int64(r.pos) }
func (r *reader) len() int       { return len(r.b) }
func (r *reader) remaining() int { return len(r.b) - r.pos }
func (r *reader) seek(pos int)   { r.pos = pos }

func (r *reader) join(name string) string {
	if r.path == "" {
		return name
	}
	if name == "" {
		return r.path
	}
	if name[0] == '[' && name[len(name)-1] == ']' {
		return r.path + "/" + name[1:len(name)-1]
	}
	return r.path + "/" + name
}

// need reports an Error (once per reader) when n bytes are not available at pos.
func (r *reader) need(n int, name string) bool {
	if n >= 0 && r.pos >= 0 && r.pos <= len(r.b) && n <= len(r.b)-r.pos {
		return true
	}
	if !r.failed {
		r.failed = true
		what := r.structName()
		if len(r.stack) > 0 {
			what = r.stack[len(r.stack)-1].what
		}
		have := len(r.b) - r.pos
		if have < 0 {
			have = 0
		}
		r.out.problem(Error, r.abs(), r.part, what, "truncated: %s needs %d bytes at offset 0x%x, only %d remain", r.join(name), n, r.abs(), have)
	}
	return false
}

// field records a span of n bytes at the cursor; n < 0 names the previous
// -n bytes again under another key (packed values such as a version byte).
func (r *reader) field(name string, n int, value string) {
	if n < 0 {
		r.out.span(Span{Path: r.join(name), Off: r.abs() + int64(n), Size: int64(-n), Kind: SpanField, Value: value})
		return
	}
	r.out.span(Span{Path: r.join(name), Off: r.abs(), Size: int64(n), Kind: SpanField, Value: value})
}

// u8, u16, u32, u64 and f32 read one little-endian value at the cursor and
// record it as a field (u64 in hex: the format's 64-bit words are masks).
func (r *reader) u8(name string) uint8 {
	return readField(r, name, 1, func(b []byte) uint8 { return b[0] }, decimal)
}

func (r *reader) u16(name string) uint16 {
	return readField(r, name, 2, binary.LittleEndian.Uint16, decimal)
}

func (r *reader) u32(name string) uint32 {
	return readField(r, name, 4, binary.LittleEndian.Uint32, decimal)
}

func (r *reader) u64(name string) uint64 {
	return readField(r, name, 8, binary.LittleEndian.Uint64, func(v uint64) string { return "0x" + strconv.FormatUint(v, 16) })
}

func (r *reader) f32(name string) float32 {
	get := func(b []byte) float32 { return math.Float32frombits(binary.LittleEndian.Uint32(b)) }
	return readField(r, name, 4, get, func(v float32) string { return fmt.Sprint(v) })
}

// readField is the one way a value is read: n bytes at the cursor, decoded by
// get, recorded as a field whose value show prints; zero when they are missing.
func readField[T any](r *reader, name string, n int, get func([]byte) T, show func(T) string) (v T) {
	if r.need(n, name) {
		v = get(r.b[r.pos:])
		r.field(name, n, show(v))
		r.pos += n
	}
	return v
}

func decimal[T uint8 | uint16 | uint32](v T) string { return strconv.FormatUint(uint64(v), 10) }

// bytes returns n bytes (a sub-slice, not a copy) and records them as one field.
func (r *reader) bytes(name string, n int) []byte { return r.claim(name, n, SpanField) }

// raw claims n bytes as deliberately undecoded.
func (r *reader) raw(name string, n int) []byte { return r.claim(name, n, SpanRaw) }

// claim returns the next n bytes (a sub-slice, not a copy) and records them
// as one span of the given kind.
func (r *reader) claim(name string, n int, kind SpanKind) []byte {
	if !r.need(n, name) {
		return nil
	}
	v := r.b[r.pos : r.pos+n]
	r.out.span(Span{Path: r.join(name), Off: r.abs(), Size: int64(n), Kind: kind})
	r.pos += n
	return v
}

// cstring reads a NUL-terminated string (the NUL is part of the field).
// A missing NUL reads to the end and reports a Warning.
func (r *reader) cstring(name string) string {
	if !r.need(0, name) {
		return ""
	}
	rest := r.b[r.pos:]
	for i, c := range rest {
		if c == 0 {
			s := string(rest[:i])
			r.field(name, i+1, s)
			r.pos += i + 1
			return s
		}
	}
	r.out.problem(Warning, r.abs(), r.part, r.structName(), "string %s at 0x%x has no terminating NUL", r.join(name), r.abs())
	s := string(rest)
	r.field(name, len(rest), s)
	r.pos = len(r.b)
	return s
}

// begin opens a structure named name at the current position; end closes it
// and records its span. Fields read in between are named under it.
func (r *reader) begin(name, what string) {
	r.stack = append(r.stack, frame{path: r.path, start: r.pos, what: what})
	r.path = r.join(name)
}

func (r *reader) end() {
	if len(r.stack) == 0 {
		return
	}
	f := r.stack[len(r.stack)-1]
	r.stack = r.stack[:len(r.stack)-1]
	end := r.pos
	if end > len(r.b) {
		end = len(r.b)
	}
	if end > f.start {
		r.out.span(Span{Path: r.path, Off: r.base + int64(f.start), Size: int64(end - f.start), Kind: SpanStruct})
	}
	r.path = f.path
}

// fit is a length a field claims, cut to what remains after reporting
// format as an Error at pos when it runs past the end.
func (r *reader) fit(n, pos int, what, format string, args ...any) int {
	if n > r.remaining() {
		r.problemAt(Error, pos, what, format, args...)
		return r.remaining()
	}
	return n
}

// problem reports at the reader's current position.
func (r *reader) problem(sev Severity, format string, args ...any) {
	r.out.problem(sev, r.abs(), r.part, r.structName(), format, args...)
}

// problemAt reports at a position relative to the reader.
func (r *reader) problemAt(sev Severity, pos int, what, format string, args ...any) {
	if what == "" {
		what = r.structName()
	}
	r.out.problem(sev, r.base+int64(pos), r.part, what, format, args...)
}

// fillGaps adds SpanUnknown spans for every byte of [start, end) that no
// field, struct or raw span covers, so nothing is silently skipped.
func fillGaps(spans []Span, start, end int64, path string) []Span {
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
	var gaps []Span
	at := start
	for _, v := range ivs {
		if v.a > at {
			gaps = append(gaps, Span{Path: path, Off: at, Size: v.a - at, Kind: SpanUnknown})
		}
		if v.b > at {
			at = v.b
		}
	}
	if at < end {
		gaps = append(gaps, Span{Path: path, Off: at, Size: end - at, Kind: SpanUnknown})
	}
	return gaps
}
