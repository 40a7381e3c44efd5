package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// Containers whose every name comes from a function, so one test can build
// them twice: with names that try to reach the terminal or forge lines, and
// with plain names of the same lengths (so both decode to the same layout,
// the same problems and the same number of lines).

// hostileName holds each kind of byte a name must not carry to a terminal:
// a newline (a forged line), ESC starting a CSI sequence, a carriage
// return, C1's CSI as UTF-8 (U+009B) and as the raw byte 0x9B, the bidi
// overrides RLO (U+202E) and RLI (U+2067), invalid UTF-8 and DEL.
const hostileName = "\n\x1b[31m\r\u009b\x9b\u202e\u2067\xff\xfe\x7f"

// names makes the name of slot i: a letter, then the hostile bytes or as
// many plain ones, then v (a variant, so two files can differ in every name).
func names(hostile bool, v string) func(i int) string {
	return func(i int) string {
		body := hostileName
		if !hostile {
			body = strings.Repeat("x", len(hostileName))
		}
		return string(rune('A'+i%26)) + body + v
	}
}

var le = binary.LittleEndian

func u32s(vs ...uint32) []byte {
	var b []byte
	for _, v := range vs {
		b = le.AppendUint32(b, v)
	}
	return b
}

// strtab collects NUL-terminated strings and hands out their offsets.
type strtab struct {
	base int // the offset of the table in its part
	b    []byte
}

func (s *strtab) add(name string) uint32 {
	off := s.base + len(s.b)
	s.b = append(append(s.b, name...), 0)
	return uint32(off)
}

// signature1 is an ISG1/OSG1 part (32-byte elements) with one element per name.
func signature1(names ...string) []byte {
	st := &strtab{base: 8 + 32*len(names)}
	b := u32s(uint32(len(names)), 8)
	for i, n := range names {
		// Stream, name, index, system value (none), float32, register i, xyzw read xyzw, min precision.
		b = append(b, u32s(0, st.add(n), 0, 0, 3, uint32(i), 0x0F|0x0F<<8, 0)...)
	}
	return append(b, st.b...)
}

// signatureN is an ISGN/OSGN part (24-byte elements, FXC) with one element per name.
func signatureN(names ...string) []byte {
	st := &strtab{base: 8 + 24*len(names)}
	b := u32s(uint32(len(names)), 8)
	for i, n := range names {
		b = append(b, u32s(st.add(n), 0, 0, 3, uint32(i), 0x0F|0x0F<<8)...)
	}
	return append(b, st.b...)
}

// psv0 is a version 3 PSV0 part of a pixel shader with one input and one
// output element named from the string table, and its entry function name.
func psv0(entry, in, out string) []byte {
	st := &strtab{}
	entryOff, inOff, outOff := st.add(entry), st.add(in), st.add(out)
	for len(st.b)%4 != 0 {
		st.b = append(st.b, 0)
	}
	info := make([]byte, 52)
	info[24] = 0                      // pixel shader
	info[28], info[29] = 1, 1         // one input and one output element
	info[31], info[32] = 1, 1         // one input and one output vector
	le.PutUint32(info[48:], entryOff) // EntryFunctionName
	b := u32s(52)
	b = append(b, info...)
	b = append(b, u32s(0)...) // no resources
	b = append(b, u32s(uint32(len(st.b)))...)
	b = append(b, st.b...)
	b = append(b, u32s(1, 0)...) // semantic index table: [0]
	b = append(b, u32s(16)...)
	el := func(name uint32) []byte {
		// name, index table offset, 1 row at 0, 4 columns at 0 allocated, arbitrary kind, float32, linear.
		return append(u32s(name, 0), 1, 0, 0x44, 0, 3, 2, 0, 0)
	}
	b = append(b, el(inOff)...)
	b = append(b, el(outOff)...)
	return append(b, u32s(0, 0, 0, 0)...) // input→output dependencies: 4 inputs × 1 dword
}

