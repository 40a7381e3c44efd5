// Package shaderdb shows what a SQLite database holds for a shader inspector:
// a state object database (SODB, recorded by an application), a precompiled
// shader database (PSDB, written by a vendor's compiler plugin), or any other
// SQLite file whose blobs may hold shader containers.
//
// Open is the one entry point from bytes to a view. Containers found in the
// database are read on demand (Shader.Bytes, Shader.Parse, BlobRef.Bytes),
// and their absolute offsets in the database file are given whenever a blob
// lies contiguously on one page, so the hex view can point at them.
//
// A page uses it like this:
//
//	d, err := shaderdb.Open(fileBytes) // err: not a SQLite file
//	for _, c := range d.Containers() {  // SODB rows, or containers found in blobs
//		_ = c.Label; _ = c.FileOffset    // list them (FileOffset -1: assembled from overflow pages)
//		f, err := c.Parse()              // open one as a *decode.File
//	}
//	// d.Kind, d.SODB (groups, pipelines, stages, state objects), d.PSDB
//	// (Link(sodb, psdb) pairs groups), d.Tables, d.Blobs, d.Problems().
package shaderdb

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/sqlite"
)

// Kind says which view a database gets.
type Kind uint8

// The kinds of database this package recognises.
const (
	Generic  Kind = iota // any other SQLite file
	SODBKind             // state object database (documented schema)
	PSDBKind             // precompiled shader database (unofficial schema)
)

var kindNames = [...]struct{ long, short string }{
	Generic:  {"SQLite database", "SQLite"},
	SODBKind: {"state object database (SODB)", "SODB"},
	PSDBKind: {"precompiled shader database (PSDB, unofficial schema)", "PSDB"},
}

// name is the kind's entry, a generic SQLite file's for any other value.
func (k Kind) name() struct{ long, short string } {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return kindNames[Generic]
}

func (k Kind) String() string { return k.name().long }

// Short is the kind's abbreviation: SODB, PSDB or SQLite.
func (k Kind) Short() string { return k.name().short }

// SODBApplicationID is the application_id of a state object database
// (DirectX-Specs StateObjectDatabase.md, "SQL Database Schema").
const SODBApplicationID = 0x0D3D50DB

// SODBUserVersion is the schema version (user_version) that document describes.
const SODBUserVersion = 2

// Database is an opened database with the view its kind calls for.
type Database struct {
	SQL     *sqlite.DB
	Kind    Kind
	Tables  []TableInfo // every table, with row counts (all kinds)
	SODB    *SODB       // set for SODBKind
	PSDB    *PSDB       // set for PSDBKind
	Blobs   []BlobInfo  // Generic: every BLOB value, checked for containers
	Scanned bool        // Blobs was filled (always for Generic; ScanBlobs for the others)

	problems []sqlite.Problem
}

// TableInfo is one table's name, columns and row count.
type TableInfo struct {
	Name    string
	Columns []sqlite.Column
	Rows    int64
	Blobs   int // BLOB values seen when scanned
}

// Open reads a SQLite database and builds the view its kind calls for. It
// returns an error only when data is not a SQLite 3 database.
func Open(data []byte) (*Database, error) {
	sdb, err := sqlite.Open(data)
	if err != nil {
		return nil, err
	}
	d := &Database{SQL: sdb}
	for _, t := range sdb.Tables() {
		d.Tables = append(d.Tables, TableInfo{Name: t.Name, Columns: t.Columns, Rows: t.Count()})
	}
	if sdb.Header.WAL() {
		var rows int64
		for _, t := range d.Tables {
			rows += t.Rows
		}
		if rows == 0 && len(d.Tables) > 0 {
			d.note(decode.Warning, "the database is in WAL mode and its main file holds no rows: its content is probably still in the -wal file beside it, which was never checkpointed (sqlite3 FILE 'PRAGMA wal_checkpoint' folds it in)")
		}
	}
	switch {
	case sdb.Header.ApplicationID == SODBApplicationID:
		d.Kind = SODBKind
		if sdb.Header.UserVersion != SODBUserVersion {
			d.note(decode.Note, "the state object database has schema version (user_version) %d; the published schema is version %d", sdb.Header.UserVersion, SODBUserVersion)
		}
		d.SODB = d.readSODB()
	case isPSDB(sdb):
		d.Kind = PSDBKind
		d.PSDB = d.readPSDB()
	default:
		if hasTables(sdb, "shader_bytecode", "pipeline_states", "groups") {
			d.note(decode.Warning, "the database has the state object database tables but application_id 0x%08X, not 0x%08X: it is shown as a plain SQLite file", sdb.Header.ApplicationID, uint32(SODBApplicationID))
		}
		d.ScanBlobs()
	}
	return d, nil
}

