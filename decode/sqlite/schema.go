package sqlite

import (
	"fmt"
	"strings"

	"github.com/dxscope/dxscope/decode/report"
)

// SchemaEntry is one row of sqlite_schema (also called sqlite_master).
type SchemaEntry struct {
	Type     string // table, index, view, trigger
	Name     string
	TblName  string
	RootPage uint32
	SQL      string
}

// Column is one column of a table as its CREATE TABLE statement declares it.
type Column struct {
	Name       string
	Type       string // declared type, as written ("" when none)
	PrimaryKey bool
	RowidAlias bool // INTEGER PRIMARY KEY: the value is the rowid, stored as NULL in the record
	Virtual    bool // a VIRTUAL generated column: not stored in the record

	real bool // REAL affinity, worked out once from Type (not once per value)
}

// Table is a table of the database.
type Table struct {
	Name         string
	RootPage     uint32
	SQL          string
	Columns      []Column
	WithoutRowid bool // stored as an index b-tree keyed by its primary key

	db     *DB
	order  []int // WITHOUT ROWID: record position -> column index
	parsed bool  // the CREATE TABLE statement named the columns

	// byName maps each column's folded name to its first position, so that
	// finding a column costs the same however many a statement declares.
	byName map[string]int
}

// Index is an index of the database (including the automatic indexes SQLite
// creates for PRIMARY KEY and UNIQUE constraints).
type Index struct {
	Name     string
	Table    string
	RootPage uint32
	SQL      string
	db       *DB
}

// ColumnIndex returns the position of the named column (case-insensitive), or -1.
func (t *Table) ColumnIndex(name string) int {
	if t.byName != nil {
		i, ok := t.byName[foldName(name)]
		if !ok {
			return -1
		}
		if i < len(t.Columns) && strings.EqualFold(t.Columns[i].Name, name) {
			return i
		}
	}
	for i, c := range t.Columns {
		if strings.EqualFold(c.Name, name) {
			return i
		}
	}
	return -1
}

// foldName is a name's case-insensitive key: names equal under
// strings.EqualFold have the same key.
func foldName(s string) string { return strings.ToLower(strings.ToUpper(s)) }

// indexNames fills byName from the columns.
func (t *Table) indexNames() {
	t.byName = make(map[string]int, len(t.Columns))
	for i, c := range t.Columns {
		k := foldName(c.Name)
		if _, ok := t.byName[k]; !ok {
			t.byName[k] = i
		}
	}
}

// DB returns the database the table belongs to.
func (t *Table) DB() *DB { return t.db }

func (db *DB) readSchema() {
	sch := &Table{Name: "sqlite_schema", RootPage: 1, db: db, parsed: true,
		Columns: []Column{{Name: "type", Type: "text"}, {Name: "name", Type: "text"}, {Name: "tbl_name", Type: "text"}, {Name: "rootpage", Type: "int"}, {Name: "sql", Type: "text"}}}
	rows := sch.Rows()
	for rows.Next() {
		if len(db.schema) >= maxSchemaRows {
			db.problem(report.Error, 1, 0, "sqlite_schema", "the schema has more than %d entries; the rest are ignored", maxSchemaRows)
			break
		}
		r := rows.Row()
		e := SchemaEntry{Type: r.Values[0].Text(), Name: r.Values[1].Text(), TblName: r.Values[2].Text(), SQL: r.Values[4].Text()}
		rp := r.Values[3]
		if rp.Type == Integer && rp.Int >= 0 && rp.Int <= 0xffffffff {
			e.RootPage = uint32(rp.Int)
		} else if rp.Type != Null {
			db.problem(report.Error, r.Page, r.Offset, "sqlite_schema", "the schema entry for %q has root page %s, not a page number", e.Name, rp)
		}
		db.schema = append(db.schema, e)
	}
	roots := map[uint32]string{1: "sqlite_schema"}
	for _, e := range db.schema {
		typ := strings.ToLower(e.Type)
		if (typ == "table" || typ == "index") && e.RootPage != 0 {
			if other, dup := roots[e.RootPage]; dup {
				db.problem(report.Error, e.RootPage, db.PageOffset(e.RootPage), "sqlite_schema", "%s %q has root page %d, which is already the root of %q: it is skipped", typ, e.Name, e.RootPage, other)
				continue
			}
			roots[e.RootPage] = e.Name
		}
		switch typ {
		case "table":
			if e.RootPage == 0 {
				continue // virtual tables have no b-tree
			}
			t := &Table{Name: e.Name, RootPage: e.RootPage, SQL: e.SQL, db: db}
			t.parseCreate()
			db.tables = append(db.tables, t)
		case "index":
			if e.RootPage == 0 {
				continue
			}
			db.indexes = append(db.indexes, &Index{Name: e.Name, Table: e.TblName, RootPage: e.RootPage, SQL: e.SQL, db: db})
		}
	}
	for _, t := range db.tables {
		if !t.parsed {
			db.problem(report.Warning, t.RootPage, db.PageOffset(t.RootPage), "sqlite_schema", "the CREATE TABLE statement of %q could not be read; its columns are named by position", t.Name)
		}
	}
}

