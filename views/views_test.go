package views

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

func example(t *testing.T, name string) []byte {
	t.Helper()
	return corpus.RepoFile(t, "web/examples/"+name)
}

// corpusPart builds the model of one corpus file, as the page does, and
// returns its part of that name. It skips the test as corpus.File does, and
// fails it when the file has no such part: the test's premise.
func corpusPart(t *testing.T, rel, name string) *model.PartView {
	t.Helper()
	_, b := corpus.File(t, rel)
	for _, pv := range model.Build(filepath.Base(rel), b, 0).Parts {
		if pv.Name == name {
			return pv
		}
	}
	t.Fatalf("%s has no %s part", rel, name)
	return nil
}

// TestHeaderFieldsLinkBothWays: every header field's tree node finds its
// span, and every byte of the header finds a node whose span holds it.
// Offsets are from the DXContainer layout (constants.md §1).
func TestHeaderFieldsLinkBothWays(t *testing.T) {
	m := model.Build("vertex.dxbc", example(t, "vertex.dxbc"), 0)
	if m.File == nil {
		t.Fatal(m.NotFound)
	}
	hdr := m.Parts[0].Tree()
	for _, tc := range []struct {
		json      string
		off, size int64
	}{
		{"Header/Hash", 4, 16},
		{"Header/Version/Major", 20, 2},
		{"Header/Version/Minor", 22, 2},
		{"Header/FileSize", 24, 4},
		{"Header/PartCount", 28, 4},
		{"Header/PartOffsets/1", 36, 4},
	} {
		n := hdr.Find(func(n *model.Node) bool { return n.JSONPath == tc.json })
		if n == nil {
			t.Errorf("%s: no node", tc.json)
			continue
		}
		sp, ok := m.Parts[0].Span(hdr.SpanOf(n))
		if !ok || sp.Off != tc.off || sp.Size != tc.size {
			t.Errorf("%s: span %+v, want %d+%d", tc.json, sp, tc.off, tc.size)
		}
		for b := tc.off; b < tc.off+tc.size; b++ {
			d, _ := m.Spans.Deepest(b)
			if got := hdr.ForSpan(d.Path); got != n {
				t.Errorf("byte 0x%x: reveals %q, want %q", b, got.JSONPath, tc.json)
				break
			}
		}
	}
}

// TestPartHeaderBytesRevealPartNodes: the 8-byte part header's name and size
// bytes reveal the part's Name and Size nodes.
func TestPartHeaderBytesRevealPartNodes(t *testing.T) {
	m := model.Build("vertex.dxbc", example(t, "vertex.dxbc"), 0)
	for _, pv := range m.Parts[1:] {
		d, _ := m.Spans.Deepest(pv.Offset + 1)
		if n := pv.Tree().ForSpan(d.Path); n.JSONPath != "Name" {
			t.Errorf("%s: byte 1 of the part header reveals %q", pv.Name, n.JSONPath)
		}
		d, _ = m.Spans.Deepest(pv.Offset + 5)
		if n := pv.Tree().ForSpan(d.Path); n.JSONPath != "Size" {
			t.Errorf("%s: byte 5 of the part header reveals %q", pv.Name, n.JSONPath)
		}
		if got := m.PartAt(pv.Offset + pv.Size - 1); got != pv {
			t.Errorf("%s: last byte belongs to %v", pv.Name, got)
		}
	}
}

// TestTreeFollowsJSONOrder: the generic tree is the part's JSON, keys in
// order, Spans left out.
func TestTreeFollowsJSONOrder(t *testing.T) {
	v := struct {
		B     int
		A     []string
		Spans []int
		C     map[string]bool
	}{2, []string{"x", "y"}, []int{1}, map[string]bool{"k": true}}
	tr := model.BuildTree("TEST", v, nil)
	var keys []string
	for _, c := range tr.Root.Children {
		keys = append(keys, c.Key)
	}
	if strings.Join(keys, ",") != "B,A,C" {
		t.Errorf("keys %v, want B,A,C", keys)
	}
	if n := tr.Root.Path("A/[1]"); n == nil || n.Full != "y" || n.JSONPath != "A/1" {
		t.Errorf("A/1 = %+v", n)
	}
}

