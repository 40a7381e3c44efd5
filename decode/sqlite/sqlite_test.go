package sqlite

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// buildDB runs Debian's sqlite3 CLI on script in a temp dir and returns the
// database file it wrote: the reference writer these tests read back.
func buildDB(t testing.TB, script string) []byte {
	t.Helper()
	return corpus.SQLite(t, filepath.Join(t.TempDir(), "test.db"), script)
}

// sqlite3Query asks the reference implementation for a value.
func sqlite3Query(t testing.TB, db []byte, query string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "q.db")
	os.WriteFile(p, db, 0o644)
	out, err := exec.Command("sqlite3", p, query).CombinedOutput()
	if err != nil {
		t.Fatalf("sqlite3 %q: %v\n%s", query, err, out)
	}
	return strings.TrimSpace(string(out))
}

func mustOpen(t testing.TB, b []byte) *DB {
	t.Helper()
	db, err := Open(b)
	if err != nil {
		t.Fatal(err)
	}
	return db
}

func noErrors(t *testing.T, db *DB) {
	t.Helper()
	for _, p := range db.Problems() {
		if p.Severity > 0 {
			t.Errorf("unexpected problem: %s", p)
		}
	}
}

// intCases cover every integer serial type (1..6 and the constants 8, 9).
var intCases = []int64{0, 1, -1, 127, -128, 128, 32767, -32768, 32768, 1 << 23, -(1 << 23), 1<<31 - 1, -(1 << 31), 1 << 40, -(1 << 47), 1 << 47, math.MaxInt64, math.MinInt64}

func TestRecordSerialTypesMatchWhatWasInserted(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("CREATE TABLE v(id INTEGER PRIMARY KEY, i INTEGER, f REAL, s TEXT, b BLOB, n);\n")
	for k, i := range intCases {
		fmt.Fprintf(&sb, "INSERT INTO v VALUES(%d, %d, %g, 'text %d ü€', x'%x', NULL);\n", k+1, i, float64(i)/3, k, []byte(fmt.Sprint(i)))
	}
	db := mustOpen(t, buildDB(t, sb.String()))
	noErrors(t, db)
	tb := db.Table("v")
	if tb == nil {
		t.Fatal("table v not found")
	}
	if !tb.Columns[0].RowidAlias {
		t.Errorf("id INTEGER PRIMARY KEY should alias the rowid")
	}
	rows := tb.Rows()
	k := 0
	seen := map[uint64]bool{}
	for rows.Next() {
		r := rows.Row()
		want := intCases[k]
		if r.Rowid != int64(k+1) || r.Col("id").Int != int64(k+1) {
			t.Errorf("row %d: rowid %d, id %v", k, r.Rowid, r.Col("id"))
		}
		if v := r.Col("i"); v.Type != Integer || v.Int != want {
			t.Errorf("row %d: i = %v (%s), want %d", k, v, v.Type, want)
		}
		seen[r.Col("i").SerialType] = true
		// Integral reals are stored as integers (serial types 1..9) and read back as REAL.
		if v := r.Col("f"); v.Type != Float || v.Float != float64(want)/3 {
			t.Errorf("row %d: f = %v (%s), want %g", k, v, v.Type, float64(want)/3)
		}
		if got, w := r.Col("s").Text(), fmt.Sprintf("text %d ü€", k); got != w {
			t.Errorf("row %d: s = %q, want %q", k, got, w)
		}
		if b, _ := r.Col("b").Bytes(); string(b) != fmt.Sprint(want) {
			t.Errorf("row %d: b = %q", k, b)
		}
		if r.Col("n").Type != Null {
			t.Errorf("row %d: n = %v, want NULL", k, r.Col("n"))
		}
		k++
	}
	if k != len(intCases) {
		t.Fatalf("read %d rows, inserted %d", k, len(intCases))
	}
	for st := uint64(1); st <= 9; st++ {
		if st == 7 {
			continue
		}
		if !seen[st] {
			t.Errorf("serial type %d never exercised", st)
		}
	}
}