// rdef is an SM4 (4.0) RDEF part: a constant buffer holding one struct
// variable of two members, a texture and that buffer as bindings, and the
// creator string, each named by n.
func rdef(n func(int) string) []byte {
	const hdr, binding, cbuf, variable, typ, member = 28, 32, 24, 24, 16, 12
	bindAt := hdr
	cbAt := bindAt + 2*binding
	varAt := cbAt + cbuf
	typeAt := varAt + variable
	memberAt := typeAt + typ
	floatAt := memberAt + 2*member
	st := &strtab{base: floatAt + typ}
	creator, texName, cbName, varName, m0, m1 := st.add(n(0)), st.add(n(1)), st.add(n(2)), st.add(n(3)), st.add(n(4)), st.add(n(5))
	b := u32s(1, uint32(cbAt), 2, uint32(bindAt), 0xFFFF<<16|4<<8|0, 0, creator) // ps_4_0
	b = append(b, u32s(texName, 2, 5, 4, 0xFFFFFFFF, 0, 1, 0)...)                // Texture2D<float4> t0
	b = append(b, u32s(cbName, 0, 0, 0, 0, 0, 1, 0)...)                          // cbuffer b0
	b = append(b, u32s(cbName, 1, uint32(varAt), 16, 0, 0)...)                   // 1 variable, 16 bytes
	b = append(b, u32s(varName, 0, 8, 2, uint32(typeAt), 0)...)                  // used
	b = append(b, 5, 0, 0, 0, 1, 0, 2, 0, 0, 0, 2, 0)                            // struct, 1 row, 2 columns, 2 members
	b = append(b, u32s(uint32(memberAt))...)
	b = append(b, u32s(m0, uint32(floatAt), 0, m1, uint32(floatAt), 4)...)
	b = append(b, 0, 0, 3, 0, 1, 0, 1, 0, 0, 0, 0, 0) // scalar float
	b = append(b, u32s(0)...)
	return append(b, st.b...)
}

// rdat is an RDAT part (validator 1.3 layout): a string buffer, an index
// array, one resource and one function that uses it and depends on a
// second name.
func rdat(n func(int) string) []byte {
	st := &strtab{}
	fn, unmangled, res, dep := st.add(n(0)), st.add(n(1)), st.add(n(2)), st.add(n(3))
	for len(st.b)%4 != 0 {
		st.b = append(st.b, 0)
	}
	idx := u32s(1, 0, 1, dep) // [resource 0], [string dep]
	// Class SRV, kind Texture2D, ID, space, bounds, name, flags.
	resTable := append(u32s(1, 32), u32s(0, 2, 0, 0, 0, 0, res, 0)...)
	// Name, unmangled name, resources, dependencies, pixel shader, payload and
	// attribute sizes, features, stage flags, ps_6_0.
	fnTable := append(u32s(1, 44), u32s(fn, unmangled, 0, 2, 0, 0, 0, 0, 0, 1, 0<<16|0x60)...)
	return hostile.RDATPart(hostile.RDATTable{Type: 1, Data: st.b}, hostile.RDATTable{Type: 2, Data: idx},
		hostile.RDATTable{Type: 3, Data: resTable}, hostile.RDATTable{Type: 4, Data: fnTable})
}

// module is the bitcode of a pixel shader module: @main (named entry in
// the value symbol table), !dx.shaderModel, !dx.resources with one SRV named
// res, and !dx.entryPoints naming entry, with a one-element input and
// output signature named in and out.
func module(entry, fnName, res, in, out string) []byte {
	w, mod := hostile.NewModule()

	ty := w.Enter(3, 17, 4)
	w.Unabbrev(4, 1, 4)     // NUMENTRY
	w.Unabbrev(4, 2)        // 0 void
	w.Unabbrev(4, 7, 32)    // 1 i32
	w.Unabbrev(4, 21, 0, 0) // 2 void ()
	w.Unabbrev(4, 8, 2, 0)  // 3 void ()*
	w.Exit(4, ty)

	w.Unabbrev(3, 2, hostile.Chars("dxil-ms-dx")...)
	w.Unabbrev(3, 8, 2, 0, 0, 0) // value 0: define void @main()

	cst := w.Enter(3, 11, 4)
	w.Unabbrev(4, 1, 1)    // SETTYPE i32
	w.Unabbrev(4, 2)       // value 1: i32 0
	w.Unabbrev(4, 4, 1<<1) // value 2: i32 1
	w.Unabbrev(4, 4, 6<<1) // value 3: i32 6
	w.Unabbrev(4, 4, 2<<1) // value 4: i32 2
	w.Unabbrev(4, 4, 9<<1) // value 5: i32 9
	w.Unabbrev(4, 4, 4<<1) // value 6: i32 4
	w.Exit(4, cst)

	// Metadata ids count from 0; a node's operands are id+1 (0 is null).
	md := w.Enter(3, 15, 3)
	id := 0
	next := func() uint64 { id++; return uint64(id) } // the id+1 of the record just written
	str := func(s string) uint64 { w.Unabbrev(3, 1, hostile.Chars(s)...); return next() }
	val := func(v uint64) uint64 { w.Unabbrev(3, 2, 1, v); return next() }
	node := func(ops ...uint64) uint64 { w.Unabbrev(3, 3, ops...); return next() }
	named := func(name string, n uint64) {
		w.Unabbrev(3, 4, hostile.Chars(name)...)
		w.Unabbrev(3, 10, n-1)
	}
	zero, one, six, two, nine, four := val(1), val(2), val(3), val(4), val(5), val(6)
	named("dx.shaderModel", node(str("ps"), six, zero))
	srv := node(zero, 0, str(res), zero, zero, one, two, zero, 0) // Texture2D t0
	resources := node(node(srv), 0, 0, 0)
	named("dx.resources", resources)
	sig := func(name string) uint64 {
		// id, name, float32, semantic kind, indices, linear, 1 row, 4 columns, at 0, 0.
		return node(node(zero, str(name), nine, zero, node(zero), two, one, four, zero, zero, 0))
	}
	sigs := node(sig(in), sig(out), 0)
	fn := func() uint64 { w.Unabbrev(3, 2, 3, 0); return next() } // void ()* @main
	named("dx.entryPoints", node(fn(), str(entry), sigs, resources, 0))
	w.Exit(3, md)

	vst := w.Enter(3, 14, 4)
	w.Unabbrev(4, 1, append([]uint64{0}, hostile.Chars(fnName)...)...)
	w.Exit(4, vst)

	w.RetVoidBody(3, 4)
	w.Exit(3, mod)
	return w.B
}

