package corpus

import "path/filepath"

// YAMLContainer builds the repository's testdata/yaml/NAME with LLVM's
// yaml2obj-19 (an encoder that is not ours) and returns the container;
// without the tool the test skips, counted under "llvm-19".
func YAMLContainer(t TB, name string) []byte {
	t.Helper()
	tool := Tool(t, "llvm-19", "yaml2obj-19")
	out, err := Run(tool, nil, filepath.Join(repoRoot(), "testdata", "yaml", name))
	if err != nil {
		t.Fatalf("yaml2obj-19 %s: %v", name, err)
	}
	return []byte(out)
}
