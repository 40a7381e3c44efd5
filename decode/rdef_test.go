package decode

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode/report"
	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

func rdefCorpus(t *testing.T) ([]corpus.Entry, []*File) { return corpusWith(t, "RDEF") }

func TestRDEFCorpusDecodesEveryByte(t *testing.T) {
	files, decoded := rdefCorpus(t)
	ok, vars, types, binds := 0, 0, 0, 0
	for i, f := range decoded {
		p := f.Part("RDEF")
		var bad []string
		for _, q := range f.Problems {
			if q.Part == "RDEF" {
				bad = append(bad, q.String())
			}
		}
		if p.ResourceDefs == nil {
			bad = append(bad, "RDEF did not decode")
		} else {
			d := p.ResourceDefs
			if len(d.ConstantBuffers) != int(d.Header.CBufferCount) || len(d.ResourceBindings) != int(d.Header.ResourceCount) {
				bad = append(bad, "counts differ from the header")
			}
			// Every name resolves, every variable has a type, every type's members resolve.
			for _, cb := range d.ConstantBuffers {
				if cb.Name == "" {
					bad = append(bad, "unnamed constant buffer")
				}
				for _, v := range cb.Variables {
					vars++
					if v.Name == "" || v.TypeIndex < 0 {
						bad = append(bad, "variable without name or type: "+v.Name)
					}
					if v.StartOffset+v.Size > cb.Size {
						bad = append(bad, fmt.Sprintf("%s.%s runs past the buffer's %d bytes", cb.Name, v.Name, cb.Size))
					}
				}
			}
			for _, ty := range d.Types {
				types++
				if len(ty.MemberList) != int(ty.Members) {
					bad = append(bad, "type members unresolved")
				}
				for _, m := range ty.MemberList {
					if m.TypeIndex < 0 || m.Name == "" {
						bad = append(bad, "member unresolved: "+m.Name)
					}
				}
			}
			for _, b := range d.ResourceBindings {
				binds++
				if b.Name == "" || strings.Contains(b.TypeName, "(") || strings.Contains(b.DimensionName, "(") {
					bad = append(bad, "binding unnamed or with an unknown enum: "+b.Name)
				}
			}
			if !strings.HasPrefix(d.Header.Creator, "Microsoft (R) HLSL Shader Compiler") {
				bad = append(bad, "creator "+d.Header.Creator)
			}
		}
		for _, s := range p.Spans {
			if s.Kind == SpanUnknown {
				bad = append(bad, fmt.Sprintf("unclaimed %d bytes at 0x%x", s.Size, s.Off))
			}
		}
		if len(bad) > 0 {
			t.Errorf("%s:\n  %s", files[i].Rel, strings.Join(bad, "\n  "))
			continue
		}
		ok++
	}
	t.Logf("%d/%d corpus files with RDEF decode with no problem and every byte claimed (%d variables, %d types, %d bindings)", ok, len(decoded), vars, types, binds)
	if len(decoded) == 0 {
		corpus.Skip(t, "RDEF part", "no file of this corpus has an RDEF part")
	}
}

// ---- FXC listings ----

// The listing's spelling of our enums, from FXC's own listings (not from our tables).
var rdefListingInputType = map[uint32]string{0: "cbuffer", 1: "tbuffer", 2: "texture", 3: "sampler", 4: "UAV", 5: "texture",
	6: "UAV", 7: "texture", 8: "UAV", 9: "UAV", 10: "UAV", 11: "UAV"}
var rdefListingBindPrefix = map[uint32]string{0: "cb", 1: "t", 2: "t", 3: "s", 4: "u", 5: "t", 6: "u", 7: "t", 8: "u", 9: "u", 10: "u", 11: "u"}
var rdefListingDim = map[uint32]string{1: "buf", 2: "1d", 3: "1darray", 4: "2d", 5: "2darray", 6: "2dMS", 7: "2dMSarray", 8: "3d", 9: "cube", 10: "cubearray"}
var rdefListingReturn = map[uint32]string{1: "unorm", 2: "snorm", 3: "sint", 4: "uint", 5: "float", 7: "double"}

