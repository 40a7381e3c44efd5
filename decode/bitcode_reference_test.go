package decode

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/dxscope/dxscope/decode/corpus"
)

// irFacts are what a textual LLVM IR listing says about a DXIL module.
type irFacts struct {
	census      map[uint32]int // dx.op opcode → calls
	shaderModel string         // "ps_6_0"
	entries     []string       // entry point names, in !dx.entryPoints order
}

var (
	reDXOpCall = regexp.MustCompile(`\bcall\b.*@"?dx\.op\.[^(]*\(i32 (-?\d+)`)
	reNamedMD  = regexp.MustCompile(`^!(dx\.shaderModel|dx\.entryPoints) = !\{(.*)\}`)
	reMDDef    = regexp.MustCompile(`^(!\d+) = (?:distinct )?!\{(.*)\}\s*$`)
	reMDString = regexp.MustCompile(`^!"((?:[^"\\]|\\.)*)"`)
	reSMNode   = regexp.MustCompile(`^!"(\w+)", i32 (\d+), i32 (\d+)`)
)

// parseIRListing reads the facts from LLVM assembly (llvm-dis output or a DXC
// listing). It is deliberately independent of the decoder: plain text matching.
func parseIRListing(text string) irFacts {
	f := irFacts{census: map[uint32]int{}}
	defs := map[string]string{}
	var smRef string
	var epRefs []string
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if m := reDXOpCall.FindStringSubmatch(line); m != nil && !strings.HasPrefix(line, ";") && !strings.HasPrefix(line, "declare") {
			n, _ := strconv.ParseInt(m[1], 10, 64)
			f.census[uint32(n)]++
			continue
		}
		if m := reNamedMD.FindStringSubmatch(line); m != nil {
			refs := strings.Split(m[2], ", ")
			if m[1] == "dx.shaderModel" {
				smRef = refs[0]
			} else {
				epRefs = refs
			}
			continue
		}
		if m := reMDDef.FindStringSubmatch(line); m != nil {
			defs[m[1]] = m[2]
		}
	}
	if m := reSMNode.FindStringSubmatch(defs[smRef]); m != nil {
		f.shaderModel = fmt.Sprintf("%s_%s_%s", m[1], m[2], m[3])
	}
	for _, r := range epRefs {
		ops := defs[r]
		// !{<fn>, !"name", ...}: the name is the second operand.
		_, rest, ok := strings.Cut(ops, ", ")
		if !ok {
			continue
		}
		if m := reMDString.FindStringSubmatch(rest); m != nil {
			f.entries = append(f.entries, unescapeLL(m[1]))
		}
	}
	return f
}