func TestLongStringsAreCut(t *testing.T) {
	tr := model.BuildTree("T", map[string]string{"DXIL": strings.Repeat("ab", 1000)}, nil)
	n := tr.Root.Child("DXIL")
	if len(n.Full) != 2000 || len(n.Value) > model.MaxShown+40 || !strings.Contains(n.Value, "2000 characters") {
		t.Errorf("value %q", n.Value)
	}
}

// TestDeepestSpan uses hand-made spans: a struct, two fields, a wide raw
// span that starts earlier and still covers the offset.
func TestDeepestSpan(t *testing.T) {
	s := model.NewSpans([]model.Span{
		{Path: "P", Off: 0, Size: 100, Kind: model.SpanStruct},
		{Path: "P/A", Off: 10, Size: 4, Kind: model.SpanField},
		{Path: "P/S", Off: 10, Size: 20, Kind: model.SpanStruct},
		{Path: "P/B", Off: 14, Size: 2, Kind: model.SpanField},
		{Path: "Q", Off: 200, Size: 50_000_000, Kind: model.SpanRaw},
	})
	for _, tc := range []struct {
		off  int64
		want string
	}{{0, "P"}, {10, "P/A"}, {13, "P/A"}, {14, "P/B"}, {16, "P/S"}, {50, "P"}, {150, ""}, {40_000_000, "Q"}} {
		got, ok := s.Deepest(tc.off)
		if (tc.want == "" && ok) || (tc.want != "" && got.Path != tc.want) {
			t.Errorf("Deepest(%d) = %q, want %q", tc.off, got.Path, tc.want)
		}
	}
	enc, _ := s.Enclosing(model.Span{Path: "P/B", Off: 14, Size: 2})
	if enc.Path != "P/S" {
		t.Errorf("Enclosing(P/B) = %q, want P/S", enc.Path)
	}
}

// TestNonContainerListsEmbedded: the bundle example holds the two other
// examples at the offsets where build.sh put them.
func TestNonContainerListsEmbedded(t *testing.T) {
	data := example(t, "bundle.bin")
	m := model.Build("bundle.bin", data, 0)
	if m.File != nil || m.NotFound == "" {
		t.Fatal("bundle.bin decoded as a container")
	}
	vertex, compute := example(t, "vertex.dxbc"), example(t, "compute.dxbc")
	if len(m.Embedded) != 2 {
		t.Fatalf("%d embedded containers, want 2", len(m.Embedded))
	}
	if string(data[m.Embedded[0].Offset:m.Embedded[0].Offset+m.Embedded[0].Size]) != string(vertex) ||
		string(data[m.Embedded[1].Offset:m.Embedded[1].Offset+m.Embedded[1].Size]) != string(compute) {
		t.Error("embedded offsets do not hold the example files")
	}
	// Opened in place, the nested container addresses the outer file.
	n := model.Build("bundle.bin", data, m.Embedded[1].Offset)
	if n.File == nil || n.Parts[1].Offset != m.Embedded[1].Offset+int64(n.File.Header.PartOffsets[0]) {
		t.Errorf("nested part offset %d", n.Parts[1].Offset)
	}
	if sp, _ := n.Parts[0].Span("Header/FileSize"); sp.Off != m.Embedded[1].Offset+24 {
		t.Errorf("nested FileSize at 0x%x", sp.Off)
	}
}

func TestSummaryFromProgramHeader(t *testing.T) {
	for _, tc := range []struct{ file, stage, profile string }{
		{"vertex.dxbc", "Vertex", "vs_6_0"},
		{"compute.dxbc", "Compute", "cs_6_6"},
	} {
		m := model.Build(tc.file, example(t, tc.file), 0)
		if m.Stage != tc.stage || m.Profile != tc.profile {
			t.Errorf("%s: %s %s, want %s %s", tc.file, m.Stage, m.Profile, tc.stage, tc.profile)
		}
	}
}