func rdefListingFormat(b RDEFResourceBinding) string {
	switch b.Type {
	case 0, 1, 3:
		return "NA"
	case 5, 6, 9, 10, 11:
		return "struct"
	case 7, 8:
		return "byte"
	}
	n := (b.Flags>>2)&3 + 1
	s := rdefListingReturn[b.ReturnType]
	if n > 1 {
		s += fmt.Sprint(n)
	}
	return s
}

func rdefListingDimension(b RDEFResourceBinding) string {
	switch b.Type {
	case 0, 1, 3:
		return "NA"
	case 5, 7:
		return "r/o"
	case 6, 8:
		return "r/w"
	case 9, 10, 11:
		return "r/w"
	}
	if d, ok := rdefListingDim[b.Dimension]; ok {
		if b.Dimension == 6 || b.Dimension == 7 {
			if b.NumSamples != 0 && b.NumSamples != 0xFFFFFFFF {
				d = fmt.Sprintf("%s%d", strings.TrimSuffix(d, "array"), b.NumSamples) + map[bool]string{true: "array", false: ""}[b.Dimension == 7]
			}
		}
		return d
	}
	return "?"
}

func TestRDEFAgainstFXCListings(t *testing.T) {
	files, decoded := rdefCorpus(t)
	compared, cbs, vars, binds, skipped := 0, 0, 0, 0, 0
	for i, f := range decoded {
		e := files[i]
		text := e.ListingText(t)
		if text == "" {
			continue
		}
		l := corpus.ParseListing(text)
		if !l.Full {
			skipped++
			t.Logf("exception %s: the listing was shortened upstream (no header comments, so no buffer or binding tables to compare)", e.Rel)
			continue
		}
		d := f.Part("RDEF").ResourceDefs
		var bad []string
		if len(l.Buffers) != len(d.ConstantBuffers) {
			bad = append(bad, fmt.Sprintf("%d constant buffers, listing has %d", len(d.ConstantBuffers), len(l.Buffers)))
		}
		for j := 0; j < len(l.Buffers) && j < len(d.ConstantBuffers); j++ {
			lc, cb := l.Buffers[j], d.ConstantBuffers[j]
			cbs++
			kind := map[uint32]string{0: "cbuffer", 1: "tbuffer", 3: "resource bind info"}[cb.Type]
			if lc.Name != cb.Name || lc.Kind != kind {
				bad = append(bad, fmt.Sprintf("cbuffer %d is %s %s, listing says %s %s", j, kind, cb.Name, lc.Kind, lc.Name))
			}
			if len(lc.Vars) != len(cb.Variables) {
				bad = append(bad, fmt.Sprintf("%s: %d variables, listing has %d", cb.Name, len(cb.Variables), len(lc.Vars)))
				continue
			}
			for k, lv := range lc.Vars {
				v := cb.Variables[k]
				vars++
				// FXC's listing writes an array of one element without its
				// [1] (Effekseer's float4x4 mModel_Inst[__INST__], __INST__ 1).
				got := corpus.ListingVar{Type: strings.TrimSuffix(v.TypeText, "[1]"), Name: v.Name, Offset: v.StartOffset, Size: v.Size, Unused: v.Flags&2 == 0}
				if got != lv {
					bad = append(bad, fmt.Sprintf("%s: variable %+v, listing %+v", cb.Name, got, lv))
				}
			}
		}
		if len(l.Bindings) != len(d.ResourceBindings) {
			bad = append(bad, fmt.Sprintf("%d bindings, listing has %d", len(d.ResourceBindings), len(l.Bindings)))
		}
		for j := 0; j < len(l.Bindings) && j < len(d.ResourceBindings); j++ {
			b := d.ResourceBindings[j]
			binds++
			bind := fmt.Sprintf("%s%d", rdefListingBindPrefix[b.Type], b.BindPoint)
			if b.Space != nil && *b.Space != 0 {
				bind += fmt.Sprintf(",space%d", *b.Space)
			}
			// The columns FXC writes: name, type, format, dimension, bind point, count.
			lb := l.Bindings[j]
			if lb.Register == "" { // FXC before 10: the bare slot
				bind = fmt.Sprint(b.BindPoint)
			}
			want := [6]string{lb.Name, lb.Type, lb.Format, lb.Dim, lb.Bind, lb.Count}
			got := [6]string{b.Name, rdefListingInputType[b.Type], rdefListingFormat(b), rdefListingDimension(b), bind, fmt.Sprint(b.BindCount)}
			if got != want {
				bad = append(bad, fmt.Sprintf("binding %d = %q, listing %q", j, got, want))
			}
		}
		if len(bad) > 0 {
			t.Errorf("%s:\n  %s", e.Rel, strings.Join(bad, "\n  "))
			continue
		}
		compared++
	}
	t.Logf("%d RDEF files agree with their FXC listing (%d constant buffers, %d variables with offset and size, %d bindings); %d listings have no tables to compare", compared, cbs, vars, binds, skipped)
	if compared == 0 {
		t.Skip("no FXC listings in the corpus")
	}
}

