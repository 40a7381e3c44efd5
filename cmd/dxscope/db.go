package main

import (
	"encoding/hex"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/dustin/go-humanize"
	"github.com/dxscope/dxscope/decode/shaderdb"
	"github.com/dxscope/dxscope/decode/sqlite"
	"github.com/dxscope/dxscope/decode/text"
)

func init() {
	commands["db"] = command{"FILE [--json]", "list what a SQLite database (SODB, PSDB or any) holds",
		jsonCommand("db", "the database as one JSON document", openDB, printDB)}
	commands["dbextract"] = command{"FILE (--group KEY [--stage VS|--lib N|--value N] | --table T --rowid N [--column C]) [-o OUT]",
		"write one container (or blob) from a database; without --column, the row's first BLOB holding a container", runDBExtract}
}

func openDB(path string, stderr io.Writer) (*shaderdb.Database, bool) {
	return parseFile(path, stderr, shaderdb.Open, func(_ []byte, err error) {
		fmt.Fprintf(stderr, "dxscope: %s: %s\n", text.Safe(path), text.Safe(err.Error()))
	})
}

// printDB prints what a database holds as text, or as one JSON document.
func printDB(d *shaderdb.Database, _ string, asJSON bool, stdout, stderr io.Writer) int {
	if asJSON {
		doc := struct {
			*shaderdb.Database
			Containers []shaderdb.Container
			Problems   []sqlite.Problem
		}{d, d.Containers(), d.Problems()}
		if !writeJSON(stdout, stderr, doc) {
			return 1
		}
		return 0
	}
	WriteDB(stdout, d)
	return 0
}

// WriteDB prints what a database holds: header, tables, then the view of its kind, then problems.
func WriteDB(w io.Writer, d *shaderdb.Database) {
	h := d.SQL.Header
	printf(w, "Database: %s\n", d.Kind)
	wal := ""
	if h.WAL() {
		wal = ", WAL mode (only the main file is read)"
	}
	printf(w, "SQLite: %d pages of %d bytes (%s), %s, application_id 0x%08X, user_version %d%s\n",
		d.SQL.PageCount(), h.PageSize, humanize.IBytes(uint64(d.SQL.Size())), h.TextEncoding, h.ApplicationID, h.UserVersion, wal)
	printf(w, "Tables: %d\n", len(d.Tables))
	for _, t := range d.Tables {
		var cols []string
		for _, c := range t.Columns {
			cols = append(cols, c.Name)
		}
		printf(w, "  %-50s %8d rows  (%s)\n", t.Name, t.Rows, strings.Join(cols, ", "))
	}
	switch d.Kind {
	case shaderdb.SODBKind:
		writeSODB(w, d.SODB)
	case shaderdb.PSDBKind:
		writePSDB(w, d.PSDB)
	default:
		writeBlobs(w, d)
	}
	ps := d.Problems()
	printf(w, "Problems: %d\n", len(ps))
	for _, p := range ps {
		printf(w, "  %s\n", p.String())
	}
}

