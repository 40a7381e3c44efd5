package report

import "fmt"

// Enum is the name table of one of dxscope's enumeration types and the type
// name printed for values the table does not name: the one place String,
// MarshalText and UnmarshalText of every such type get their bodies from
// (EnumName, EnumValue), as debug/elf's types all print
// through stringName.
type Enum struct {
	Type  string
	Names []string
}

// EnumString is String for a type named by e: the name, or typ(v) for a
// value nobody named (a negative one too, for the signed types).
func EnumString[T ~int | ~uint8 | ~uint32](e Enum, v T) string {
	if v < 0 {
		return fmt.Sprintf("%s(%d)", e.Type, int64(v))
	}
	return EnumName(e.Names, uint64(v), e.Type)
}

// ParseEnum is UnmarshalText for a type named by e: a name, typ(n) or a number.
func ParseEnum[T ~int | ~uint8 | ~uint32](e Enum, v *T, b []byte) error {
	n, err := EnumValue(e.Names, e.Type, string(b))
	*v = T(n)
	return err
}

// WithName returns v and its name (EnumName), so a record that keeps
// a value beside its name (Class, ClassName) reads both in one statement.
func WithName[T ~uint8 | ~uint16 | ~uint32](v T, names []string, typ string) (T, string) {
	return v, EnumName(names, uint64(v), typ)
}
