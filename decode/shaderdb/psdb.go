package shaderdb

import (
	"sort"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/binread"
	"github.com/dxscope/dxscope/decode/sqlite"
)

// PSDBSchemaNote labels every PSDB view: its schema is not published.
const PSDBSchemaNote = "based on an unofficial schema (a third-party PSDB merging tool and public notes on Windows' shader-cache library); Microsoft documents the contents, not the tables"

// psdbTables are the tables that identify a precompiled shader database.
var psdbTables = []string{"keys", "vals", "groupkeys", "groups", "compiler_id"}

func isPSDB(db *sqlite.DB) bool {
	if !hasTables(db, psdbTables...) {
		return false
	}
	// SODB also has a "groups" table; a PSDB's keys it by groupkeyid.
	return db.Table("groups").ColumnIndex("groupkeyid") >= 0 || db.Table("groups").ColumnIndex("Key") < 0
}

// PSDB is the view of a precompiled shader database. Its schema is
// unofficial (see PSDBSchemaNote).
type PSDB struct {
	SchemaNote string
	App        *PSDBApplication
	Compilers  []Compiler
	Groups     []*PSDBGroup
	Keys       int64 // rows of keys
	Values     int64 // rows of vals

	rep *repeats // what its JSON wrote, so that shared lists are written once
}

// PSDBApplication is the PSDB's app_id row.
type PSDBApplication struct {
	ExePath           string
	Name              string
	EngineName        string
	AppVersion        Version4
	EngineVersion     Version4
	AppProfileVersion Version4
}

// Compiler is a compiler_id row: the compiler that produced the values.
type Compiler struct {
	ID      int64
	Family  string   // adapter family, e.g. "AMD_NAVI31:gfx1100"
	ABI     int64    // ABI version of the family
	Version Version4 // compiler version, four 16-bit parts
}

// PSDBGroup is a group of compiled values under the caller's group key and version.
type PSDBGroup struct {
	KeyID   int64
	Key     Key
	Version int64
	Values  []*PSDBValue

	rep *repeats
}

// PSDBValue is one compiled output (a vals row reached through groups and keys).
type PSDBValue struct {
	KeyID int64
	Key   Key
	Type  CompilerValueType
	Size  int64
	Blob  BlobRef
}

// Bytes reads the value (a vendor GPU binary, not a container).
func (v *PSDBValue) Bytes() ([]byte, error) { return v.Blob.Bytes() }

