package corpus

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// CPPDir is testdata/cpp: the declarations of d3d12.h and dxgiformat.h,
// written out by hand, that the tests of the printed C++ compile against.
func CPPDir() string { return filepath.Join(repoRoot(), "testdata", "cpp") }

// GXX returns g++, or skips the test when it is not installed.
func GXX(t TB) string {
	t.Helper()
	gxx, err := exec.LookPath("g++")
	if err != nil {
		Skip(t, "g++", "g++ is not installed (.ci/run installs it): the printed C++ cannot be compiled")
	}
	return gxx
}

// runCPP compiles source with gxx (C++17, every warning an error) against
// CPPDir, runs the program and returns what it printed; a compile error
// fails the test with the compiler's first lines.
func runCPP(t TB, gxx, source string) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "dxscope-cpp")
	if err != nil {
		t.Fatalf("%v", err)
	}
	defer os.RemoveAll(dir)
	main := filepath.Join(dir, "main.cpp")
	if err := os.WriteFile(main, []byte(source), 0o644); err != nil {
		t.Fatalf("%v", err)
	}
	bin := filepath.Join(dir, "main")
	if out, err := exec.Command(gxx, "-std=c++17", "-Wall", "-Wextra", "-Werror", "-I", CPPDir(), "-o", bin, main).CombinedOutput(); err != nil {
		lines := strings.SplitN(string(out), "\n", 41)
		t.Fatalf("the printed C++ does not compile: %v\n%s", err, strings.Join(lines[:min(40, len(lines))], "\n"))
	}
	out, err := exec.Command(bin).Output()
	if err != nil {
		t.Fatalf("running the compiled C++: %v", err)
	}
	return string(out)
}

// RunCPPUnits compiles each unit in a namespace of its own (u0, u1, …)
// after prelude, has main make call for each (a format whose %[1]d is the
// unit's number: "dump(u%[1]d::RootSignatureDesc())"), and returns what
// each call printed, or fails the test when the program printed another
// number of parts.
func RunCPPUnits(t TB, gxx, prelude string, units []string, call string) []string {
	t.Helper()
	var src strings.Builder
	src.WriteString("#include <cstdio>\n" + prelude)
	for i, u := range units {
		fmt.Fprintf(&src, "namespace u%d {\n%s}\n", i, u)
	}
	src.WriteString("int main() {\n")
	for i := range units {
		fmt.Fprintf(&src, "    %s;\n    std::printf(\"--\\n\");\n", fmt.Sprintf(call, i))
	}
	src.WriteString("    return 0;\n}\n")
	out := strings.Split(strings.TrimSuffix(runCPP(t, gxx, src.String()), "--\n"), "--\n")
	if len(out) != len(units) {
		t.Fatalf("the program printed %d parts for %d units", len(out), len(units))
	}
	return out
}
