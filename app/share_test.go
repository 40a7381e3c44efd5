//go:build !wasm

package app

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/app/linkstate"
	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/diff"
	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/views/model"
)

// Every tree node's link path finds the node again, also after the link's
// own encoding ("[2]" written as "/2").
func TestFieldPathFindsTheNode(t *testing.T) {
	nodes, files := 0, 0
	for _, e := range corpus.Sample(t, 40) {
		m := model.Build(e.Rel, e.Bytes(t), 0)
		if m.File == nil {
			continue
		}
		files++
		for _, pv := range m.Parts {
			tr := pv.Tree()
			for _, n := range tr.Nodes[1:] {
				p := tr.FieldPath(n)
				st, _, err := linkstate.Decode(linkstate.Encode(linkstate.State{Field: p, Open: []string{p}}, nil))
				if err != nil {
					t.Fatalf("%s: path %q: %v", e.Path, p, err)
				}
				if st.Field != p || len(st.Open) != 1 || st.Open[0] != p {
					t.Errorf("%s: path %q comes back from a link as %q / %q", e.Path, p, st.Field, st.Open)
					continue
				}
				if got := tr.FindField(p); got != n {
					t.Errorf("%s: %s node %q (link path %q) finds %v", e.Path, pv.Name, n.JSONPath, p, got)
				}
				nodes++
			}
		}
	}
	t.Logf("%d nodes in %d files found again by their link path", nodes, files)
}

// Links write a node's JSON path in its part, the path its span has too;
// FindField also reads the forms links wrote when paths started with the
// part's FourCC.
func TestFindFieldReadsNewAndOldPaths(t *testing.T) {
	type elem struct{ Cols int }
	v := struct {
		Name    string
		PSVInfo struct{ SigOutputElements []elem }
	}{Name: "PSV0"}
	v.PSVInfo.SigOutputElements = []elem{{1}, {2}, {3}}
	tr := model.BuildTree("PSV0", v, nil)
	for path, want := range map[string]string{
		"PSVInfo/SigOutputElements/1":      "PSVInfo/SigOutputElements/1",
		"Name":                             "Name",
		"PSV0/SigOutputElements/1":         "PSVInfo/SigOutputElements/1",
		"PSV0/SigOutputElements/2/Cols":    "PSVInfo/SigOutputElements/2/Cols",
		"PSV0/PSVInfo":                     "PSVInfo",
		"PSV0/Name":                        "Name",
		"PSV0":                             "",
		"PSV0/PSVInfo/SigOutputElements/1": "PSVInfo/SigOutputElements/1",
	} {
		n := tr.FindField(path)
		if n == nil || n.JSONPath != want {
			t.Errorf("FindField(%q) = %v, want the node at %q", path, n, want)
		}
	}
	if n := tr.FindField("PSV0/SigOutputElements/2/Cols"); tr.FieldPath(n) != "PSVInfo/SigOutputElements/2/Cols" {
		t.Errorf("FieldPath writes %q, want the JSON path", tr.FieldPath(n))
	}
	for _, missing := range []string{"PSV0/SigOutputElements/9", "PSVInfo/SigOutputElements/9", "ISG1/Name"} {
		if n := tr.FindField(missing); n != nil {
			t.Errorf("%s found %q", missing, n.JSONPath)
		}
	}
}

