package layout

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

// writers are the standard library's compressors: the page writes deflate
// with app/linkstate/deflate, and app/serve's build defers compress/flate's
// writer tables (its stdEdits), which a call to one of these would bring
// back into app.wasm (about 70 KB of code; docs/performance.md).
var writers = map[string]bool{"compress/flate": true, "compress/zlib": true, "compress/gzip": true, "compress/lzw": true}

// TestPageWritesNoStandardDeflate reads every package of ours that app.wasm
// is built from (GOOS=js GOARCH=wasm go list -deps of the page's main
// package) and fails on a call of a standard compressor's NewWriter.
func TestPageWritesNoStandardDeflate(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}\t{{.Dir}}\t{{join .GoFiles \" \"}}", "github.com/dxscope/dxscope/cmd/serve")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	const mod = "github.com/dxscope/dxscope"
	files := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		cols := strings.Split(line, "\t")
		if len(cols) != 3 || (cols[0] != mod && !strings.HasPrefix(cols[0], mod+"/")) {
			continue
		}
		corpus.WatchPackage(t, cols[1])
		for _, name := range strings.Fields(cols[2]) {
			files++
			path := filepath.Join(cols[1], name)
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			for _, call := range writerCalls(f) {
				t.Errorf("%s calls %s: the page writes deflate with app/linkstate/deflate", path, call)
			}
		}
	}
	if files == 0 {
		t.Fatal("go list named no Go file of ours in the page's build")
	}
	t.Logf("%d Go files of the page read", files)
}

// writerCalls lists the NewWriter… functions of writers that f names.
func writerCalls(f *ast.File) []string {
	names := map[string]string{} // the name each compressor is imported as
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		if !writers[p] {
			continue
		}
		n := p[strings.LastIndex(p, "/")+1:]
		if imp.Name != nil {
			n = imp.Name.Name
		}
		names[n] = p
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		if s, ok := n.(*ast.SelectorExpr); ok {
			if x, ok := s.X.(*ast.Ident); ok && names[x.Name] != "" && strings.HasPrefix(s.Sel.Name, "NewWriter") {
				out = append(out, names[x.Name]+"."+s.Sel.Name)
			}
		}
		return true
	})
	return out
}
