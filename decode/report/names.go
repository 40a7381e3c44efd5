package report

import (
	"fmt"
	"strconv"
	"strings"
)

// Every decoder names enumeration values through EnumName, as debug/elf
// does with stringName: a table per enumeration, one way to print what the
// table does not name. (Flag words: decode's flagNames.)

// EnumName returns names[v], or "typ(v)" for a value the table does not name
// (past its end, or a blank entry of a sparse table).
func EnumName(names []string, v uint64, typ string) string {
	if Named(names, v) {
		return names[v]
	}
	return fmt.Sprintf("%s(%d)", typ, v)
}

// EnumValue reads back what EnumName writes: a name, "typ(123)" or a plain
// number.
func EnumValue(names []string, typ, s string) (uint64, error) {
	for i, n := range names {
		if n != "" && n == s {
			return uint64(i), nil
		}
	}
	t := s
	if strings.HasPrefix(t, typ+"(") && strings.HasSuffix(t, ")") {
		t = t[len(typ)+1 : len(t)-1]
	}
	n, err := strconv.ParseUint(t, 0, 32)
	if err != nil {
		return 0, fmt.Errorf("unknown %s %q", typ, s)
	}
	return n, nil
}

// Named reports whether the table names v.
func Named(names []string, v uint64) bool { return v < uint64(len(names)) && names[v] != "" }
