package dxil

import (
	"bufio"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode/llvm/ir"
	"github.com/dxscope/dxscope/internal/corpus"
)

// irFacts are what a textual LLVM IR listing says about a DXIL module.
type irFacts struct {
	census      map[uint32]int // dx.op opcode → calls
	shaderModel string         // "ps_6_0"
	entries     []string       // entry point names, in !dx.entryPoints order
	numThreads  []string       // per entry: its NumThreads (tag 4) list, or MSState's/ASState's first operand (tags 9, 10); "" when absent
	stageState  []string       // per entry: MSState's other operands "vertices primitives topology payload", or ASState's "payload"
	kinds       []string       // per entry: its ShaderKind (tag 8) value, "" when absent
	resources   []string       // !dx.resources: "class name space lower range" per resource
}

// splitMD splits a metadata operand list at top-level commas, honouring
// quoted strings (with escapes) and brackets.
func splitMD(s string) []string {
	var out []string
	depth, start := 0, 0
	inStr := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case inStr:
			if c == '\\' {
				i++
			} else if c == '"' {
				inStr = false
			}
		case c == '"':
			inStr = true
		case c == '{' || c == '[' || c == '(' || c == '<':
			depth++
		case c == '}' || c == ']' || c == ')' || c == '>':
			depth--
		case c == ',' && depth == 0:
			out = append(out, strings.TrimSpace(s[start:i]))
			start = i + 1
		}
	}
	if t := strings.TrimSpace(s[start:]); t != "" {
		out = append(out, t)
	}
	return out
}

// mdInt reads "i32 5" or "i1 true" as a number string.
func mdIntText(op string) string {
	f := strings.Fields(op)
	if len(f) != 2 {
		return ""
	}
	switch f[1] {
	case "true":
		return "1"
	case "false":
		return "0"
	}
	if v, err := strconv.ParseInt(f[1], 10, 64); err == nil {
		return strconv.FormatUint(uint64(uint32(v)), 10)
	}
	return ""
}

var (
	reDXOpCall = regexp.MustCompile(`\bcall\b.*@"?dx\.op\.[^(]*\(i32 (-?\d+)`)
	reNamedMD  = regexp.MustCompile(`^!(dx\.shaderModel|dx\.entryPoints|dx\.resources) = !\{(.*)\}`)
	reMDDef    = regexp.MustCompile(`^(!\d+) = (?:distinct )?!\{(.*)\}\s*$`)
	reMDString = regexp.MustCompile(`^!"((?:[^"\\]|\\.)*)"`)
	reSMNode   = regexp.MustCompile(`^!"(\w+)", i32 (\d+), i32 (\d+)`)
)

