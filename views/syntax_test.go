package views

import (
	"regexp"
	"strings"
	"testing"
)

// tokens returns the coloured tokens of a line as "class:text".
func tokens(line string, syn Syntax) []string {
	var b strings.Builder
	colorLine(&b, line, syn)
	var out []string
	for _, m := range regexp.MustCompile(`<span class="(tok-[a-z]+)">([^<]*)</span>`).FindAllStringSubmatch(b.String(), -1) {
		out = append(out, m[1][4:]+":"+m[2])
	}
	return out
}

// TestSyntaxColours: opcodes, registers and values, literals, comments and
// metadata as FXC and DXC print them.
func TestSyntaxColours(t *testing.T) {
	for _, c := range []struct {
		line string
		syn  Syntax
		want string
	}{
		{"mul r4.xyz, r4.xyzx, l(2.400000, 2.400000, 2.400000, 0.000000)", FXCSyntax,
			"op:mul reg:r4.xyz reg:r4.xyzx lit:l(2.400000, 2.400000, 2.400000, 0.000000)"},
		{"  sample_indexable(texture2d)(float,float,float,float) r3.xyz, v1.xyxx, t0.xyzw, s0", FXCSyntax,
			"op:sample_indexable(texture2d)(float,float,float,float) reg:r3.xyz reg:v1.xyxx reg:t0.xyzw reg:s0"},
		{"dcl_constantbuffer CB0[1], immediateIndexed", FXCSyntax, "op:dcl_constantbuffer reg:CB0 lit:1"},
		{"if_z cb0[0].y  // x", FXCSyntax, "op:if_z reg:cb0 lit:0 com:// x"},
		{"store_raw u0.x, vThreadID.x, -r1.x", FXCSyntax, "op:store_raw reg:u0.x reg:vThreadID.x reg:r1.x"},
		{"  %3 = fadd fast float %1, 1.000000e+00, !dbg !28 ; line:1 col:28", LLVMSyntax,
			"reg:%3 op:fadd type:float reg:%1 lit:1.000000e+00 meta:!dbg meta:!28 com:; line:1 col:28"},
		{"  call void @dx.op.storeOutput.f32(i32 5, i32 0, i8 0, float 0.000000e+00)", LLVMSyntax,
			"op:call type:void reg:@dx.op.storeOutput.f32 type:i32 lit:5 type:i32 lit:0 type:i8 lit:0 type:float lit:0.000000e+00"},
		{"attributes #0 = { nounwind }", LLVMSyntax, "meta:#0"},
		{"!11 = !{!\"F:\\5Ctest\", i1 true}", LLVMSyntax, `meta:!11 meta:! meta:! lit:&#34;F:\5Ctest&#34; type:i1 lit:true`},
	} {
		if got := strings.Join(tokens(c.line, c.syn), " "); got != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.line, got, c.want)
		}
	}
}

// TestSyntaxEscapes: every character of the line is in the HTML, escaped.
func TestSyntaxEscapes(t *testing.T) {
	for _, syn := range []Syntax{FXCSyntax, LLVMSyntax} {
		line := `mov r0 <script>"&'  ; // ▾ é`
		var b strings.Builder
		colorLine(&b, line, syn)
		text := regexp.MustCompile(`<[^>]*>`).ReplaceAllString(b.String(), "")
		if strings.ContainsAny(text, "<>\"'") {
			t.Errorf("%v: unescaped %q", syn, text)
		}
		if htmlEscaper.Replace(line) != text {
			t.Errorf("%v: text %q", syn, text)
		}
	}
}