// Rows returns an iterator over the table's rows in rowid (or key) order.
func (t *Table) Rows() *Rows {
	return &Rows{t: t, w: t.db.newWalker(t.RootPage, !t.WithoutRowid, fmt.Sprintf("table %q", t.Name)), decode: true}
}

// Count walks the table's b-tree and counts its rows without decoding them.
func (t *Table) Count() int64 {
	r := &Rows{t: t, w: t.db.newWalker(t.RootPage, !t.WithoutRowid, fmt.Sprintf("table %q", t.Name))}
	var n int64
	for r.Next() {
		n++
	}
	return n
}

// Entries returns an iterator over the index's entries in key order. Each
// entry's Values are the indexed columns followed by the rowid.
func (x *Index) Entries() *Rows {
	return &Rows{w: x.db.newWalker(x.RootPage, false, fmt.Sprintf("index %q", x.Name)), decode: true}
}

// Count walks the index and counts its entries.
func (x *Index) Count() int64 {
	r := &Rows{w: x.db.newWalker(x.RootPage, false, fmt.Sprintf("index %q", x.Name))}
	var n int64
	for r.Next() {
		n++
	}
	return n
}

// Rows iterates over rows lazily: one b-tree page is held per tree level.
type Rows struct {
	t      *Table
	w      *walker
	decode bool
	row    Row
}

// Next advances to the next row; it returns false at the end. Damaged cells
// are skipped (and reported as problems).
func (r *Rows) Next() bool {
	for {
		c, ok := r.w.next()
		if !ok {
			return false
		}
		r.row = Row{Rowid: c.rowid, Page: c.page, Offset: c.offset, table: r.t}
		if !r.decode {
			return true
		}
		vals, ok := decodeRecord(c.pl)
		if !ok && len(vals) == 0 {
			continue
		}
		r.row.Values = r.shape(vals, c.rowid)
		return true
	}
}

// Row returns the current row; it stays valid after Next.
func (r *Rows) Row() *Row {
	row := r.row
	return &row
}

// shape maps record values to the table's columns: the rowid alias takes the
// rowid, missing trailing columns (added by ALTER TABLE) are NULL, virtual
// generated columns are not stored.
func (r *Rows) shape(vals []Value, rowid int64) []Value {
	t := r.t
	if t == nil || !t.parsed {
		return vals
	}
	// The columns a row does not store (added later, or virtual) are
	// padding that costs nothing in the file: a hostile schema can declare
	// thousands for rows of a byte. Past the database's budget a row shows
	// the values it stores, by position.
	if pad := len(t.Columns) - len(vals); pad > 0 && t.RootPage != 1 && !t.db.spendPadding(pad, t) {
		return vals
	}
	out := make([]Value, len(t.Columns))
	for i := range out {
		out[i] = Value{Offset: -1}
	}
	if t.WithoutRowid {
		for k, v := range vals {
			if k < len(t.order) {
				out[t.order[k]] = v
			}
		}
		return out
	}
	k := 0
	for i, c := range t.Columns {
		if c.Virtual {
			continue
		}
		if k < len(vals) {
			out[i] = vals[k]
		}
		k++
		if c.RowidAlias {
			out[i] = Value{Type: Integer, Int: rowid, Offset: -1}
		}
	}
	for i := range out {
		// SQLite stores integral values of REAL columns as integers and turns
		// them back into reals when read; do the same.
		if out[i].Type == Integer && t.Columns[i].real {
			out[i].Type = Float
			out[i].Float = float64(out[i].Int)
		}
	}
	return out
}