// Problems returns the SQLite reader's problems followed by the view's own.
func (d *Database) Problems() []sqlite.Problem {
	return append(d.SQL.Problems(), d.problems...)
}

func (d *Database) note(sev decode.Severity, format string, args ...any) {
	d.problems = append(d.problems, sqlite.Problem{Severity: sev, Structure: d.Kind.String(), Message: fmt.Sprintf(format, args...)})
}

func hasTables(db *sqlite.DB, names ...string) bool {
	for _, n := range names {
		if db.Table(n) == nil {
			return false
		}
	}
	return true
}

// forRows calls fn for each row of the named table; a missing table is no rows.
func forRows(db *sqlite.DB, table string, fn func(r *sqlite.Row)) bool {
	t := db.Table(table)
	if t == nil {
		return false
	}
	rows := t.Rows()
	for rows.Next() {
		fn(rows.Row())
	}
	return true
}

// ---- values ----

// Key is a database key: a content hash or an application string.
type Key []byte

// String shows a key as text when it is printable ASCII (a trailing NUL, which
// C writers store, is dropped), else as lowercase hex.
func (k Key) String() string {
	if k.IsText() {
		return string(trimNUL(k))
	}
	return hex.EncodeToString(k)
}

// IsText reports whether the key is printable ASCII, apart from one trailing
// NUL, and neither starts nor ends with a space (which would not show).
func (k Key) IsText() bool {
	t := trimNUL(k)
	if len(t) == 0 || t[0] == ' ' || t[len(t)-1] == ' ' {
		return false
	}
	for _, c := range t {
		if c < 0x20 || c > 0x7e {
			return false
		}
	}
	return true
}

func trimNUL(b []byte) []byte {
	if len(b) > 0 && b[len(b)-1] == 0 {
		return b[:len(b)-1]
	}
	return b
}

// keyOf returns a BLOB or TEXT value's bytes as a key (nil for NULL).
func keyOf(v sqlite.Value) Key {
	if v.Type != sqlite.Blob && v.Type != sqlite.Text {
		return nil
	}
	b, _ := v.Bytes()
	return Key(append([]byte(nil), b...))
}

func intOf(v sqlite.Value) int64 {
	switch v.Type {
	case sqlite.Integer:
		return v.Int
	case sqlite.Float:
		return int64(v.Float)
	}
	return 0
}

// Version4 is a version packed as four 16-bit parts, most significant first
// (D3D12_VERSION_NUMBER: Major.Minor.Build.Revision).
type Version4 uint64

func (v Version4) String() string {
	return fmt.Sprintf("%d.%d.%d.%d", uint16(v>>48), uint16(v>>32), uint16(v>>16), uint16(v))
}

// Parts returns the four parts, most significant first.
func (v Version4) Parts() [4]uint16 {
	return [4]uint16{uint16(v >> 48), uint16(v >> 32), uint16(v >> 16), uint16(v)}
}

// BlobRef is a BLOB value in a table: where it is and how to read it.
type BlobRef struct {
	Table      string
	Column     string
	Rowid      int64
	Size       int64
	Offset     int64 // absolute offset in the database file when Contiguous, else -1
	Contiguous bool  // false: assembled from overflow pages

	v sqlite.Value
}

func blobRef(table, column string, r *sqlite.Row) BlobRef {
	v := r.Col(column)
	off := v.Offset
	if !v.Contiguous {
		off = -1
	}
	return BlobRef{Table: table, Column: column, Rowid: r.Rowid, Size: v.Size, Offset: off, Contiguous: v.Contiguous, v: v}
}

