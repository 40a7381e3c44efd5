// Package report is the small vocabulary every decoder in dxscope speaks:
// a Problem (severity, offset, part, structure, sentence) instead of an
// error, and a Span (path, offset, size, kind) for each decoded value, so
// the hex view can light it up. Packages that decode something other than a
// container (SQLite files, shader databases) use it without importing the
// container decoder.
package report

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math"
	"strings"
)

// Severity says how bad a Problem is.
type Severity int

const (
	// Note: worth knowing, nothing is wrong (e.g. an unaligned part from an old validator).
	Note Severity = iota
	// Warning: a rule of the format is broken, but decoding went on.
	Warning
	// Error: a structure could not be decoded; its bytes are shown raw.
	Error
)

var severityNames = [...]string{"note", "warning", "error"}

func (s Severity) String() string {
	if s < 0 {
		return fmt.Sprintf("Severity(%d)", int(s))
	}
	return EnumName(severityNames[:], uint64(s), "Severity")
}

// MarshalJSON writes the severity by name.
func (s Severity) MarshalJSON() ([]byte, error) { return json.Marshal(s.String()) }

// UnmarshalJSON reads a severity written by MarshalJSON.
func (s *Severity) UnmarshalJSON(b []byte) error {
	var n string
	if err := json.Unmarshal(b, &n); err != nil {
		return err
	}
	v, err := EnumValue(severityNames[:], "Severity", n)
	*s = Severity(v)
	return err
}

// Problem is something found wrong or unusual in a container that was still decoded.
type Problem struct {
	Severity  Severity
	Offset    int64  // absolute byte offset in the file
	Part      string `json:",omitempty"` // part name, empty for the container itself
	Structure string `json:",omitempty"` // the structure being read, e.g. "PSVRuntimeInfo"
	// Rule names the rule the file breaks when a published rule set names
	// it: DXC's validator's CONTAINER.* rules (DXIL.rst), e.g.
	// "CONTAINER.PARTMISSING".
	Rule    string `json:",omitempty"`
	Message string
}

func (p Problem) String() string {
	where := p.Part
	if p.Structure != "" {
		if where != "" {
			where += " "
		}
		where += p.Structure
	}
	if where == "" {
		where = "container"
	}
	if p.Rule != "" {
		return fmt.Sprintf("%s at 0x%x (%s): %s: %s", p.Severity, p.Offset, where, p.Rule, p.Message)
	}
	return fmt.Sprintf("%s at 0x%x (%s): %s", p.Severity, p.Offset, where, p.Message)
}

// CountProblems returns how many problems there are of each severity.
func CountProblems(ps []Problem) (errors, warnings, notes int) {
	for _, p := range ps {
		switch p.Severity {
		case Error:
			errors++
		case Warning:
			warnings++
		default:
			notes++
		}
	}
	return
}

// SpanKind says what a Span covers.
type SpanKind uint8

const (
	SpanField   SpanKind = iota // one decoded value
	SpanStruct                  // a structure made of fields and other structures
	SpanUnknown                 // bytes no decoder claims (unknown data, padding, trailing bytes)
	SpanRaw                     // bytes kept raw on purpose (opaque payloads, undecodable structures)
)

var spanKindNames = [...]string{"field", "struct", "unknown", "raw"}

func (k SpanKind) String() string { return EnumName(spanKindNames[:], uint64(k), "SpanKind") }

// MarshalText writes the kind by name.
func (k SpanKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind written by MarshalText.
func (k *SpanKind) UnmarshalText(b []byte) error {
	v, err := EnumValue(spanKindNames[:], "SpanKind", string(b))
	*k = SpanKind(v)
	return err
}

// IndexPath writes array indices as path segments, the one form every path
// in dxscope takes: "PSVInfo/SigInputElements[2]/Cols" becomes
// "PSVInfo/SigInputElements/2/Cols", the JSON key path.
func IndexPath(p string) string {
	if strings.IndexByte(p, '[') < 0 {
		return p
	}
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		if p[i] == '[' {
			j := i + 1
			for j < len(p) && p[j] >= '0' && p[j] <= '9' {
				j++
			}
			if j > i+1 && j < len(p) && p[j] == ']' {
				if i > 0 && p[i-1] != '/' {
					b.WriteByte('/')
				}
				b.WriteString(p[i+1 : j])
				i = j
				continue
			}
		}
		b.WriteByte(p[i])
	}
	return b.String()
}

// Span is a range of the file that one decoded field or structure came from.
// Path is the JSON key path of the value in its part, from the part's own
// keys: "PSVInfo/SigInputElements/2/Cols" for a PSV0 field, "Name" for the
// part header's FourCC. Part is that part's FourCC; the container's own
// bytes (header, part offset table, gaps, bytes after FileSize) have none
// and are named from the file's keys ("Header/FileSize").
type Span struct {
	Part  string `json:"-"` // a part's spans are listed under it in JSON
	Path  string
	Off   int64 // absolute offset in the file
	Size  int64
	Kind  SpanKind
	Value string `json:",omitempty"` // short rendering of a field's value
}

// End is the offset just past the span.
func (s Span) End() int64 { return s.Off + s.Size }

// CompareSpans orders spans by offset, the wider first at equal offsets, so
// that a structure comes before the fields inside it (File.AllSpans).
func CompareSpans(a, b Span) int {
	if a.Off != b.Off {
		return cmp.Compare(a.Off, b.Off)
	}
	return cmp.Compare(b.Size, a.Size)
}

// NonFiniteJSON is the JSON of a float that JSON numbers cannot hold: the
// string "NaN", "+Inf" or "-Inf". ok is false for a finite v, which the
// caller writes as a number in its own form.
func NonFiniteJSON(v float64) (b []byte, ok bool) {
	switch {
	case math.IsNaN(v):
		return []byte(`"NaN"`), true
	case math.IsInf(v, 1):
		return []byte(`"+Inf"`), true
	case math.IsInf(v, -1):
		return []byte(`"-Inf"`), true
	}
	return nil, false
}

// Counted spells a list by the count its header declares, adding how many
// were decoded when fewer were ("1 parameter (0 decoded)"): a list whose
// records run past the part's end is not a short list. spell writes a count
// ("3 parameters"). A declared count below have (a value built, not read,
// declares none) spells have.
func Counted(declared uint32, have int, spell func(n int) string) string {
	if int64(declared) <= int64(have) {
		return spell(have)
	}
	return fmt.Sprintf("%s (%d decoded)", spell(int(min(declared, 1<<30))), have)
}