// ---- hand-made blobs ----

// rdefBlob builds an SM 5.0 RDEF with one cbuffer "cb" holding one variable
// "v" of the type at typeOff, with types written by the caller into tail.
func rdefBlob(typeWords []byte) []byte {
	// Layout: header 28, RD11 32 (=60), cbuffer 24 (=84), variable 40 (=124), strings, types.
	b := rdatWords(1, 60, 0, 0, 0xFFFF0500, 0, 124)
	b = append(b, rdatWords(0x31314452, 60, 24, 32, 40, 36, 12, 0)...)
	strOff := uint32(124)
	typeOff := uint32(132)
	b = append(b, rdatWords(strOff, 1, 84, 16, 0, 0)...)                   // cbuffer "cb"
	b = append(b, rdatWords(strOff+3, 0, 4, 2, typeOff, 0, 0, 0, 0, 0)...) // variable "v"
	b = append(b, 'c', 'b', 0, 'v', 0, 0xAB, 0xAB, 0xAB)                   // strings + FXC padding
	return append(b, typeWords...)
}

// rdefType is a 36-byte SM5 type record.
func rdefType(class, typ, rows, cols, elems, members uint16, memberOff, nameOff uint32) []byte {
	b := make([]byte, 36)
	for i, v := range []uint16{class, typ, rows, cols, elems, members} {
		binary.LittleEndian.PutUint16(b[2*i:], v)
	}
	binary.LittleEndian.PutUint32(b[12:], memberOff)
	binary.LittleEndian.PutUint32(b[32:], nameOff)
	return b
}