// Bytes reads the blob (a slice of the file when contiguous).
func (b BlobRef) Bytes() ([]byte, error) { return b.v.Bytes() }

// Range reads bytes [off, off+n) of the blob (clipped), touching only the
// overflow pages they need: for headers of large blobs.
func (b BlobRef) Range(off, n int64) ([]byte, error) { return b.v.Range(off, n) }

// Where describes the blob's place for listings.
func (b BlobRef) Where() string {
	if b.Contiguous {
		return fmt.Sprintf("file 0x%x-0x%x", b.Offset, b.Offset+b.Size)
	}
	return "assembled from overflow pages"
}

// ---- any SQLite file ----

// BlobInfo is one BLOB value and the containers found in it.
type BlobInfo struct {
	Ref        BlobRef
	Containers []decode.Embedded // offsets relative to the blob's start
}

// ScanBlobs reads every BLOB value of every table and checks it for
// containers (at its start and inside, with decode.Scan). It reads the whole
// database, so views of SODBs and PSDBs call it only on request.
func (d *Database) ScanBlobs() {
	if d.Scanned {
		return
	}
	d.Scanned = true
	for ti, t := range d.SQL.Tables() {
		rows := t.Rows()
		for rows.Next() {
			r := rows.Row()
			for i, v := range r.Values {
				if v.Type != sqlite.Blob {
					continue
				}
				name := fmt.Sprintf("column %d", i+1)
				if i < len(t.Columns) {
					name = t.Columns[i].Name
				}
				ref := BlobRef{Table: t.Name, Column: name, Rowid: r.Rowid, Size: v.Size, Offset: -1, Contiguous: v.Contiguous, v: v}
				if v.Contiguous {
					ref.Offset = v.Offset
				}
				b, _ := v.Bytes()
				d.Blobs = append(d.Blobs, BlobInfo{Ref: ref, Containers: decode.Scan(b)})
				if ti < len(d.Tables) {
					d.Tables[ti].Blobs++
				}
			}
		}
	}
}

// ContainerCount returns how many containers the scanned blobs hold.
func (d *Database) ContainerCount() int {
	n := 0
	for _, b := range d.Blobs {
		n += len(b.Containers)
	}
	return n
}

// ---- a quick look inside a container, for listings ----

// ContainerInfo is what a listing shows about a container without decoding it.
type ContainerInfo struct {
	IsContainer bool
	Profile     string // "vs_6_0", "ps_5_0", "lib_6_3"; "" when no program part
	Stage       string // "Vertex", "Pixel", ...
	EntryName   string // from PSV0 (validator 1.8+); "" when not recorded
	Parts       []string
}

// Probe reads a container's part table, program version and PSV0 entry name,
// bounds-checked, without decoding the parts (decode.Parse does that). It
// accepts what decode.Scan accepts at offset 0.
func Probe(b []byte) ContainerInfo {
	return probe(func(off, n int64) []byte {
		if off < 0 || off >= int64(len(b)) {
			return nil
		}
		return b[off:min(off+n, int64(len(b)))]
	}, int64(len(b)))
}

