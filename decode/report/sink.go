package report

import (
	"fmt"
	"sort"
)

// Sink collects what decoding found: spans for the hex view and problems.
type Sink struct {
	Spans    []Span
	Problems []Problem

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

// Span records a span, its array indices written as path segments.
func (s *Sink) Span(sp Span) {
	sp.Path = IndexPath(sp.Path)
	s.Spans = append(s.Spans, sp)
}

// Add records a problem that is never summed up with others of its kind.
func (s *Sink) Add(sev Severity, off int64, part, structure, format string, args ...any) {
	s.Problems = append(s.Problems, Problem{Severity: sev, Offset: off, Part: part, Structure: structure, Message: fmt.Sprintf(format, args...)})
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
// bug costs what that decoder was reading, not the whole file.
func (s *Sink) Guard(off int64, part, structure string, decode func()) {
	defer func() {
		if e := recover(); e != nil {
			s.Problem(Error, off, part, structure, "internal decoder error (please report): %v", e)
		}
	}()
	decode()
}