// realAffinity applies SQLite's column affinity rules for REAL: a declared
// type containing REAL, FLOA or DOUB (and not INT, which wins).
func realAffinity(typ string) bool {
	u := strings.ToUpper(typ)
	if strings.Contains(u, "INT") || strings.Contains(u, "CHAR") || strings.Contains(u, "CLOB") || strings.Contains(u, "TEXT") || strings.Contains(u, "BLOB") {
		return false
	}
	return strings.Contains(u, "REAL") || strings.Contains(u, "FLOA") || strings.Contains(u, "DOUB")
}

// Depth returns the number of b-tree levels from the table's root to its
// left-most leaf (1 when the root is a leaf), or 0 when the root cannot be read.
func (t *Table) Depth() int {
	db := t.db
	n := t.RootPage
	seen := map[uint32]bool{}
	for d := 1; d <= maxTreeDepth; d++ {
		if seen[n] {
			return 0
		}
		seen[n] = true
		p, ok := db.readBtreePage(n, fmt.Sprintf("table %q", t.Name))
		if !ok {
			return 0
		}
		if p.typ.leaf() {
			return d
		}
		if p.cells == 0 {
			n = p.rightmost
			continue
		}
		c, ok := db.readCell(p, 0)
		if !ok {
			return 0
		}
		n = c.child
	}
	return 0
}

// ---- CREATE TABLE: just enough to name the columns ----

// tokens splits SQL into identifiers, quoted names, strings, numbers and
// punctuation. Comments are dropped.
func tokens(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			i++
		case c == '-' && i+1 < len(s) && s[i+1] == '-':
			for i < len(s) && s[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(s) && s[i+1] == '*':
			j := strings.Index(s[i+2:], "*/")
			if j < 0 {
				i = len(s)
			} else {
				i += j + 4
			}
		case c == '"' || c == '\'' || c == '`' || c == '[':
			end := c
			if c == '[' {
				end = ']'
			}
			j := i + 1
			for j < len(s) {
				if s[j] == end {
					if end != ']' && j+1 < len(s) && s[j+1] == end {
						j += 2 // doubled quote
						continue
					}
					break
				}
				j++
			}
			if j >= len(s) {
				out = append(out, s[i:])
				i = len(s)
			} else {
				out = append(out, s[i:j+1])
				i = j + 1
			}
		case isIdent(c):
			j := i
			for j < len(s) && isIdent(s[j]) {
				j++
			}
			out = append(out, s[i:j])
			i = j
		default:
			out = append(out, s[i:i+1])
			i++
		}
	}
	return out
}

