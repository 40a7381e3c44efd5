package report

import (
	"fmt"
	"strconv"
	"strings"
)

// Every decoder names enumeration values through EnumName, as debug/elf
// does with stringName: a table per enumeration, one way to print what the
// table does not name. (Flag words: decode's flagNames.)

// MaxNameLen is the most of one name or string from a file that a decoded
// value holds. Real names are at most a few hundred bytes; a file whose
// thousands of records all name one string a megabyte long would otherwise
// make every consumer of the decoded values (JSON, the page's tree, text
// dumps) copy that string once per record: a 512 KB RDEF became 2 GB of
// JSON. The bytes stay in the part and the hex view; the part says how many
// were cut. Here, below every reader, so that a language that reads no
// binread structures (DXIL's metadata strings) holds its names to it too.
const MaxNameLen = 1024

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
