package main

import (
	"strings"
	"testing"
)

// TestPixelExamplesList: the two hand-assembled pixel shaders
// (testdata/examples/gen) list as the HLSL in gen's comment lowers, by hand:
// FXC's ps_5_0 code, and DXC's body of main, fast-math flags and dx.op
// comments included.
func TestPixelExamplesList(t *testing.T) {
	sm5 := runOK(t, "asm", "--code", "../../web/examples/pixel-sm5.dxbc")
	want := `ps_5_0
dcl_globalFlags refactoringAllowed
dcl_input_ps linear v1.xy
dcl_output o0.xyzw
dcl_temps 1
add r0.xy, v1.xyxx, l(-0.500000, -0.500000, 0.000000, 0.000000)
dp2 r0.x, r0.xyxx, r0.xyxx
sqrt r0.x, r0.x
mad_sat r0.x, r0.x, l(-2.000000), l(1.000000)
mul o0.y, r0.x, r0.x
mov o0.x, r0.x
mov o0.z, v1.x
mov o0.w, l(1.000000)
ret ` + "\n"
	if sm5 != want {
		t.Errorf("asm --code pixel-sm5.dxbc:\n%s\nwant:\n%s", sm5, want)
	}
	dis := runOK(t, "dis", "--no-header", "../../web/examples/pixel.dxbc")
	body := `define void @main() {
  %1 = call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 0, i32 undef)  ; LoadInput(inputSigId,rowIndex,colIndex,gsVertexAxis)
  %2 = call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 1, i32 undef)  ; LoadInput(inputSigId,rowIndex,colIndex,gsVertexAxis)
  %3 = fadd fast float %1, -5.000000e-01
  %4 = fadd fast float %2, -5.000000e-01
  %5 = call float @dx.op.dot2.f32(i32 54, float %3, float %4, float %3, float %4)  ; Dot2(ax,ay,bx,by)
  %6 = call float @dx.op.unary.f32(i32 24, float %5)  ; Sqrt(value)
  %7 = fmul fast float %6, 2.000000e+00
  %8 = fsub fast float 1.000000e+00, %7
  %9 = call float @dx.op.unary.f32(i32 7, float %8)  ; Saturate(value)
  %10 = fmul fast float %9, %9
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %9)  ; StoreOutput(outputSigId,rowIndex,colIndex,value)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 1, float %10)  ; StoreOutput(outputSigId,rowIndex,colIndex,value)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 2, float %1)  ; StoreOutput(outputSigId,rowIndex,colIndex,value)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 3, float 1.000000e+00)  ; StoreOutput(outputSigId,rowIndex,colIndex,value)
  ret void
}
`
	if !strings.Contains(dis, body) {
		t.Errorf("dis --no-header pixel.dxbc lacks main's body as DXC prints it:\n%s", dis)
	}
	for _, f := range []string{"pixel.dxbc", "pixel-sm5.dxbc"} {
		code, out, errs := runCmd("check", "--problems", "../../web/examples/"+f)
		if code != 0 || !strings.HasSuffix(out, "\tok\t0\t0\t0\tvalid\n") { // status, errors, warnings, notes, digest
			t.Errorf("check %s: exit %d: %s%s", f, code, out, errs)
		}
	}
}
