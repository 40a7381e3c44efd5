package page_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/app/page"
	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/diff"
	"github.com/dxscope/dxscope/decode/edit"
	"github.com/dxscope/dxscope/decode/rootsig"
	"github.com/dxscope/dxscope/internal/corpus"
)

// An FXC pixel shader with RDEF, STAT and a root signature whose one table
// holds CBV b0, the constant buffer RDEF binds (the corpus manifest: retail
// digest, parts RDEF ISGN OSGN SHEX STAT RTS0).
const rtsFile = "real/microsoft__DirectXShaderCompiler/test__dxbc2dxil__cbuffer2__v2.dxbc"

// partData returns each part's bytes by name.
func partData(t *testing.T, b []byte) map[string][]byte {
	t.Helper()
	f, err := decode.Parse(b)
	if err != nil {
		t.Fatalf("the edited container does not decode: %v", err)
	}
	m := map[string][]byte{}
	for _, p := range f.Parts {
		m[p.Name] = p.Data()
	}
	return m
}

// Edit mode: each edit is written, decoded and shown at once; undo and redo
// walk the byte snapshots; the original comes back byte for byte.
func TestEditRemoveSignUndoRedo(t *testing.T) {
	orig := corpus.Bytes(t, rtsFile)
	s := page.New()
	s.Open("cbuffer2.dxbc", orig)
	if s.Editing() {
		t.Fatal("edit mode is on before it was asked for")
	}
	s.StartEdit()
	if !s.Editing() {
		t.Fatal("StartEdit did not turn edit mode on")
	}
	if s.CanUndo() || s.CanRedo() {
		t.Error("a fresh edit mode has something to undo or redo")
	}
	want := partData(t, orig)

	type step struct {
		name   string
		do     func() page.Effects
		gone   string // the part the edit removes
		digest string // the edited container's digest status
		stamp  []byte // the digest bytes, when fixed
		what   string // the edit's description
	}
	steps := []step{
		{name: "remove STAT", do: func() page.Effects { return s.EditRemovePart(partIndex(t, s, "STAT")) }, gone: "STAT", digest: "valid", what: "removed STAT"},
		{name: "remove RDEF", do: func() page.Effects { return s.EditRemovePart(partIndex(t, s, "RDEF")) }, gone: "RDEF", digest: "valid", what: "removed RDEF"},
		{name: "bypass", do: func() page.Effects { return s.EditSign(edit.Bypass) }, digest: "bypass", stamp: bytes.Repeat([]byte{1}, 16), what: "signed bypass"},
		{name: "preview-bypass", do: func() page.Effects { return s.EditSign(edit.PreviewBypass) }, digest: "preview-bypass", stamp: bytes.Repeat([]byte{2}, 16), what: "signed preview-bypass"},
		{name: "retail", do: func() page.Effects { return s.EditSign(edit.Retail) }, digest: "valid", what: "signed retail"},
	}
	var snaps [][]byte
	for i, st := range steps {
		st.do()
		if s.Edit.Err != "" {
			t.Fatalf("%s: refused: %s", st.name, s.Edit.Err)
		}
		got := s.EditedBytes()
		if !bytes.Equal(s.Model.Data, got) {
			t.Errorf("%s: the page shows bytes other than the edited ones", st.name)
		}
		if s.Model.Digest != st.digest {
			t.Errorf("%s: digest %s, want %s", st.name, s.Model.Digest, st.digest)
		}
		if st.stamp != nil && !bytes.Equal(got[4:20], st.stamp) {
			t.Errorf("%s: digest bytes % x, want % x", st.name, got[4:20], st.stamp)
		}
		if st.gone != "" {
			delete(want, st.gone)
		}
		parts := partData(t, got)
		if len(parts) != len(want) {
			t.Errorf("%s: %d parts, want %d", st.name, len(parts), len(want))
		}
		for name, d := range want {
			if !bytes.Equal(parts[name], d) {
				t.Errorf("%s: part %s is not the original's bytes", st.name, name)
			}
		}
		if len(s.Edit.Steps) != i+1 || s.Edit.Steps[i].What != st.what {
			t.Errorf("%s: the edit list is %v, want %d edits ending %q", st.name, s.Edit.Steps, i+1, st.what)
		}
		snaps = append(snaps, got)
	}
	// Undo walks back through the snapshots to the file as opened.
	for i := len(steps) - 2; i >= -1; i-- {
		s.Undo()
		want := orig
		if i >= 0 {
			want = snaps[i]
		}
		if !bytes.Equal(s.Model.Data, want) || !bytes.Equal(s.EditedBytes(), want) {
			t.Fatalf("undo to step %d: not that step's bytes", i)
		}
	}
	if s.CanUndo() {
		t.Error("there is something to undo at the start")
	}
	if fx := s.Undo(); !fx.Unchanged {
		t.Error("undo with nothing to undo changed the page")
	}
	// Redo twice, then a new edit drops what was left to redo.
	s.Redo()
	s.Redo()
	if !bytes.Equal(s.EditedBytes(), snaps[1]) {
		t.Error("redo twice is not the second edit's bytes")
	}
	s.EditSign(edit.Debug)
	if s.CanRedo() || s.Model.Digest != "debug" {
		t.Errorf("a new edit after undo: can redo %v, digest %s; want no redo, debug", s.CanRedo(), s.Model.Digest)
	}
	if got := s.Model.Name; got != "cbuffer2.edited.dxbc" {
		t.Errorf("the edited file is named %q, want cbuffer2.edited.dxbc", got)
	}
	// Turning edit mode off keeps the edited file shown; editing it again
	// keeps one ".edited" in its name.
	shown := s.Model
	s.StartEdit()
	if s.Editing() || s.Model != shown {
		t.Error("leaving edit mode changed the file shown")
	}
	s.StartEdit()
	if got := s.EditedName(); got != "cbuffer2.edited.dxbc" {
		t.Errorf("editing an edited file names it %q, want cbuffer2.edited.dxbc", got)
	}
}

