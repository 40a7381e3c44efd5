// Package sqlite reads SQLite 3 database files, read-only, from bytes in
// memory, in pure Go that also runs in the browser (GOOS=js GOARCH=wasm).
//
// It exists because shaders ship inside SQLite databases (state object and
// precompiled shader databases) and the inspector must open files it did not
// write, possibly hostile ones. So it reads only what an inspector needs (the
// header, table and index b-trees, overflow chains, the record format and
// enough of sqlite_schema to name columns) and checks everything it follows:
// page numbers, cycles, depth, lengths. Damage becomes a Problem; nothing
// panics and nothing loops without bound.
//
// Rows are read lazily through an iterator, and text and blob values are
// assembled only when asked for, so listing a large file costs little.
//
// Layout facts follow the SQLite "Database File Format" document
// (sqlite.org/fileformat2.html).
package sqlite

import (
	"encoding/binary"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/dxscope/dxscope/decode/report"
)

// Magic is the 16-byte header string every SQLite 3 database starts with.
const Magic = "SQLite format 3\x00"

// HeaderSize is the size of the database header at the start of page 1.
const HeaderSize = 100

// Limits that keep hostile files cheap. SQLite's own cursor depth limit is 20.
const (
	maxTreeDepth  = 40
	maxProblems   = 500
	maxSchemaRows = 100000

	// Rows get a NULL for each declared column they do not store, up to
	// this many in all and paddingPerByte more per byte of the file (a
	// value takes 72 bytes). Real files pad rarely: rows written before an
	// ALTER TABLE ADD COLUMN.
	maxPadding     = 1 << 16
	paddingPerByte = 2
)

// TextEncoding is the database text encoding (header offset 56).
type TextEncoding uint32

// The text encodings SQLite defines.
const (
	UTF8    TextEncoding = 1
	UTF16le TextEncoding = 2
	UTF16be TextEncoding = 3
)

func (e TextEncoding) String() string {
	return report.EnumName([]string{UTF8: "UTF-8", UTF16le: "UTF-16le", UTF16be: "UTF-16be"}, uint64(e), "TextEncoding")
}

// Header is the 100-byte database header, fields named as the file format
// document names them.
type Header struct {
	PageSize            int    // bytes per page, decoded (the raw value 1 means 65536)
	RawPageSize         uint16 // offset 16, as stored
	WriteVersion        uint8  // offset 18: 1 legacy, 2 WAL
	ReadVersion         uint8  // offset 19: 1 legacy, 2 WAL
	ReservedBytes       uint8  // offset 20: unused bytes at the end of each page
	MaxPayloadFraction  uint8  // offset 21, must be 64
	MinPayloadFraction  uint8  // offset 22, must be 32
	LeafPayloadFraction uint8  // offset 23, must be 32
	FileChangeCounter   uint32 // offset 24
	DatabaseSize        uint32 // offset 28: size in pages (trusted only when VersionValidFor matches)
	FirstFreelistTrunk  uint32 // offset 32
	FreelistPages       uint32 // offset 36
	SchemaCookie        uint32 // offset 40
	SchemaFormat        uint32 // offset 44: 1..4
	DefaultCacheSize    uint32 // offset 48
	LargestRootPage     uint32 // offset 52: nonzero in auto-vacuum databases
	TextEncoding        TextEncoding
	UserVersion         uint32 // offset 60 (PRAGMA user_version)
	IncrementalVacuum   uint32 // offset 64
	ApplicationID       uint32 // offset 68 (PRAGMA application_id)
	VersionValidFor     uint32 // offset 92
	SQLiteVersion       uint32 // offset 96: SQLITE_VERSION_NUMBER of the last writer
}

// WAL reports whether the database is in write-ahead-log mode (bytes 18 and 19 are 2).
func (h Header) WAL() bool { return h.WriteVersion == 2 || h.ReadVersion == 2 }

// Problem is something wrong or unusual found in a database, with the page it
// was found on (0 when it concerns no single page) and its absolute offset.
type Problem struct {
	Severity  report.Severity
	Page      uint32
	Offset    int64
	Structure string // what was being read, e.g. "table leaf page"
	Message   string
}