// dxilPart wraps bitcode in a DXIL program header (pixel shader 6.0).
func dxilPart(bc []byte) []byte {
	b := u32s(0<<16|0x60, uint32(6+len(bc)/4))
	b = append(b, "DXIL"...)
	b = append(b, u32s(0x100, 16, uint32(len(bc)))...)
	return append(b, bc...)
}

// shex is a ps_5_0 program that reads its input and returns.
func shex() []byte {
	return u32s(0<<16|5<<4|0, 3, 0x0100003e) // version, length, ret
}

// dxilContainer and fxcContainer hold every name a DXC and an FXC
// container can carry, from n.
func dxilContainer(n func(int) string) []byte {
	return hostile.Container(
		hostile.Part{Name: "ISG1", Data: signature1(n(0))},
		hostile.Part{Name: "OSG1", Data: signature1(n(1))},
		hostile.Part{Name: "PSV0", Data: psv0(n(2), n(0), n(1))},
		hostile.Part{Name: "RDAT", Data: rdat(func(i int) string { return n(10 + i) })},
		hostile.Part{Name: "DXIL", Data: dxilPart(module(n(2), n(3), n(4), n(0), n(1)))},
	)
}

func fxcContainer(n func(int) string) []byte {
	return hostile.Container(
		hostile.Part{Name: "RDEF", Data: rdef(func(i int) string { return n(20 + i) })},
		hostile.Part{Name: "ISGN", Data: signatureN(n(0), n(1))},
		hostile.Part{Name: "OSGN", Data: signatureN(n(2))},
		hostile.Part{Name: "SHEX", Data: shex()},
	)
}

// badByte finds a byte sequence no text of dxscope may carry: a control
// character other than tab and newline (C0, DEL, C1 as UTF-8), a bidi
// control, or bytes that are not UTF-8. It returns its offset, or -1.
func badByte(b []byte) int {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		switch {
		case r == utf8.RuneError && size == 1,
			r < 0x20 && r != '\t' && r != '\n', r == 0x7f, r >= 0x80 && r < 0xa0,
			r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e, r == 0x200f, r == 0x061c:
			return i
		}
		i += size
	}
	return -1
}