// The root signature editor: the current RTS0 prefilled as HLSL at its
// version; a typo is refused at its line and column; a signature that does
// not cover the shader's CBV b0 is refused unless forced; a covering one
// replaces RTS0, and the comparison lists exactly the edits.
func TestEditRootSignature(t *testing.T) {
	orig := corpus.Bytes(t, rtsFile)
	s := page.New()
	s.Open("cbuffer2.dxbc", orig)
	s.StartEdit()
	rs := &s.Edit.RS
	// `dxscope rootsig` on the file prints this table (v1.1).
	const current = "DescriptorTable(CBV(b0, numDescriptors = 1, space = 0, offset = DESCRIPTOR_RANGE_OFFSET_APPEND, flags = 0), visibility = SHADER_VISIBILITY_ALL)"
	if rs.Text != current || rs.Version != rootsig.Version1_1 {
		t.Errorf("prefilled %q version %d, want %q version %d", rs.Text, rs.Version, current, rootsig.Version1_1)
	}

	cases := []struct {
		name      string
		text      string
		force     bool
		line, col int    // a parse error's position (0: none)
		refused   bool   // the coverage check refused it
		applied   bool   // RTS0 was replaced
		want      []byte // RTS0's new bytes, when applied
	}{
		// "spaec" starts at column 25 of line 2.
		{name: "typo", text: "RootFlags(0),\nDescriptorTable(CBV(b0, spaec = 0))", line: 2, col: 25},
		{name: "does not cover b0", text: "CBV(b1)", refused: true},
		{name: "forced", text: "CBV(b1)", force: true, applied: true, want: rootsig.Encode(mustParse(t, "CBV(b1)"), rootsig.Version1_1)},
		{name: "fixed", text: "RootFlags(0),\nDescriptorTable(CBV(b0, space = 0), visibility = SHADER_VISIBILITY_PIXEL)", applied: true, want: rootsig.Encode(mustParse(t, "DescriptorTable(CBV(b0), visibility = SHADER_VISIBILITY_PIXEL)"), rootsig.Version1_1)},
	}
	for _, c := range cases {
		before := len(s.Edit.Steps)
		s.ApplyRootSig(c.text, rootsig.Version1_1, c.force)
		switch {
		case c.line > 0:
			if rs.Err == nil || rs.Err.Line != c.line || rs.Err.Col != c.col {
				t.Errorf("%s: error %v, want at %d:%d", c.name, rs.Err, c.line, c.col)
			}
		case rs.Err != nil:
			t.Errorf("%s: unexpected error %v", c.name, rs.Err)
		}
		if rs.Refused != c.refused {
			t.Errorf("%s: refused %v, want %v (%v)", c.name, rs.Refused, c.refused, rs.Cover)
		}
		if applied := len(s.Edit.Steps) > before; applied != c.applied {
			t.Errorf("%s: applied %v, want %v", c.name, applied, c.applied)
		}
		if want := c.applied && !c.force; rs.Covered != want {
			t.Errorf("%s: covered %v, want %v", c.name, rs.Covered, want)
		}
		if c.applied {
			if got := partData(t, s.EditedBytes())["RTS0"]; !bytes.Equal(got, c.want) {
				t.Errorf("%s: RTS0 is % x, want % x", c.name, got, c.want)
			}
			if s.Model.Digest != "valid" {
				t.Errorf("%s: digest %s, want valid (Keep re-signs retail)", c.name, s.Model.Digest)
			}
		}
	}
	// Remove STAT too; the comparison against the original lists exactly
	// the two parts edited.
	s.EditRemovePart(partIndex(t, s, "STAT"))
	s.CompareEdited()
	if !s.Comparing() || s.CompareA().Data == nil || !bytes.Equal(s.CompareA().Data, orig) {
		t.Fatal("the compare view does not show the original first")
	}
	got := map[string]diff.PartStatus{}
	for _, p := range s.Cmp.Diff.Parts {
		if p.Status != diff.PartIdentical {
			got[p.Name] = p.Status
		}
	}
	wantDiff := map[string]diff.PartStatus{"RTS0": diff.PartChanged, "STAT": diff.PartRemoved}
	if len(got) != len(wantDiff) || got["RTS0"] != wantDiff["RTS0"] || got["STAT"] != wantDiff["STAT"] {
		t.Errorf("the comparison lists %v, want %v", got, wantDiff)
	}
	// The link names the edited file, not a comparison of two files it lacks.
	if l := s.LinkState(); l.Compare != "" {
		t.Errorf("the link compares with %q", l.Compare)
	}
}