func TestBtreesWithInteriorPagesAndOverflowChains(t *testing.T) {
	for _, ps := range []int{512, 4096, 65536} {
		t.Run(fmt.Sprintf("page%d", ps), func(t *testing.T) {
			const n = 3000
			var sb strings.Builder
			fmt.Fprintf(&sb, "PRAGMA page_size=%d;\nCREATE TABLE t(k BLOB PRIMARY KEY, size INTEGER, data BLOB);\nCREATE INDEX t_size ON t(size);\nBEGIN;\n", ps)
			for i := 0; i < n; i++ {
				size := (i * 37) % 200
				if i%100 == 0 {
					size = 70000 + i // larger than any page: overflow chains
				}
				fmt.Fprintf(&sb, "INSERT INTO t VALUES(x'%08x', %d, randomblob(%d));\n", i, size, size)
			}
			sb.WriteString("COMMIT;\n")
			raw := buildDB(t, sb.String())
			db := mustOpen(t, raw)
			noErrors(t, db)
			if db.Header.PageSize != ps {
				t.Errorf("page size %d, want %d", db.Header.PageSize, ps)
			}
			tb := db.Table("t")
			if c := tb.Count(); c != n {
				t.Errorf("Count = %d, want %d", c, n)
			}
			// The reference's own sum of lengths and a checksum-like total.
			wantTotal := sqlite3Query(t, raw, "SELECT sum(length(data)) FROM t;")
			var total int64
			overflowed := 0
			rows := tb.Rows()
			for rows.Next() {
				r := rows.Row()
				v := r.Col("data")
				b, err := v.Bytes()
				if err != nil {
					t.Fatalf("row %d: %v", r.Rowid, err)
				}
				if int64(len(b)) != r.Col("size").Int {
					t.Errorf("row %d: %d bytes, size column says %d", r.Rowid, len(b), r.Col("size").Int)
				}
				if !v.Contiguous {
					overflowed++
				} else if !bytes.Equal(raw[v.Offset:v.Offset+v.Size], b) {
					t.Errorf("row %d: contiguous value's Offset does not point at its bytes", r.Rowid)
				}
				total += int64(len(b))
			}
			if fmt.Sprint(total) != wantTotal {
				t.Errorf("total bytes %d, sqlite3 says %s", total, wantTotal)
			}
			if overflowed < n/100 {
				t.Errorf("only %d values used overflow pages", overflowed)
			}
			// Interior pages exist: the root of t is not a leaf.
			root, _ := db.readBtreePage(tb.RootPage, "test")
			if root.typ.leaf() || tb.Depth() < 2 {
				t.Errorf("root of t is a leaf (depth %d); the test wanted interior pages", tb.Depth())
			}
			// Indexes: the explicit one and the PRIMARY KEY's automatic one, with entries in order.
			for _, name := range []string{"t_size", "sqlite_autoindex_t_1"} {
				x := db.Index(name)
				if x == nil {
					t.Fatalf("index %s not found", name)
				}
				e := x.Entries()
				cnt := 0
				prev := int64(math.MinInt64)
				for e.Next() {
					r := e.Row()
					if name == "t_size" {
						if r.Values[0].Int < prev {
							t.Fatalf("index %s out of order at entry %d", name, cnt)
						}
						prev = r.Values[0].Int
					}
					cnt++
				}
				if cnt != n {
					t.Errorf("index %s has %d entries, want %d", name, cnt, n)
				}
			}
		})
	}
}

