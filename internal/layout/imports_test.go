// Package layout holds the tests of how dxscope's packages may import each
// other: the table of docs/architecture.md, read from `go list`; and of what
// the page's build may call (pageflate_test.go).
package layout

import (
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

// decodeRules lists, for every package of the decoder, the packages of ours
// it may import: one language per package, each importing only the
// languages below it. A package under decode/ that is missing here fails the
// test, so a new one is placed deliberately.
var decodeRules = map[string][]string{
	"decode/report":         {},
	"decode/binread":        {"decode/report"},
	"decode/llvm/bitstream": {"decode/report"},
	"decode/llvm/ir":        {"decode/llvm/bitstream", "decode/report"},
	"decode/dxil":           {"decode/llvm/ir", "decode/report"},
	"decode/sm4":            {"decode/binread", "decode/report"},
	"decode/d3d9":           {"decode/binread", "decode/report"},
	"decode/rootsig":        {"decode/binread", "decode/report"},
	"decode/pdb":            {"decode/binread", "decode/report"},
	"decode/sqlite":         {"decode/report"},
	"decode": {"decode/report", "decode/binread", "decode/dxil", "decode/llvm/ir", "decode/sm4", "decode/d3d9",
		"decode/rootsig", "decode/pdb"},
	"decode/diff":     {"decode", "+decode"},
	"decode/edit":     {"decode", "+decode", "decode/rootsig"},
	"decode/reflect":  {"decode", "+decode"},
	"decode/shaderdb": {"decode", "+decode", "decode/sqlite"},
	"decode/linkage":  {"decode", "+decode"},
	"decode/text":     {"decode", "+decode", "decode/diff", "decode/linkage", "decode/reflect"},
}

// allowed expands a rule: "+P" stands for everything P may import, so
// "decode and below" is written {"decode", "+decode"}.
func allowed(pkg string) []string {
	var out []string
	for _, d := range decodeRules[pkg] {
		if p, ok := strings.CutPrefix(d, "+"); ok {
			out = append(out, allowed(p)...)
			continue
		}
		out = append(out, d)
	}
	return out
}

// under says whether package path p is dir or inside it.
func under(p, dir string) bool { return p == dir || strings.HasPrefix(p, dir+"/") }

// scaffolding says whether pkg is test scaffolding (internal/, or an
// internal/ of its own such as app/internal/browsertest).
func scaffolding(pkg string) bool {
	return under(pkg, "internal") || strings.Contains(pkg, "/internal/")
}

// importRule says why pkg may not import dep (both relative to the module),
// or "" when it may.
func importRule(pkg, dep string) string {
	switch {
	case under(pkg, "decode"):
		if _, listed := decodeRules[pkg]; !listed {
			return "every decoder package is listed in the import table (internal/layout) with what it may import"
		}
		if !slices.Contains(allowed(pkg), dep) {
			return "not in its row of the import table: a language imports only the languages below it"
		}
	case scaffolding(pkg):
		return "" // test scaffolding may use anything
	case pkg == "views" && under(dep, "decode"):
		return "components read views/model, never the decoder"
	case pkg == "views/model" && (dep == "views" || under(dep, "app")):
		return "the view model knows no components and no page state"
	case pkg == "app/linkstate/deflate":
		return "the share link's deflate writer stands alone: it imports none of our packages"
	case under(pkg, "cmd/dxscope") && (under(dep, "views") || under(dep, "app")):
		return "the CLI shares decode/text with the page, not the page itself"
	case under(dep, "internal"):
		return "internal/ is test scaffolding: only tests import it"
	}
	return ""
}

// plainGo says why pkg may not import imp (any package, ours or not), or ""
// when it may: the page's state and the link codec are tested with plain go
// test, so they import neither go-app nor syscall/js.
func plainGo(pkg, imp string) string {
	if (under(pkg, "app/page") || under(pkg, "app/linkstate")) && (strings.HasPrefix(imp, "github.com/maxence-charriere/") || imp == "syscall/js") {
		return "the page state and the link codec are plain Go, tested without a browser"
	}
	return ""
}

func TestImportRules(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}}\t{{.Dir}}\t{{join .Imports \" \"}}", "github.com/dxscope/dxscope/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	const mod = "github.com/dxscope/dxscope/"
	seen := map[string]bool{}
	edges := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		cols := strings.Split(line, "\t")
		if len(cols) != 3 {
			t.Fatalf("go list wrote %q", line)
		}
		// go test caches a passing result against the files the test
		// itself reads, and go list's reading is not the test's: reading
		// each package's folder and files here makes an import added since
		// the last pass run the test again (a cached pass hid
		// decode/dxil -> decode/binread through a CI run).
		corpus.WatchPackage(t, cols[1])
		f := append([]string{cols[0]}, strings.Fields(cols[2])...)
		pkg := strings.TrimPrefix(f[0], mod)
		seen[pkg] = true
		for _, imp := range f[1:] {
			if why := plainGo(pkg, imp); why != "" {
				t.Errorf("%s imports %s: %s", pkg, imp, why)
			}
			if dep, ours := strings.CutPrefix(imp, mod); ours {
				edges++
				if why := importRule(pkg, dep); why != "" {
					t.Errorf("%s imports %s: %s", pkg, dep, why)
				}
			}
		}
	}
	for _, p := range []string{"decode", "decode/report", "decode/binread", "decode/text", "views", "views/model", "cmd/dxscope", "app", "app/page"} {
		if !seen[p] {
			t.Errorf("go list did not report %s", p)
		}
	}
	t.Logf("%d packages, %d imports between them checked", len(seen), edges)
}