func writeSODB(w io.Writer, s *shaderdb.SODB) {
	if a := s.App; a != nil {
		printf(w, "Application: %q (%s) version %s, engine %q version %s\n", a.Name, a.Exe, a.AppVersion, a.EngineName, a.EngineVersion)
	} else {
		fmt.Fprintln(w, "Application: (app_id is empty)")
	}
	printf(w, "Groups: %d\n", len(s.Groups))
	for _, g := range s.Groups {
		what := ""
		switch {
		case g.Pipeline != nil:
			what = "pipeline state " + g.PSOKey.String()
		case g.StateObject != nil:
			what = "state object " + g.SOKey.String()
		case g.PSOKey != nil:
			what = "missing pipeline state " + g.PSOKey.String()
		case g.SOKey != nil:
			what = "missing state object " + g.SOKey.String()
		}
		printf(w, "  %s  version %d  -> %s\n", g.Key, g.Version, what)
	}
	printf(w, "Pipeline states: %d\n", len(s.Pipelines))
	seen := seenLists{}
	for _, p := range s.Pipelines {
		rs := "none"
		if p.RootSignatureKey != nil {
			rs = p.RootSignatureKey.String()
		}
		printf(w, "  %s  root signature %s, %d input elements\n", p.Key, rs, len(p.InputLayout))
		for _, st := range p.Stages {
			if st.Shader == nil {
				printf(w, "    %s  %s  (not in shader_bytecode)\n", st.Name, st.Key)
				continue
			}
			printf(w, "    %s  %s\n", st.Name, shaderLine(st.Shader))
		}
		for _, f := range p.Fields {
			if f.Value != "NULL" {
				printf(w, "    %s\n", f.String())
			}
		}
		for _, dsc := range p.Descs {
			writeDesc(w, dsc, "    ", 0, seen)
		}
		if len(p.InputLayout) > 0 && seen.again(&p.InputLayout[0], len(p.InputLayout)) {
			printf(w, "    input layout %s: %d input elements, as above\n", p.InputLayoutKey, len(p.InputLayout))
			continue
		}
		for _, el := range p.InputLayout {
			writeDesc(w, el, "    ", 0, seen)
		}
	}
	printf(w, "Shaders: %d\n", len(s.Shaders))
	for _, sh := range s.Shaders {
		printf(w, "  %s\n", shaderLine(sh))
	}
	printf(w, "Root signatures: %d\n", len(s.RootSignatures))
	for _, r := range s.RootSignatures {
		printf(w, "  %s  %d bytes  %s\n", r.Key, r.Size, r.Blob.Where())
	}
	printf(w, "State objects: %d\n", len(s.StateObjects))
	for _, so := range s.StateObjects {
		parent := ""
		if so.ParentKey != nil {
			parent = ", adds to " + so.ParentKey.String()
		}
		printf(w, "  %s  %s flags 0x%x%s\n", so.Key, so.TypeName, so.Flags, parent)
		for _, l := range so.Libraries {
			var ex []string
			for _, e := range l.Exports {
				n := e.Name
				if e.ExportToRename != "" {
					n += "=" + e.ExportToRename
				}
				ex = append(ex, n)
			}
			if len(ex) == 0 {
				ex = []string{"(all)"}
			}
			if l.Shader != nil {
				printf(w, "    DXIL library %s  exports %s\n", shaderLine(l.Shader), strings.Join(ex, ", "))
			} else {
				printf(w, "    DXIL library %s (not in shader_bytecode)  exports %s\n", l.Key, strings.Join(ex, ", "))
			}
		}
		for _, k := range so.Existing {
			printf(w, "    existing collection %s\n", k)
		}
		for _, r := range so.GlobalRootSigs {
			printf(w, "    global root signature %s\n", r.Key)
		}
		for _, r := range so.LocalRootSigs {
			printf(w, "    local root signature %s\n", r.Key)
		}
		for _, dsc := range so.Subobjects {
			writeDesc(w, dsc, "    ", 0, seen)
		}
	}
}

func shaderLine(sh *shaderdb.Shader) string {
	ci := sh.Info()
	prof := ci.Profile
	if !ci.IsContainer {
		prof = "not a container"
	}
	entry := ""
	if ci.EntryName != "" {
		entry = " entry " + ci.EntryName
	}
	return fmt.Sprintf("%s  %s  %s%s  %d bytes  %s", sh.Key, text.Safe(string(sh.Type)), text.Safe(prof), text.Safe(entry), sh.Size, text.Safe(sh.Blob.Where()))
}

// seenLists are the long lists (a description's fields, an input layout,
// a group's values) already printed, by their first element. Rows of one
// table may all name one row that holds thousands (4,000 pipelines naming
// one stream-output description of 4,000 declarations): a long list is
// printed once, then named. A list is known by its description, or by the
// address of its first element (lists shared between rows share their array).
type seenLists map[any]bool

// maxListed is the longest list printed again in full: more than any real
// description or layout holds (D3D12 allows 128 stream-output entries).
const maxListed = 128

// again reports whether the list of n items starting with first is long
// and was printed before, and marks it printed.
func (s seenLists) again(first any, n int) bool {
	if n <= maxListed {
		return false
	}
	if s[first] {
		return true
	}
	s[first] = true
	return false
}

// maxLine is the longest description line printed again in full: a
// description of a few long values (a 64 KB text) named by every pipeline
// is printed once, as a long list is. Real lines are under 1 KB.
const maxLine = 4 << 10

