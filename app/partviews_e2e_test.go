//go:build !wasm

package app_test

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/app/internal/browsertest"
	"github.com/dxscope/dxscope/internal/corpus"
)

// A library's RDAT reads as tables: the function table lists every entry
// point the HLSL source declares with [shader("…")] (the source is the
// independent truth), and a resource named in a function's row links to the
// resource table's row.
func TestRDATFunctionTableInBrowser(t *testing.T) {
	path, _, f := corpusFile(t, "real/HansKristian-Work__vkd3d-proton/d3d12_raytracing.c__rt_lib_dxil__v2.dxil")
	src, err := os.ReadFile(path + ".hlsl.txt")
	if err != nil {
		t.Skip("corpus library or its source missing")
	}
	// Entry points as the source declares them: [shader("kind")] then "void Name(".
	decl := regexp.MustCompile(`\[shader\("(\w+)"\)\]\s*\n\s*void\s+(\w+)\s*\(`)
	want := map[string]string{}
	for _, m := range decl.FindAllStringSubmatch(string(src), -1) {
		want[m[2]] = strings.ToLower(m[1])
	}
	if len(want) == 0 {
		t.Fatal("no [shader] entry points in the source")
	}
	rdat := f.Part("RDAT")

	p := openFile(t, path)
	p.Click(`#part-list .part[data-name="RDAT"]`)
	p.WaitFor("the function table", `!!document.querySelector('#rdat-functions tbody tr')`)
	rows := browsertest.Eval[[][]string](p, `[...document.querySelectorAll('#rdat-functions tbody tr')].map(r => [...r.cells].map(c => c.textContent))`)
	got := map[string]string{}
	for _, r := range rows {
		got[r[1]] = strings.ToLower(r[2])
	}
	for name, kind := range want {
		if got[name] != kind {
			t.Errorf("function %s: the table shows kind %q, the source declares %q", name, got[name], kind)
		}
	}
	t.Logf("function table: %v", rows)

	// A resource link selects the resource record, inside RDAT.
	p.WaitFor("a resource link", `!!document.querySelector('#rdat-functions a.ref')`)
	off := browsertest.Eval[float64](p, `+document.querySelector('#rdat-functions a.ref').dataset.off`)
	p.Click(`#rdat-functions a.ref`)
	p.WaitFor("the resource record selected", `!!document.querySelector('.hex-rows .b.sel[data-off="`+itoa(int64(off))+`"]')`)
	if int64(off) < rdat.DataOffset || int64(off) >= rdat.DataOffset+int64(rdat.Size) {
		t.Errorf("the resource link points at 0x%x, outside RDAT", int64(off))
	}
	if rowOffs := browsertest.Eval[string](p, `','+[...document.querySelectorAll('#rdat-resources tbody tr')].map(r => r.dataset.off).join(',')+','`); !strings.Contains(rowOffs, ","+itoa(int64(off))+",") {
		t.Errorf("the resource link points at %v, which is no row of the resource table (%s)", off, rowOffs)
	}
	p.Shoot("rdat")
}

// An FXC file's RDEF reads as FXC's own listing does: the first variable of
// the first constant buffer has the name, type, offset and size the
// compiler's listing (.listing.txt) prints, and the cbuffer's binding is in
// register notation (FXC's cb1 is b1).
func TestRDEFTablesInBrowser(t *testing.T) {
	d, ok := corpus.Dir()
	if !ok {
		corpus.Skip(t, "corpus", "corpus not found: the browser test opens an FXC corpus file")
	}
	listings, _ := filepath.Glob(filepath.Join(d, "real/*/*.dxbc.listing.txt"))
	sort.Strings(listings)
	member := regexp.MustCompile(`^\s+(\S+(?: \S+)*?)\s+(\w+)(\[\d+\])?;\s+// Offset:\s+(\d+) Size:\s+(\d+)`)
	var path string
	var wantRow []string
	for _, l := range listings {
		fh, err := os.Open(l)
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(fh)
		inBuffers := false
		for sc.Scan() {
			line := sc.Text()
			if strings.HasPrefix(line, "Buffer Definitions") {
				inBuffers = true
			}
			if m := member.FindStringSubmatch(line); inBuffers && m != nil {
				wantRow = []string{m[2], m[1] + m[3], m[4], m[5]}
				break
			}
		}
		fh.Close()
		if wantRow != nil {
			path = strings.TrimSuffix(l, ".listing.txt")
			break
		}
	}
	if path == "" {
		t.Skip("no FXC listing with a cbuffer member in the corpus")
	}

	p := openFile(t, path)
	p.Click(`#part-list .part[data-name="RDEF"]`)
	p.WaitFor("the first cbuffer", `!!document.querySelector('#rdef-cb0 tbody tr')`)
	got := browsertest.Eval[[]string](p, `[...document.querySelector('#rdef-cb0 tbody tr').cells].map(c => c.textContent)`)
	if len(got) < 4 || strings.Join(got[:4], "|") != strings.Join(wantRow, "|") {
		t.Errorf("first cbuffer member %v, the compiler's listing says %v (%s)", got, wantRow, filepath.Base(path))
	}
	// Its row selects the variable's bytes.
	p.Click(`#rdef-cb0 tbody tr`)
	off := browsertest.Eval[string](p, `document.querySelector('#rdef-cb0 tbody tr').dataset.off`)
	p.WaitFor("the variable's bytes selected", `!!document.querySelector('.hex-rows .b.sel[data-off="`+off+`"]')`)
	if b := browsertest.Eval[string](p, `document.querySelector('#rdef-bindings td')?.textContent || ''`); !regexp.MustCompile(`^[btus]\d+`).MatchString(b) {
		t.Errorf("first RDEF binding shown as %q", b)
	}
	t.Logf("%s: first member %v", filepath.Base(path), got)
	p.Shoot("rdef")
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }

// A mesh shader's page: the DXIL view's entry table shows the MSState the
// HLSL beside the file declares ([numthreads(32,1,1)],
// [outputtopology("triangle")], out vertices v[3], out indices i[32]), and
// the part list calls its PSG1 the primitive signature.
func TestMeshShaderInBrowser(t *testing.T) {
	path, _, _ := corpusFile(t, "real/HansKristian-Work__vkd3d-proton/d3d12_mesh_shader.c__ms_culling.dxil")
	p := openFile(t, path)
	p.WaitFor("the part list", `!!document.querySelector('#part-list .part[data-name="PSG1"]')`)
	if title := browsertest.Eval[string](p, `document.querySelector('#part-list .part[data-name="PSG1"] .part-title').textContent`); title != "primitive signature" {
		t.Errorf("PSG1 is titled %q", title)
	}
	p.Click(`#part-list .part[data-name="DXIL"]`)
	p.WaitFor("the entry table", `!!document.querySelector('.dxil-entries tbody tr')`)
	row := browsertest.Eval[[]string](p, `[...document.querySelector('.dxil-entries tbody tr').cells].map(c => c.textContent)`)
	if len(row) != 6 || row[2] != "32, 1, 1" || row[5] != "max 3 vertices, 32 primitives, triangle; payload 0 bytes" {
		t.Errorf("entry row %q", row)
	}
	p.Shoot("mesh-entry")
}