// Links shared before span paths started at the value's JSON key named a
// field from its part's FourCC, in each of the forms below; every one still
// opens on the node it opened then, through the link codec as the page reads it.
func TestOldLinksOpenTheSameField(t *testing.T) {
	vertex := corpus.RepoFile(t, "web/examples/vertex.dxbc")
	sfi0 := make([]byte, 52) // a container of one SFI0 part
	copy(sfi0, "DXBC")
	copy(sfi0[36:], "SFI0")
	for i, v := range map[int]byte{20: 1, 24: 52, 28: 1, 32: 36, 40: 8, 44: 1} {
		sfi0[i] = v
	}
	for _, tc := range []struct {
		file       []byte
		link, want string
	}{
		// The node's span path, as FieldPath wrote it: a field of the value,
		{vertex, "#part=PSV0&field=PSV0/SigOutputElements/1/Cols", "PSVInfo/SigOutputElements/1/Cols"},
		{vertex, "#part=HASH&field=HASH/Digest", "Hash/Digest"},
		// the program header's Size (not the module's, nor the part's),
		{vertex, "#part=DXIL&field=DXIL/Size", "Program/Size"},
		// the part header's fields, and the header itself, which the part's Offset showed,
		{vertex, "#part=HASH&field=HASH/PartHeader/Size", "Size"},
		{vertex, "#part=HASH&field=HASH/PartHeader/Name", "Name"},
		{vertex, "#part=HASH&field=HASH/PartHeader", "Offset"},
		// a bitcode block, by the span path it carries,
		{vertex, "#part=DXIL&field=DXIL/Bitcode/MODULE_BLOCK", "Module/Blocks/0"},
		// a value that is its part's one field.
		{sfi0, "#part=SFI0&field=SFI0/Flags", "Flags"},
		// The part name and the path under the typed key (a node with no span of its own).
		{vertex, "#part=PSV0&field=PSV0/ShaderStageName", "PSVInfo/ShaderStageName"},
		// The part name and the whole JSON path (the short form was another node's, or not unique).
		{vertex, "#part=PSV0&field=PSV0/PSVInfo", "PSVInfo"},
		{vertex, "#part=DXIL&field=DXIL/Module/Size", "Module/Size"},
		{vertex, "#part=PSV0&field=PSV0/Summary", "Summary"},
		// No part=: the part is the field's first segment (links written by hand).
		{vertex, "#field=ISG1/Parameters/1/Register", "Signature/Parameters/1/Register"},
		// The container header's paths did not change.
		{vertex, "#part=Header&field=Header/Version", "Header/Version"},
		// open= lists nodes in the same forms.
		{vertex, "#part=PSV0&open=PSV0/PSVInfo/SigOutputElements", "PSVInfo/SigOutputElements"},
	} {
		st, _, err := linkstate.Decode(tc.link)
		if err != nil {
			t.Fatalf("%s: %v", tc.link, err)
		}
		m := model.Build("old link", tc.file, 0)
		part := st.Part
		if part == "" {
			part, _, _ = strings.Cut(st.Field, "/")
		}
		var pv *model.PartView
		for _, p := range m.Parts {
			if p.Name == part {
				pv = p
				break
			}
		}
		if pv == nil {
			t.Errorf("%s: no part %s", tc.link, part)
			continue
		}
		field := st.Field
		if len(st.Open) > 0 {
			field = st.Open[0]
		}
		n := pv.Tree().FindField(field)
		if n == nil || n.JSONPath != tc.want {
			t.Errorf("%s opens %v, want the node at %q", tc.link, n, tc.want)
			continue
		}
		// A link written now names the node by its JSON path.
		if p := pv.Tree().FieldPath(n); p != tc.want {
			t.Errorf("%s: the node's link path is %q, want %q", tc.link, p, tc.want)
		}
	}
}

// The downloads are what the CLI writes: `dxscope json` and `dxscope parts`
// (its part list and problems, standard output then standard error).
func TestExportsMatchTheCLI(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command to build the CLI")
	}
	bin := filepath.Join(t.TempDir(), "dxscope")
	corpus.WatchSources(t, "../cmd/dxscope")
	if out, err := exec.Command("go", "build", "-o", bin, "../cmd/dxscope").CombinedOutput(); err != nil {
		t.Fatalf("building the CLI: %v\n%s", err, out)
	}
	for _, e := range corpus.Sample(t, 300) {
		path := e.Path
		f, err := decode.Parse(e.Bytes(t))
		if err != nil {
			continue
		}
		js, err := ExportJSON(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			cmd  string
			mine []byte
		}{{"json", js}, {"parts", ExportParts(f)}} {
			// The CLI's standard output, then its standard error (parts
			// writes the problems there; json writes nothing there).
			cmd := exec.Command(bin, c.cmd, path)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			want, err := cmd.Output()
			if err != nil {
				t.Fatalf("dxscope %s %s: %v", c.cmd, e.Path, err)
			}
			want = append(want, stderr.Bytes()...)
			if !bytes.Equal(c.mine, want) {
				t.Errorf("%s: the page's %s download differs from dxscope %s (%d vs %d bytes)", e.Path, c.cmd, c.cmd, len(c.mine), len(want))
			}
		}
	}
}