func TestTeachCoversTheFormat(t *testing.T) {
	if n := len(model.Lessons()); n < 40 {
		t.Errorf("%d lessons, want at least 40", n)
	}
	for _, tc := range []struct{ path, title string }{
		{"Header/Hash", "Container digest"},
		{"Header/PartOffsets/3", "Part offset"},
		{"Size", "Part size"},
		{"Program/ShaderKind", "Shader kind"},
		{"PSVInfo/RuntimeInfo/EntryFunctionName", "Entry function name"},
		{"PSVInfo/SigInputElements/2/Cols", "Columns"},
		{"PSVInfo/SigOutputVectors/0", "Output vectors of a stream"},
		{"ResourceDefs/ConstantBuffers/0/Variables/0/NameOffset", "Name offset"}, // not a signature element's semantic name
		{"RuntimeData/SubobjectTable/Records/1/RootSignature/RootSignature/Parameters/0/ShaderVisibility", "Shader visibility"},
		{"Signature/Parameters/1/Mask", "Component mask"},
		{"Flags", "Shader feature flags"},
		{"Hash/Digest", "Shader hash"},
		{"RootSignature/Parameters/0/ShaderVisibility", "Shader visibility"},
	} {
		l, _, ok := model.Teach(tc.path)
		if !ok || l.Title != tc.title {
			t.Errorf("Teach(%q) = %q, want %q", tc.path, l.Title, tc.title)
		}
	}
	// A field no lesson names falls back to its structure, and says so.
	if l, exact, ok := model.Teach("Header/Version/Major/Extra"); !ok || exact || l.Title != "Major version" {
		t.Errorf("fallback: %q exact=%v", l.Title, exact)
	}
}

func TestParseOffset(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
		ok   bool
	}{{"0x1f0", 0x1f0, true}, {"496", 496, true}, {"1f0h", 0x1f0, true}, {"ff", 255, true}, {"-3", 0, false}, {"zz", 0, false}} {
		got, err := ParseOffset(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseOffset(%q) = %d, %v", tc.in, got, err)
		}
	}
}

// TestHexGeometryFor50MB: the scroll mapping covers every row of a 50 MB
// file and stays under the browser's element height limit.
func TestHexGeometryFor50MB(t *testing.T) {
	h := &HexView{Model: &model.Model{Data: make([]byte, 50<<20)}}
	height, scaled := h.spacer()
	if !scaled || height > hexMaxPixels {
		t.Fatalf("spacer %v scaled=%v", height, scaled)
	}
	view := float64(HexRows * HexRowHeight)
	if got := h.firstFor(height - view); got != h.maxFirst() {
		t.Errorf("bottom shows row %d, want %d", got, h.maxFirst())
	}
	for _, row := range []int64{0, 1000, h.maxFirst() / 2, h.maxFirst()} {
		if got := h.firstFor(h.topFor(row)); got < row-1 || got > row+1 {
			t.Errorf("row %d maps back to %d", row, got)
		}
	}
}

// TestTreeIsBounded: a value with more than model.MaxNodes leaves keeps the first
// ones and says it was cut.
func TestTreeIsBounded(t *testing.T) {
	big := make([]int, model.MaxNodes+50)
	tr := model.BuildTree("T", map[string]any{"A": big, "B": 1}, nil)
	if !tr.Truncated || len(tr.Nodes) > model.MaxNodes+1 {
		t.Errorf("truncated=%v with %d nodes", tr.Truncated, len(tr.Nodes))
	}
}

// TestGridSVGDrawsEachSetCell: the cells are one SVG path with a square per
// set cell, so a 128×128 grid stays a handful of DOM nodes.
func TestGridSVGDrawsEachSetCell(t *testing.T) {
	g := &DependencyGrid{Data: DemoGrid()}
	set := 0
	for _, row := range g.Data.Cells {
		for _, v := range row {
			if v {
				set++
			}
		}
	}
	svg := g.svg(8, 8*128, 8*128)
	on := svg[strings.Index(svg, `class="grid-on"`):]
	if got := strings.Count(on, "z"); got != set {
		t.Errorf("%d squares drawn, %d cells set", got, set)
	}
	if len(g.Data.Rows) != 128 || g.Data.Describe(5, 1) != "input TEXCOORD1.y affects output SV_Position0.y" {
		t.Errorf("demo grid: %d rows, cell (5,1) %q", len(g.Data.Rows), g.Data.Describe(5, 1))
	}
}