func (p Problem) String() string {
	where := p.Structure
	if p.Page != 0 {
		where = fmt.Sprintf("page %d, %s", p.Page, where)
	}
	return fmt.Sprintf("%s at 0x%x (%s): %s", p.Severity, p.Offset, where, p.Message)
}

// Error makes a Problem usable as an error.
func (p *Problem) Error() string { return p.String() }

// DB is an open database. Its methods may be called from one goroutine at a
// time; the problem list alone is guarded, so iterators may report into it.
type DB struct {
	Header Header

	data      []byte
	pageSize  int
	usable    int
	pageCount uint32

	schema  []SchemaEntry
	tables  []*Table
	indexes []*Index

	mu       sync.Mutex
	problems []Problem
	seen     map[string]bool
	dropped  int

	// owner records which b-tree (minus its root page) or which cell's
	// overflow chain (the cell's offset) each page was first reached from.
	// In a sound file no page serves two; refusing a second owner keeps a
	// hostile file from making many trees or chains share one long run of
	// pages, which would make reading it quadratic.
	owner map[uint32]int64

	// padding is what is left of the NULLs rows may be given for the
	// columns they do not store (maxPadding, paddingPerByte).
	padding int64
}

// NotSQLiteError is returned by Open for bytes that are not a SQLite 3 database.
type NotSQLiteError struct{ Msg string }

func (e *NotSQLiteError) Error() string { return "not a SQLite 3 database: " + e.Msg }

// IsSQLite reports whether data starts with the SQLite 3 header string.
func IsSQLite(data []byte) bool {
	return len(data) >= len(Magic) && string(data[:len(Magic)]) == Magic
}

// Open reads the header and the schema of the database in data. It returns an
// error only when data is not a SQLite 3 database at all; any damage after
// that is a Problem, and what could be read is still there.
func Open(data []byte) (*DB, error) {
	if len(data) < HeaderSize {
		if IsSQLite(data) || (len(data) < len(Magic) && strings.HasPrefix(Magic, string(data))) {
			return nil, &NotSQLiteError{fmt.Sprintf("%d bytes is shorter than the %d-byte header", len(data), HeaderSize)}
		}
		return nil, &NotSQLiteError{"the file does not start with \"SQLite format 3\""}
	}
	if !IsSQLite(data) {
		return nil, &NotSQLiteError{"the file does not start with \"SQLite format 3\""}
	}
	db := &DB{data: data, seen: map[string]bool{}, owner: map[uint32]int64{}, padding: maxPadding + paddingPerByte*int64(len(data))}
	db.readHeader()
	if db.usable > 0 {
		db.readSchema()
	}
	return db, nil
}