// unescapeLL undoes LLVM assembly's string escapes (\\ and \XX hex).
func unescapeLL(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && s[i+1] == '\\' {
			b.WriteByte('\\')
			i++
			continue
		}
		if s[i] == '\\' && i+2 < len(s) {
			if v, err := strconv.ParseUint(s[i+1:i+3], 16, 8); err == nil {
				b.WriteByte(byte(v))
				i += 2
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// compareFacts reports where the module disagrees with a listing's facts.
func compareFacts(m *Module, want irFacts) []string {
	var diffs []string
	got := map[uint32]int{}
	for _, o := range m.DXOps {
		got[o.Opcode] = o.Count
	}
	var ops []uint32
	for k := range got {
		ops = append(ops, k)
	}
	for k := range want.census {
		if _, ok := got[k]; !ok {
			ops = append(ops, k)
		}
	}
	sort.Slice(ops, func(i, j int) bool { return ops[i] < ops[j] })
	for _, k := range ops {
		if got[k] != want.census[k] {
			diffs = append(diffs, fmt.Sprintf("opcode %d (%s): %d calls, listing has %d", k, DXOpName(k), got[k], want.census[k]))
		}
	}
	sm := ""
	if m.ShaderModel != nil {
		sm = m.ShaderModel.String()
	}
	if sm != want.shaderModel {
		diffs = append(diffs, fmt.Sprintf("shader model %q, listing has %q", sm, want.shaderModel))
	}
	var names []string
	for _, e := range m.EntryPoints {
		names = append(names, e.Name)
	}
	if strings.Join(names, ",") != strings.Join(want.entries, ",") {
		diffs = append(diffs, fmt.Sprintf("entry points %q, listing has %q", names, want.entries))
	}
	return diffs
}

// TestDXOpCensusMatchesCompilerListings compares the census, shader model and
// entry points with the IR in DXC's own listings beside corpus files.
func TestDXOpCensusMatchesCompilerListings(t *testing.T) {
	agree, total := 0, 0
	for _, e := range corpus.Entries(t) {
		if !e.Has("DXIL") || e.Listing() == "" {
			continue
		}
		lb, err := os.ReadFile(e.Listing())
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(lb), "dx.shaderModel") {
			continue // an FXC listing or one without the IR
		}
		b, _ := os.ReadFile(e.Path)
		f, err := Parse(b)
		if err != nil {
			t.Errorf("%s: %v", e.Rel, err)
			continue
		}
		p := f.Part("DXIL")
		if p == nil || p.Module == nil {
			t.Errorf("%s: no decoded DXIL part", e.Rel)
			continue
		}
		total++
		want := parseIRListing(string(lb))
		if len(want.census) == 0 || want.shaderModel == "" {
			t.Errorf("%s: the listing parser found nothing (census %v, model %q): the test is broken", e.Rel, want.census, want.shaderModel)
			continue
		}
		if d := compareFacts(p.Module, want); len(d) > 0 {
			t.Errorf("%s: %s", e.Rel, strings.Join(d, "; "))
			continue
		}
		agree++
	}
	t.Logf("%d/%d files with a DXC IR listing agree (dx.op census, shader model, entry points)", agree, total)
	if total == 0 {
		t.Skip("no DXC listings with IR in the corpus")
	}
}

// TestDXOpCensusMatchesLLVMDis disassembles every DXIL/ILDB part's bitcode
// with llvm-dis-19 (after patching the data layout, which LLVM 19 otherwise
// refuses) and compares census, shader model and entry points.
func TestDXOpCensusMatchesLLVMDis(t *testing.T) {
	tool, err := exec.LookPath("llvm-dis-19")
	if err != nil {
		t.Skip("llvm-dis-19 not installed: skipping the disassembler comparison")
	}
	type job struct {
		rel, part string
		bc        []byte
		m         *Module
	}
	var jobs []job
	for _, e := range corpus.Entries(t) {
		if !e.Has("DXIL") && !e.Has("ILDB") {
			continue
		}
		b, _ := os.ReadFile(e.Path)
		f, err := Parse(b)
		if err != nil {
			continue
		}
		for _, p := range programParts(f) {
			if p.Module != nil && (p.Name == "DXIL" || p.Name == "ILDB") {
				jobs = append(jobs, job{e.Rel, p.Name, p.Program.DXIL, p.Module})
			}
		}
	}
	// Each llvm-dis run costs ~50 ms: compare a spread of 80 parts unless
	// DXSCOPE_LLVMDIS_ALL=1 asks for the whole corpus (~40 s on 2 cores).
	if os.Getenv("DXSCOPE_LLVMDIS_ALL") == "" && len(jobs) > 80 {
		step := len(jobs) / 80
		var s []job
		for i := 0; i < len(jobs); i += step {
			s = append(s, jobs[i])
		}
		jobs = s
	}
	type result struct {
		j     job
		diffs []string
		skip  string
	}
	results := make([]result, len(jobs))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8)
	for i, j := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			res := result{j: j}
			patched, ok := patchDataLayout(j.bc)
			if !ok {
				res.skip = "data layout not patchable"
				results[i] = res
				return
			}
			cmd := exec.Command(tool, "-", "-o", "-")
			cmd.Stdin = bytes.NewReader(patched)
			var out, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &stderr
			if err := cmd.Run(); err != nil {
				res.skip = "llvm-dis-19 refuses it: " + strings.TrimSpace(stderr.String())
				results[i] = res
				return
			}
			res.diffs = compareFacts(j.m, parseIRListing(out.String()))
			results[i] = res
		}()
	}
	wg.Wait()
	agree, skipped := 0, 0
	for _, r := range results {
		switch {
		case r.skip != "":
			skipped++
			t.Logf("%s %s: not compared: %s", r.j.rel, r.j.part, r.skip)
		case len(r.diffs) > 0:
			t.Errorf("%s %s: %s", r.j.rel, r.j.part, strings.Join(r.diffs, "; "))
		default:
			agree++
		}
	}
	t.Logf("%d/%d parts agree with llvm-dis-19 (dx.op census, shader model, entry points); %d not compared", agree, len(jobs)-skipped, skipped)
}
