package decode

import (
	"fmt"

	"github.com/dxscope/dxscope/decode/report"
)

// The shared vocabulary (package report), named here so decoders and their
// users write decode.Problem, decode.Error, decode.Span as before.
type (
	// Severity says how bad a Problem is.
	Severity = report.Severity
	// Problem is something found wrong or unusual in a container that was still decoded.
	Problem = report.Problem
	// SpanKind says what a Span covers.
	SpanKind = report.SpanKind
	// Span is a range of the file that one decoded field or structure came from.
	Span = report.Span
)

// Severities and span kinds, as in package report.
const (
	Note, Warning, Error                        = report.Note, report.Warning, report.Error
	SpanField, SpanStruct, SpanUnknown, SpanRaw = report.SpanField, report.SpanStruct, report.SpanUnknown, report.SpanRaw
)

// CountProblems returns how many problems there are of each severity.
func CountProblems(ps []Problem) (errors, warnings, notes int) { return report.CountProblems(ps) }

// FormatError is returned when the input is not a container at all.
// Like debug/elf.FormatError it carries the offset and what was being read.
type FormatError struct {
	Off       int64
	Structure string
	Msg       string
}

func (e *FormatError) Error() string {
	return fmt.Sprintf("decoding error at offset 0x%x (%s): %s", e.Off, e.Structure, e.Msg)
}