func (db *DB) readHeader() {
	b := db.data
	h := &db.Header
	be := binary.BigEndian
	h.RawPageSize = be.Uint16(b[16:])
	h.WriteVersion, h.ReadVersion = b[18], b[19]
	h.ReservedBytes = b[20]
	h.MaxPayloadFraction, h.MinPayloadFraction, h.LeafPayloadFraction = b[21], b[22], b[23]
	h.FileChangeCounter = be.Uint32(b[24:])
	h.DatabaseSize = be.Uint32(b[28:])
	h.FirstFreelistTrunk = be.Uint32(b[32:])
	h.FreelistPages = be.Uint32(b[36:])
	h.SchemaCookie = be.Uint32(b[40:])
	h.SchemaFormat = be.Uint32(b[44:])
	h.DefaultCacheSize = be.Uint32(b[48:])
	h.LargestRootPage = be.Uint32(b[52:])
	h.TextEncoding = TextEncoding(be.Uint32(b[56:]))
	h.UserVersion = be.Uint32(b[60:])
	h.IncrementalVacuum = be.Uint32(b[64:])
	h.ApplicationID = be.Uint32(b[68:])
	h.VersionValidFor = be.Uint32(b[92:])
	h.SQLiteVersion = be.Uint32(b[96:])

	ps := int(h.RawPageSize)
	if ps == 1 {
		ps = 65536
	}
	h.PageSize = ps
	if ps < 512 || ps > 65536 || ps&(ps-1) != 0 {
		db.problem(report.Error, 0, 16, "database header", "the page size %d is not a power of two between 512 and 65536: no page can be read", h.RawPageSize)
		return
	}
	db.pageSize = ps
	db.usable = ps - int(h.ReservedBytes)
	if db.usable < 480 {
		db.problem(report.Error, 0, 20, "database header", "%d reserved bytes leave %d usable bytes per page, fewer than the 480 the format requires: no page can be read", h.ReservedBytes, db.usable)
		db.usable = 0
		return
	}
	if h.ReservedBytes != 0 {
		db.problem(report.Note, 0, 20, "database header", "each page ends with %d reserved bytes (used by encryption or checksum extensions)", h.ReservedBytes)
	}
	if h.MaxPayloadFraction != 64 || h.MinPayloadFraction != 32 || h.LeafPayloadFraction != 32 {
		db.problem(report.Warning, 0, 21, "database header", "payload fractions are %d/%d/%d; the format requires 64/32/32", h.MaxPayloadFraction, h.MinPayloadFraction, h.LeafPayloadFraction)
	}
	for i, v := range []uint8{h.WriteVersion, h.ReadVersion} {
		if v != 1 && v != 2 {
			db.problem(report.Warning, 0, int64(18+i), "database header", "file format version byte %d is %d; only 1 (legacy) and 2 (WAL) are defined", 18+i, v)
		}
	}
	if h.WAL() {
		db.problem(report.Note, 0, 18, "database header", "the database is in WAL mode: it is read from the main file alone, so changes still in the -wal file (not yet checkpointed) are not visible")
	}
	switch h.TextEncoding {
	case UTF8, UTF16le, UTF16be:
	case 0:
		// An empty database has no encoding yet.
	default:
		db.problem(report.Warning, 0, 56, "database header", "text encoding %d is not 1, 2 or 3; text is read as UTF-8", uint32(h.TextEncoding))
	}
	if h.SchemaFormat > 4 {
		db.problem(report.Warning, 0, 44, "database header", "schema format number %d is above 4, the highest defined", h.SchemaFormat)
	}

	filePages := int64(len(db.data)) / int64(ps)
	if rem := int64(len(db.data)) % int64(ps); rem != 0 {
		db.problem(report.Warning, uint32(filePages+1), filePages*int64(ps), "database file", "the file size %d is not a multiple of the page size %d: the last %d bytes are a partial page and are ignored", len(db.data), ps, rem)
	}
	if filePages > 0xffffffff {
		filePages = 0xffffffff
	}
	n := uint32(filePages)
	if h.DatabaseSize != 0 && h.VersionValidFor == h.FileChangeCounter {
		if int64(h.DatabaseSize) > filePages {
			db.problem(report.Error, 0, 28, "database header", "the header says the database has %d pages but the file holds only %d: the file is truncated and pages after %d cannot be read", h.DatabaseSize, filePages, filePages)
		} else {
			if int64(h.DatabaseSize) < filePages {
				db.problem(report.Note, 0, 28, "database header", "the file holds %d pages but the header counts %d: the pages after %d are not part of the database", filePages, h.DatabaseSize, h.DatabaseSize)
			}
			n = h.DatabaseSize
		}
	}
	db.pageCount = n
}

// PageCount returns the number of pages that can be read.
func (db *DB) PageCount() uint32 { return db.pageCount }

// UsableSize returns the bytes of each page available to b-tree content.
func (db *DB) UsableSize() int { return db.usable }

// Size returns the number of bytes the database was opened from.
func (db *DB) Size() int64 { return int64(len(db.data)) }

// Data returns the bytes the database was opened from.
func (db *DB) Data() []byte { return db.data }

// PageOffset returns the absolute file offset of page n (pages count from 1).
func (db *DB) PageOffset(n uint32) int64 { return int64(n-1) * int64(db.pageSize) }

