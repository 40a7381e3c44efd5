package decode

import (
	"encoding/json"
	"fmt"
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
	if int(s) < len(severityNames) && s >= 0 {
		return severityNames[s]
	}
	return fmt.Sprintf("Severity(%d)", int(s))
}

// MarshalJSON writes the severity by name.
func (s Severity) MarshalJSON() ([]byte, error) { return json.Marshal(s.String()) }

// UnmarshalJSON reads a severity written by MarshalJSON.
func (s *Severity) UnmarshalJSON(b []byte) error {
	var n string
	if err := json.Unmarshal(b, &n); err != nil {
		return err
	}
	for i, v := range severityNames {
		if v == n {
			*s = Severity(i)
			return nil
		}
	}
	return fmt.Errorf("unknown severity %q", n)
}

// Problem is something found wrong or unusual in a container that was still decoded.
type Problem struct {
	Severity  Severity
	Offset    int64  // absolute byte offset in the file
	Part      string `json:",omitempty"` // part name, empty for the container itself
	Structure string `json:",omitempty"` // the structure being read, e.g. "PSVRuntimeInfo"
	Message   string
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
	return fmt.Sprintf("%s at 0x%x (%s): %s", p.Severity, p.Offset, where, p.Message)
}

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
