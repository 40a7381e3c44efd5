// Package linkage checks whether one shader's outputs feed the next pipeline
// stage's inputs as Direct3D links them when a pipeline state is created.
//
// Adjacent stages share a register array: the earlier stage writes each
// output to a register and components, the later stage reads its inputs
// from the same places (Microsoft's "Shader Signatures": an input signature
// is compatible with the output signature before it when it is an
// exact-match subset of it, types and order alike). So every input the
// later stage declares must be written by the earlier one under the same
// semantic name and index, in the same register, with its components among
// those written and the same component type; inputs the pipeline makes
// itself (SV_PrimitiveID, SV_IsFrontFace, ...) are the exception, and
// outputs nobody reads cost interpolators but break nothing.
//
// Check reads only the containers' signature parts (ISGN/ISG1,
// OSGN/OSG5/OSG1, PCSG/PSG1), so DXBC and DXIL shaders are checked alike.
package linkage

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/dxil"
	"github.com/dxscope/dxscope/decode/report"
)

// The rules Check applies; a Problem names the one it reports.
const (
	RuleStages    = "LINK.STAGES"    // the two stages are not adjacent in any pipeline
	RuleMissing   = "LINK.MISSING"   // an input the earlier stage does not write
	RuleRegister  = "LINK.REGISTER"  // written to another register than it is read from
	RuleMask      = "LINK.MASK"      // read components the earlier stage does not declare
	RuleType      = "LINK.TYPE"      // another component type on each side
	RulePrecision = "LINK.PRECISION" // another minimum precision on each side
	RuleGenerated = "LINK.GENERATED" // an input the pipeline makes when no stage writes it
	RuleUnread    = "LINK.UNREAD"    // an output the later stage does not read
	RuleStream    = "LINK.STREAM"    // geometry-shader outputs of streams other than 0
	RulePosition  = "LINK.POSITION"  // a mesh shader before a pixel shader writes no SV_Position
	RuleRootSig   = "LINK.ROOTSIG"   // a shader binds what the root signature another shader carries does not cover
	RuleNoRootSig = "LINK.NOROOTSIG" // a note: no shader carries a root signature, so the application must give one
)

// Side is one of the two shaders.
type Side struct {
	Kind    dxil.ShaderKind
	Stage   string // "Vertex"
	Profile string // "vs_5_0"
	// Part and PatchPart name the signature parts read ("OSGN", "PCSG";
	// "" when the shader has none).
	Part, PatchPart string
}

// Row is one input of the later stage and the output that feeds it.
type Row struct {
	Patch  bool // a patch constant (hull → domain) or, from a mesh shader, a per-primitive output
	Input  *decode.SignatureParameter
	Output *decode.SignatureParameter // nil: the earlier stage does not write it
	Rules  []string                   // the rules this row breaks or notes; none: it links
	// InputSize and OutputSize are the elements' record sizes (24, 28 or
	// 32 bytes by part), so that each element's bytes can be shown.
	InputSize, OutputSize int
}

// Problem is what Check found, in words, with the rule that found it.
type Problem struct {
	Severity report.Severity
	Rule     string
	Semantic string // "TEXCOORD1"; "" for the pair as a whole
	Message  string
}

// Result is the linkage of two shaders, earlier stage first.
type Result struct {
	Up, Down Side
	// Swapped: the files were given later stage first; Check turned them round.
	Swapped bool
	// Adjacent: the stages meet in a pipeline, and Rows were checked.
	Adjacent bool
	Rows     []Row
	Unread   []*decode.SignatureParameter // outputs of the earlier stage no input reads
	Problems []Problem
}

// Links reports whether the pipeline would link: the stages are adjacent
// and no rule of error severity is broken.
func (r *Result) Links() bool {
	if !r.Adjacent {
		return false
	}
	for _, p := range r.Problems {
		if p.Severity == report.Error {
			return false
		}
	}
	return true
}

// next lists, for each stage, the stages its outputs feed.
var next = map[dxil.ShaderKind][]dxil.ShaderKind{
	dxil.Vertex:   {dxil.Hull, dxil.Geometry, dxil.Pixel},
	dxil.Hull:     {dxil.Domain},
	dxil.Domain:   {dxil.Geometry, dxil.Pixel},
	dxil.Geometry: {dxil.Pixel},
	dxil.Mesh:     {dxil.Pixel},
}

func adjacent(up, down dxil.ShaderKind) bool {
	for _, k := range next[up] {
		if k == down {
			return true
		}
	}
	return false
}