// probe reads only the bytes it needs through read, so a container in a blob
// spread over overflow pages is not assembled whole just to be listed.
func probe(read func(off, n int64) []byte, size int64) ContainerInfo {
	var ci ContainerInfo
	le := binary.LittleEndian
	h := read(0, decode.HeaderSize)
	if len(h) < decode.HeaderSize || string(h[:4]) != decode.Magic || le.Uint16(h[20:]) != 1 || le.Uint16(h[22:]) != 0 {
		return ci
	}
	fileSize, count := int64(le.Uint32(h[24:])), int64(le.Uint32(h[28:]))
	if fileSize < decode.HeaderSize || fileSize > size || count > 4096 || decode.HeaderSize+count*4 > fileSize {
		return ci
	}
	table := read(decode.HeaderSize, count*4)
	if int64(len(table)) < count*4 {
		return ci
	}
	type partAt struct {
		name      string
		off, size int64
	}
	var parts []partAt
	for i := int64(0); i < count; i++ {
		off := int64(le.Uint32(table[4*i:]))
		if off < decode.HeaderSize+count*4 || off+decode.PartHeaderSize > fileSize {
			return ci
		}
		ph := read(off, decode.PartHeaderSize)
		if len(ph) < decode.PartHeaderSize {
			return ci
		}
		for _, c := range ph[:4] {
			if c < '0' || c > 'z' {
				return ci
			}
		}
		psz := int64(le.Uint32(ph[4:]))
		if off+decode.PartHeaderSize+psz > fileSize {
			return ci
		}
		parts = append(parts, partAt{string(ph[:4]), off + decode.PartHeaderSize, psz})
	}
	ci.IsContainer = true
	for _, p := range parts {
		ci.Parts = append(ci.Parts, p.name)
	}
	for _, p := range parts {
		switch p.name {
		case "DXIL", "ILDB":
			// ILDB (the program with debug info) stands in when there is no DXIL part.
			if data := read(p.off, min(p.size, 4)); len(data) >= 4 && (p.name == "DXIL" || ci.Profile == "") {
				ci.Stage, ci.Profile = decode.ProgramStage(le.Uint32(data))
			}
		case "SHDR", "SHEX":
			if data := read(p.off, min(p.size, 4)); len(data) >= 4 && ci.Profile == "" {
				ci.Stage, ci.Profile = decode.BytecodeStage(le.Uint32(data))
			}
		case "PSV0":
			ci.EntryName = decode.PSV0EntryName(read(p.off, min(p.size, 1<<20)))
		}
	}
	return ci
}

// MarshalText writes a key as String shows it, so JSON carries readable keys.
func (k Key) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// MarshalText writes a version as "Major.Minor.Build.Revision".
func (v Version4) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// MarshalText writes the kind by name.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Container is one container a database holds, whatever the database's kind:
// what a page lists and opens.
type Container struct {
	Label      string  // e.g. "shader 0a0b (VS)", "root signature 01", "assets.data rowid 3"
	Blob       BlobRef // the BLOB holding it
	Offset     int64   // where the container starts inside the blob
	Size       int64   // the container's size (the whole blob for SODB rows)
	FileOffset int64   // absolute offset in the database file; -1 when the blob is assembled from overflow pages
}

// Bytes reads the container's bytes.
func (c Container) Bytes() ([]byte, error) {
	b, err := c.Blob.Bytes()
	if c.Offset < 0 || c.Offset > int64(len(b)) {
		return nil, err
	}
	end := min(c.Offset+c.Size, int64(len(b)))
	return b[c.Offset:end], err
}

// Parse reads and decodes the container.
func (c Container) Parse() (*decode.File, error) {
	b, err := c.Bytes()
	if err != nil && len(b) == 0 {
		return nil, err
	}
	return decode.Parse(b)
}

// Containers lists the containers of the database without reading them when
// it can: an SODB's shader_bytecode and root_signatures rows, and for other
// databases the containers ScanBlobs found (a PSDB's values are GPU binaries,
// not containers, so a PSDB lists none unless ScanBlobs was called).
func (d *Database) Containers() []Container {
	var out []Container
	fileOff := func(r BlobRef, off int64) int64 {
		if r.Contiguous {
			return r.Offset + off
		}
		return -1
	}
	if s := d.SODB; s != nil {
		for _, sh := range s.Shaders {
			out = append(out, Container{Label: fmt.Sprintf("shader %s (%s)", sh.Key, sh.Type), Blob: sh.Blob, Size: sh.Size, FileOffset: fileOff(sh.Blob, 0)})
		}
		for _, r := range s.RootSignatures {
			out = append(out, Container{Label: fmt.Sprintf("root signature %s", r.Key), Blob: r.Blob, Size: r.Size, FileOffset: fileOff(r.Blob, 0)})
		}
		return out
	}
	for _, b := range d.Blobs {
		for _, e := range b.Containers {
			label := fmt.Sprintf("%s.%s rowid %d", b.Ref.Table, b.Ref.Column, b.Ref.Rowid)
			if e.Offset != 0 {
				label += fmt.Sprintf(" +0x%x", e.Offset)
			}
			out = append(out, Container{Label: label, Blob: b.Ref, Offset: e.Offset, Size: e.Size, FileOffset: fileOff(b.Ref, e.Offset)})
		}
	}
	return out
}