func TestSchemaNamesColumns(t *testing.T) {
	db := mustOpen(t, buildDB(t, `
CREATE TABLE "odd name" ([a b] INTEGER PRIMARY KEY DESC, "c""d" VARCHAR(10) NOT NULL DEFAULT 'x', e, CHECK (e > 0));
CREATE TABLE pk2(x TEXT, y INT, z BLOB, PRIMARY KEY (y, x)) WITHOUT ROWID;
CREATE TABLE alias2(n INTEGER, m TEXT, PRIMARY KEY(n));
CREATE TABLE gen(a INTEGER, b INTEGER GENERATED ALWAYS AS (a*2) VIRTUAL, c TEXT);
CREATE TABLE later(a);
INSERT INTO "odd name" VALUES(5, 'q', 1);
INSERT INTO pk2 VALUES('b', 2, x'01'), ('a', 2, x'02'), ('z', 1, NULL);
INSERT INTO alias2 VALUES(77, 'seven');
INSERT INTO gen(a, c) VALUES(21, 'c');
INSERT INTO later VALUES(1);
ALTER TABLE later ADD COLUMN b TEXT;
INSERT INTO later VALUES(2, 'two');
`))
	noErrors(t, db)
	odd := db.Table("odd name")
	if odd == nil || len(odd.Columns) != 3 || odd.Columns[0].Name != "a b" || odd.Columns[1].Name != `c"d` || odd.Columns[1].Type != "VARCHAR(10)" {
		t.Fatalf("odd name columns: %+v", odd)
	}
	if odd.Columns[0].RowidAlias {
		t.Errorf("INTEGER PRIMARY KEY DESC is not a rowid alias")
	}
	rows := odd.Rows()
	rows.Next()
	if r := rows.Row(); r.Col("a b").Int != 5 || r.Col(`c"d`).Text() != "q" {
		t.Errorf("odd name row: %v", r.Values)
	}

	pk2 := db.Table("pk2")
	if !pk2.WithoutRowid {
		t.Fatal("pk2 is WITHOUT ROWID")
	}
	var got []string
	rows = pk2.Rows()
	for rows.Next() {
		r := rows.Row()
		got = append(got, fmt.Sprintf("%s%d", r.Col("x").Text(), r.Col("y").Int))
	}
	if strings.Join(got, ",") != "z1,a2,b2" {
		t.Errorf("WITHOUT ROWID rows in key order: %v, want z1,a2,b2", got)
	}

	a2 := db.Table("alias2")
	if !a2.Columns[0].RowidAlias {
		t.Errorf("PRIMARY KEY(n) on an INTEGER column aliases the rowid")
	}
	rows = a2.Rows()
	rows.Next()
	if r := rows.Row(); r.Rowid != 77 || r.Col("n").Int != 77 || r.Col("m").Text() != "seven" {
		t.Errorf("alias2 row: rowid %d %v", r.Rowid, r.Values)
	}

	rows = db.Table("gen").Rows()
	rows.Next()
	if r := rows.Row(); r.Col("a").Int != 21 || r.Col("c").Text() != "c" || r.Col("b").Type != Null {
		t.Errorf("generated column row: %v", r.Values)
	}

	rows = db.Table("later").Rows()
	var later []string
	for rows.Next() {
		r := rows.Row()
		later = append(later, fmt.Sprintf("%d:%s", r.Col("a").Int, r.Col("b")))
	}
	if strings.Join(later, ",") != `1:NULL,2:"two"` {
		t.Errorf("ALTER TABLE ADD COLUMN rows: %v", later)
	}
}

