//go:build ignore

// fhcorpus lays out, as a corpus the tests can read, the shaders that fxc /Fh
// and dxc -Fh headers carry in a git repository's history: each header holds
// the compiler's listing (between "#if 0" and "#endif") above the bytes it
// lists. Every version of every header the history holds counts once.
//
//	go run scripts/fhcorpus.go OUT OWNER/NAME=GITDIR...
//	DXSCOPE_CORPUS=OUT go test ./decode/text -run Listing -v
//
// OUT gets real/OWNER__NAME/<header>__<blob>__<array>.dxbc (.dxil for DXIL),
// the listing beside each as <file>.listing.txt (an FXC listing with its "// "
// markers taken off, as the shared corpus keeps them) and MANIFEST.tsv in the
// shared corpus's columns. The manifest's parts, stage, model and digest come
// from this decoder, so only the tests that compare with the listings and with
// obj2yaml-19 (run here when it is installed) say anything about these files.
// Nothing it writes belongs in the repository: the headers are their
// projects'.
package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/internal/corpus"
)

// listing is a compiler's listing as -Fh headers hold one, above its array.
var listing = regexp.MustCompile(`(?s)#if 0\n(.*?)\n#endif`)

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: go run scripts/fhcorpus.go OUT OWNER/NAME=GITDIR...")
		os.Exit(2)
	}
	out := os.Args[1]
	var rows []string
	for _, arg := range os.Args[2:] {
		repo, dir, ok := strings.Cut(arg, "=")
		if !ok {
			fmt.Fprintf(os.Stderr, "fhcorpus: %q is not OWNER/NAME=GITDIR\n", arg)
			os.Exit(2)
		}
		r, err := fromRepo(out, repo, dir)
		if err != nil {
			fmt.Fprintln(os.Stderr, "fhcorpus:", err)
			os.Exit(1)
		}
		rows = append(rows, r...)
	}
	sort.Strings(rows)
	manifest := "path\tsource_repo\tsource_path\tcommit\tsize_bytes\tparts_in_order\tstage\tshader_model\tcontainer_digest\tpsv0_runtime_info_size\textra\tobj2yaml19\tnote\n" + strings.Join(rows, "")
	if err := os.WriteFile(filepath.Join(out, "MANIFEST.tsv"), []byte(manifest), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "fhcorpus:", err)
		os.Exit(1)
	}
	fmt.Printf("%d containers in %s\n", len(rows), out)
}

// fromRepo writes the containers of every header blob in dir's history and
// returns their manifest rows.
func fromRepo(out, repo, dir string) ([]string, error) {
	// A snapshot may lack some blobs: list what it has.
	list, err := exec.Command("git", "-C", dir, "rev-list", "--all", "--objects", "--missing=allow-any").Output()
	if err != nil {
		return nil, fmt.Errorf("%s: git rev-list: %v", dir, err)
	}
	seen := map[string]bool{}
	var rows []string
	sc := bufio.NewScanner(bytes.NewReader(list))
	for sc.Scan() {
		blob, p, ok := strings.Cut(sc.Text(), " ")
		ext := path.Ext(p)
		if !ok || seen[blob] || (ext != ".h" && ext != ".inc" && ext != ".hpp") {
			continue
		}
		seen[blob] = true
		text, err := exec.Command("git", "-C", dir, "cat-file", "-p", blob).Output()
		if err != nil || !bytes.Contains(text, []byte("#if 0")) {
			continue // a blob the snapshot lacks, or no listing
		}
		text = bytes.ReplaceAll(text, []byte("\r\n"), []byte("\n"))
		// Each array (decode.CArrays, the reader the CLI and the page use)
		// with the last listing between it and the array before it.
		prev := 0
		for _, a := range decode.CArrays(text) {
			decl := bytes.LastIndexByte(text[:a.Offset], '\n') // the listing ends before the declaration
			if ms := listing.FindAllSubmatchIndex(text[prev:max(prev, decl)], -1); len(ms) > 0 {
				m := ms[len(ms)-1]
				if row, ok := write(out, repo, p, blob, string(text[prev+m[2]:prev+m[3]]), a.Name, a.Bytes); ok {
					rows = append(rows, row)
				}
			}
			prev = int(a.Offset)
		}
	}
	return rows, sc.Err()
}

// write lays out one container and its listing; ok is false when it does
// not decode.
func write(out, repo, src, blob, listing, name string, b []byte) (string, bool) {
	f, err := decode.Parse(b)
	if err != nil {
		return "", false
	}
	ext := ".dxbc"
	if f.Part("DXIL") != nil {
		ext = ".dxil"
	}
	base := strings.TrimSuffix(path.Base(src), path.Ext(src))
	rel := path.Join("real", strings.ReplaceAll(repo, "/", "__"), base+"__"+blob+"__"+name+ext)
	file := filepath.Join(out, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return "", false
	}
	if strings.Contains(listing, "\n// ") || strings.HasPrefix(listing, "//") {
		listing = uncomment(listing)
	}
	listing = strings.TrimRight(listing, "\n") + "\n"
	if os.WriteFile(file, b, 0o644) != nil || os.WriteFile(file+".listing.txt", []byte(listing), 0o644) != nil {
		return "", false
	}
	var parts []string
	for _, p := range f.Parts {
		parts = append(parts, p.Name)
	}
	stage, model := stageOf(f)
	digest := map[string]string{"valid": "ok", "zero": "zero"}[f.Digest.Status.String()]
	if digest == "" {
		digest = "BAD"
	}
	psv := "-"
	if p := f.Part("PSV0"); p != nil && p.PSVInfo != nil {
		psv = strconv.Itoa(int(p.PSVInfo.RuntimeInfoSize))
	}
	extra := "-"
	if p := f.Part("DXIL"); p != nil && p.Program != nil {
		extra = fmt.Sprintf("dxilver=%d.%d", p.Program.DXILMajorVersion, p.Program.DXILMinorVersion)
	}
	yaml := "fail"
	if err := exec.Command("obj2yaml-19", file).Run(); err == nil {
		yaml = "ok"
	}
	return strings.Join([]string{rel, repo, src, blob, strconv.Itoa(len(b)), strings.Join(parts, " "), stage, model, digest, psv, extra, yaml,
		"from an -Fh header (scripts/fhcorpus.go)"}, "\t") + "\n", true
}

// uncomment takes FXC's "// " markers off a listing, as the shared corpus
// keeps its listings (corpus.WithoutMarker).
func uncomment(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = corpus.WithoutMarker(l)
	}
	return strings.Join(lines, "\n")
}

var profile = regexp.MustCompile(`\b(vs|ps|gs|hs|ds|cs|lib|ms|as)_(\d+)_(\d+)`)

// stageOf reads the shader's stage and model from its code part ("ps", "5.0").
func stageOf(f *decode.File) (string, string) {
	for _, name := range []string{"DXIL", "SHEX", "SHDR"} {
		p := f.Part(name)
		if p == nil {
			continue
		}
		if m := profile.FindStringSubmatch(p.Summary); m != nil {
			return m[1], m[2] + "." + m[3]
		}
	}
	return "none", "-"
}
