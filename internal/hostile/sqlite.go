package hostile

import (
	"fmt"
	"strings"
)

// WideTableSQL is the SQL (for the sqlite3 CLI) of a database whose table t
// holds rows one-integer rows, and whose schema then declares columns
// columns for it (written through writable_schema, past SQLite's own limit
// of 2,000): every row is short, and a reader that gives each row a value
// per declared column makes rows × columns of them.
func WideTableSQL(rows, columns int) string {
	var s strings.Builder
	fmt.Fprintf(&s, `PRAGMA page_size = 4096;
CREATE TABLE t(a);
WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM n WHERE x < %d) INSERT INTO t SELECT 1 FROM n;
PRAGMA writable_schema = ON;
UPDATE sqlite_schema SET sql = 'CREATE TABLE t(a`, rows)
	for i := 2; i <= columns; i++ {
		fmt.Fprintf(&s, ", c%d", i)
	}
	s.WriteString(")' WHERE name = 't';\n")
	return s.String()
}

// LongTypeSQL is the SQL of a database whose one column is declared with a
// type name of words words ("x x x ..."), holding rows integers: a reader
// that works out the column's affinity from its type for every value reads
// the type name once per row.
func LongTypeSQL(rows, words int) string {
	return fmt.Sprintf(`PRAGMA page_size = 4096;
CREATE TABLE t(a%s);
WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM n WHERE x < %d) INSERT INTO t SELECT 1 FROM n;
`, strings.Repeat(" x", words), rows)
}

// PrimaryKeyListSQL is the SQL of a database whose table t declares
// columns columns and a table constraint PRIMARY KEY naming every one of
// them (through writable_schema): finding each key column by a walk over
// the columns is columns² name comparisons.
func PrimaryKeyListSQL(columns int) string {
	var s strings.Builder
	s.WriteString(`PRAGMA page_size = 4096;
CREATE TABLE t(a);
PRAGMA writable_schema = ON;
UPDATE sqlite_schema SET sql = 'CREATE TABLE t(c1`)
	for i := 2; i <= columns; i++ {
		fmt.Fprintf(&s, ", c%d", i)
	}
	s.WriteString(", PRIMARY KEY (c1")
	for i := 2; i <= columns; i++ {
		fmt.Fprintf(&s, ", c%d", i)
	}
	s.WriteString("))' WHERE name = 't';\n")
	return s.String()
}