func TestHeaderFieldsAndTextEncodings(t *testing.T) {
	cases := []struct {
		name, pragmas string
		enc           TextEncoding
		wal           bool
	}{
		{"utf8", "PRAGMA application_id=0x0D3D50DB; PRAGMA user_version=2;", UTF8, false},
		{"utf16le", "PRAGMA encoding='UTF-16le'; PRAGMA application_id=-741266213;", UTF16le, false},
		{"utf16be", "PRAGMA encoding='UTF-16be';", UTF16be, false},
		{"wal", "PRAGMA journal_mode=WAL;", UTF8, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			raw := buildDB(t, c.pragmas+"\nCREATE TABLE s(x TEXT);\nINSERT INTO s VALUES('héllo ☃');\n")
			db := mustOpen(t, raw)
			if db.Header.TextEncoding != c.enc {
				t.Errorf("encoding %s, want %s", db.Header.TextEncoding, c.enc)
			}
			if db.Header.WAL() != c.wal || (c.wal && (raw[18] != 2 || raw[19] != 2)) {
				t.Errorf("WAL %v, want %v (bytes 18/19 = %d/%d)", db.Header.WAL(), c.wal, raw[18], raw[19])
			}
			if c.wal {
				found := false
				for _, p := range db.Problems() {
					found = found || strings.Contains(p.Message, "WAL mode")
				}
				if !found {
					t.Errorf("no note says WAL changes are not visible")
				}
			}
			if want := binary.BigEndian.Uint32(raw[68:]); db.Header.ApplicationID != want {
				t.Errorf("application_id %x, want %x", db.Header.ApplicationID, want)
			}
			if c.name == "utf8" && (db.Header.ApplicationID != 0x0D3D50DB || db.Header.UserVersion != 2) {
				t.Errorf("application_id/user_version = %x/%d", db.Header.ApplicationID, db.Header.UserVersion)
			}
			if c.name == "utf16le" && db.Header.ApplicationID != 0xD3D12CDB {
				t.Errorf("application_id %x, want D3D12CDB", db.Header.ApplicationID)
			}
			rows := db.Table("s").Rows()
			if !rows.Next() || rows.Row().Col("x").Text() != "héllo ☃" {
				t.Errorf("text did not round-trip in %s", c.enc)
			}
		})
	}
}

func TestReservedBytesPerPage(t *testing.T) {
	if out, err := exec.Command("sqlite3", ":memory:", ".filectrl reserve_bytes 0").CombinedOutput(); err != nil || strings.Contains(string(out), "Usage") {
		t.Skip("this sqlite3 CLI cannot set reserved bytes")
	}
	var sb strings.Builder
	sb.WriteString(".filectrl reserve_bytes 32\nCREATE TABLE t(b BLOB);\n")
	for i := 0; i < 50; i++ {
		fmt.Fprintf(&sb, "INSERT INTO t VALUES(zeroblob(%d));\n", 100+i*300)
	}
	raw := buildDB(t, sb.String())
	db := mustOpen(t, raw)
	if db.Header.ReservedBytes != 32 {
		t.Skipf("reserved bytes not applied by this CLI (got %d)", db.Header.ReservedBytes)
	}
	rows := db.Table("t").Rows()
	i := 0
	for rows.Next() {
		b, err := rows.Row().Values[0].Bytes()
		if err != nil || len(b) != 100+i*300 {
			t.Errorf("row %d: %d bytes, %v", i, len(b), err)
		}
		i++
	}
	if i != 50 {
		t.Errorf("%d rows", i)
	}
}

func TestNotSQLite(t *testing.T) {
	for _, b := range [][]byte{nil, []byte("SQLite"), []byte("DXBC0000000000000000000000000000"), bytes.Repeat([]byte{0}, 200)} {
		if _, err := Open(b); err == nil {
			t.Errorf("Open(%q) accepted it", b)
		}
	}
}

// ---- hostile files ----

// smallDB is a database with a two-level table, an index and overflow chains.
func smallDB(t testing.TB) []byte {
	var sb strings.Builder
	sb.WriteString("PRAGMA page_size=512;\nCREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT, data BLOB);\nCREATE INDEX t_name ON t(name);\nBEGIN;\n")
	for i := 0; i < 200; i++ {
		size := 20
		if i%25 == 0 {
			size = 3000
		}
		fmt.Fprintf(&sb, "INSERT INTO t VALUES(%d, 'name %d', randomblob(%d));\n", i, i, size)
	}
	sb.WriteString("COMMIT;\n")
	return buildDB(t, sb.String())
}