// The ViewID corpus files: the grids show the masks and tables read by hand
// from their bytes (see decode/psv_test.go): vs_view_id's output mask 0x106
// sets SV_Position0.y, SV_Position0.z and VID0.x; the mesh shader's 0x10 sets
// UV_VIEWID0.x.
func TestViewIDGridsFromCorpus(t *testing.T) {
	for _, tc := range []struct {
		file string
		want []string // set cells of the ViewID grid, as "row→column"
	}{
		{"real/HansKristian-Work__vkd3d-proton/vs_view_id.h__vs_view_id_code_dxil.dxil",
			[]string{"ViewID→SV_Position0.y", "ViewID→SV_Position0.z", "ViewID→VID0.x"}},
		{"real/HansKristian-Work__vkd3d-proton/ms_view_id_passthrough.h__ms_view_id_passthrough_code_dxil.dxil",
			[]string{"ViewID→UV_VIEWID0.x"}},
	} {
		m := model.Build(filepath.Base(tc.file), corpus.Bytes(t, tc.file), 0)
		var grid *model.GridData
		for i := range m.Parts {
			if m.Parts[i].Name == "PSV0" {
				m.Parts[i].LoadSpecials()
				for _, g := range m.Parts[i].Grids {
					if strings.HasPrefix(g.Title, "ViewID → outputs") {
						grid = g
					}
				}
			}
		}
		if grid == nil {
			t.Fatalf("%s: no ViewID grid", tc.file)
		}
		var got []string
		for r := range grid.Rows {
			for c := range grid.Cols {
				if grid.Set(r, c) {
					got = append(got, grid.Rows[r]+"→"+grid.Cols[c])
				}
			}
		}
		if strings.Join(got, " ") != strings.Join(tc.want, " ") {
			t.Errorf("%s: ViewID grid cells %v, want %v", tc.file, got, tc.want)
		}
	}
}

func TestDXOpCensusSorts(t *testing.T) {
	d := &DXILSummary{Data: &model.DXILSummary{Ops: []model.DXOpRow{{Opcode: 68, Name: "loadInput", Count: 3}, {Opcode: 5, Name: "storeOutput", Count: 9}, {Opcode: 93, Name: "bufferLoad", Count: 3}}}}
	order := func() string {
		var s []string
		for _, o := range d.SortedOps() {
			s = append(s, fmt.Sprint(o.Opcode))
		}
		return strings.Join(s, " ")
	}
	for _, tc := range []struct {
		by   string
		desc bool
		want string
	}{{"", false, "5 68 93"}, {"name", false, "93 68 5"}, {"count", true, "5 93 68"}, {"count", false, "68 93 5"}} {
		d.sortBy, d.desc = tc.by, tc.desc
		if got := order(); got != tc.want {
			t.Errorf("sort by %q desc=%v: %s, want %s", tc.by, tc.desc, got, tc.want)
		}
	}
}

// Bitcode blocks link to their bytes by the span path they carry.
func TestBitcodeBlocksLinkToBytes(t *testing.T) {
	pv := corpusPart(t, "real/HansKristian-Work__vkd3d-proton/vs_view_id.h__vs_view_id_code_dxil.dxil", "DXIL")
	blk := pv.Part.Module.Blocks[0]
	n := pv.Tree().ForSpan(blk.Path)
	if n == nil || n.Child("Name").Text() != blk.Name {
		t.Fatalf("no tree node for the span %s", blk.Path)
	}
}

