package text

import (
	"encoding/binary"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// The tests of the spellings table (fxcSpellings) on listings. Where the
// corpus has a listing of the version, the test reads it; where it has none,
// it rebuilds a corpus container with that version's creator string
// (withCreatorString) and checks the lines the rule changes against the
// format FXC of that version prints, the rest against the container's own
// listing.

// withCreatorString returns container b with its RDEF creator string
// replaced: the new string goes at the end of the RDEF part, CreatorOffset
// (RDEF offset 24) points at it, and the parts are laid out again; a
// container without RDEF gets one that names only the creator. The digest
// no longer matches, which the listing does not look at.
func withCreatorString(t *testing.T, b []byte, creator string) []byte {
	t.Helper()
	le := binary.LittleEndian
	parts := hostile.RawParts(b)
	found := false
	for i, p := range parts {
		if string(p[:4]) == "RDEF" {
			found = true
			p = append([]byte(nil), p...)
			for len(p)%4 != 0 {
				p = append(p, 0)
			}
			le.PutUint32(p[8+24:], uint32(len(p)-8))
			p = append(p, creator...)
			p = append(p, 0)
			for len(p)%4 != 0 {
				p = append(p, 0)
			}
			le.PutUint32(p[4:], uint32(len(p)-8))
			parts[i] = p
		}
	}
	if !found {
		// A bare RDEF (ps_4_0, nothing declared) that only names the creator.
		p := []byte("RDEF")
		p = le.AppendUint32(p, 0)
		for _, v := range []uint32{0, 0, 0, 0, 0xFFFF0400, 0, 28} {
			p = le.AppendUint32(p, v)
		}
		p = append(p, creator...)
		for p = append(p, 0); len(p)%4 != 0; {
			p = append(p, 0)
		}
		le.PutUint32(p[4:], uint32(len(p)-8))
		parts = append([][]byte{p}, parts...)
	}
	return hostile.Relayout(b, parts)
}

// listingAs lists corpus file rel as if compiler version creator had
// written it, and returns its lines without the "// " markers (as the
// corpus's listings have them), and the corpus listing's.
func listingAs(t *testing.T, rel, creator string) (got, want []string) {
	t.Helper()
	path, data := corpus.File(t, rel)
	e := corpus.Entry{Rel: rel, Path: path}
	f, err := decode.Parse(withCreatorString(t, data, "Microsoft (R) HLSL Shader Compiler "+creator))
	if err != nil {
		t.Fatal(err)
	}
	for _, ln := range FXCListing(f) {
		s := strings.TrimPrefix(ln.Text, "//")
		got = append(got, strings.TrimPrefix(s, " "))
	}
	return got, strings.Split(strings.ReplaceAll(e.ListingText(t), "\r", ""), "\n")
}

// section returns the lines after the one that starts with title, up to
// the first blank line after at least one non-blank.
func section(lines []string, title string) []string {
	for i, l := range lines {
		if !strings.HasPrefix(l, title) {
			continue
		}
		var out []string
		for _, s := range lines[i+1:] {
			if strings.TrimSpace(s) == "" {
				if len(out) > 0 {
					break
				}
				continue
			}
			out = append(out, s)
		}
		return out
	}
	return nil
}

var bindRow = regexp.MustCompile(`^(.{30}) +(\S+) +(\S+) +(\S+) +[a-z]+(\d+) +(\d+) ?$`)

// TestSlotBindingsBefore10 checks FXC before 10's Resource Bindings table
// ("Name Type Format Dim Slot Elements", the slot and count bare; the header
// and the row format "%-30s %10s %7s %11s %4u %8u" are d3dcompiler_43's,
// 9.29.952.3111) on a 10.0.10011 container rebuilt with a 9.x creator: each
// row is the 10.x listing's row in the old layout. The corpus holds no
// listing of a 9.x file with bindings.
func TestSlotBindingsBefore10(t *testing.T) {
	const rel = "real/microsoft__DirectX-Graphics-Samples/UberPixelShader.hlsl.h__g_UberPixelShader.dxbc"
	for _, version := range []string{"9.29.952.3111", "9.30.9200.16384", "6.3.9600.16384"} {
		got, want := listingAs(t, rel, version)
		g, w := section(got, "Resource Bindings:"), section(want, "Resource Bindings:")
		if len(w) < 3 || len(g) != len(w) {
			t.Fatalf("%s: %d binding lines, listing has %d", version, len(g), len(w))
		}
		exp := []string{
			"Name                                 Type  Format         Dim Slot Elements",
			"------------------------------ ---------- ------- ----------- ---- --------",
		}
		for _, row := range w[2:] {
			m := bindRow.FindStringSubmatch(row)
			if m == nil {
				t.Fatalf("listing row %q", row)
			}
			var slot, count int
			fmt.Sscan(m[5], &slot)
			fmt.Sscan(m[6], &count)
			exp = append(exp, fmt.Sprintf("%-30s %10s %7s %11s %4d %8d", strings.TrimSpace(m[1]), m[2], m[3], m[4], slot, count))
		}
		if strings.Join(g, "\n") != strings.Join(exp, "\n") {
			t.Errorf("%s:\n%s\nwant\n%s", version, strings.Join(g, "\n"), strings.Join(exp, "\n"))
		}
	}
	// FXC 10 and later keep HLSL Bind and Count: the listing itself.
	got, want := listingAs(t, rel, "10.0.10011.0")
	if g, w := section(got, "Resource Bindings:"), section(want, "Resource Bindings:"); strings.Join(g, "\n") != strings.Join(w, "\n") {
		t.Errorf("10.0.10011.0:\n%s\nwant\n%s", strings.Join(g, "\n"), strings.Join(w, "\n"))
	}
}

// TestNarrowSignatureFormatBefore930 checks FXC 9.29's signature tables on
// a corpus file it wrote (Wine's test_blob_part, creator 9.29.952.3111):
// the header "SysValue Format   Used" and "------" and the rows' format
// " %6s" are d3dcompiler_43.dll's strings (9.30 added 7-letter minimum
// precisions, min2_8f, and widened the column). The expected lines are
// written out by hand from those formats.
func TestNarrowSignatureFormatBefore930(t *testing.T) {
	const rel = "real/emtee40__wine-vkd3d/hlsl_d3d12.c__test_blob_part.dxbc"
	f := parseFile(t, rel)
	var got []string
	for _, ln := range FXCListing(f) {
		got = append(got, ln.Text)
	}
	want := []string{
		"//",
		"// Generated by Microsoft (R) HLSL Shader Compiler 9.29.952.3111",
		"//",
		"//",
		"//",
		"// Input signature:",
		"//",
		"// Name                 Index   Mask Register SysValue Format   Used",
		"// -------------------- ----- ------ -------- -------- ------ ------",
		"// POSITION                 0   xyzw        0     NONE  float   xyzw",
		"// SV_POSITION              0   xyzw        1     NONE  float       ",
		"//",
		"//",
		"// Output signature:",
		"//",
		"// Name                 Index   Mask Register SysValue Format   Used",
		"// -------------------- ----- ------ -------- -------- ------ ------",
		"// SV_POSITION              0   xyzw        0      POS  float   xyzw",
		"//",
	}
	if len(got) < len(want) || strings.Join(got[:len(want)], "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got[:min(len(got), len(want))], "\n"), strings.Join(want, "\n"))
	}
	// 9.30 and later (and 10.x, whose listings the corpus holds) keep 7.
	got, want = listingAs(t, "real/microsoft__DirectX-Graphics-Samples/UberPixelShader.hlsl.h__g_UberPixelShader.dxbc", "9.30.9200.16384")
	if g, w := section(got, "Input signature:"), section(want, "Input signature:"); strings.Join(g, "\n") != strings.Join(w, "\n") {
		t.Errorf("9.30:\n%s\nwant\n%s", strings.Join(g, "\n"), strings.Join(w, "\n"))
	}
}

// TestSlashLineOf930 checks FXC 9.30.9200's "///" line after the two "//"
// lines that follow "Generated by" (issue 25's 9.30.9200 listings; the
// corpus has none) on a 10.0.10011 corpus container rebuilt with that
// creator string, and that no other build writes it.
func TestSlashLineOf930(t *testing.T) {
	const rel = "real/microsoft__DirectX-Graphics-Samples/UberPixelShader.hlsl.h__g_UberPixelShader.dxbc"
	_, data := corpus.File(t, rel)
	for _, tc := range []struct {
		version string
		slash   bool
	}{{"9.30.9200.16384", true}, {"9.30.9200.20789", true}, {"9.29.952.3111", false}, {"6.3.9600.16384", false}, {"10.1", false}} {
		f, err := decode.Parse(withCreatorString(t, data, "Microsoft (R) HLSL Shader Compiler "+tc.version))
		if err != nil {
			t.Fatal(err)
		}
		ls := FXCListing(f)
		want := []string{"//", "// Generated by Microsoft (R) HLSL Shader Compiler " + tc.version, "//", "//", "// Buffer Definitions: "}
		if tc.slash {
			want = []string{want[0], want[1], want[2], want[3], "///", want[4]}
		}
		var got []string
		for _, ln := range ls[:min(len(ls), len(want))] {
			got = append(got, ln.Text)
		}
		sameLines(t, tc.version+": ", got, want)
	}
}

// TestSGVWithoutInterpolationOf63 checks FXC 6.3.9600's
// dcl_input_ps_sgv without an interpolation mode (issue 25's 6.3.9600.16384
// listings) on a bgfx pixel shader that reads SV_IsFrontFace, given an RDEF
// naming that creator: the declaration loses "constant", the other input
// declarations keep theirs, and 10.1 writes it as DXDecompiler's FXC 10.1
// listings do (dcl_input_ps_sgv constant v0.x, primitive_id).
func TestSGVWithoutInterpolationOf63(t *testing.T) {
	const rel = "real/bkaradzic__bgfx/shaders__dxbc__fs_shadowvolume_svside.bin__off12.dxbc"
	_, data := corpus.File(t, rel)
	for _, tc := range []struct{ version, want string }{
		{"6.3.9600.16384", "dcl_input_ps_sgv v2.x, is_front_face"},
		{"10.1", "dcl_input_ps_sgv constant v2.x, is_front_face"},
	} {
		f, err := decode.Parse(withCreatorString(t, data, "Microsoft (R) HLSL Shader Compiler "+tc.version))
		if err != nil {
			t.Fatal(err)
		}
		var inputs []string
		for _, ln := range FXCListing(f) {
			if strings.HasPrefix(ln.Text, "dcl_input_ps") {
				inputs = append(inputs, ln.Text)
			}
		}
		if want := []string{"dcl_input_ps linear v1.x", tc.want}; strings.Join(inputs, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: %q, want %q", tc.version, inputs, want)
		}
	}
}