// Check links a's outputs to b's inputs, or b's to a's when that is the
// order the pipeline runs them in.
func Check(a, b *decode.File) *Result {
	r := check(a, b, true)
	if r.Adjacent {
		r.Problems = append(r.Problems, noRootSignature([]*decode.File{a, b})...)
	}
	return r
}

// noRootSignature is a note when no shader of a pipeline created without a
// root signature of its own carries one: D3D12 then has none to use and
// refuses the pipeline (E_INVALIDARG for three naked shaders in
// vkd3d-proton's test_root_signature_embedded, whose shaders the corpus
// does not all hold), so the application must give one
// (decode.SuggestRootSignature writes one that covers the shaders). A note,
// not an error: most applications give one, and the shaders cannot say.
func noRootSignature(files []*decode.File) []Problem {
	for _, f := range files {
		if f.Part("RTS0") != nil {
			return nil
		}
	}
	return []Problem{{Severity: report.Note, Rule: RuleNoRootSig,
		Message: "no shader carries a root signature, so D3D12 must be given one when the pipeline is created (`dxscope rootsig --suggest` writes one that covers these shaders)"}}
}

// CheckWith is Check for a pipeline created with the root signature rts0
// (serialized, as an RTS0 part holds it). D3D12 then uses rts0, not the
// root signatures the shaders carry (vkd3d-proton's
// test_root_signature_priority), and refuses the pipeline when a shader
// binds what rts0 does not cover (test_missing_bindings_root_signature):
// RuleRootSig errors. A nil rts0 is Check.
func CheckWith(a, b *decode.File, rts0 []byte) *Result {
	if rts0 == nil {
		return Check(a, b)
	}
	r := check(a, b, false)
	up, down := a, b
	if r.Swapped {
		up, down = b, a
	}
	r.Problems = append(r.Problems, givenRootSignature(rts0, []*decode.File{up, down})...)
	return r
}

// check is Check; embedded says whether the pipeline takes its root
// signature from the shaders (none given at its creation).
func check(a, b *decode.File, embedded bool) *Result {
	r := &Result{}
	ka, kb := a.Kind(), b.Kind()
	if !adjacent(ka, kb) && adjacent(kb, ka) {
		a, b, ka, kb = b, a, kb, ka
		r.Swapped = true
	}
	r.Up, r.Down = side(a, ka), side(b, kb)
	switch {
	case ka == dxil.Invalid || kb == dxil.Invalid:
		r.Problems = append(r.Problems, Problem{Severity: report.Error, Rule: RuleStages,
			Message: "the stage of a shader is not known: neither a program part nor PSV0 says it"})
		return r
	case !adjacent(ka, kb):
		r.Problems = append(r.Problems, Problem{Severity: report.Error, Rule: RuleStages,
			Message: fmt.Sprintf("%s does not feed %s in any pipeline: %s", aStage(ka), aStage(kb), feeds(ka))})
		return r
	}
	r.Adjacent = true
	out, outPatch := signature(a, decode.SigOutput)
	in, inPatch := signature(b, decode.SigInput)
	if out != nil {
		r.Up.Part = out.name
	}
	if outPatch != nil {
		r.Up.PatchPart = outPatch.name
	}
	if in != nil {
		r.Down.Part = in.name
	}
	if inPatch != nil {
		r.Down.PatchPart = inPatch.name
	}
	c := checker{r: r, up: ka, down: kb}
	switch {
	case ka == dxil.Hull:
		c.link(out, in, false, true)
		c.link(outPatch, inPatch, true, true)
	case ka == dxil.Mesh:
		// A mesh shader's per-vertex and per-primitive outputs both reach
		// the pixel shader's one input signature; where the primitive
		// attributes land in its registers is the runtime's layout, so
		// registers are not compared here.
		c.link(joined(out, outPatch), in, false, false)
		// With a pixel shader the pipeline rasterizes, and D3D12 refuses a
		// mesh shader that gives it no position ("Pixel shaders require a
		// non-trivial mesh shader": vkd3d-proton's
		// test_mesh_shader_create_pipeline). Other stages are not held to
		// this: no pipeline on record shows what D3D12 does there.
		if !writes(out, decode.SVPosition) {
			c.problem(report.Error, RulePosition, "", "the mesh shader writes no SV_Position, which the rasterizer needs before a pixel shader")
		}
	default:
		c.link(out, in, false, true)
	}
	if embedded {
		r.Problems = append(r.Problems, rootSignatures(a, ka, b, kb)...)
	}
	return r
}

