package decode

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// sourceLines splits a source file's text into lines as compilers count them.
func sourceLines(text string) []string {
	return strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
}

// Over every corpus file with debug information, each instruction's source
// position names a line that exists in its file, and a file whose text is
// embedded has that line (with the column inside it).
func TestSourceLinesExistInTheirFiles(t *testing.T) {
	files, insts, withText := 0, 0, 0
	for _, e := range corpus.Entries(t) {
		if !e.Has("SPDB") && !e.Has("ILDB") && !e.Has("SDBG") {
			continue
		}
		f := parseFile(t, e.Path)
		sm := Sources(f)
		if sm == nil {
			t.Errorf("%s: debug information but no source map", e.Rel)
			continue
		}
		files++
		for _, l := range sm.Lines {
			insts++
			if l.File < 0 || l.File >= len(sm.Files) {
				t.Errorf("%s: instruction %d names file %d of %d", e.Rel, l.Inst, l.File, len(sm.Files))
				continue
			}
			sf := sm.Files[l.File]
			if !sf.HasText {
				continue
			}
			lines := sourceLines(sf.Text)
			if l.Line == 0 || int(l.Line) > len(lines) {
				t.Errorf("%s: instruction %d is at %s:%d, which has %d lines", e.Rel, l.Inst, sf.Name, l.Line, len(lines))
				continue
			}
			if l.Column > 0 && int(l.Column) > len(lines[l.Line-1])+1 {
				t.Errorf("%s: instruction %d is at %s:%d:%d, a line of %d characters", e.Rel, l.Inst, sf.Name, l.Line, l.Column, len(lines[l.Line-1]))
			}
			withText++
		}
	}
	if files == 0 {
		corpus.Skip(t, "debug information", "no corpus file with debug information")
	}
	t.Logf("%d files with debug information: %d instructions with a source position, %d of them in embedded text, every line present", files, insts, withText)
}

var dxcLineComment = regexp.MustCompile(`; line:(\d+) col:(\d+)`)

// The DXIL mapping agrees with the `; line:N col:M` comments DXC's own
// listing prints after each instruction with a debug location.
func TestDXILSourceLinesMatchDXCListings(t *testing.T) {
	files, lines := 0, 0
	for _, e := range corpus.Entries(t) {
		if e.Listing() == "" || !e.Has("ILDB") && !e.Has("DXIL") {
			continue
		}
		text := e.ListingText(t)
		var want [][2]uint32
		for _, s := range strings.Split(text, "\n") {
			if m := dxcLineComment.FindStringSubmatch(s); m != nil && !strings.Contains(s, "llvm.dbg.") {
				l, _ := strconv.Atoi(m[1])
				c, _ := strconv.Atoi(m[2])
				want = append(want, [2]uint32{uint32(l), uint32(c)})
			}
		}
		if len(want) == 0 {
			continue
		}
		sm := Sources(parseFile(t, e.Path))
		if sm == nil {
			t.Errorf("%s: the listing has %d located instructions, we have no source map", e.Rel, len(want))
			continue
		}
		files++
		var got [][2]uint32
		for _, l := range sm.Lines {
			got = append(got, [2]uint32{l.Line, l.Column})
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: DXC's listing locates %v, we %v", e.Rel, want, got)
			continue
		}
		lines += len(want)
	}
	if files == 0 {
		corpus.Skip(t, "DXC listing", "no DXC listing with line comments")
	}
	t.Logf("%d DXC listings: %d instruction locations agree", files, lines)
}

