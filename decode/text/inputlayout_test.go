package text

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/dxil"
	"github.com/dxscope/dxscope/internal/corpus"
)

// TestInputLayoutMatchesTheListings compiles the input layout printed for
// every corpus vertex shader that has a compiler listing with g++, against
// d3d12.h's and dxgiformat.h's declarations written out by hand
// (testdata/cpp/d3d12_inputlayout.h), runs it and reads back each
// D3D12_INPUT_ELEMENT_DESC. The compiler's own "Input signature" table is
// the truth: one element per row that is no system value, with its name
// and index, and the format its Format column and mask name (float / uint /
// int, and as many components as the mask reaches); slot 0, appended, per
// vertex. Semantic names that need escaping (quotes, backslashes, bytes
// outside ASCII, a control byte) are compiled too, and read back as bytes.
func TestInputLayoutMatchesTheListings(t *testing.T) {
	gxx := corpus.GXX(t)
	header, err := os.ReadFile(filepath.Join(corpus.CPPDir(), "d3d12_inputlayout.h"))
	if err != nil {
		t.Fatal(err)
	}
	formats := map[string]int{}
	for _, m := range regexp.MustCompile(`(DXGI_FORMAT_\w+) = (\d+)`).FindAllStringSubmatch(string(header), -1) {
		formats[m[1]], _ = strconv.Atoi(m[2])
	}

	type layout struct {
		name string
		text string   // the printed C++
		want []string // "name-in-hex index format slot offset class rate", one per element
	}
	var layouts []layout
	empty := 0
	for _, e := range corpus.Entries(t) {
		if e.Listing() == "" {
			continue
		}
		f, err := decode.Parse(e.Bytes(t))
		if err != nil || f.Kind() != dxil.Vertex {
			continue
		}
		rows, ok := corpus.ListingSignatures(e.ListingText(t))["Input"]
		if !ok {
			continue
		}
		var p *decode.Part
		for _, q := range f.Parts {
			if IsVertexInput(f, q) {
				p = q
			}
		}
		if p == nil {
			t.Errorf("%s: a vertex shader whose listing has an input signature, and no input signature part", e.Rel)
			continue
		}
		l := layout{name: e.Rel}
		for _, r := range rows {
			if r.SysValue != "NONE" {
				continue
			}
			n := strings.LastIndexAny(r.Mask, "xyzw") + 1
			bits, kind := "32", map[string]string{"float": "FLOAT", "uint": "UINT", "int": "SINT", "fp16": "FLOAT", "uint16": "UINT", "int16": "SINT"}[r.Format]
			if strings.HasSuffix(r.Format, "16") {
				bits, n = "16", max(n, map[int]int{3: 4}[n])
			}
			format := "DXGI_FORMAT_"
			for _, c := range "RGBA"[:n] {
				format += string(c) + bits
			}
			code, ok := formats[format+"_"+kind]
			if !ok {
				t.Fatalf("%s: %s %s: no format %s_%s in the header", e.Rel, r.Name, r.Format, format, kind)
			}
			l.want = append(l.want, fmt.Sprintf("%x %s %d 0 4294967295 0 0", r.Name, r.Index, code))
		}
		var b strings.Builder
		WriteInputLayout(&b, f, p)
		l.text = b.String()
		if len(l.want) == 0 {
			if !strings.Contains(l.text, "reads no vertex buffer") {
				t.Errorf("%s: no element to read from a buffer, and the text does not say so:\n%s", e.Rel, l.text)
			}
			empty++
			continue
		}
		layouts = append(layouts, l)
	}

	// Names that need escaping, beside a 16-bit element of three components
	// and a minimum-precision one (32-bit data).
	odd := &decode.Part{Name: "ISG1", Signature: &decode.Signature{Parameters: []decode.SignatureParameter{
		{Name: `Q"UOTE\D`, Index: 1, CompType: 3, Mask: 0x5},
		{Name: "\u00e9t\u00e9\x01", Index: 2, CompType: 6, Mask: 0x7},
		{Name: "SV_VertexID", SystemValue: decode.SVVertexID, CompType: 1, Mask: 1},
		{Name: "BIG", Index: 4, CompType: 2, Mask: 0xFF},
		{Name: "MIN", CompType: 6, MinPrecision: 1, Mask: 0x3}, // min16float2, as DXC writes it
	}}}
	var b strings.Builder
	WriteInputLayout(&b, nil, odd)
	layouts = append(layouts, layout{name: "escaped names", text: b.String(), want: []string{
		fmt.Sprintf("%x 1 %d 0 4294967295 0 0", `Q"UOTE\D`, formats["DXGI_FORMAT_R32G32B32_FLOAT"]),
		fmt.Sprintf("%x 2 %d 0 4294967295 0 0", "\u00e9t\u00e9\x01", formats["DXGI_FORMAT_R16G16B16A16_FLOAT"]),
		fmt.Sprintf("%x 4 %d 0 4294967295 0 0", "BIG", formats["DXGI_FORMAT_R32G32B32A32_SINT"]),
		fmt.Sprintf("%x 0 %d 0 4294967295 0 0", "MIN", formats["DXGI_FORMAT_R32G32_FLOAT"]),
	}})
	if !strings.Contains(b.String(), "Made by the input assembler, not read from a buffer: SV_VertexID0.") {
		t.Errorf("SV_VertexID is not said to be made by the input assembler:\n%s", b.String())
	}

	units := make([]string, len(layouts))
	for i, l := range layouts {
		units[i] = l.text
	}
	got := corpus.RunCPPUnits(t, gxx, `#include <cstring>
#include "d3d12_inputlayout.h"
static void dump(const D3D12_INPUT_ELEMENT_DESC* e, size_t n) {
    for (size_t i = 0; i < n; i++) {
        for (const char* c = e[i].SemanticName; *c; c++) std::printf("%02x", (unsigned char)*c);
        std::printf(" %u %u %u %u %u %u\n", e[i].SemanticIndex, (unsigned)e[i].Format, e[i].InputSlot, e[i].AlignedByteOffset, (unsigned)e[i].InputSlotClass, e[i].InstanceDataStepRate);
    }
}
`, units, "dump(u%[1]d::inputLayout, sizeof u%[1]d::inputLayout / sizeof u%[1]d::inputLayout[0])")
	elements := 0
	for i, l := range layouts {
		want := strings.Join(l.want, "\n") + "\n"
		if got[i] != want {
			t.Errorf("%s: the C++ holds\n%swant (the listing's input signature)\n%sC++:\n%s", l.name, got[i], want, l.text)
		}
		elements += len(l.want)
	}
	t.Logf("%d vertex shaders' input layouts compiled (g++) and read back against their listings, %d elements; %d read no buffer", len(layouts)-1, elements, empty)
	if len(layouts) < 2 && corpus.Available() != nil {
		t.Error("no corpus vertex shader with a listing was checked")
	}
}