// TestHexRowsHTMLEscapesTheFile: the hex lines are one HTML string, so every
// byte and every name from the file must come out escaped; bytes that share
// their classes are one run carrying its first offset and length, a run
// never crosses the gap after a line's eighth byte, and every byte is in
// exactly one run of each column.
func TestHexRowsHTMLEscapesTheFile(t *testing.T) {
	data := []byte("DXBC<b>&\"x'\x00\xff" + strings.Repeat("z", 20))
	spans := model.NewSpans([]model.Span{{Off: 4, Size: 4, Path: `P/<img src=x onerror="1">`, Value: `"&<>`, Kind: model.SpanField}})
	h := &HexView{Model: &model.Model{Data: data, Spans: spans}, Sel: model.Span{Off: 5, Size: 2}}
	got := h.rowsHTML(0, 2)
	for _, bad := range []string{"<img", `onerror="1"`, "<b>", `>&<`} {
		if strings.Contains(got, bad) {
			t.Errorf("raw %q in the hex HTML:\n%s", bad, got)
		}
	}
	// Written by hand from the bytes: 0-3 outside any field, 4-7 the field
	// (an odd field: alt) with 5-6 selected, 8-15 outside after the gap.
	for _, want := range []string{
		`<span class="b out" data-off="0" data-n="4">44 58 42 43</span>`,
		`<span class="b out" data-off="0" data-n="4">DXBC</span>`,
		`<span class="b alt" data-off="4" data-n="1">3c</span>`,
		`<span class="b alt" data-off="4" data-n="1">&lt;</span>`,
		`<span class="b sel alt" data-off="5" data-n="2">62 3e</span>`,
		`<span class="b sel alt" data-off="5" data-n="2">b&gt;</span>`,
		`<span class="b alt" data-off="7" data-n="1">&amp;</span>`,
		`<span class="b out c8" data-off="8" data-n="8">22 78 27 00 ff 7a 7a 7a</span>`,
		`<span class="b out c8" data-off="8" data-n="8">&#34;x&#39;..zzz</span>`,
		`<span class="b out" data-off="16" data-n="8">7a 7a 7a 7a 7a 7a 7a 7a</span>`,
		`<span class="b out c8" data-off="24" data-n="8">7a 7a 7a 7a 7a 7a 7a 7a</span>`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %s in:\n%s", want, got)
		}
	}
	if n := strings.Count(got, "data-off="); n != 2*7 {
		t.Errorf("%d runs, want 14 (seven in each column)", n)
	}
	checkHexRuns(t, got, data, 0, 32) // the two lines drawn
	if n := strings.Count(got, `<div class="hex-row">`); n != 2 {
		t.Errorf("%d lines, want 2", n)
	}
	if strings.Contains(got, "title=") {
		t.Errorf("the rows carry hover texts; a byte gets its own on hover")
	}
	// The hover text goes to the DOM as a property: the file's text as it is.
	for off, want := range map[int64]string{
		5:  `0x5: P/<img src=x onerror="1"> = "&<>`,
		0:  "0x0: outside the container",
		11: "0xb: outside the container",
	} {
		if got := h.titleOf(off); got != want {
			t.Errorf("hover text of 0x%x: %q, want %q", off, got, want)
		}
	}
}

// TestHugeGridIsAnImage: the largest masks a PSV0 header can claim (255
// input and output vectors: 1,020 × 1,020 components) make a grid of about
// a million cells, which once filled the page with 74 MB of SVG. It is now
// an image: no SVG, no label elements, and hover still names a cell.
func TestHugeGridIsAnImage(t *testing.T) {
	g := &model.GridData{Sentence: "input %s affects output %s", NotSentence: "input %s does not affect output %s"}
	for i := 0; i < 1020; i++ { // what GridsFromPSV makes of those masks with every bit set
		g.Rows = append(g.Rows, fmt.Sprintf("v%d.%c", i/4, "xyzw"[i%4]))
		g.Cols = append(g.Cols, fmt.Sprintf("o%d.%c", i/4, "xyzw"[i%4]))
	}
	g.Cells = make([][]bool, 1020)
	for r := range g.Cells {
		g.Cells[r] = make([]bool, 1020)
		for c := range g.Cells[r] {
			g.Cells[r][c] = true
		}
	}
	if len(g.Rows) != 1020 || len(g.Cols) != 1020 || !g.Big() {
		t.Fatalf("%d × %d, big=%v", len(g.Rows), len(g.Cols), g.Big())
	}
	v := &DependencyGrid{Data: g}
	svg, set := v.made()
	if svg != "" || set != 1020*1020 {
		t.Errorf("a big grid made %d bytes of SVG and counted %d set cells", len(svg), set)
	}
	if v.labels(g.Rows) != nil || v.cell() != 2 {
		t.Errorf("a big grid draws labels or cells of %d px", v.cell())
	}
	if got := g.Describe(1019, 3); got != "input v254.w affects output o0.w" {
		t.Errorf("hover sentence %q", got)
	}
	if small := (&DependencyGrid{Data: DemoGrid()}); small.labels(small.Data.Rows) == nil {
		t.Error("the 128 × 128 demo grid lost its labels")
	}
}