// readAll opens b and reads every value of every table and index, failing the
// test on a panic or when it takes too long.
func readAll(t testing.TB, b []byte) (*DB, int) {
	t.Helper()
	done := make(chan struct{})
	var db *DB
	rows := 0
	go func() {
		defer close(done)
		defer func() {
			if e := recover(); e != nil {
				t.Errorf("panic: %v", e)
			}
		}()
		var err error
		db, err = Open(b)
		if err != nil {
			return
		}
		for _, tb := range db.Tables() {
			r := tb.Rows()
			for r.Next() {
				rows++
				for _, v := range r.Row().Values {
					v.Bytes()
					_ = v.String()
				}
			}
			tb.Count()
		}
		for _, x := range db.Indexes() {
			x.Count()
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatalf("reading took more than 10 s: a loop is not bounded")
	}
	return db, rows
}

func hasProblem(db *DB, substr string) bool {
	if db == nil {
		return false
	}
	for _, p := range db.Problems() {
		if strings.Contains(p.Message, substr) {
			return true
		}
	}
	return false
}

func TestTruncatedDatabasesGiveProblems(t *testing.T) {
	raw := smallDB(t)
	for _, n := range []int{100, 101, 511, 512, 513, 1024, len(raw) / 2, len(raw) - 512, len(raw) - 1} {
		db, _ := readAll(t, raw[:n])
		if db == nil {
			t.Errorf("truncated to %d: Open refused it", n)
			continue
		}
		if len(db.Problems()) == 0 {
			t.Errorf("truncated to %d bytes: no problem reported", n)
		}
	}
}

func TestPageCycleIsReportedNotFollowed(t *testing.T) {
	raw := smallDB(t)
	db := mustOpen(t, raw)
	tb := db.Table("t")
	root, _ := db.readBtreePage(tb.RootPage, "test")
	if root.typ.leaf() {
		t.Fatal("test database has no interior page")
	}
	bad := append([]byte(nil), raw...)
	// Point the root's right-most child back at the root itself.
	off := db.PageOffset(tb.RootPage) + int64(root.hdr) + 8
	binary.BigEndian.PutUint32(bad[off:], tb.RootPage)
	got, rows := readAll(t, bad)
	if !hasProblem(got, "cycle") {
		t.Errorf("no cycle problem; problems: %v", got.Problems())
	}
	if rows >= 200 {
		t.Errorf("read %d rows from a tree whose right-most subtree was cut off", rows)
	}
}

func TestOverflowLoopIsReported(t *testing.T) {
	raw := smallDB(t)
	db := mustOpen(t, raw)
	rows := db.Table("t").Rows()
	var first uint32
	for rows.Next() {
		v := rows.Row().Col("data")
		if !v.Contiguous && v.pl.overflow != 0 {
			first = v.pl.overflow
			break
		}
	}
	if first == 0 {
		t.Fatal("no overflow chain in the test database")
	}
	bad := append([]byte(nil), raw...)
	binary.BigEndian.PutUint32(bad[db.PageOffset(first):], first) // the page points to itself
	got, _ := readAll(t, bad)
	if !hasProblem(got, "loops") {
		t.Errorf("no loop problem; problems: %v", got.Problems())
	}
	bad2 := append([]byte(nil), raw...)
	binary.BigEndian.PutUint32(bad2[db.PageOffset(first):], 0xfffffff0)
	got, _ = readAll(t, bad2)
	if !hasProblem(got, "does not exist") && !hasProblem(got, "out of range") {
		t.Errorf("no out-of-range problem; problems: %v", got.Problems())
	}
}

func TestAbsurdRecordLengths(t *testing.T) {
	raw := smallDB(t)
	db := mustOpen(t, raw)
	rows := db.Table("t").Rows()
	rows.Next()
	r := rows.Row()
	// The cell starts with the payload-size varint: make it 9 bytes of 0xff.
	bad := append([]byte(nil), raw...)
	for i := int64(0); i < 9; i++ {
		bad[r.Offset+i] = 0xff
	}
	got, _ := readAll(t, bad)
	if len(got.Problems()) == 0 {
		t.Errorf("a 2^64-byte payload raised no problem")
	}
	// A record header whose serial type claims a huge blob.
	v := r.Col("data")
	bad = append([]byte(nil), raw...)
	hdr := v.pl.localOff
	bad[hdr+3] = 0xff // the data column's serial type becomes a multi-byte varint
	bad[hdr+4] = 0xff
	got, _ = readAll(t, bad)
	if len(got.Problems()) == 0 {
		t.Errorf("a corrupted serial type raised no problem")
	}
}

func TestCorruptedSchema(t *testing.T) {
	raw := smallDB(t)
	cases := map[string]func(b []byte){
		"page 1 type": func(b []byte) { b[100] = 0x07 },
		"cell count":  func(b []byte) { b[103], b[104] = 0xff, 0xff },
		"garbled sql": func(b []byte) {
			i := bytes.Index(b, []byte("CREATE TABLE t("))
			copy(b[i:], "CREATE TABLE t(((((")
		},
		"page size 3": func(b []byte) { b[16], b[17] = 0, 3 },
		"reserved 255": func(b []byte) {
			b[20] = 255
		},
	}
	for name, mut := range cases {
		t.Run(name, func(t *testing.T) {
			bad := append([]byte(nil), raw...)
			mut(bad)
			got, _ := readAll(t, bad)
			if got == nil {
				t.Fatal("Open refused a file with a SQLite header")
			}
			if name != "root page too big" && len(got.Problems()) == 0 {
				t.Errorf("no problem reported")
			}
		})
	}
	// Root page numbers in the schema that are negative or point nowhere.
	db := mustOpen(t, raw)
	sch := &Table{Name: "sqlite_schema", RootPage: 1, db: db}
	rows := sch.Rows()
	for rows.Next() {
		v := rows.Row().Values[3]
		if v.Type != Integer || v.Offset < 0 || v.SerialType != 1 {
			continue
		}
		for _, val := range []byte{0x80, 0x7f} {
			bad := append([]byte(nil), raw...)
			bad[v.Offset] = val
			got, _ := readAll(t, bad)
			if len(got.Problems()) == 0 {
				t.Errorf("root page set to %d: no problem reported", int8(val))
			}
		}
	}
}

func replace(b []byte, from, to string) {
	if i := bytes.Index(b, []byte(from)); i >= 0 {
		copy(b[i:], to)
	}
}

func TestRandomCorruptionNeverPanics(t *testing.T) {
	raw := smallDB(t)
	rng := rand.New(rand.NewSource(1))
	n := 300
	if testing.Short() {
		n = 50
	}
	for i := 0; i < n; i++ {
		bad := append([]byte(nil), raw...)
		for k := 0; k < 1+rng.Intn(20); k++ {
			bad[100+rng.Intn(len(bad)-100)] = byte(rng.Intn(256))
		}
		readAll(t, bad)
	}
}

// FuzzSQLite opens and reads whole databases; seeds are small databases made
// by sqlite3 and kept in testdata.
func FuzzSQLite(f *testing.F) {
	corpus.AddSeeds(f, "testdata/*.db")
	// Hostile schemas, small: many declared columns, a long type, a long key.
	for i, sql := range []string{hostile.WideTableSQL(300, 300), hostile.LongTypeSQL(300, 600), hostile.PrimaryKeyListSQL(300)} {
		f.Add(corpus.SQLite(f, filepath.Join(f.TempDir(), fmt.Sprintf("seed%d.db", i)), sql))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		defer corpus.Watchdog(10*time.Second, "FuzzSQLite")()
		defer corpus.CheckAlloc(t, corpus.DecodeAlloc, len(b))()
		db, err := Open(b)
		if err != nil {
			return
		}
		for _, tb := range db.Tables() {
			r := tb.Rows()
			for r.Next() {
				for _, v := range r.Row().Values {
					bb, _ := v.Bytes()
					if v.Contiguous && v.Size > 0 && (v.Offset < 0 || v.Offset+v.Size > int64(len(b))) {
						t.Fatalf("contiguous value at 0x%x+%d outside the file", v.Offset, v.Size)
					}
					if v.Type == Blob && len(bb) > int(v.Size) {
						t.Fatalf("blob longer than its size")
					}
				}
			}
		}
		for _, x := range db.Indexes() {
			x.Count()
		}
	})
}