// givenRootSignature checks each shader against the root signature a
// pipeline is created with: what it binds and rts0 does not cover is an
// error, as is an rts0 D3D12 does not take (it does not decode, costs more
// than rootsig.MaxCost, or two of its bindings claim one register; said
// once).
func givenRootSignature(rts0 []byte, files []*decode.File) []Problem {
	if bad := decode.RootSignatureErrors(rts0); len(bad) > 0 {
		return []Problem{{Severity: report.Error, Rule: RuleRootSig,
			Message: fmt.Sprintf("D3D12 does not take the pipeline's root signature (byte 0x%x): %s", bad[0].Offset, bad[0].Message)}}
	}
	var out []Problem
	for _, f := range files {
		k := f.Kind()
		for _, q := range f.RootSignatureCovers(rts0) {
			out = append(out, Problem{Severity: q.Severity, Rule: RuleRootSig,
				Message: fmt.Sprintf("with the pipeline's root signature, the %s shader: %s", stageWords(k), q.Message)})
		}
	}
	return out
}

// rootSignatures checks two shaders of one pipeline against the root
// signatures they carry. A pipeline created without a root signature of its
// own takes the shaders': any one of them may carry it, but those that do
// must carry the same, and every shader's bindings must be in it (D3D12's
// answers in vkd3d-proton's test_root_signature_embedded). Warnings, not
// errors: a pipeline given a root signature of its own does not use the
// shaders'.
func rootSignatures(a *decode.File, ka dxil.ShaderKind, b *decode.File, kb dxil.ShaderKind) []Problem {
	ra, rb := a.Part("RTS0"), b.Part("RTS0")
	if ra != nil && rb != nil && string(ra.Data()) != string(rb.Data()) {
		return []Problem{{Severity: report.Warning, Rule: RuleRootSig,
			Message: fmt.Sprintf("the %s and %s shaders carry different root signatures: a pipeline that takes its root signature from its shaders needs them the same", stageWords(ka), stageWords(kb))}}
	}
	return append(crossRootSignatures(a, ka, b, kb), crossRootSignatures(b, kb, a, ka)...)
}

// crossRootSignatures checks shader f of stage k against the root signature
// shader g (stage kg) carries, when that is not the one f carries itself
// (DXC's validator checked f against its own): a pipeline created with g's
// root signature must find every binding of f in it (decode's
// RootSignatureCovers, DXC's VerifyRootSignatureWithShaderPSV). Warnings,
// not errors: a pipeline may be given a root signature of its own, and then
// the shaders' are not used.
func crossRootSignatures(f *decode.File, k dxil.ShaderKind, g *decode.File, kg dxil.ShaderKind) []Problem {
	theirs := g.Part("RTS0")
	if theirs == nil {
		return nil
	}
	if own := f.Part("RTS0"); own != nil && string(own.Data()) == string(theirs.Data()) {
		return nil
	}
	var out []Problem
	for _, q := range f.RootSignatureCovers(theirs.Data()) {
		// Only what does not fit: that a shader's bindings are unknown
		// (reflection stripped) is said where the shader is shown.
		if q.Severity == report.Error {
			out = append(out, Problem{Severity: report.Warning, Rule: RuleRootSig,
				Message: fmt.Sprintf("with the root signature the %s shader carries, the %s shader: %s", stageWords(kg), stageWords(k), q.Message)})
		}
	}
	return out
}

func side(f *decode.File, k dxil.ShaderKind) Side {
	return Side{Kind: k, Stage: k.String(), Profile: f.Identity().Profile}
}

// sig is the elements of one signature part that take part in linkage.
type sig struct {
	name  string
	elems []*decode.SignatureParameter
	sizes []int // each element's record size
	other int   // elements of other geometry-shader streams, left out
}

// signature is f's main and patch-constant (or primitive) signatures in
// direction dir; nil where f has none.
func signature(f *decode.File, dir decode.SignatureDirection) (main, patch *sig) {
	for _, p := range f.Parts {
		s := p.Signature
		if s == nil || s.Direction != dir {
			continue
		}
		if s.PatchConstant {
			if patch == nil {
				patch = elements(p.Name, s)
			}
		} else if main == nil {
			main = elements(p.Name, s)
		}
	}
	return main, patch
}

func elements(name string, s *decode.Signature) *sig {
	g := &sig{name: name}
	for i := range s.Parameters {
		// The rasterizer reads stream 0 unless the pipeline names another
		// (D3D12_STREAM_OUTPUT_DESC.RasterizedStream), which a container
		// cannot say.
		if s.Parameters[i].Stream != 0 {
			g.other++
			continue
		}
		g.elems = append(g.elems, &s.Parameters[i])
		g.sizes = append(g.sizes, s.ElementSize)
	}
	return g
}