// TestPageWindow: a long list shows one page at a time, follows a selection
// to its page, and starts over at the first page when the list changes.
func TestPageWindow(t *testing.T) {
	var w pageWindow
	a, b := new(int), new(int)
	rows := func(n int, of any) (int, int) { w.follow(of); return w.bounds(n) }
	if f, e := rows(450, a); f != 0 || e != PageSize {
		t.Errorf("first page %d–%d", f, e)
	}
	w.show(430)
	if f, e := rows(450, a); f != 400 || e != 450 {
		t.Errorf("page of row 430: %d–%d", f, e)
	}
	w.show(405) // on the page already: no move
	if f, _ := rows(450, a); f != 400 {
		t.Errorf("moved to %d for a row on the page", f)
	}
	if f, _ := rows(450, b); f != 0 {
		t.Errorf("another list starts at %d", f)
	}
	w.show(300)
	if f, e := rows(250, b); f != 200 || e != 250 {
		t.Errorf("the last page of a list: %d–%d", f, e)
	}
	if f, _ := rows(150, b); f != 0 {
		t.Errorf("a list shorter than the page shown starts at %d", f)
	}
	if w.bar("x", "rows", PageSize) != nil {
		t.Error("a pager for a list that fits")
	}
	w.size = ListingPage
	if f, e := rows(5000, a); f != 0 || e != ListingPage {
		t.Errorf("listing page %d–%d", f, e)
	}
}

// TestPartViewsDrawWhatFitsAScreen: a file that claims thousands of constant
// buffers or source files gets MaxTables of them drawn and a line saying how
// many more the tree holds; facts stop at a page.
func TestPartViewsDrawWhatFitsAScreen(t *testing.T) {
	d := &model.RDEFView{Profile: "ps_5_0", Creator: "x"}
	for i := 0; i < 1000; i++ {
		d.Buffers = append(d.Buffers, &model.Table{ID: fmt.Sprint("rdef-cb", i), Title: fmt.Sprint("cbuffer b", i), Columns: []string{"variable"},
			Rows: []model.TableRow{{Cells: model.Cells("v"), Node: -1}}})
	}
	html := app.HTMLString(&ResourceDefinitionsView{Data: d})
	if n := strings.Count(html, "<table"); n != MaxTables {
		t.Errorf("%d tables drawn for 1000 constant buffers, want %d", n, MaxTables)
	}
	if !strings.Contains(html, fmt.Sprintf("… and %d more constant buffers", 1000-MaxTables)) {
		t.Error("no line says how many buffers are not drawn")
	}
	f := &model.FactsView{Purpose: "p"}
	for i := 0; i < 5000; i++ {
		f.Facts = append(f.Facts, model.Fact{Label: "argument", Value: "-Zi"})
		f.Files = append(f.Files, model.SourceText{Name: "a.hlsl", Text: "x"})
	}
	html = app.HTMLString(&PartFacts{Data: f})
	if n := strings.Count(html, `<tr class="fact`); n != PageSize {
		t.Errorf("%d facts drawn of 5000, want %d", n, PageSize)
	}
	if n := strings.Count(html, "source-file"); n != MaxTables {
		t.Errorf("%d source files drawn of 5000, want %d", n, MaxTables)
	}
}

// A mesh shader's DXIL view shows its MSState decoded in the entry table,
// and its PSG1 is listed as the primitive signature (HLSL of the file:
// [numthreads(32,1,1)], [outputtopology("triangle")], out vertices v[3],
// out indices i[32]); a pixel shader's table has no such column.
func TestMeshEntryTableAndPrimitiveSignature(t *testing.T) {
	_, b := corpus.File(t, "real/HansKristian-Work__vkd3d-proton/d3d12_mesh_shader.c__ms_culling.dxil")
	m := model.Build("ms", b, 0)
	var html string
	for _, pv := range m.Parts {
		switch pv.Name {
		case "DXIL":
			html = app.HTMLString(&DXILSummary{Data: pv.DXILSummary()})
		case "PSG1":
			if pv.Title != "primitive signature" {
				t.Errorf("PSG1 titled %q", pv.Title)
			}
		}
	}
	for _, want := range []string{"mesh output / payload", "max 3 vertices, 32 primitives, triangle; payload 0 bytes", "32, 1, 1"} {
		if !strings.Contains(html, want) {
			t.Errorf("the entry table has no %q:\n%s", want, html)
		}
	}
	ps := corpusPart(t, "real/HansKristian-Work__vkd3d-proton/d3d12_mesh_shader.c__ps_culling.dxil", "DXIL")
	if html := app.HTMLString(&DXILSummary{Data: ps.DXILSummary()}); strings.Contains(html, "mesh output") {
		t.Error("a pixel shader's entry table has the mesh column")
	}
}