func TestCopyFormats(t *testing.T) {
	data := []byte{0x44, 0x58, 0x42, 0x43, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0xff}
	wantHex := "44 58 42 43 00 01 02 03 04 05 06 07 08 09 0a 0b\n0c ff"
	if got := HexText(data); got != wantHex {
		t.Errorf("HexText = %q, want %q", got, wantHex)
	}
	wantC := "/* PSV0/SigOutputElements/2: 18 bytes at 0x120 */\n" +
		"static const unsigned char PSV0_SigOutputElements_2[18] = {\n" +
		"    0x44, 0x58, 0x42, 0x43, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,\n" +
		"    0x08, 0x09, 0x0a, 0x0b, 0x0c, 0xff\n" +
		"};\n"
	if got := CArray("PSV0/SigOutputElements/2", 0x120, data); got != wantC {
		t.Errorf("CArray =\n%s\nwant\n%s", got, wantC)
	}
	for in, want := range map[string]string{"": "bytes", "2x": "x", "(outside the container)": "outside_the_container", "bytes 0x94–0x100": "bytes_0x94_0x100"} {
		if got := cIdent(in); got != want {
			t.Errorf("cIdent(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{"dir/lit.dxil": "lit", `C:\x\y.cso`: "y", ".dxil": ".dxil", "": "container", "noext": "noext"} {
		if got := baseName(in); got != want {
			t.Errorf("baseName(%q) = %q, want %q", in, got, want)
		}
	}
}

// The compare view's refs: the first difference of docs/diff.md's pair is a
// field, its path finds it again, and both sides point into their files.
func TestCompareRefs(t *testing.T) {
	read := func(rel string) *decode.File {
		_, b := corpus.File(t, rel)
		f, err := decode.Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	a := read("real/HansKristian-Work__vkd3d-proton/cs_wave_size_range_64.h__cs_wave_size_range_64_code_dxil.dxil")
	b := read("real/HansKristian-Work__vkd3d-proton/cs_wave_size_range_64_128.h__cs_wave_size_range_64_128_code_dxil.dxil")
	c := diff.Compare(a, b)
	r, ok := model.FirstDifference(c)
	if !ok || r.Field < 0 {
		t.Fatalf("first difference %+v, ok %v: want a field", r, ok)
	}
	path := r.Path(c)
	if back, ok := model.FindCompareRef(c, path); !ok || back != r {
		t.Errorf("path %q finds %+v, want %+v", path, back, r)
	}
	sa, sb := r.Sides(c)
	if sa.Off < 0 || sa.Off+sa.Size > int64(len(a.Data())) || sb.Off < 0 || sb.Off+sb.Size > int64(len(b.Data())) {
		t.Errorf("sides %+v / %+v are not inside the files", sa, sb)
	}
	for i, p := range c.Parts {
		if p.Status == diff.PartIdentical {
			continue
		}
		if back, ok := model.FindCompareRef(c, p.Name); !ok || back.Part != i || back.Field != -1 {
			t.Errorf("part %s finds %+v", p.Name, back)
		}
	}
	if _, ok := model.FindCompareRef(c, "NOPE/X"); ok {
		t.Errorf("a missing path found a difference")
	}
	ma, mb := model.DiffMarks(c, a.Data(), b.Data(), 0, 0)
	count := func(m []bool) (n int) {
		for _, x := range m {
			if x {
				n++
			}
		}
		return n
	}
	// Same layout on both sides: the marks are the bytes that differ in place.
	if na, nb := count(ma), count(mb); na != c.Bytes.Differ || nb != c.Bytes.Differ {
		t.Errorf("marked %d / %d bytes, the files differ in %d", na, nb, c.Bytes.Differ)
	}
	t.Logf("first difference: %s; %d bytes differ", path, c.Bytes.Differ)
}

// A part name from the file cannot end the C array's comment or carry a
// terminal escape into it.
func TestCArrayCommentIsSafe(t *testing.T) {
	got := CArray("X*/\x1b[2J", 0, []byte{1})
	if strings.Contains(got, "*/\x1b") || strings.ContainsRune(got, 0x1b) || !strings.HasPrefix(got, "/* X* /\\x1b[2J: 1 bytes at 0x0 */\n") {
		t.Errorf("%q", got)
	}
}