// writes says whether s has an element of system value sv.
func writes(s *sig, sv decode.D3DSystemValue) bool {
	if s == nil {
		return false
	}
	for _, e := range s.elems {
		if e.SystemValue == sv {
			return true
		}
	}
	return false
}

func joined(a, b *sig) *sig {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	return &sig{name: a.name + "+" + b.name, elems: append(append([]*decode.SignatureParameter{}, a.elems...), b.elems...),
		sizes: append(append([]int{}, a.sizes...), b.sizes...)}
}

type checker struct {
	r        *Result
	up, down dxil.ShaderKind
}

func (c *checker) problem(sev report.Severity, rule, semantic, format string, args ...any) {
	c.r.Problems = append(c.r.Problems, Problem{Severity: sev, Rule: rule, Semantic: semantic, Message: fmt.Sprintf(format, args...)})
}

// link pairs each input of in with the output of out that has its
// semantic, and applies the rules to each pair.
func (c *checker) link(out, in *sig, patch, registers bool) {
	if out == nil {
		out = &sig{}
	}
	if in == nil {
		in = &sig{}
	}
	if out.other > 0 {
		c.problem(report.Note, RuleStream, "", "%d outputs of geometry-shader streams other than 0 are not compared: the rasterizer reads stream 0 unless the pipeline names another", out.other)
	}
	written := make(map[string]int, len(out.elems))
	for i, o := range out.elems {
		if _, ok := written[key(o)]; !ok {
			written[key(o)] = i
		}
	}
	read := make(map[*decode.SignatureParameter]bool, len(in.elems))
	for i, e := range in.elems {
		row := Row{Patch: patch, Input: e, InputSize: in.sizes[i]}
		if j, ok := written[key(e)]; ok {
			row.Output, row.OutputSize = out.elems[j], out.sizes[j]
		}
		sem := Semantic(e)
		o := row.Output
		switch {
		case o == nil && generated(c.up, c.down, e):
			row.Rules = append(row.Rules, RuleGenerated)
			c.problem(report.Note, RuleGenerated, sem, "%s is not written by the %s shader: the pipeline provides it", sem, stageWords(c.up))
		case o == nil:
			row.Rules = append(row.Rules, RuleMissing)
			c.problem(report.Error, RuleMissing, sem, "the %s shader reads %s (register %s), which the %s shader does not write", stageWords(c.down), sem, register(e.Register), stageWords(c.up))
		default:
			read[o] = true
			row.Rules = c.compare(o, e, sem, registers)
		}
		c.r.Rows = append(c.r.Rows, row)
	}
	var unread []*decode.SignatureParameter
	for _, o := range out.elems {
		if !read[o] && o.Register != noRegister && !rasterized(c.up, c.down, o) {
			unread = append(unread, o)
		}
	}
	if len(unread) > 0 {
		what := "outputs"
		if patch {
			what = "patch constants"
		}
		verb := "are"
		if len(unread) == 1 {
			verb = "is"
		}
		c.problem(report.Note, RuleUnread, "", "%d of the %s shader's %s %s not read by the %s shader (%s)", len(unread), stageWords(c.up), what, verb, stageWords(c.down), names(unread, 8))
		c.r.Unread = append(c.r.Unread, unread...)
	}
}

// compare applies the rules to an output and the input it feeds.
func (c *checker) compare(o, e *decode.SignatureParameter, sem string, registers bool) []string {
	var rules []string
	if registers && o.Register != e.Register {
		rules = append(rules, RuleRegister)
		c.problem(report.Error, RuleRegister, sem, "%s is written to register %s but read from register %s: an element before it is missing on one side, or placed differently", sem, register(o.Register), register(e.Register))
	}
	switch {
	case c.up == dxil.Mesh:
		// Matched by semantic rather than by register, a mesh shader's
		// output is placed for the pixel shader by the runtime, so its
		// components may sit elsewhere in the register (written in x, read
		// in y: d3d12_mesh_shader.c's interface-matching pipeline), but it
		// is read whole: D3D12 refuses a pixel shader that reads fewer of
		// its components (test_shader_io_mismatch).
		if bits.OnesCount8(e.Mask) != bits.OnesCount8(o.Mask) {
			rules = append(rules, RuleMask)
			c.problem(report.Error, RuleMask, sem, "%s is read as %s but the mesh shader writes %s: after a mesh shader an element is read with as many components as it is written with", sem, decode.MaskString(e.Mask), orNone(decode.MaskString(o.Mask)))
		}
	case e.Mask&^o.Mask != 0:
		rules = append(rules, RuleMask)
		c.problem(report.Error, RuleMask, sem, "%s is read as %s but the %s shader declares only %s", sem, decode.MaskString(e.Mask), stageWords(c.up), orNone(decode.MaskString(o.Mask)))
	}
	if o.CompType != e.CompType {
		rules = append(rules, RuleType)
		c.problem(report.Error, RuleType, sem, "%s is written as %s but read as %s", sem, o.CompType, e.CompType)
	}
	if o.MinPrecision != e.MinPrecision {
		rules = append(rules, RulePrecision)
		c.problem(report.Error, RulePrecision, sem, "%s has minimum precision %s in the %s shader but %s in the %s shader", sem, o.MinPrecision, stageWords(c.up), e.MinPrecision, stageWords(c.down))
	}
	return rules
}