// A part name from the file is shown escaped everywhere it appears: the
// part list and the problems list write Z\x00\x00\x03 alike (the problems
// list once wrote the raw bytes).
func TestPartNamesShownEscaped(t *testing.T) {
	const raw, shown = "Z\x00\x00\x03", `Z\x00\x00\x03`
	html := app.HTMLString(&ProblemList{Problems: []model.Problem{{Severity: model.Error, Offset: 0x40, Part: raw, Structure: "part header", Message: "bad"}}})
	if strings.Contains(html, raw) || !strings.Contains(html, shown+" part header") {
		t.Errorf("the problems list writes %q", html)
	}
	parts := app.HTMLString(&PartList{Parts: []*model.PartView{{Name: raw, Title: "unknown part"}}})
	if strings.Contains(parts, raw) || !strings.Contains(parts, shown) {
		t.Errorf("the part list writes %q", parts)
	}
}

// TestListingLinesHTML: a listing block's lines are one piece of HTML; a
// line made of bytes, or naming a field, carries its index, offset and what
// a click does; the file's text is escaped; the selected line is marked.
func TestListingLinesHTML(t *testing.T) {
	b := &ListingBlock{ID: "level9", Lines: []model.ListingLine{
		{Text: "// title", Part: -1},
		{Text: `// dcl <b>&"x"`, Path: "Level9/Shader/Instructions/0", Off: 0x40, Size: 8, Part: 1},
		{Text: "//     mov r0, c1", Off: 0x48, Size: 4, Part: -1},
	}}
	b.selected = 2
	got := b.linesHTML(0, 3)
	for _, want := range []string{
		`<div class="listing-lines" id="level9">`,
		`<div class="listing-line listing-comment" id="level9-line-0">// title</div>`,
		`<div class="listing-line listing-comment" id="level9-line-1" data-i="1" data-off="64" title="Level9/Shader/Instructions/0: click to select it">// dcl &lt;b&gt;&amp;&#34;x&#34;</div>`,
		`<div class="listing-line listing-comment selected" id="level9-line-2" data-i="2" data-off="72" title="0x48, 4 bytes: click to see them">//     mov r0, c1</div>`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %s in:\n%s", want, got)
		}
	}
	if strings.Contains(got, "<b>") {
		t.Errorf("raw <b> from the listing in:\n%s", got)
	}
	if got := (&ListingBlock{Lines: b.Lines}).linesHTML(1, 2); strings.Contains(got, " id=") {
		t.Errorf("a block without an ID gave its lines IDs:\n%s", got)
	}
}

// A later stage that reads nothing (a pixel shader of no inputs after an
// empty mesh shader) says so in the table rather than leaving it empty.
func TestLinkageTableOfNoInputs(t *testing.T) {
	v := &model.LinkageView{Title: "Mesh ms_6_5 (OSG1) → Pixel ps_6_0 (ISG1): does not link (1 error)",
		Problems: []model.LinkageProblem{{Severity: "error", Rule: "LINK.POSITION", Text: "the mesh shader writes no SV_Position"}}}
	html := app.HTMLString(&LinkageTable{Data: v})
	if !strings.Contains(html, "(shader B reads no inputs)") || !strings.Contains(html, "LINK.POSITION") {
		t.Errorf("no inputs: %s", html)
	}
	v.EarlierIsB = true
	if html := app.HTMLString(&LinkageTable{Data: v}); !strings.Contains(html, "(shader A reads no inputs)") {
		t.Errorf("no inputs, A later: %s", html)
	}
	v.Rows = []model.LinkageRow{{Input: [4]string{"SV_Position0", "0", "xyzw", "Float32"}, Verdict: "ok", OK: true}}
	if html := app.HTMLString(&LinkageTable{Data: v}); strings.Contains(html, "reads no inputs") {
		t.Errorf("one input: %s", html)
	}
}