// A DXC PDB file opens as the container of its stream 5, with the shader
// hash its GUID holds: the corpus's container carved from a .pdb, put back
// in one the way DXC writes it.
func TestPDBFileOpensItsContainer(t *testing.T) {
	_, b := corpus.File(t, "real/microsoft__DirectXShaderCompiler/DXC__Inputs__old_pdb.pdb__offc00.dxil")
	want, err := Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	hash := want.Part("HASH").Hash.Digest
	pdbBytes := hostile.DXCPDB(b, hash)
	f, err := Parse(pdbBytes)
	if err != nil {
		t.Fatal(err)
	}
	if f.PDBFile == nil || f.PDBFile.ContainerOffset != 3072 || !bytes.Equal(f.PDBFile.ShaderHash, hash) {
		t.Fatalf("PDB file: %+v", f.PDBFile)
	}
	if len(f.Parts) != len(want.Parts) {
		t.Fatalf("%d parts, want %d", len(f.Parts), len(want.Parts))
	}
	for i, p := range f.Parts {
		if p.Name != want.Parts[i].Name || p.Summary != want.Parts[i].Summary {
			t.Errorf("part %d: %s %q, want %s %q", i, p.Name, p.Summary, want.Parts[i].Name, want.Parts[i].Summary)
		}
	}
	for _, p := range f.PDBFile.Problems {
		t.Errorf("PDB problem: %s", p)
	}
	// The carve's offset in the corpus name is where DXC put the container.
	t.Logf("%d-byte PDB: container of %d bytes at 0x%x, shader hash %s, %d parts", len(pdbBytes), f.PDBFile.ContainerSize, f.PDBFile.ContainerOffset, f.PDBFile.ShaderHash, len(f.Parts))

	// A GUID that is not the HASH digest is said.
	other := hostile.DXCPDB(b, bytes.Repeat([]byte{1}, 16))
	g, err := Parse(other)
	if err != nil || len(g.PDBFile.Problems) != 1 || !strings.Contains(g.PDBFile.Problems[0].Message, "not the HASH part's digest") {
		t.Errorf("mismatched GUID: %v %+v", err, g.PDBFile)
	}
	// An MSF file with no container is not a shader.
	if _, err := Parse(hostile.MSF(512, [][]byte{nil, hostile.PDBInfo(nil)})); err == nil || !strings.Contains(err.Error(), "stream 5") {
		t.Errorf("a PDB without a container: %v", err)
	}
}

// An FXC PDB (what fxc /Fd writes: the bytes FXC's SPDB part holds, an MSF
// file with no container in it) is laid out as a container of that one
// part, signed, its bytes from FXCPDBOffset: every corpus SPDB part's bytes
// so laid out decode to the same PDB as the part did inside its shader.
// A DXC PDB, which holds its container, and other bytes are not.
func TestFXCPDBContainer(t *testing.T) {
	msfs := [][]byte{hostile.SharedSourcePDB(2, 64)}
	for _, e := range corpus.Available() {
		if e.Has("SPDB") {
			if f, err := Parse(e.Bytes(t)); err == nil {
				msfs = append(msfs, f.Part("SPDB").Data())
			}
		}
	}
	for i, msf := range msfs {
		c, ok := FXCPDBContainer(msf)
		if !ok {
			t.Fatalf("PDB %d: not laid out", i)
		}
		f, err := Parse(c)
		if err != nil {
			t.Fatalf("PDB %d: %v", i, err)
		}
		p := f.Part("SPDB")
		if len(f.Parts) != 1 || p == nil || p.DataOffset != FXCPDBOffset || f.Digest.Status != DigestValid || string(p.Data()) != string(msf) {
			t.Fatalf("PDB %d: %d parts, SPDB at %v, digest %s", i, len(f.Parts), p != nil && p.DataOffset == FXCPDBOffset, f.Digest.Status)
		}
		if i == 0 {
			continue // the hostile file has no shader to compare with
		}
		alone := hostile.SPDBShader(msf) // the part decoded beside code, as in its shader
		g, _ := Parse(alone)
		got, _ := json.Marshal(p.PDB)
		want, _ := json.Marshal(g.Part("SPDB").PDB)
		if string(got) != string(want) {
			t.Errorf("PDB %d: decodes differently laid out alone (%d vs %d bytes of JSON)", i, len(got), len(want))
		}
	}
	t.Logf("%d PDBs laid out as containers of their SPDB part", len(msfs))
	vs := corpus.RepoFile(t, "web/examples/vertex.dxbc")
	if _, ok := FXCPDBContainer(vs); ok {
		t.Error("a container was laid out as a PDB")
	}
	if _, ok := FXCPDBContainer(hostile.DXCPDB(vs, make([]byte, 16))); ok {
		t.Error("a DXC PDB was laid out as FXC's")
	}
}
