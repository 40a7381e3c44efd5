package app

import (
	"os/exec"
	"strings"
	"testing"
)

// under says whether package path p is dir or inside it.
func under(p, dir string) bool { return p == dir || strings.HasPrefix(p, dir+"/") }

// importRule says why pkg may not import dep (both relative to the module),
// or "" when it may.
func importRule(pkg, dep string) string {
	switch {
	case under(pkg, "decode") && !under(dep, "decode"):
		return "the decoder imports nothing of ours outside decode/"
	case pkg == "views" && under(dep, "decode"):
		return "components read views/model, never the decoder"
	case pkg == "views/model" && (dep == "views" || under(dep, "app")):
		return "the view model knows no components and no page state"
	case pkg == "cmd/dxscope" && (under(dep, "views") || under(dep, "app")):
		return "the CLI shares decode/text with the page, not the page itself"
	}
	return ""
}

// The layering of docs/architecture.md, read from `go list`.
func TestImportRules(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Imports " "}}`, "github.com/dxscope/dxscope/...").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	const mod = "github.com/dxscope/dxscope/"
	seen := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		pkg := strings.TrimPrefix(f[0], mod)
		seen[pkg] = true
		for _, imp := range f[1:] {
			if (under(pkg, "app/page") || under(pkg, "app/linkstate")) && (strings.HasPrefix(imp, "github.com/maxence-charriere/") || imp == "syscall/js") {
				t.Errorf("%s imports %s: the page state and the link codec are plain Go, tested without a browser", pkg, imp)
			}
			if dep, ours := strings.CutPrefix(imp, mod); ours {
				if why := importRule(pkg, dep); why != "" {
					t.Errorf("%s imports %s: %s", pkg, dep, why)
				}
			}
		}
	}
	for _, p := range []string{"decode", "decode/text", "views", "views/model", "cmd/dxscope", "app", "app/page"} {
		if !seen[p] {
			t.Errorf("go list did not report %s", p)
		}
	}
	// The rules themselves, on made-up edges.
	for _, c := range []struct {
		pkg, dep string
		bad      bool
	}{
		{"decode/sqlite", "decode/report", false}, {"decode/text", "views/model", true},
		{"views", "decode/shaderdb", true}, {"views", "views/model", false},
		{"views/model", "views", true}, {"views/model", "decode", false},
		{"cmd/dxscope", "app/linkstate", true}, {"cmd/dxscope", "decode/text", false},
	} {
		if got := importRule(c.pkg, c.dep) != ""; got != c.bad {
			t.Errorf("rule for %s -> %s: banned=%v", c.pkg, c.dep, got)
		}
	}
}