// TestNamesCannotForgeLinesOrReachTheTerminal runs every text command of
// the CLI over containers (and databases) whose every name holds a newline,
// ESC, C1 as UTF-8 and as a raw byte, bidi overrides and invalid UTF-8:
// signature names, the PSV0 and DXIL entry-point names, DXIL resource and
// signature names, RDEF names, RDAT names, SQLite table and column names.
// No such byte reaches standard output or error, and each stream has as
// many lines as with plain names of the same lengths: nothing a name holds
// starts a line.
func TestNamesCannotForgeLinesOrReachTheTerminal(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	type files struct{ dxil, dxil2, fxc, fxc2, db string }
	build := func(kind string, hostile bool) files {
		n1, n2 := names(hostile, "1"), names(hostile, "2")
		return files{
			dxil:  write(kind+"-dxil1.dxbc", dxilContainer(n1)),
			dxil2: write(kind+"-dxil2.dxbc", dxilContainer(n2)),
			fxc:   write(kind+"-fxc1.dxbc", fxcContainer(n1)),
			fxc2:  write(kind+"-fxc2.dxbc", fxcContainer(n2)),
		}
	}
	plain, bad := build("plain", false), build("hostile", true)
	if _, err := exec.LookPath("sqlite3"); err == nil {
		for _, f := range []*files{&plain, &bad} {
			n := names(f == &bad, "")
			f.db = filepath.Join(dir, filepath.Base(f.dxil)+".db")
			sql := func(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }
			corpus.SQLite(t, f.db, fmt.Sprintf("CREATE TABLE %s(%s TEXT, %s BLOB);\nINSERT INTO %s VALUES('a', readfile('%s'));\n",
				sql(n(0)), sql(n(1)), sql(n(2)), sql(n(0)), f.dxil))
		}
	}

	commands := [][]string{
		{"parts", "DXIL"}, {"parts", "FXC"}, {"psv", "DXIL"}, {"rdat", "DXIL"}, {"dxil", "DXIL"}, {"dis", "DXIL"},
		{"dis", "--no-header", "DXIL"}, {"rdef", "FXC"}, {"asm", "FXC"}, {"asm", "--code", "FXC"},
		{"diff", "DXIL", "DXIL2"}, {"diff", "FXC", "FXC2"}, {"diff", "--text", "DXIL", "DXIL2"}, {"diff", "--text", "FXC", "FXC2"},
		{"check", "DXIL", "FXC"}, {"check", "--json", "DXIL", "FXC"},
		{"json", "DXIL"}, {"json", "FXC"}, {"diff", "--json", "DXIL", "DXIL2"},
		{"db", "DB"}, {"db", "--json", "DB"},
	}
	for _, c := range commands {
		args := func(f files) []string {
			var out []string
			for _, a := range c {
				switch a {
				case "DXIL":
					a = f.dxil
				case "DXIL2":
					a = f.dxil2
				case "FXC":
					a = f.fxc
				case "FXC2":
					a = f.fxc2
				case "DB":
					a = f.db
				}
				out = append(out, a)
			}
			return out
		}
		if c[len(c)-1] == "DB" && plain.db == "" {
			continue
		}
		pc, pout, perr := runCmd(args(plain)...)
		hc, hout, herr := runCmd(args(bad)...)
		name := strings.Join(c, " ")
		if pc != hc {
			t.Errorf("%s: exit %d with plain names, %d with hostile ones (%s)", name, pc, hc, herr)
		}
		for _, s := range []struct {
			what         string
			plain, named string
		}{{"output", pout, hout}, {"errors", perr, herr}} {
			if i := badByte([]byte(s.named)); i >= 0 {
				t.Errorf("%s: its %s carry %q at %d: %q", name, s.what, s.named[i:min(i+4, len(s.named))], i, s.named[max(0, i-60):min(len(s.named), i+20)])
			}
			// Line counts. The file names differ in length only ("plain"/"hostile"), never in lines.
			if p, h := strings.Count(s.plain, "\n"), strings.Count(s.named, "\n"); p != h {
				t.Errorf("%s: %d lines of %s with hostile names, %d with plain ones:\n%s\n---- plain:\n%s", name, h, s.what, p, s.named, s.plain)
			}
		}
		if pout == "" && c[0] != "check" {
			t.Errorf("%s printed nothing with plain names (exit %d): %s", name, pc, perr)
		}
		if testing.Verbose() {
			t.Logf("%s: exit %d, %d+%d lines", name, hc, strings.Count(hout, "\n"), strings.Count(herr, "\n"))
		}
	}
	// The names were read: the hostile files' texts hold their escaped form.
	out := runOK(t, "dxil", bad.dxil)
	if !strings.Contains(out, `\x0a\x1b[31m\x0d\x9b\x9bU+202EU+2067\xff\xfe\x7f`) {
		t.Errorf("dxil does not show the entry point's name escaped:\n%s", out)
	}
	if !bytes.Contains([]byte(runOK(t, "json", bad.dxil)), []byte(`\u009b`)) {
		t.Errorf("json does not escape U+009B as \\u009b")
	}
}