func writeDesc(w io.Writer, d *shaderdb.Desc, indent string, depth int, seen seenLists) {
	if d.Missing {
		printf(w, "%s%s %s: (missing)\n", indent, d.Table, d.Key)
		return
	}
	if seen[d] {
		printf(w, "%s%s %s: %d fields, as above\n", indent, d.Table, d.Key, len(d.Fields))
		return
	}
	var fs []string
	n := 0
	for _, f := range d.Fields {
		if f.Ref == nil {
			fs = append(fs, text.Safe(f.String()))
			n += len(fs[len(fs)-1]) + 1
		}
	}
	if len(d.Fields) > maxListed || n > maxLine {
		seen[d] = true
	}
	printf(w, "%s%s %s: %s\n", indent, d.Table, d.Key, strings.Join(fs, " "))
	if depth < 2 {
		for _, f := range d.Fields {
			if f.Ref != nil {
				writeDesc(w, f.Ref, indent+"  "+f.Name+": ", depth+1, seen)
			}
		}
	}
}

func writePSDB(w io.Writer, p *shaderdb.PSDB) {
	printf(w, "Schema: %s\n", p.SchemaNote)
	if a := p.App; a != nil {
		printf(w, "Application: %q (%s) version %s, engine %q version %s, profile version %s\n", a.Name, a.ExePath, a.AppVersion, a.EngineName, a.EngineVersion, a.AppProfileVersion)
	}
	for _, c := range p.Compilers {
		printf(w, "Compiler: adapter family %q, ABI %d, compiler version %s\n", c.Family, c.ABI, c.Version)
	}
	printf(w, "Groups: %d (%d keys, %d values)\n", len(p.Groups), p.Keys, p.Values)
	seen := seenLists{}
	for _, g := range p.Groups {
		printf(w, "  %s  version %d  %d values\n", g.Key, g.Version, len(g.Values))
		if len(g.Values) > 0 && seen.again(&g.Values[0], len(g.Values)) {
			printf(w, "    the same %d values as a group above\n", len(g.Values))
			continue
		}
		for _, v := range g.Values {
			b, _ := v.Bytes()
			head := b
			if len(head) > 16 {
				head = head[:16]
			}
			printf(w, "    %s  %d bytes  key %s  %s  %s\n", v.Type, v.Size, v.Key, v.Blob.Where(), hex.EncodeToString(head))
		}
	}
}

func writeBlobs(w io.Writer, d *shaderdb.Database) {
	printf(w, "Blobs: %d, holding %d containers\n", len(d.Blobs), d.ContainerCount())
	for _, b := range d.Blobs {
		r := b.Ref
		printf(w, "  %s.%s rowid %d  %d bytes  %s  %d containers\n", r.Table, r.Column, r.Rowid, r.Size, r.Where(), len(b.Containers))
		for _, e := range b.Containers {
			at := fmt.Sprintf("blob offset 0x%x", e.Offset)
			if r.Contiguous {
				at += fmt.Sprintf(" (file 0x%x)", r.Offset+e.Offset)
			}
			printf(w, "    container at %s, %d bytes, parts %s\n", at, e.Size, strings.Join(e.Parts, " "))
		}
	}
}

// printf is fmt.Fprintf with every string argument passed through
// text.Safe: a database's names and values come from the file, and each
// must stay on its line.
func printf(w io.Writer, format string, args ...any) {
	for i, a := range args {
		if s, ok := a.(string); ok {
			args[i] = text.Safe(s)
		}
	}
	fmt.Fprintf(w, format, args...)
}

// matchKey accepts a key written as its text or as hex.
func matchKey(k shaderdb.Key, s string) bool {
	return k.String() == s || strings.EqualFold(hex.EncodeToString(k), s) || string(k) == s
}

func runDBExtract(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("dbextract")
	// The selectors are kept as given (set or not) for extractFromDB.
	flags := map[string]string{}
	for _, name := range []string{"group", "stage", "lib", "value", "table", "rowid", "column", "o"} {
		fs.Func(name, "", func(v string) error { flags[name] = v; return nil })
	}
	_, d, code := openArg(fs, args, stderr, openDB)
	if code != 0 {
		return code
	}
	data, err := extractFromDB(d, flags)
	if err != nil {
		fmt.Fprintf(stderr, "dxscope: %s\n", text.Safe(err.Error()))
		if strings.HasPrefix(err.Error(), "usage") {
			return 2
		}
		return 1
	}
	return writeOut(flags["o"], data, stdout, stderr)
}