// parseIRListing reads the facts from LLVM assembly (llvm-dis output or a DXC
// listing). It is deliberately independent of the decoder: plain text matching.
func parseIRListing(text string) irFacts {
	f := irFacts{census: map[uint32]int{}}
	defs := map[string]string{}
	var smRef, resRef string
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
			switch m[1] {
			case "dx.shaderModel":
				smRef = refs[0]
			case "dx.resources":
				resRef = refs[0]
			default:
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
		ops := splitMD(defs[r])
		// !{<fn>, !"name", signatures, resources, properties}
		if len(ops) < 5 {
			continue
		}
		if m := reMDString.FindStringSubmatch(ops[1]); m != nil {
			f.entries = append(f.entries, unescapeLL(m[1]))
		}
		nt, kind, state := "", "", ""
		ints := func(ref string) string {
			var v []string
			for _, x := range splitMD(defs[ref]) {
				v = append(v, mdIntText(x))
			}
			return strings.Join(v, " ")
		}
		props := splitMD(defs[ops[4]])
		for i := 0; i+1 < len(props); i += 2 {
			switch mdIntText(props[i]) {
			case "4":
				nt = ints(props[i+1])
			case "8":
				kind = mdIntText(props[i+1])
			case "9", "10": // MSState !{!{x, y, z}, vertices, primitives, topology, payload}; ASState !{!{x, y, z}, payload}
				st := splitMD(defs[props[i+1]])
				if len(st) > 0 {
					nt = ints(st[0])
					var v []string
					for _, x := range st[1:] {
						v = append(v, mdIntText(x))
					}
					state = strings.Join(v, " ")
				}
			}
		}
		f.numThreads = append(f.numThreads, nt)
		f.kinds = append(f.kinds, kind)
		f.stageState = append(f.stageState, state)
	}
	if resRef != "" {
		for class, list := range splitMD(defs[resRef]) {
			if list == "null" || class > 3 {
				continue
			}
			for _, rr := range splitMD(defs[list]) {
				ops := splitMD(defs[rr])
				if len(ops) < 6 {
					continue
				}
				name := ""
				if m := reMDString.FindStringSubmatch(ops[2]); m != nil {
					name = unescapeLL(m[1])
				}
				f.resources = append(f.resources, fmt.Sprintf("%s %s %s %s %s", ResourceClass(class), name, mdIntText(ops[3]), mdIntText(ops[4]), mdIntText(ops[5])))
			}
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
			diffs = append(diffs, fmt.Sprintf("opcode %d (%s): %d calls, listing has %d", k, OpName(k), got[k], want.census[k]))
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
	if want.numThreads == nil {
		return diffs // a listing without the entry metadata details
	}
	for i, e := range m.EntryPoints {
		if i >= len(want.numThreads) {
			break
		}
		var nt []string
		for _, v := range e.NumThreads {
			nt = append(nt, strconv.FormatUint(uint64(v), 10))
		}
		if strings.Join(nt, " ") != want.numThreads[i] {
			diffs = append(diffs, fmt.Sprintf("entry %q numthreads %v, listing has %q", e.Name, e.NumThreads, want.numThreads[i]))
		}
		state := ""
		switch {
		case e.MeshState != nil:
			ms := e.MeshState
			state = fmt.Sprintf("%d %d %d %d", ms.MaxVertexCount, ms.MaxPrimitiveCount, ms.OutputTopology, ms.PayloadSize)
		case e.AmpState != nil:
			state = fmt.Sprint(e.AmpState.PayloadSize)
		}
		if i < len(want.stageState) && state != want.stageState[i] {
			diffs = append(diffs, fmt.Sprintf("entry %q MSState/ASState %q, listing has %q", e.Name, state, want.stageState[i]))
		}
		if want.kinds[i] != "" {
			k, _ := strconv.Atoi(want.kinds[i])
			if e.ShaderKind != ShaderKind(k).String() {
				diffs = append(diffs, fmt.Sprintf("entry %q kind %s, listing has %s", e.Name, e.ShaderKind, ShaderKind(k)))
			}
		}
	}
	var res []string
	for _, r := range m.Resources {
		res = append(res, fmt.Sprintf("%s %s %d %d %d", r.Class, r.Name, r.Space, r.LowerBound, r.RangeSize))
	}
	if strings.Join(res, "; ") != strings.Join(want.resources, "; ") {
		diffs = append(diffs, fmt.Sprintf("resources %q, listing has %q", res, want.resources))
	}
	return diffs
}

// TestDXOpCensusMatchesCompilerListings compares the census, shader model and
// entry points with the IR in DXC's own listings beside corpus files.
func TestDXOpCensusMatchesCompilerListings(t *testing.T) {
	agree, total := 0, 0
	for _, e := range corpus.Entries(t) {
		if !e.Has("DXIL") {
			continue
		}
		lb := e.ListingText(t)
		if !strings.Contains(lb, "dx.shaderModel") {
			continue // an FXC listing or one without the IR
		}
		p, ok := decodePart(t, e, "DXIL")
		if !ok {
			t.Errorf("%s: no DXIL bitcode", e.Rel)
			continue
		}
		total++
		want := parseIRListing(lb)
		if len(want.census) == 0 || want.shaderModel == "" {
			t.Errorf("%s: the listing parser found nothing (census %v, model %q): the test is broken", e.Rel, want.census, want.shaderModel)
			continue
		}
		if d := compareFacts(p.m, want); len(d) > 0 {
			t.Errorf("%s: %s", e.Rel, strings.Join(d, "; "))
			continue
		}
		agree++
	}
	t.Logf("%d/%d files with a DXC IR listing agree (dx.op census, shader model, entry points, numthreads, resources)", agree, total)
	if total == 0 {
		t.Skip("no DXC listings with IR in the corpus")
	}
}

// TestDXOpCensusMatchesLLVMDis disassembles every DXIL/ILDB part's bitcode
// with llvm-dis-19 (after patching the data layout, which LLVM 19 otherwise
// refuses) and compares census, shader model and entry points.
func TestDXOpCensusMatchesLLVMDis(t *testing.T) {
	tool := corpus.Tool(t, "llvm-19", "llvm-dis-19")
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
		for _, name := range []string{"DXIL", "ILDB"} {
			if p, ok := decodePart(t, e, name); ok {
				jobs = append(jobs, job{e.Rel, p.name, p.bc, p.m})
			}
		}
	}
	// Each llvm-dis run costs ~50 ms: compare a spread of 80 parts unless
	// DXSCOPE_LLVMDIS_ALL=1 asks for the whole corpus (~40 s on 2 cores).
	jobs = corpus.Spread(jobs, 80, "DXSCOPE_LLVMDIS_ALL")
	type result struct {
		j          job
		diffs      []string
		skip       string
		res, nt, c int // resources, entries with numthreads, dx.op calls the listing has
		states     int // entries with MSState or ASState
	}
	results := make([]result, len(jobs))
	corpus.Parallel(len(jobs), 8, func(i int) {
		j := jobs[i]
		res := result{j: j}
		defer func() { results[i] = res }()
		patched, ok := ir.ForLLVM19(j.bc)
		if !ok {
			res.skip = "data layout not patchable"
			return
		}
		out, err := corpus.Run(tool, patched, "-", "-o", "-")
		if err != nil {
			res.skip = "llvm-dis-19 refuses it: " + err.Error()
			return
		}
		facts := parseIRListing(out)
		res.diffs = compareFacts(j.m, facts)
		res.res = len(facts.resources)
		for _, n := range facts.numThreads {
			if n != "" {
				res.nt++
			}
		}
		for _, n := range facts.census {
			res.c += n
		}
		for _, st := range facts.stageState {
			if st != "" {
				res.states++
			}
		}
	})
	agree, skipped, nres, nnt, ncalls, nstates := 0, 0, 0, 0, 0, 0
	for _, r := range results {
		nstates += r.states
		nres += r.res
		nnt += r.nt
		ncalls += r.c
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
	t.Logf("%d/%d parts agree with llvm-dis-19 (dx.op census, shader model, entry points, numthreads, resources); %d not compared", agree, len(jobs)-skipped, skipped)
	t.Logf("compared: %d dx.op calls, %d resources, %d entry points with numthreads, %d with MSState/ASState", ncalls, nres, nnt, nstates)
	if ncalls == 0 && len(jobs) > 0 {
		t.Error("no dx.op call found in any disassembly: the listing parser is broken")
	}
}
