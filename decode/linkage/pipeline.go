package linkage

import (
	"fmt"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/dxil"
	"github.com/dxscope/dxscope/decode/report"
)

// RulePipeline: the shaders do not make one graphics pipeline (two of one
// stage, a vertex and a mesh shader together, a stage that is not a
// pipeline's). Each pair of neighbours is still checked by Check's rules.
const RulePipeline = "LINK.PIPELINE"

// pipelineOrder is where each stage stands in a graphics pipeline; 0: not a
// stage of one (compute, library, node shaders).
var pipelineOrder = [...]int{
	dxil.Vertex: 1, dxil.Hull: 2, dxil.Domain: 3, dxil.Geometry: 4,
	dxil.Amplification: 1, dxil.Mesh: 2,
	dxil.Pixel: 5,
}

func orderOf(k dxil.ShaderKind) int {
	if int(k) < 0 || int(k) >= len(pipelineOrder) {
		return 0
	}
	return pipelineOrder[k]
}

// Pipeline is the linkage of a whole graphics pipeline's shaders.
type Pipeline struct {
	// Order is the files' indices in the order the pipeline runs them.
	Order []int
	// Pairs checks each shader against the next (Pairs[i]: Order[i] →
	// Order[i+1]); an amplification shader hands the mesh shader a payload,
	// not a signature, so that pair is nil.
	Pairs []*Result
	// Problems are the pipeline's own (RulePipeline), and the root
	// signatures of shaders Pairs does not set side by side (RuleRootSig),
	// or, for a pipeline given its root signature, each shader's against it.
	Problems []Problem
}

// CheckPipeline puts shaders given in any order into the order of a
// pipeline (vertex, hull, domain, geometry, pixel; amplification, mesh,
// pixel) and checks each against the next, as D3D12 does when it creates
// the pipeline state.
func CheckPipeline(files []*decode.File) *Pipeline { return CheckPipelineWith(files, nil) }

// CheckPipelineWith is CheckPipeline for a pipeline created with the root
// signature rts0 (serialized, as an RTS0 part holds it): each shader is
// checked against it once, as CheckWith does, and the root signatures the
// shaders carry are not used. A nil rts0 is CheckPipeline. One compute
// shader alone is a compute pipeline: only its root signature is checked.
func CheckPipelineWith(files []*decode.File, rts0 []byte) *Pipeline {
	p := &Pipeline{}
	kinds := make([]dxil.ShaderKind, len(files))
	for i, f := range files {
		kinds[i] = f.Kind()
		p.Order = append(p.Order, i)
	}
	if len(files) == 1 && kinds[0] == dxil.Compute {
		if rts0 != nil {
			p.Problems = givenRootSignature(rts0, files)
		}
		return p
	}
	// A stable sort keeps the given order among what cannot be placed, so
	// the neighbours' checks still say what is wrong with them.
	// Insertion by hand: five files at most, and a generic stable sort of
	// ints is 10 KB of the page's code.
	for i := 1; i < len(p.Order); i++ {
		for j := i; j > 0 && orderOf(kinds[p.Order[j-1]]) > orderOf(kinds[p.Order[j]]); j-- {
			p.Order[j-1], p.Order[j] = p.Order[j], p.Order[j-1]
		}
	}
	seen := map[dxil.ShaderKind]bool{}
	var vertex, mesh bool
	for _, i := range p.Order {
		k := kinds[i]
		switch {
		case orderOf(k) == 0:
			p.problem("file %d is %s, which is not a stage of a graphics pipeline", i+1, aStage(k))
		case seen[k]:
			p.problem("two %s shaders: a pipeline has one of each stage", stageWords(k))
		}
		seen[k] = true
		vertex = vertex || k == dxil.Vertex
		mesh = mesh || k == dxil.Mesh || k == dxil.Amplification
	}
	switch {
	case vertex && mesh:
		p.problem("vertex and mesh (or amplification) shaders together: a pipeline takes its vertices from one or the other")
	case !vertex && !seen[dxil.Mesh]:
		p.problem("no vertex or mesh shader: a pipeline starts with one")
	}
	for n := 0; n+1 < len(p.Order); n++ {
		a, b := p.Order[n], p.Order[n+1]
		if kinds[a] == dxil.Amplification && kinds[b] == dxil.Mesh {
			p.Pairs = append(p.Pairs, nil)
			continue
		}
		p.Pairs = append(p.Pairs, check(files[a], files[b], rts0 == nil))
	}
	if rts0 != nil {
		ordered := make([]*decode.File, len(p.Order))
		for n, i := range p.Order {
			ordered[n] = files[i]
		}
		p.Problems = append(p.Problems, givenRootSignature(rts0, ordered)...)
		return p
	}
	p.Problems = append(p.Problems, noRootSignature(files)...)
	// The root signatures the shaders carry, for the shaders Check did not
	// set side by side (it stops at stages that do not meet): every shader
	// must fit the one the pipeline is created with.
	paired := func(n int) bool { return p.Pairs[n] != nil && p.Pairs[n].Adjacent }
	for n, a := range p.Order {
		for m := n + 1; m < len(p.Order); m++ {
			if m == n+1 && paired(n) {
				continue
			}
			b := p.Order[m]
			p.Problems = append(p.Problems, rootSignatures(files[a], kinds[a], files[b], kinds[b])...)
		}
	}
	return p
}

func (p *Pipeline) problem(format string, args ...any) {
	p.Problems = append(p.Problems, Problem{Severity: report.Error, Rule: RulePipeline, Message: fmt.Sprintf(format, args...)})
}

// Links reports whether the pipeline would be created: the shaders make one
// pipeline and every neighbour links.
func (p *Pipeline) Links() bool {
	for _, q := range p.Problems {
		if q.Severity == report.Error {
			return false
		}
	}
	for _, r := range p.Pairs {
		if r != nil && !r.Links() {
			return false
		}
	}
	return true
}
