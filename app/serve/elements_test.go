//go:build !wasm

package serve

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestPageBuildsElementsWithElem keeps go-app's typed element constructors
// (app.Div, app.Td, …) out of the page's code: each one used brings its own
// type with a dozen methods, wrappers, type descriptors and function table
// entries into app.wasm, about 1 KB of brotli per element kind, while
// app.Elem("td") builds the same DOM element through one type shared by all
// (docs/performance.md, "One element type"). The constructors are read from
// go-app's own generated source, so a kind added there is caught too.
func TestPageBuildsElementsWithElem(t *testing.T) {
	dir, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/maxence-charriere/go-app/v10").Output()
	if err != nil {
		t.Fatalf("go list -m go-app: %v", err)
	}
	gen, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(dir)), "pkg", "app", "html_gen.go"))
	if err != nil {
		t.Fatal(err)
	}
	typed := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^func ([A-Z]\w*)\(\) (HTML\w+) \{`).FindAllSubmatch(gen, -1) {
		typed[string(m[1])] = true
	}
	if !typed["Div"] || !typed["Td"] || len(typed) < 50 {
		t.Fatalf("read %d typed constructors from go-app's html_gen.go (Div %v, Td %v): the pattern no longer matches its source", len(typed), typed["Div"], typed["Td"])
	}
	root := filepath.Join("..", "..")
	files := 0
	for _, d := range []string{"app", "views"} {
		err := filepath.WalkDir(filepath.Join(root, d), func(p string, e fs.DirEntry, err error) error {
			if err != nil || e.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
				return err
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, p, nil, 0)
			if err != nil {
				return err
			}
			local := "" // the name go-app's package has in this file
			for _, im := range f.Imports {
				if im.Path.Value == `"github.com/maxence-charriere/go-app/v10/pkg/app"` {
					local = "app"
					if im.Name != nil {
						local = im.Name.Name
					}
				}
			}
			if local == "" {
				return nil
			}
			files++
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				if x, ok := sel.X.(*ast.Ident); ok && x.Name == local && typed[sel.Sel.Name] {
					t.Errorf("%s: %s.%s(): build it as %s.Elem(%q)", fset.Position(call.Pos()), local, sel.Sel.Name, local, strings.ToLower(sel.Sel.Name))
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if files < 20 {
		t.Fatalf("only %d files import go-app: the walk missed the page's code", files)
	}
}