func TestRDEFTypesAndDamage(t *testing.T) {
	tests := []struct {
		name               string
		blob               []byte
		errors, warnings   int
		wantText, wantProb string
	}{
		{name: "float4", blob: rdefBlob(rdefType(1, 3, 1, 4, 0, 0, 0, 0)), wantText: "float4"},
		{name: "row-major matrix array", blob: rdefBlob(rdefType(2, 3, 4, 4, 3, 0, 0, 0)), wantText: "row_major float4x4[3]"},
		{
			// struct S { S self; } : the member's type is the struct itself.
			name: "type cycle", blob: rdefBlob(append(append(rdefType(5, 0, 1, 1, 0, 1, 168, 180), rdatWords(127, 132, 0)...), 'S', 0, 0, 0)),
			warnings: 1, wantText: "struct S", wantProb: "contains itself",
		},
		{
			name: "members past the end", blob: rdefBlob(rdefType(5, 0, 1, 1, 0, 0xFFFF, 168, 0)),
			errors: 1, wantText: "struct", wantProb: "65535 members",
		},
		{
			name: "type past the end", blob: rdefBlob(nil),
			errors: 1, wantText: "", wantProb: "needs 36 bytes",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, probs, spans := ParseResourceDefinitions(tc.blob)
			if rdCountSev(probs, Error) != tc.errors || rdCountSev(probs, Warning) != tc.warnings {
				t.Errorf("got %d errors %d warnings, want %d %d:\n%s", rdCountSev(probs, Error), rdCountSev(probs, Warning), tc.errors, tc.warnings, rdProblemText(probs))
			}
			if tc.wantProb != "" && !strings.Contains(rdProblemText(probs), tc.wantProb) {
				t.Errorf("no problem mentions %q:\n%s", tc.wantProb, rdProblemText(probs))
			}
			for _, s := range spans {
				if s.Off < 0 || s.End() > int64(len(tc.blob)) {
					t.Errorf("span %+v out of bounds", s)
				}
			}
			if d == nil || len(d.ConstantBuffers) != 1 || len(d.ConstantBuffers[0].Variables) != 1 {
				t.Fatalf("decoded %+v", d)
			}
			v := d.ConstantBuffers[0].Variables[0]
			if d.ConstantBuffers[0].Name != "cb" || v.Name != "v" || v.TypeText != tc.wantText {
				t.Errorf("cbuffer %q variable %q type %q, want cb v %q", d.ConstantBuffers[0].Name, v.Name, v.TypeText, tc.wantText)
			}
			if _, err := json.Marshal(d); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestRDEFHeaderFromBytes checks a real SM 5.1 header field by field against
// xxd of the part (presentPS is 5.0; the 5.1 sample is a DXC test input).
func TestRDEFHeaderFromBytes(t *testing.T) {
	_, b := corpus.File(t, "real/microsoft__DirectX-Graphics-Samples/presentPS.hlsl.h__g_presentPS.dxbc")
	f, _ := Parse(b)
	d := f.Part("RDEF").ResourceDefs
	raw := f.Part("RDEF").Data()
	// Independent reading of the same bytes.
	if d.Header.CBufferCount != binary.LittleEndian.Uint32(raw[0:]) || d.Header.Target != binary.LittleEndian.Uint32(raw[16:]) ||
		d.Header.Profile != "ps_5_0" || d.RD11 == nil || d.RD11.MagicName != "RD11" || d.Header.Creator != "Microsoft (R) HLSL Shader Compiler 10.1" {
		t.Errorf("header %+v RD11 %+v", d.Header, d.RD11)
	}
	if got := f.Part("RDEF").Summary; got != "1 cbuffer, 4 bindings, Microsoft (R) HLSL Shader Compiler 10.1" {
		t.Errorf("summary %q", got)
	}
}

func TestRDEFPrefixesNeverPanic(t *testing.T) {
	_, decoded := rdefCorpus(t)
	n := 0
	for _, f := range decoded {
		data := f.Part("RDEF").Data()
		for i := 0; i <= len(data); i += 7 {
			_, probs, spans := ParseResourceDefinitions(data[:i])
			rdNoInternalError(t, probs)
			for _, s := range spans {
				if s.Off < 0 || s.End() > int64(i) {
					t.Fatalf("prefix %d: span %+v out of bounds", i, s)
				}
			}
			n++
		}
	}
	t.Logf("%d prefixes decoded without a panic", n)
}

func FuzzRDEF(f *testing.F) {
	for i, e := range corpus.Available() {
		if e.Has("RDEF") && i%3 == 0 {
			f.Add(parseFile(f, e.Path).Part("RDEF").Data())
		}
	}
	f.Add(rdefBlob(append(append(rdefType(5, 0, 1, 1, 0, 1, 168, 180), rdatWords(127, 132, 0)...), 'S', 0, 0, 0)))
	for _, b := range hostile.Seeds() {
		if d := hostile.PartData(b, "RDEF"); d != nil {
			f.Add(d)
		}
	}
	warmJSON()
	f.Fuzz(func(t *testing.T, b []byte) {
		defer corpus.CheckAlloc(t, corpus.DecodeAlloc, len(b))()
		d, probs, spans := ParseResourceDefinitions(b)
		rdNoInternalError(t, probs)
		spansInside(t, spans, len(b))
		if d != nil {
			if _, err := json.Marshal(d); err != nil {
				t.Fatal(err)
			}
		}
	})
}

func BenchmarkRDEF(b *testing.B) {
	benchPart(b, "real/microsoft__DirectX-Graphics-Samples/presentPS.hlsl.h__g_presentPS.dxbc", "RDEF", func(d []byte) { ParseResourceDefinitions(d) })
}

// TestRDEFSharedVariablesAreBounded: constant buffers pointing at one variable
// array are decoded only while the total stays within what the part can hold.
func TestRDEFSharedVariablesAreBounded(t *testing.T) {
	b := rdefBlob(rdefType(1, 3, 1, 4, 0, 0, 0, 0))
	binary.LittleEndian.PutUint32(b[0:], 40) // 40 cbuffers ...
	binary.LittleEndian.PutUint32(b[4:], uint32(len(b)))
	for i := 0; i < 40; i++ { // ... each a copy of "cb", all sharing variable array 84
		b = append(b, b[60:84]...)
	}
	d, probs, _ := ParseResourceDefinitions(b)
	total := 0
	for _, cb := range d.ConstantBuffers {
		total += len(cb.Variables)
	}
	if total > len(b)/40 || rdCountSev(probs, Warning) == 0 {
		t.Errorf("%d variables decoded from a %d-byte part:\n%s", total, len(b), rdProblemText(probs))
	}
}

// TestRDEFEnumNamesFromD3DCommon spot-checks the name tables against the
// values d3dcommon.h assigns (also in vkd3d's vkd3d_d3dcommon.idl).
func TestRDEFEnumNamesFromD3DCommon(t *testing.T) {
	tests := []struct {
		table []string
		value uint32
		want  string
	}{
		{shaderInputTypeNames, 11, "D3D_SIT_UAV_RWSTRUCTURED_WITH_COUNTER"},
		{shaderInputTypeNames, 12, "D3D_SIT_RTACCELERATIONSTRUCTURE"},
		{cbufferTypeNames, 3, "D3D_CT_RESOURCE_BIND_INFO"},
		{variableClassNames, 3, "D3D_SVC_MATRIX_COLUMNS"},
		{variableClassNames, 7, "D3D_SVC_INTERFACE_POINTER"},
		{variableTypeNames, 19, "D3D_SVT_UINT"},
		{variableTypeNames, 39, "D3D_SVT_DOUBLE"},
		{variableTypeNames, 51, "D3D_SVT_CONSUME_STRUCTURED_BUFFER"},
		{variableTypeNames, 57, "D3D_SVT_MIN16UINT"},
		{variableTypeNames, 62, "D3D_SVT_UINT64"},
		{rdefReturnTypeNames, 5, "D3D_RETURN_TYPE_FLOAT"},
		{rdefReturnTypeNames, 8, "D3D_RETURN_TYPE_CONTINUED"},
		{srvDimensionNames, 4, "D3D_SRV_DIMENSION_TEXTURE2D"},
		{srvDimensionNames, 10, "D3D_SRV_DIMENSION_TEXTURECUBEARRAY"},
		{srvDimensionNames, 11, "D3D_SRV_DIMENSION_BUFFEREX"},
		{subobjectKindNames, 11, "HitGroup"},
		{subobjectKindNames, 12, "RaytracingPipelineConfig1"},
		{subobjectKindNames, 5, "SubobjectKind(5)"},
	}
	for _, tc := range tests {
		if got := report.EnumName(tc.table, uint64(tc.value), "SubobjectKind"); got != tc.want {
			t.Errorf("value %d = %s, want %s", tc.value, got, tc.want)
		}
	}
	if got := compileFlags(0xC100).String(); got != "D3DCOMPILE_NO_PRESHADER | D3DCOMPILE_OPTIMIZATION_LEVEL2" {
		t.Errorf("compile flags 0xC100 = %s", got)
	}
}