// TestSharedPagesAreNotReadTwice: a hostile file can make many trees or
// overflow chains share one run of pages, so that reading it costs the
// square of its size. A page serves one owner; a second is refused.
func TestSharedPagesAreNotReadTwice(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("PRAGMA page_size=512;\nCREATE TABLE a(id INTEGER PRIMARY KEY, data BLOB);\nCREATE TABLE b(id INTEGER PRIMARY KEY, data BLOB);\nBEGIN;\n")
	for i := 0; i < 100; i++ {
		fmt.Fprintf(&sb, "INSERT INTO a VALUES(%d, randomblob(%d));\nINSERT INTO b VALUES(%d, randomblob(%d));\n", i, 30+2000*(i%2), i, 30)
	}
	sb.WriteString("COMMIT;\n")
	raw := buildDB(t, sb.String())
	db := mustOpen(t, raw)
	ta, tb := db.Table("a"), db.Table("b")
	ra, _ := db.readBtreePage(ta.RootPage, "test")
	rb, _ := db.readBtreePage(tb.RootPage, "test")
	if ra.typ.leaf() || rb.typ.leaf() {
		t.Fatal("the test tables need interior pages")
	}
	// b's right-most subtree becomes a's.
	bad := append([]byte(nil), raw...)
	binary.BigEndian.PutUint32(bad[db.PageOffset(tb.RootPage)+int64(rb.hdr)+8:], ra.rightmost)
	got, _ := readAll(t, bad)
	if !hasProblem(got, "already belongs to the b-tree rooted at page") {
		t.Errorf("a page shared by two b-trees raised no problem: %v", got.Problems())
	}

	// The second big blob's overflow chain starts on the first one's pages.
	var cells []*payload
	rows := ta.Rows()
	for rows.Next() {
		if v := rows.Row().Col("data"); !v.Contiguous {
			cells = append(cells, v.pl)
		}
	}
	if len(cells) < 2 {
		t.Fatal("the test needs two overflowing values")
	}
	bad = append([]byte(nil), raw...)
	o := cells[1].localOff + int64(len(cells[1].local))
	binary.BigEndian.PutUint32(bad[o:], cells[0].overflow)
	got, _ = readAll(t, bad)
	if !hasProblem(got, "already belongs to the overflow chain") {
		t.Errorf("an overflow page shared by two cells raised no problem: %v", got.Problems())
	}
	// Two schema entries naming one root page: the second is dropped.
	i := bytes.Index(raw, []byte("CREATE TABLE b("))
	if i < 0 {
		t.Fatal("schema text not found")
	}
	sch := &Table{Name: "sqlite_schema", RootPage: 1, db: db}
	srows := sch.Rows()
	hit := false
	for srows.Next() {
		r := srows.Row()
		if r.Values[1].Text() == "b" && r.Values[3].Offset >= 0 && r.Values[3].SerialType == 1 {
			hit = true
			bad = append([]byte(nil), raw...)
			bad[r.Values[3].Offset] = byte(ta.RootPage)
			got, _ = readAll(t, bad)
			if !hasProblem(got, "already the root of") || len(got.Tables()) != 1 {
				t.Errorf("a duplicated root page: %d tables, problems %v", len(got.Tables()), got.Problems())
			}
		}
	}
	if !hit {
		t.Error("the schema row of b was not found")
	}
	// Reading the same table twice is not sharing.
	db = mustOpen(t, raw)
	for k := 0; k < 2; k++ {
		readRows := db.Table("a").Rows()
		for readRows.Next() {
			readRows.Row().Col("data").Bytes()
		}
	}
	noErrors(t, db)
}
