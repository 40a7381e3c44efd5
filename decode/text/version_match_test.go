package text

import (
	"regexp"
	"slices"
	"testing"
)

// The version readers agree with the regular expressions they replaced.
func TestVersionReadersMatchTheirRegexps(t *testing.T) {
	creatorRe := regexp.MustCompile(`HLSL Shader Compiler (\d+(?:\.\d+)*)`)
	identRe := regexp.MustCompile(`^(dxcoob|dxc\(private\)|dxc) (\d+)\.(\d+)\.(\d+)\.(\d+)\b`)
	releaseRe := regexp.MustCompile(`^\d+\.\d+\.([1-9]\d{3})\.(\d+)$`)
	dateRe := regexp.MustCompile(`^dxcoob (20\d\d)\.(\d\d)\.\d+\b`)
	inputs := []string{"", "HLSL Shader Compiler", "Microsoft (R) HLSL Shader Compiler 10.1", "HLSL Shader Compiler 9.29.952.3111",
		"HLSL Shader Compiler x HLSL Shader Compiler 6.3.9600.16384", "HLSL Shader Compiler 10.", "HLSL Shader Compiler 10..1",
		"HLSL Shader Compiler 10.1.a", "HLSL Shader Compiler HLSL Shader Compiler 7", "HLSL Shader Compiler 99999999999999999999.1",
		"dxcoob 1.8.2505.32 (b106a961d)", "dxc(private) 1.7.0.13784 (main, e93cb6343)", "dxc 1.2.3.4", "dxc 1.2.3.4a", "dxc 1.2.3.4_",
		"dxc 1.2.3.4.5", "dxc 1.2.3", "dxcoob 1.2.3", "dxc(private) 1.2.3.4-x", "dxcoob2 1.2.3.4", "dxc  1.2.3.4", "Dxc 1.2.3.4",
		"dxcoob 2019.05.00", "dxcoob 2019.05.00x", "dxcoob 2019.05.", "dxcoob 2019.5.00", "dxcoob 1919.05.00", "dxcoob 20190.05.00",
		"dxcoob 2019.05.00.1", "dxcoob 2019.055.00", "1.8.2403.34", "1.8.2403.34 ", "1.8.0403.34", "1.8.24030.34", "1.8.240.34",
		"1.8.2403", "1.8.2403.", "a1.8.2403.34", "10.20.9999.0", "1.8.2403.34.1", "dxc 1.8.2403.10034 (x)", "dxcoob 1.0.0.10001"}
	for _, s := range inputs {
		var want string
		if m := creatorRe.FindStringSubmatch(s); m != nil {
			want = m[1]
		}
		if got := creatorVersion(s); got != want {
			t.Errorf("creatorVersion(%q) = %q, regexp %q", s, got, want)
		}
		tool, nums, ok := matchDXCIdent(s)
		m := identRe.FindStringSubmatch(s)
		if ok != (m != nil) || ok && (tool != m[1] || !slices.Equal(nums, m[2:])) {
			t.Errorf("matchDXCIdent(%q) = %q %q %v, regexp %q", s, tool, nums, ok, m)
		}
		rel, last, ok := matchDXCRelease(s)
		m = releaseRe.FindStringSubmatch(s)
		if ok != (m != nil) || ok && (rel != m[1] || last != m[2]) {
			t.Errorf("matchDXCRelease(%q) = %q %q %v, regexp %q", s, rel, last, ok, m)
		}
		y, mo, ok := matchDXCDateIdent(s)
		m = dateRe.FindStringSubmatch(s)
		if ok != (m != nil) || ok && (y != m[1] || mo != m[2]) {
			t.Errorf("matchDXCDateIdent(%q) = %q %q %v, regexp %q", s, y, mo, ok, m)
		}
	}
}
