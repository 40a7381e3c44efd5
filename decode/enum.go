package decode

import (
	"fmt"

	"github.com/dxscope/dxscope/decode/report"
)

// enum is the name table of one of decode's enumeration types and the type
// name printed for values the table does not name: the one place String,
// MarshalText and UnmarshalText of every such type get their bodies from
// (report.EnumName, report.EnumValue), as debug/elf's types all print
// through stringName.
type enum struct {
	typ   string
	names []string
}

// enumString is String for a type named by e: the name, or typ(v) for a
// value nobody named (a negative one too, for the signed types).
func enumString[T ~int | ~uint8 | ~uint32](e enum, v T) string {
	if v < 0 {
		return fmt.Sprintf("%s(%d)", e.typ, int64(v))
	}
	return report.EnumName(e.names, uint64(v), e.typ)
}

// parseEnum is UnmarshalText for a type named by e: a name, typ(n) or a number.
func parseEnum[T ~int | ~uint8 | ~uint32](e enum, v *T, b []byte) error {
	n, err := report.EnumValue(e.names, e.typ, string(b))
	*v = T(n)
	return err
}

// withName returns v and its name (report.EnumName), so a record that keeps
// a value beside its name (Class, ClassName) reads both in one statement.
func withName[T ~uint8 | ~uint16 | ~uint32](v T, names []string, typ string) (T, string) {
	return v, report.EnumName(names, uint64(v), typ)
}