// Problems returns everything found wrong so far, in order of discovery.
// Reading more rows may add problems.
func (db *DB) Problems() []Problem {
	db.mu.Lock()
	defer db.mu.Unlock()
	out := append([]Problem(nil), db.problems...)
	if db.dropped > 0 {
		out = append(out, Problem{Severity: report.Note, Message: fmt.Sprintf("%d more problems were found and not listed", db.dropped)})
	}
	return out
}

// problem records a problem once (the same message on the same page is kept once,
// since iterating twice finds the same damage again).
func (db *DB) problem(sev report.Severity, page uint32, off int64, structure, format string, args ...any) *Problem {
	p := Problem{Severity: sev, Page: page, Offset: off, Structure: structure, Message: fmt.Sprintf(format, args...)}
	db.mu.Lock()
	defer db.mu.Unlock()
	key := fmt.Sprintf("%d\x00%d\x00%s", page, off, p.Message)
	if db.seen[key] {
		return &p
	}
	db.seen[key] = true
	if len(db.problems) >= maxProblems {
		db.dropped++
		return &p
	}
	db.problems = append(db.problems, p)
	return &p
}

// claim records that page n is used by owner; it returns false and the
// first owner when another owner already uses it.
func (db *DB) claim(n uint32, owner int64) (int64, bool) {
	db.mu.Lock()
	defer db.mu.Unlock()
	if prev, ok := db.owner[n]; ok && prev != owner {
		return prev, false
	}
	db.owner[n] = owner
	return owner, true
}

// spendPadding takes n NULLs for a row of t from the padding budget; when it
// is spent it says so once and returns false.
func (db *DB) spendPadding(n int, t *Table) bool {
	db.mu.Lock()
	left := db.padding
	if left >= int64(n) {
		db.padding -= int64(n)
	} else {
		db.padding = -1
	}
	db.mu.Unlock()
	if left >= int64(n) {
		return true
	}
	if left >= 0 {
		db.problem(report.Warning, t.RootPage, db.PageOffset(t.RootPage), fmt.Sprintf("table %q", t.Name), "rows of %q store fewer values than its %d declared columns, and the NULLs for the others would pass %d for this database: from here on a row shows the values it stores, by position", t.Name, len(t.Columns), maxPadding+paddingPerByte*len(db.data))
	}
	return false
}

// ownerName describes an owner recorded by claim.
func ownerName(o int64) string {
	if o <= 0 {
		return fmt.Sprintf("the b-tree rooted at page %d", -o)
	}
	return fmt.Sprintf("the overflow chain of the cell at 0x%x", o)
}

// page returns page n's bytes, or nil with a problem when n is out of range.
func (db *DB) page(n uint32, from string) []byte {
	if n == 0 || n > db.pageCount || db.usable == 0 {
		db.problem(report.Error, 0, 0, from, "page number %d is out of range (the database has pages 1 to %d)", n, db.pageCount)
		return nil
	}
	off := int64(n-1) * int64(db.pageSize)
	return db.data[off : off+int64(db.pageSize)]
}

// Schema returns the rows of sqlite_schema.
func (db *DB) Schema() []SchemaEntry { return db.schema }

// Tables returns the tables named in the schema that have a b-tree (in schema order).
func (db *DB) Tables() []*Table { return db.tables }

// Indexes returns the indexes named in the schema that have a b-tree.
func (db *DB) Indexes() []*Index { return db.indexes }

// Table returns the table of that name (case-insensitive, as SQL names are), or nil.
func (db *DB) Table(name string) *Table {
	for _, t := range db.tables {
		if strings.EqualFold(t.Name, name) {
			return t
		}
	}
	return nil
}

// Index returns the index of that name (case-insensitive), or nil.
func (db *DB) Index(name string) *Index {
	for _, x := range db.indexes {
		if strings.EqualFold(x.Name, name) {
			return x
		}
	}
	return nil
}

// TableNames returns the names of the tables, sorted.
func (db *DB) TableNames() []string {
	var out []string
	for _, t := range db.tables {
		out = append(out, t.Name)
	}
	sort.Strings(out)
	return out
}