func extractFromDB(d *shaderdb.Database, flags map[string]string) ([]byte, error) {
	if key, ok := flags["group"]; ok && d.PSDB != nil {
		// A PSDB group's compiled values (vendor binaries, not containers).
		for _, g := range d.PSDB.Groups {
			if !matchKey(g.Key, key) {
				continue
			}
			n, err := strconv.Atoi(flags["value"])
			if err != nil || n < 0 || n >= len(g.Values) {
				return nil, fmt.Errorf("usage: --group %s in a PSDB needs --value N (the group has %d values, 0 to %d)", g.Key, len(g.Values), len(g.Values)-1)
			}
			return g.Values[n].Bytes()
		}
		return nil, fmt.Errorf("no group %q in the database", key)
	}
	if key, ok := flags["group"]; ok {
		if d.SODB == nil {
			return nil, fmt.Errorf("--group needs a state object database; this is a %s", d.Kind)
		}
		var g *shaderdb.Group
		for _, x := range d.SODB.Groups {
			if matchKey(x.Key, key) {
				g = x
				break
			}
		}
		if g == nil {
			return nil, fmt.Errorf("no group %q in the database", key)
		}
		if st, ok := flags["stage"]; ok {
			if g.Pipeline == nil {
				return nil, fmt.Errorf("group %s has no pipeline state (use --lib N for a state object)", g.Key)
			}
			s := g.Pipeline.Stage(strings.ToUpper(st))
			if s == nil {
				var have []string
				for _, x := range g.Pipeline.Stages {
					have = append(have, x.Name)
				}
				return nil, fmt.Errorf("pipeline %s has no %s stage (it has %s)", g.Pipeline.Key, st, strings.Join(have, " "))
			}
			if s.Shader == nil {
				return nil, fmt.Errorf("the %s stage's shader %s is not in shader_bytecode", s.Name, s.Key)
			}
			return s.Shader.Bytes()
		}
		if l, ok := flags["lib"]; ok {
			if g.StateObject == nil {
				return nil, fmt.Errorf("group %s has no state object (use --stage for a pipeline state)", g.Key)
			}
			n, err := strconv.Atoi(l)
			if err != nil || n < 0 || n >= len(g.StateObject.Libraries) {
				return nil, fmt.Errorf("--lib %s: the state object has %d DXIL libraries (0 to %d)", l, len(g.StateObject.Libraries), len(g.StateObject.Libraries)-1)
			}
			lib := g.StateObject.Libraries[n]
			if lib.Shader == nil {
				return nil, fmt.Errorf("DXIL library %s is not in shader_bytecode", lib.Key)
			}
			return lib.Shader.Bytes()
		}
		return nil, fmt.Errorf("usage: --group KEY needs --stage VS (pipeline state) or --lib N (state object)")
	}
	if tn, ok := flags["table"]; ok {
		t := d.SQL.Table(tn)
		if t == nil {
			return nil, fmt.Errorf("no table %q (the tables are %s)", tn, strings.Join(d.SQL.TableNames(), " "))
		}
		id, err := strconv.ParseInt(flags["rowid"], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("usage: --table T needs --rowid N")
		}
		rows := t.Rows()
		for rows.Next() {
			r := rows.Row()
			if r.Rowid != id {
				continue
			}
			// With --column: that column. Without: the first BLOB holding a
			// container at its start, else the largest BLOB (keys are small blobs too).
			var best []byte
			for i, v := range r.Values {
				if c, ok := flags["column"]; ok {
					if i < len(t.Columns) && strings.EqualFold(t.Columns[i].Name, c) && (v.Type == sqlite.Blob || v.Type == sqlite.Text) {
						return v.Bytes()
					}
					continue
				}
				if v.Type != sqlite.Blob {
					continue
				}
				b, err := v.Bytes()
				if err != nil {
					return nil, err
				}
				if shaderdb.Probe(b).IsContainer {
					return b, nil
				}
				if len(b) > len(best) {
					best = b
				}
			}
			if best != nil {
				return best, nil
			}
			return nil, fmt.Errorf("row %d of %s has no such BLOB column", id, t.Name)
		}
		return nil, fmt.Errorf("no row with rowid %d in %s", id, t.Name)
	}
	return nil, fmt.Errorf("usage: dbextract needs --group KEY or --table T --rowid N")
}
