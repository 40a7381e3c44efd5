package report

import (
	"fmt"
	"sort"
	"unsafe"
)

// Sink collects what decoding found: spans for the hex view and problems.
type Sink struct {
	Spans    []Span
	Problems []Problem

	// Absent lists the paths of values a decoder found cut off: the bytes
	// that would hold them lie past where the data ends (a file cut short).
	// A value under such a path is not in the file, whatever span is around it.
	Absent []string

	// Budget, when set, is charged for every span and problem recorded and
	// for what decoders Charge: a decoder that would take more is stopped.
	Budget *Budget

	// NoSpans drops every span: the data read is not the file's bytes
	// (a payload inflated from them), so no span could show it.
	NoSpans bool

	// Problems of one kind past the first few are counted, not kept: a file
	// that repeats one fault a million times costs one line per kind.
	kinds map[string]*problemKind
}

// MarkAbsent adds a path (in any form IndexPath reads) to Absent.
func (s *Sink) MarkAbsent(path string) { s.Absent = append(s.Absent, IndexPath(path)) }

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

// Budget is the memory one decode may take, shared by the sinks of its
// parts: spans, problems and the values decoders charge are counted in
// Used, and a sink whose decoder would bring Used past Limit stops it
// (Charge panics with OverBudget, which Guard turns into an Error
// problem). Every decoded field has a span, so spans count what a decode
// builds closely: a decoder that multiplies references multiplies spans.
type Budget struct {
	Limit int64
	Used  int64
}

// MemoryBudget is the Limit for decoding n bytes: 64 MiB and 32 bytes per
// byte. Real containers take far less (the corpus's largest takes 158 KB,
// 23 bytes per byte); what a decode allocates in all runs 5 to 10 times
// what spans and problems count, so this stops a decode near half a
// gigabyte, before it ends a process or a browser tab. A part that would
// take more stops with an Error problem, keeping what it decoded; the parts
// after it are shown as bytes.
func MemoryBudget(n int) int64 { return 64<<20 + 32*int64(n) }

// OverBudget is what Charge panics with when the budget is spent.
type OverBudget struct{ Limit int64 }

// Error is the sentence the stopped part's problem starts with.
func (o OverBudget) Error() string {
	return fmt.Sprintf("decoding stopped: this part would need more than %d MB", o.Limit>>20)
}

// spanCost is what a span takes besides its strings.
const spanCost = int64(unsafe.Sizeof(Span{}))

// Charge counts n bytes a decoder is about to allocate against the budget,
// stopping the decoder (a panic Guard recovers) when they do not fit.
func (s *Sink) Charge(n int64) {
	if b := s.Budget; b != nil {
		b.Used += n
		if b.Used > b.Limit {
			panic(OverBudget{b.Limit})
		}
	}
}

// Span records a span, its array indices written as path segments.
func (s *Sink) Span(sp Span) {
	if s.NoSpans {
		return
	}
	sp.Path = IndexPath(sp.Path)
	s.Charge(spanCost + int64(len(sp.Path)+len(sp.Value)))
	s.Spans = append(s.Spans, sp)
}

// Add records a problem that is never summed up with others of its kind.
// Problems are counted against the budget but never stop the decoder:
// saying why it stopped must always fit.
func (s *Sink) Add(sev Severity, off int64, part, structure, format string, args ...any) {
	p := Problem{Severity: sev, Offset: off, Part: part, Structure: structure, Message: fmt.Sprintf(format, args...)}
	if b := s.Budget; b != nil {
		b.Used += int64(unsafe.Sizeof(p)) + int64(len(p.Message))
	}
	s.Problems = append(s.Problems, p)
}

// Problem records a problem. Faults can repeat once per reference (per
// offset, per element), so the first maxPerKind of a kind (one format
// string) are kept and the rest counted for one closing problem (see
// Summarize).
func (s *Sink) Problem(sev Severity, off int64, part, structure, format string, args ...any) {
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
		s.Add(sev, off, part, structure, format, args...)
		return
	}
	if k.more == 0 {
		k.sev, k.off, k.part, k.where = sev, off, part, structure
	}
	k.more++
}

// Summarize adds one problem per kind that had more than maxPerKind.
func (s *Sink) Summarize() {
	var kinds []*problemKind
	for _, k := range s.kinds {
		if k.more > 0 {
			kinds = append(kinds, k)
		}
	}
	sort.Slice(kinds, func(i, j int) bool { return kinds[i].off < kinds[j].off })
	for _, k := range kinds {
		s.Add(k.sev, k.off, k.part, k.where, "%d more problems like the %d above, from 0x%x on, are not listed one by one", k.more, maxPerKind, k.off)
	}
	s.kinds = nil
}

// Guard runs decode, turning a panic into an Error problem at off: a decoder
// bug costs what that decoder was reading, not the whole file, and a
// decoder over its budget stops there, keeping what it decoded.
func (s *Sink) Guard(off int64, part, structure string, decode func()) {
	defer func() {
		if e := recover(); e != nil {
			if o, ok := e.(OverBudget); ok {
				s.Add(Error, off, part, structure, "%s: the rest is shown as bytes", o.Error())
				return
			}
			s.Problem(Error, off, part, structure, "internal decoder error (please report): %v", e)
		}
	}()
	decode()
}
