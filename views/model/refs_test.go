package model

import (
	"reflect"
	"testing"
)

// Definitions and uses on a hand-checked listing: %values per function,
// @globals and !metadata per module, names in comments and strings ignored.
func TestRefs(t *testing.T) {
	lines := []string{
		`@"\01?g@@3HA" = external constant i32`, // 0
		`define void @main() {`,                 // 1
		`  %1 = call i32 @dx.op.loadInput.i32(i32 4, i32 0, i32 0, i8 0, i32 undef), !dbg !9 ; "%2" here is a comment`, // 2
		`  %2 = add i32 %1, %1`, // 3
		`  call void @dx.op.storeOutput.i32(i32 5, i32 0, i32 0, i8 0, i32 %2)`, // 4
		`  ret void`,                          // 5
		`}`,                                   // 6
		`define void @other() {`,              // 7
		`  %1 = load i32, i32* @"\01?g@@3HA"`, // 8
		`  ret void`,                          // 9
		`}`,                                   // 10
		`declare i32 @dx.op.loadInput.i32(i32, i32, i32, i8, i32)`, // 11
		`!9 = !DILocation(line: 3, scope: !10)`,                    // 12
	}
	fns := []int{-1, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, -1, -1}
	d := &Disassembly{}
	for i, l := range lines {
		d.Lines = append(d.Lines, DisasmLine{Text: l, Func: fns[i]})
	}
	r := d.Refs()
	for _, c := range []struct {
		fn   int
		name string
		def  int
		uses []int
	}{
		{0, "%1", 2, []int{3}},
		{0, "%2", 3, []int{4}},
		{1, "%1", 8, nil},
		{0, `@"\01?g@@3HA"`, 0, []int{8}},
		{0, "@dx.op.loadInput.i32", 11, []int{2}},
		{-1, "!9", 12, []int{2}},
		{0, "@main", 1, nil},
	} {
		ref := r.Of(c.fn, c.name)
		if ref == nil {
			t.Errorf("%s in function %d: not found", c.name, c.fn)
			continue
		}
		if ref.Def != c.def || !reflect.DeepEqual(ref.Uses, c.uses) {
			t.Errorf("%s in function %d: defined at %d, used at %v; want %d, %v", c.name, c.fn, ref.Def, ref.Uses, c.def, c.uses)
		}
	}
}