// The rules themselves, on made-up edges, so a rule that stops biting fails here.
func TestImportRuleTable(t *testing.T) {
	for _, c := range []struct {
		pkg, dep string
		bad      bool
	}{
		{"decode/sqlite", "decode/report", false},
		{"decode/sqlite", "decode", true},
		{"decode/llvm/bitstream", "decode/llvm/ir", true},
		{"decode/llvm/ir", "decode/llvm/bitstream", false},
		{"decode/dxil", "decode/llvm/ir", false},
		{"decode/dxil", "decode", true},
		{"decode/sm4", "decode/binread", false},
		{"decode/sm4", "decode/d3d9", true},
		{"decode", "decode/text", true},
		{"decode", "decode/diff", true},
		{"decode/diff", "decode/sm4", false},
		{"decode/diff", "decode/text", true},
		{"decode/text", "decode/diff", false},
		{"decode/text", "views/model", true},
		{"decode/newthing", "decode/report", true},
		{"decode", "internal/corpus", true},
		{"views", "decode/shaderdb", true},
		{"views", "views/model", false},
		{"views/model", "views", true},
		{"views/model", "decode", false},
		{"cmd/dxscope", "app/linkstate", true},
		{"cmd/dxscope", "decode/text", false},
		{"app", "internal/corpus", true},
		{"app/linkstate/deflate", "decode/report", true},
		{"app/linkstate", "app/linkstate/deflate", false},
		{"internal/corpus", "decode", false},
	} {
		if got := importRule(c.pkg, c.dep) != ""; got != c.bad {
			t.Errorf("rule for %s -> %s: banned=%v, want %v", c.pkg, c.dep, got, c.bad)
		}
	}
	for _, c := range []struct {
		pkg, imp string
		bad      bool
	}{
		{"app/page", "github.com/maxence-charriere/go-app/v10/pkg/app", true},
		{"app/page", "syscall/js", true},
		{"app/linkstate", "syscall/js", true},
		{"app/linkstate/deflate", "syscall/js", true},
		{"app", "github.com/maxence-charriere/go-app/v10/pkg/app", false},
		{"app/page", "github.com/dxscope/dxscope/views/model", false},
	} {
		if got := plainGo(c.pkg, c.imp) != ""; got != c.bad {
			t.Errorf("rule for %s -> %s: banned=%v, want %v", c.pkg, c.imp, got, c.bad)
		}
	}
}