func isIdent(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// unquote returns a name without its quotes.
func unquote(t string) string {
	if len(t) >= 2 {
		switch t[0] {
		case '"', '`', '\'':
			if t[len(t)-1] == t[0] {
				q := string(t[0])
				return strings.ReplaceAll(t[1:len(t)-1], q+q, q)
			}
		case '[':
			if t[len(t)-1] == ']' {
				return t[1 : len(t)-1]
			}
		}
	}
	return t
}

// columnConstraint words end a column's type name.
var columnConstraint = map[string]bool{"CONSTRAINT": true, "PRIMARY": true, "NOT": true, "NULL": true, "UNIQUE": true,
	"CHECK": true, "DEFAULT": true, "COLLATE": true, "REFERENCES": true, "GENERATED": true, "AS": true}

// tableConstraint words start a table constraint instead of a column.
var tableConstraint = map[string]bool{"CONSTRAINT": true, "PRIMARY": true, "UNIQUE": true, "CHECK": true, "FOREIGN": true}

// parseCreate reads the column list of the table's CREATE TABLE statement.
func (t *Table) parseCreate() {
	toks := tokens(t.SQL)
	// Find the opening parenthesis of the column list.
	start := -1
	for i, tk := range toks {
		if tk == "(" {
			start = i
			break
		}
		if strings.EqualFold(tk, "AS") {
			return // CREATE TABLE ... AS SELECT: no column list
		}
	}
	if start < 0 {
		return
	}
	// Split the list at top-level commas.
	var defs [][]string
	var cur []string
	depth := 0
	end := -1
	for i := start + 1; i < len(toks); i++ {
		tk := toks[i]
		if tk == "(" {
			depth++
		} else if tk == ")" {
			if depth == 0 {
				end = i
				break
			}
			depth--
		} else if tk == "," && depth == 0 {
			defs = append(defs, cur)
			cur = nil
			continue
		}
		cur = append(cur, tk)
	}
	if end < 0 {
		return
	}
	defs = append(defs, cur)
	for _, tk := range toks[end+1:] {
		if strings.EqualFold(tk, "ROWID") {
			t.WithoutRowid = true // "WITHOUT ROWID"
		}
	}
	var pkCols []string
	for _, d := range defs {
		if len(d) == 0 {
			continue
		}
		if tableConstraint[strings.ToUpper(d[0])] {
			// PRIMARY KEY (a, b) or CONSTRAINT name PRIMARY KEY (...)
			for i := 0; i+1 < len(d); i++ {
				if strings.EqualFold(d[i], "PRIMARY") && strings.EqualFold(d[i+1], "KEY") {
					depth := 0
					for _, tk := range d[i+2:] {
						switch tk {
						case "(":
							depth++
						case ")":
							depth--
						case ",":
						default:
							if depth == 1 {
								u := strings.ToUpper(tk)
								if u != "ASC" && u != "DESC" && u != "COLLATE" {
									pkCols = append(pkCols, unquote(tk))
								}
							}
						}
					}
					break
				}
			}
			continue
		}
		c := Column{Name: unquote(d[0])}
		var typ []string
		i := 1
		for ; i < len(d) && !columnConstraint[strings.ToUpper(d[i])]; i++ {
			typ = append(typ, d[i])
		}
		c.Type = joinType(typ)
		c.real = realAffinity(c.Type)
		desc := false
		generated, stored := false, false
		for j := i; j < len(d); j++ {
			u := strings.ToUpper(d[j])
			switch u {
			case "PRIMARY":
				if j+1 < len(d) && strings.EqualFold(d[j+1], "KEY") {
					c.PrimaryKey = true
					if j+2 < len(d) && strings.EqualFold(d[j+2], "DESC") {
						desc = true
					}
				}
			case "AS", "GENERATED":
				generated = true
			case "STORED":
				stored = true
			}
		}
		if generated && !stored {
			c.Virtual = true
		}
		if c.PrimaryKey && strings.EqualFold(c.Type, "INTEGER") && !desc {
			c.RowidAlias = true
		}
		t.Columns = append(t.Columns, c)
	}
	t.indexNames()
	if len(pkCols) > 0 {
		for _, n := range pkCols {
			if i := t.ColumnIndex(n); i >= 0 {
				t.Columns[i].PrimaryKey = true
				if len(pkCols) == 1 && strings.EqualFold(t.Columns[i].Type, "INTEGER") {
					t.Columns[i].RowidAlias = true
				}
			}
		}
	}
	if t.WithoutRowid {
		// No rowid, so no alias; the record holds the key columns first.
		var keys, rest []int
		for i := range t.Columns {
			t.Columns[i].RowidAlias = false
			if t.Columns[i].PrimaryKey {
				keys = append(keys, i)
			} else if !t.Columns[i].Virtual {
				rest = append(rest, i)
			}
		}
		if len(pkCols) > 0 {
			keys = keys[:0]
			for _, n := range pkCols {
				if i := t.ColumnIndex(n); i >= 0 {
					keys = append(keys, i)
				}
			}
		}
		t.order = append(keys, rest...)
	}
	t.parsed = len(t.Columns) > 0
	if !t.parsed {
		t.Columns = nil
	}
}

// joinType writes a declared type's tokens back as SQL writes them: words
// separated by spaces, punctuation attached ("VARCHAR(10)", "DECIMAL(10, 5)").
func joinType(toks []string) string {
	var sb strings.Builder
	for i, tk := range toks {
		if i > 0 && isIdent(tk[0]) && isIdent(toks[i-1][len(toks[i-1])-1]) {
			sb.WriteByte(' ')
		} else if i > 0 && toks[i-1] == "," {
			sb.WriteByte(' ')
		}
		sb.WriteString(tk)
	}
	return sb.String()
}