const noRegister = 0xFFFFFFFF

// generated says whether the pipeline makes input e of stage down itself
// when stage up does not write it.
func generated(up, down dxil.ShaderKind, e *decode.SignatureParameter) bool {
	if e.Register == noRegister {
		return true // not in a register: depth, coverage and the like
	}
	switch e.SystemValue {
	case decode.SVPrimitiveID:
		// SV_PrimitiveID is counted by the input assembler, up to the
		// geometry stage: a pixel shader after a geometry or mesh shader
		// reads it only from that shader's outputs (vkd3d-proton's
		// test_shader_io_mismatch records D3D12 refusing the pipeline).
		return down != dxil.Pixel || up == dxil.Vertex || up == dxil.Domain
	case decode.SVRenderTargetArrayIndex, decode.SVViewPortArrayIndex: // 0 when no stage writes them
		return down == dxil.Pixel
	case decode.SVIsFrontFace, decode.SVSampleIndex, decode.SVBarycentrics, decode.SVShadingRate, decode.SVCoverage, decode.SVInnerCoverage:
		return down == dxil.Pixel
	}
	return false
}

// rasterized says whether output o is consumed by the fixed-function
// stages between up and down, so that no input need read it: the
// position, clip and cull distances, the render-target and viewport
// indices, and the tessellation factors a hull shader writes for the
// tessellator.
func rasterized(up, down dxil.ShaderKind, o *decode.SignatureParameter) bool {
	switch o.SystemValue {
	case decode.SVPosition, decode.SVClipDistance, decode.SVCullDistance, decode.SVRenderTargetArrayIndex,
		decode.SVViewPortArrayIndex, decode.SVShadingRate, decode.SVCullPrimitive:
		return down == dxil.Pixel
	}
	return up == dxil.Hull && o.SystemValue >= decode.SVFinalQuadEdgeTessfactor && o.SystemValue <= decode.SVFinalLineDensityTessfactor
}

func key(e *decode.SignatureParameter) string {
	return strings.ToUpper(e.Name) + "\x00" + fmt.Sprint(e.Index)
}

// Semantic is an element's semantic name with its index ("TEXCOORD1",
// "SV_Position0"), as the linkage's rows and problems name it.
func Semantic(e *decode.SignatureParameter) string { return fmt.Sprintf("%s%d", e.Name, e.Index) }

func register(r uint32) string {
	if r == noRegister {
		return "none"
	}
	return fmt.Sprint(r)
}

func orNone(s string) string {
	if s == "" {
		return "no components"
	}
	return s
}

// names lists up to max semantics, and how many more.
func names(es []*decode.SignatureParameter, max int) string {
	var b strings.Builder
	for i, e := range es {
		if i == max {
			fmt.Fprintf(&b, " and %d more", len(es)-max)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(Semantic(e))
	}
	return b.String()
}

// stageWords names a stage in a sentence ("vertex", "pixel").
func stageWords(k dxil.ShaderKind) string { return strings.ToLower(k.String()) }

// aStage is a shader of kind k with its article ("an amplification shader").
func aStage(k dxil.ShaderKind) string {
	w := stageWords(k)
	if strings.ContainsRune("aeiou", rune(w[0])) {
		return "an " + w + " shader"
	}
	return "a " + w + " shader"
}

// feeds says what a stage's outputs reach, for the sentence of RuleStages.
func feeds(k dxil.ShaderKind) string {
	ds := next[k]
	if len(ds) == 0 {
		return "its outputs feed no later shader stage"
	}
	w := make([]string, len(ds))
	for i, d := range ds {
		w[i] = stageWords(d)
	}
	return aStage(k) + " feeds " + strings.Join(w, ", ") + " shaders"
}