func (d *Database) readPSDB() *PSDB {
	db := d.SQL
	p := &PSDB{SchemaNote: PSDBSchemaNote, rep: newRepeats(db.Size())}
	d.note(decode.Note, "this precompiled shader database is read with an unofficial schema: table and column meanings are inferred")
	forRows(db, "app_id", func(r *sqlite.Row) {
		if p.App != nil {
			return
		}
		p.App = &PSDBApplication{ExePath: r.Col("exe_path").Text(), Name: r.Col("app_name").Text(), EngineName: r.Col("engine_name").Text(),
			AppVersion: Version4(intOf(r.Col("app_version"))), EngineVersion: Version4(intOf(r.Col("engine_version"))),
			AppProfileVersion: Version4(intOf(r.Col("app_profile_version")))}
	})
	forRows(db, "compiler_id", func(r *sqlite.Row) {
		p.Compilers = append(p.Compilers, Compiler{ID: intOf(r.Col("id")), Family: r.Col("family").Text(), ABI: intOf(r.Col("abi")), Version: Version4(intOf(r.Col("version")))})
	})
	keys := map[int64]Key{}
	forRows(db, "keys", func(r *sqlite.Row) {
		keys[intOf(r.Col("keyid"))] = keyOf(r.Col("key"))
		p.Keys++
	})
	vals := map[int64][]*PSDBValue{}
	cut := 0
	forRows(db, "vals", func(r *sqlite.Row) {
		id := intOf(r.Col("keyid"))
		// Every value shows its key: a long one is held to its first
		// binread.MaxNameLen bytes, or values × its length are printed.
		key := keys[id]
		if len(key) > binread.MaxNameLen {
			key = key[:binread.MaxNameLen:binread.MaxNameLen]
			cut++
		}
		v := &PSDBValue{KeyID: id, Key: key, Type: CompilerValueType(intOf(r.Col("type"))), Blob: blobRef("vals", "value", r)}
		v.Size = v.Blob.Size
		if _, ok := keys[id]; !ok {
			d.note(decode.Warning, "vals row %d names key id %d, which is not in keys", r.Rowid, id)
		}
		vals[id] = append(vals[id], v)
		p.Values++
	})
	if cut > 0 {
		d.note(decode.Warning, "%d values belong to keys longer than %d bytes; this view holds the first %d bytes of each such key, the file all of them", cut, binread.MaxNameLen, binread.MaxNameLen)
	}
	groups := map[int64]*PSDBGroup{}
	forRows(db, "groupkeys", func(r *sqlite.Row) {
		g := &PSDBGroup{KeyID: intOf(r.Col("keyid")), Key: keyOf(r.Col("key")), Version: intOf(r.Col("version")), rep: p.rep}
		groups[g.KeyID] = g
		p.Groups = append(p.Groups, g)
	})
	// Many groups may name one value key: each list is sorted once and a
	// group naming one key shares it. A group naming several gets a copy of
	// each; copies stop at twice the vals rows in all, so rows naming a long
	// list again and again cost their number, not theirs times the list's.
	for _, vs := range vals {
		sort.SliceStable(vs, func(i, j int) bool { return vs[i].Type < vs[j].Type })
	}
	type pair struct{ gid, vid int64 }
	named := map[pair]bool{}
	valueKeys := map[*PSDBGroup]int{}
	copyLeft := 2 * p.Values
	forRows(db, "groups", func(r *sqlite.Row) {
		gid, vid := intOf(r.Col("groupkeyid")), intOf(r.Col("valuekeyid"))
		g := groups[gid]
		if g == nil {
			d.note(decode.Warning, "groups row %d names group key id %d, which is not in groupkeys", r.Rowid, gid)
			return
		}
		vs, ok := vals[vid]
		if !ok {
			d.note(decode.Warning, "group %s names value key id %d, which has no vals", g.Key, vid)
		}
		if named[pair{gid, vid}] {
			return // the same pair again adds nothing
		}
		named[pair{gid, vid}] = true
		valueKeys[g]++
		if valueKeys[g] == 1 {
			g.Values = vs[:len(vs):len(vs)] // shared; appending copies
			return
		}
		if int64(len(g.Values)+len(vs)) > copyLeft {
			d.note(decode.Warning, "group %s's values from value key id %d on are not listed: the groups' values would pass twice the %d vals rows", g.Key, vid, p.Values)
			return
		}
		copyLeft -= int64(len(g.Values) + len(vs))
		g.Values = append(g.Values, vs...)
	})
	for _, g := range p.Groups {
		if valueKeys[g] > 1 {
			sort.SliceStable(g.Values, func(i, j int) bool { return g.Values[i].Type < g.Values[j].Type })
		}
	}
	return p
}

// GroupLink pairs a PSDB group with the SODB group of the same key.
type GroupLink struct {
	Key            Key
	SODB           *Group     // nil when only the PSDB has the key
	PSDB           *PSDBGroup // nil when only the SODB has the key
	VersionsDiffer bool       // both have it, with different versions: the PSDB is stale for it
}

// Link matches a PSDB's groups to an SODB's by key: groups in both with the
// same version are linked; differing versions are flagged. The result lists
// SODB groups in order, then PSDB-only groups.
func Link(s *SODB, p *PSDB) []GroupLink {
	byKey := map[string]*PSDBGroup{}
	for _, g := range p.Groups {
		byKey[string(g.Key)] = g
	}
	var out []GroupLink
	seen := map[string]bool{}
	for _, g := range s.Groups {
		l := GroupLink{Key: g.Key, SODB: g, PSDB: byKey[string(g.Key)]}
		if l.PSDB != nil {
			l.VersionsDiffer = l.PSDB.Version != g.Version
		}
		seen[string(g.Key)] = true
		out = append(out, l)
	}
	for _, g := range p.Groups {
		if !seen[string(g.Key)] {
			out = append(out, GroupLink{Key: g.Key, PSDB: g})
		}
	}
	return out
}