func mustParse(t *testing.T, text string) *rootsig.RootSignature {
	t.Helper()
	rs, err := rootsig.Parse(text, rootsig.Version1_1)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// selectField selects the tree node of a JSON path in a part.
func selectField(t *testing.T, s *page.State, part, path string) {
	t.Helper()
	i := partIndex(t, s, part)
	s.SelectPart(i)
	n := s.Model.Parts[i].Tree().FindField(path)
	if n == nil {
		t.Fatalf("%s has no field %s", part, path)
	}
	s.SelectNode(i, n.ID)
}

// Field editing: a number is written into its bytes and read back; the
// RTS0 that results is the one the root signature compiler makes of the
// text with the new register; values that do not fit, fields stored in
// another form and fields without bytes of their own are refused.
func TestEditField(t *testing.T) {
	orig := corpus.Bytes(t, rtsFile)
	s := page.New()
	s.Open("cbuffer2.dxbc", orig)
	s.StartEdit()
	const reg = "RootSignature/Parameters/0/Table/Ranges/0/BaseShaderRegister"

	refused := []struct{ part, path, value, why string }{
		{"RTS0", reg, "0x100000000", "not an integer that fits 4 bytes"},
		{"RTS0", reg, "b1", "not an integer"},
		{"RTS0", "Offset", "1", "records no bytes"},
		{"RTS0", "Size", "1", "not in the part's data"},
		// The header's fields are the writer's to lay out (FuzzPageOps found
		// this editing one ended the page).
		{"Header", "Header/FileSize", "1", "is in the container header"},
		{"Header", "Header/PartOffsets/0", "1", "is in the container header"},
	}
	for _, c := range refused {
		selectField(t, s, c.part, c.path)
		s.EditField(c.value)
		if !strings.Contains(s.Edit.Err, c.why) || len(s.Edit.Steps) != 0 {
			t.Errorf("%s/%s = %s: error %q, %d edits; want %q and none", c.part, c.path, c.value, s.Edit.Err, len(s.Edit.Steps), c.why)
		}
	}

	selectField(t, s, "RTS0", reg)
	if f, why := s.SelectedField(); f.Value != "0" || why != "" {
		t.Fatalf("the register field is %+v (%s), want editable with value 0", f, why)
	}
	s.EditField("1")
	if s.Edit.Err != "" {
		t.Fatal(s.Edit.Err)
	}
	want := rootsig.Encode(mustParse(t, "DescriptorTable(CBV(b1))"), rootsig.Version1_1)
	if got := partData(t, s.EditedBytes())["RTS0"]; !bytes.Equal(got, want) {
		t.Errorf("RTS0 is % x, want the compiler's % x", got, want)
	}
	if s.Model.Digest != "valid" {
		t.Errorf("digest %s, want valid", s.Model.Digest)
	}
	// The text follows, and the check says b0 is no longer covered.
	if rs := s.Edit.RS; !strings.HasPrefix(rs.Text, "DescriptorTable(CBV(b1,") || rs.Covered || len(rs.Cover) == 0 {
		t.Errorf("after the edit the root signature text is %q, covered %v, %d findings; want b1, not covering b0", rs.Text, rs.Covered, len(rs.Cover))
	}
	if n := s.SelectedNode(); n == nil || n.JSONPath != reg || n.Full != "1" {
		t.Errorf("after the edit the selected node is %+v, want %s = 1", n, reg)
	}
	// Every other byte is the original's but the four of the register and the digest.
	got := s.EditedBytes()
	diffs := 0
	for i := 20; i < len(orig); i++ {
		if got[i] != orig[i] {
			diffs++
		}
	}
	if len(got) != len(orig) || diffs != 1 {
		t.Errorf("%d bytes differ after the digest, want 1 (the register's low byte)", diffs)
	}
	s.Undo()
	if !bytes.Equal(s.EditedBytes(), orig) {
		t.Error("undo did not restore the original")
	}
}

// Enumerations by name and flags by bit: the values and bits the editor
// offers are D3D12_SHADER_VISIBILITY's and D3D12_ROOT_SIGNATURE_FLAGS's
// (d3d12.h), found by writing each value and decoding again; a name set is
// written as its number and read back as that name.
func TestEditFieldByName(t *testing.T) {
	s := page.New()
	s.Open("cbuffer2.dxbc", corpus.Bytes(t, rtsFile))
	s.StartEdit()
	const vis = "RootSignature/Parameters/0/ShaderVisibility"
	selectField(t, s, "RTS0", vis)
	f, why := s.SelectedField()
	if why != "" || !f.Named || f.Value != "0" {
		t.Fatalf("ShaderVisibility: %+v (%s), want a named field of value 0", f, why)
	}
	var names []string
	for i, c := range f.Enum {
		if c.Value != uint64(i) {
			t.Errorf("choice %d has value %d", i, c.Value)
		}
		names = append(names, c.Name)
	}
	if got := strings.Join(names, ","); got != "All,Vertex,Hull,Domain,Geometry,Pixel,Amplification,Mesh" {
		t.Errorf("the visibilities offered are %s", got)
	}
	s.EditField("5")
	if s.Edit.Err != "" || len(s.Edit.Steps) != 1 || !strings.Contains(s.Edit.Steps[0].What, "to 5 (Pixel) (was 0 (All))") {
		t.Fatalf("setting Pixel: error %q, steps %v", s.Edit.Err, s.Edit.Steps)
	}
	if n := s.SelectedNode(); n == nil || n.JSONPath != vis || n.Full != "Pixel" {
		t.Errorf("after the edit the tree shows %+v, want Pixel selected", n)
	}
	if s.Model.Digest != "valid" {
		t.Errorf("digest %s, want valid", s.Model.Digest)
	}

	selectField(t, s, "RTS0", "RootSignature/Flags")
	f, why = s.SelectedField()
	if why != "" || f.Named || len(f.Enum) != 0 {
		t.Fatalf("Flags: %+v (%s)", f, why)
	}
	// d3d12.h: ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT 0x1 … SAMPLER_HEAP_DIRECTLY_INDEXED
	// 0x800, and ALLOW_LOW_TIER_RESERVED_HW_CB_LIMIT 0x80000000.
	want := map[uint64]string{0x1: "ALLOWINPUTASSEMBLERINPUTLAYOUT", 0x20: "DENYPIXELSHADERROOTACCESS", 0x80: "LOCALROOTSIGNATURE",
		0x800: "SAMPLERHEAPDIRECTLYINDEXED", 0x80000000: "ALLOWLOWTIERRESERVEDHWCBLIMIT"}
	if len(f.Flags) != 13 {
		t.Errorf("%d flags offered, want the 13 bits d3d12.h names: %v", len(f.Flags), f.Flags)
	}
	for i, c := range f.Flags {
		if bit := uint64(1) << i; i < 12 && c.Value != bit || i == 12 && c.Value != 0x80000000 {
			t.Errorf("flag %d (%s) is bit 0x%x", i, c.Name, c.Value)
		}
		if w, ok := want[c.Value]; ok && strings.ToUpper(c.Name) != w {
			t.Errorf("bit 0x%x is %q, want %s", c.Value, c.Name, w)
		}
	}
}

// Ctrl+Z and Ctrl+Shift+Z (or Ctrl+Y) undo and redo in edit mode; outside
// it they are the browser's.
func TestCommandKeysUndoRedo(t *testing.T) {
	s := page.New()
	s.Open("cbuffer2.dxbc", corpus.Bytes(t, rtsFile))
	if _, ok := s.CommandKey("z", false); ok {
		t.Error("Ctrl+Z taken outside edit mode")
	}
	s.StartEdit()
	s.EditRemovePart(partIndex(t, s, "STAT"))
	if len(s.Edit.Steps) != 1 {
		t.Fatalf("%d edits after removing STAT", len(s.Edit.Steps))
	}
	for _, c := range []struct {
		key   string
		shift bool
		steps int
	}{{"z", false, 0}, {"Z", true, 1}, {"z", false, 0}, {"y", false, 1}} {
		if _, ok := s.CommandKey(c.key, c.shift); !ok || len(s.Edit.Steps) != c.steps {
			t.Errorf("Ctrl+%s (shift %v): handled %v, %d edits; want %d", c.key, c.shift, ok, len(s.Edit.Steps), c.steps)
		}
	}
	if _, ok := s.CommandKey("c", false); ok {
		t.Error("Ctrl+C taken from the browser")
	}
}

// Each edit is a history entry: Back and Forward walk the edits as undo and
// redo do, and edit mode with its undo list survives them.
func TestBackAndForwardWalkTheEdits(t *testing.T) {
	orig := corpus.Bytes(t, rtsFile)
	b := newBrowser(t)
	b.open("cbuffer2.dxbc", orig)
	b.do(b.s.StartEdit())
	b.do(b.s.EditRemovePart(partIndex(t, b.s, "STAT")))
	first := b.s.EditedBytes()
	b.do(b.s.EditRemovePart(partIndex(t, b.s, "RDEF")))
	second := b.s.EditedBytes()
	if b.At != 3 {
		t.Fatalf("after opening and two edits the history is at entry %d, want 3", b.At)
	}
	check := func(when string, want []byte, steps, redo int) {
		t.Helper()
		if !b.s.Editing() {
			t.Fatalf("%s: edit mode ended", when)
		}
		if !bytes.Equal(b.s.Model.Data, want) || !bytes.Equal(b.s.EditedBytes(), want) {
			t.Errorf("%s: the page shows other bytes than expected", when)
		}
		if b.s.CanUndo() != (steps > 0) || b.s.CanRedo() != (redo > 0) || len(b.s.Edit.Steps) != steps {
			t.Errorf("%s: %d edits (undo %v, redo %v), want %d edits and %d to redo", when, len(b.s.Edit.Steps), b.s.CanUndo(), b.s.CanRedo(), steps, redo)
		}
	}
	// Undo is a view of its own like an edit: Back from it returns to the
	// view before it (the edit made again), and on through the history.
	for _, st := range []struct {
		name        string
		move        func() page.Effects
		want        []byte
		steps, redo int
		done        string
	}{
		{"Back once", b.back, first, 1, 1, "undid: removed RDEF"},
		{"Back twice", b.back, orig, 0, 2, "undid: removed STAT"},
		{"Forward", b.forward, first, 1, 1, "redid: removed STAT"},
		{"Forward again", b.forward, second, 2, 0, "redid: removed RDEF"},
		{"Undo", func() page.Effects { return b.do(b.s.Undo()) }, first, 1, 1, "undid: removed RDEF"},
		{"Back after undo", b.back, second, 2, 0, "redid: removed RDEF"},
		{"Back again", b.back, first, 1, 1, "undid: removed RDEF"},
		{"Back to the file as opened", b.back, orig, 0, 2, "undid: removed STAT"},
	} {
		st.move()
		check(st.name, st.want, st.steps, st.redo)
		if b.s.Edit.Done != st.done {
			t.Errorf("%s says %q, want %q", st.name, b.s.Edit.Done, st.done)
		}
	}
	// Back past the opened file leaves it, as before.
	b.back()
	if b.s.Model != nil || b.s.Editing() {
		t.Error("Back past the opened file kept a file or edit mode")
	}
}
