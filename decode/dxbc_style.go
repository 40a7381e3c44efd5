package decode

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// ListingStyle selects the spellings that differ between FXC builds. The
// zero value is what current builds print, which Instruction.Text holds.
type ListingStyle struct {
	// LowerCaseCB spells the SM 4.0/5.0 constant-buffer declaration
	// dcl_constantbuffer cb0[1], as FXC 9.x builds do, rather than CB0[1].
	LowerCaseCB bool
	// FloatTiesAway rounds %f ties at the sixth decimal away from zero
	// (18.8515625 prints 18.851563), as the older Microsoft C runtime did;
	// the default rounds them to even (18.851562), as the Universal CRT does.
	FloatTiesAway bool
}

var creatorVersion = regexp.MustCompile(`HLSL Shader Compiler (\d+)\.`)

// ChooseListingStyle picks the spellings from the RDEF creator string and
// says which rule applied:
//   - FXC 9.x (D3DCompiler_43 and older, creator "... 9.29.952.3111") declares
//     constant buffers as cb0[1]; 10.x builds print CB0[1].
//   - A listing FXC writes itself (the file has its creator string) rounds %f
//     ties away from zero (the 10.1 listing of DirectX-Graphics-Samples'
//     presentPS shows 18.851563). Containers without RDEF were listed in the
//     corpus by the D3D Shader Disassembler of current SDKs, whose runtime
//     rounds ties to even (DirectXTK12's listings show 18.851562 and 0.007812).
//     This split fits every listing in the corpus; the FXC build itself is
//     not recorded in the file.
func ChooseListingStyle(f *File) (ListingStyle, string) {
	var creator string
	if p := f.Part("RDEF"); p != nil && p.ResourceDefs != nil {
		creator = p.ResourceDefs.Header.Creator
	}
	if creator == "" {
		return ListingStyle{}, "no RDEF creator string: CB0[n] declarations and %f ties rounded to even, as the D3D Shader Disassembler of current SDKs prints"
	}
	st := ListingStyle{FloatTiesAway: true}
	if m := creatorVersion.FindStringSubmatch(creator); m != nil {
		if v, err := strconv.Atoi(m[1]); err == nil && v < 10 {
			st.LowerCaseCB = true
			return st, fmt.Sprintf("creator %q is FXC %d.x: cb0[n] declarations, %%f ties rounded away from zero", creator, v)
		}
	}
	return st, fmt.Sprintf("creator %q is FXC 10 or later (or unrecognised): CB0[n] declarations, %%f ties rounded away from zero", creator)
}

// StyledText returns the listing text of instruction i in the given style.
func (s *ShaderBytecode) StyledText(i int, st ListingStyle) string {
	if i < 0 || i >= len(s.Instructions) {
		return ""
	}
	in := &s.Instructions[i]
	t := in.Text
	if st.LowerCaseCB && in.Opcode == OpDclConstantBuffer {
		t = strings.Replace(t, " CB", " cb", 1)
	}
	if st.FloatTiesAway {
		for _, o := range in.Operands {
			if len(o.Immediate) == 0 || !strings.Contains(o.Text, "l(") {
				continue
			}
			if nt := tiesAwayOperand(o.Text, o.Immediate); nt != o.Text {
				t = strings.Replace(t, o.Text, nt, 1)
			}
		}
	}
	return t
}

// tiesAwayOperand rewrites the float literals of an operand text "l(a, b)"
// whose values sit exactly halfway at the sixth decimal.
func tiesAwayOperand(text string, imm []uint32) string {
	a := strings.Index(text, "l(")
	b := strings.LastIndexByte(text, ')')
	if a < 0 || b < a+2 {
		return text
	}
	body := text[a+2 : b]
	sep := ", "
	if !strings.Contains(body, sep) {
		sep = ","
	}
	parts := strings.Split(body, sep)
	if len(parts) != len(imm) {
		return text
	}
	changed := false
	for k, p := range parts {
		f := float64(math.Float32frombits(imm[k]))
		if p == formatFloat(f) {
			if q := FormatFloatTiesAway(f); q != p {
				parts[k] = q
				changed = true
			}
		}
	}
	if !changed {
		return text
	}
	return text[:a+2] + strings.Join(parts, sep) + text[b:]
}

// FormatFloatTiesAway is C's %f (six decimals) with exact halfway cases
// rounded away from zero, as the Microsoft C runtime before the Universal
// CRT printed them: 18.8515625 gives 18.851563, -0.0078125 gives -0.007813.
func FormatFloatTiesAway(f float64) string {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return formatFloat(f)
	}
	// Every float64 has a finite decimal expansion; 1100 digits hold all of it.
	exact := strconv.FormatFloat(f, 'f', -1, 64)
	dot := strings.IndexByte(exact, '.')
	if dot < 0 || len(exact)-dot-1 <= 6 {
		return strconv.FormatFloat(f, 'f', 6, 64)
	}
	exact = strconv.FormatFloat(f, 'f', 1100, 64)
	dot = strings.IndexByte(exact, '.')
	rest := strings.TrimRight(exact[dot+7:], "0")
	if rest != "5" {
		// Not a tie: the nearest value is the same for both rules.
		return strconv.FormatFloat(f, 'f', 6, 64)
	}
	// A tie: truncate to six decimals and add one unit in the last place to the magnitude.
	digits := []byte(exact[:dot+7])
	i := len(digits) - 1
	for ; i >= 0; i-- {
		c := digits[i]
		if c == '.' {
			continue
		}
		if c < '0' || c > '9' {
			break
		}
		if c == '9' {
			digits[i] = '0'
			continue
		}
		digits[i]++
		return string(digits)
	}
	// Carried past the first digit: 9.9999995 becomes 10.000000.
	if i >= 0 { // a leading '-'
		return "-1" + string(digits[1:])
	}
	return "1" + string(digits)
}
