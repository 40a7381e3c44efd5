package decode

import (
	"cmp"
	"fmt"
	"sort"
	"strings"

	"github.com/dxscope/dxscope/decode/dxil"
	"github.com/dxscope/dxscope/decode/rootsig"
)

// MaxSuggestedRanges is the most register ranges SuggestRootSignature
// writes: real shaders bind a few dozen, and a crafted PSV0 of a hundred
// thousand would make a text nobody reads.
const MaxSuggestedRanges = 1024

// reservedSpaces is the first register space D3D12 keeps for the system
// (0xFFFFFFF0 to 0xFFFFFFFF), which a root signature may not use.
const reservedSpaces = 0xFFFFFFF0

// SuggestRootSignature writes, in the HLSL root signature language, a root
// signature that one pipeline of the given shaders can be created with: it
// covers every resource each shader binds (RootSignatureCovers finds
// nothing missing), no two of its ranges claim one register, and it stays
// within D3D12's 64 DWORDs when it can. The text compiles at versions 1.0,
// 1.1 and 1.2 alike: it sets no flags, so each version's defaults apply.
//
// The layout is the one hand-written root signatures use:
//   - a register bound by more than one stage is visible to all stages,
//     one bound by one stage only to that stage; ranges that overlap are
//     merged into one (with the stages of both);
//   - a constant buffer of one register is a root CBV (2 DWORDs); the other
//     CBVs, the SRVs and the UAVs of one visibility share a descriptor table,
//     the samplers of one visibility another (a table cannot mix samplers
//     with the rest); an unbounded range has a table of its own, as D3D12
//     places nothing after one in a table that appends;
//   - when root CBVs would take the cost past 64 DWORDs they move into the
//     tables;
//   - ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT when a vertex shader reads inputs
//     other than SV_VertexID and SV_InstanceID.
//
// The problems say what could not be covered: a shader whose bindings are
// unknown (no PSV0, RDEF or program), a library (its root signatures are
// subobjects), more ranges than MaxSuggestedRanges (then the text is
// empty). An empty text with no problem means the shaders bind nothing.
func SuggestRootSignature(files ...*File) (string, []Problem) {
	var all []suggestedRange
	var out []Problem
	ia := false
	for _, f := range files {
		stage := f.Identity().Stage
		vis, library := rootSigStage(stage)
		if library {
			out = append(out, Problem{Severity: Error, Structure: "root signature", Message: "a library takes its root signatures as subobjects (RDAT), not as a pipeline's: nothing is suggested for it"})
			continue
		}
		binds, from := f.shaderBindings()
		if from == "" {
			out = append(out, Problem{Severity: Warning, Structure: "root signature", Message: fmt.Sprintf("the %s shader has neither PSV0, RDEF nor an SHDR/SHEX program, so what it binds is unknown: the suggestion does not cover it", stageWord(stage))})
			continue
		}
		if len(all)+len(binds) > 4*MaxSuggestedRanges {
			return "", append(out, tooManyRanges())
		}
		reserved := 0
		for _, b := range binds {
			rt, ok := psvRangeType[b.Type]
			if !ok {
				continue
			}
			if b.Space >= reservedSpaces {
				reserved++
				continue
			}
			r := suggestedRange{rt: rt, space: b.Space, lo: b.LowerBound, hi: b.LowerBound, vis: vis}
			switch {
			// A count of 0xFFFFFFFF is how a range says unbounded.
			case b.UpperBound == rootsig.RangeUnbounded || b.LowerBound == 0 && b.UpperBound == rootsig.RangeUnbounded-1:
				r.hi, r.unbounded = rootsig.RangeUnbounded, true
			case b.UpperBound > b.LowerBound:
				r.hi = b.UpperBound
			}
			all = append(all, r)
		}
		if reserved > 0 {
			out = append(out, Problem{Severity: Warning, Structure: "root signature", Message: fmt.Sprintf("the %s shader binds %d register(s) in the spaces D3D12 reserves for the system (0x%x and up), which no root signature may hold: the suggestion does not cover them", stageWord(stage), reserved, uint32(reservedSpaces))})
		}
		// The kind, not the stage's name: a container without a program
		// header still says it is a vertex shader in PSV0.
		ia = ia || f.Kind() == dxil.Vertex && readsVertexInputs(f)
	}
	merged := mergeRanges(all)
	if len(merged) > MaxSuggestedRanges {
		return "", append(out, tooManyRanges())
	}

	var clauses []string
	if ia {
		clauses = append(clauses, "RootFlags(ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT)")
	}
	roots, tables := suggestLayout(merged, true)
	if 2*len(roots)+len(tables) > rootsig.MaxCost {
		roots, tables = suggestLayout(merged, false)
	}
	for _, r := range roots {
		clauses = append(clauses, "CBV("+r.register()+r.visibility()+")")
	}
	for _, t := range tables {
		var ranges []string
		for _, r := range t {
			ranges = append(ranges, r.rt.String()+"("+r.register()+")")
		}
		clauses = append(clauses, "DescriptorTable("+strings.Join(ranges, ", ")+t[0].visibility()+")")
	}
	if cost := 2*len(roots) + len(tables); cost > rootsig.MaxCost {
		out = append(out, Problem{Severity: Warning, Structure: "root signature cost", Message: fmt.Sprintf("the suggestion costs %d DWORDs, more than the %d D3D12 takes: the shaders bind ranges of more visibilities and unbounded arrays than one root signature can hold", cost, rootsig.MaxCost)})
	}
	return strings.Join(clauses, ",\n"), out
}

// stageWord names a stage in a sentence: "pixel", "unknown".
func stageWord(stage string) string { return strings.ToLower(cmp.Or(stage, "unknown")) }

func tooManyRanges() Problem {
	return Problem{Severity: Error, Structure: "root signature", Message: fmt.Sprintf("the shaders bind more than %d register ranges: no root signature is suggested", MaxSuggestedRanges)}
}

// suggestedRange is registers lo to hi (inclusive) of one type and space,
// visible to vis.
type suggestedRange struct {
	rt        rootsig.DescriptorRangeType
	space     uint32
	lo, hi    uint32
	unbounded bool
	vis       rootsig.ShaderVisibility
}

// register writes the range's first register, its count when not one, and
// its space when not 0, as a root parameter or range clause takes them.
func (r suggestedRange) register() string {
	s := r.rt.Letter() + fmt.Sprint(r.lo)
	switch {
	case r.unbounded:
		s += ", numDescriptors = unbounded"
	case r.hi != r.lo:
		s += fmt.Sprintf(", numDescriptors = %d", uint64(r.hi)-uint64(r.lo)+1)
	}
	if r.space != 0 {
		s += fmt.Sprintf(", space = %d", r.space)
	}
	return s
}

func (r suggestedRange) visibility() string {
	if r.vis == rootsig.VisibilityAll {
		return ""
	}
	return ", visibility = SHADER_VISIBILITY_" + strings.ToUpper(r.vis.String())
}

// mergeRanges sorts the ranges by type, space and first register, and
// merges those that overlap (visible to all stages when their stages
// differ) and those of one stage that follow each other, so no register is
// claimed twice and each binding lies inside one range.
func mergeRanges(rs []suggestedRange) []suggestedRange {
	// sort.Slice, not slices.SortFunc: a generic sort of this type would
	// add 22 KB of code to app.wasm; sort.Slice's is there already.
	sort.Slice(rs, func(i, j int) bool {
		a, b := &rs[i], &rs[j]
		switch {
		case a.rt != b.rt:
			return a.rt < b.rt
		case a.space != b.space:
			return a.space < b.space
		case a.lo != b.lo:
			return a.lo < b.lo
		}
		return a.hi < b.hi
	})
	var out []suggestedRange
	for _, r := range rs {
		if n := len(out); n > 0 {
			c := &out[n-1]
			same := c.rt == r.rt && c.space == r.space
			overlaps := r.lo <= c.hi
			follows := c.hi != rootsig.RangeUnbounded && r.lo == c.hi+1 && c.vis == r.vis && !c.unbounded && !r.unbounded
			if same && (overlaps || follows) {
				c.hi = max(c.hi, r.hi)
				c.unbounded = c.unbounded || r.unbounded
				if c.vis != r.vis {
					c.vis = rootsig.VisibilityAll
				}
				continue
			}
		}
		out = append(out, r)
	}
	return out
}

// suggestLayout places the merged ranges: root CBVs (when rootCBVs allows),
// then per visibility a table of CBVs, SRVs and UAVs and a table of
// samplers, and a table for each unbounded range.
func suggestLayout(ranges []suggestedRange, rootCBVs bool) (roots []suggestedRange, tables [][]suggestedRange) {
	var lone [][]suggestedRange
	for _, vis := range visibilityOrder {
		// CBVs first, then SRVs and UAVs, as hand-written tables list them;
		// the samplers in a table of their own.
		var views, samplers []suggestedRange
		for _, rt := range [...]rootsig.DescriptorRangeType{rootsig.RangeCBV, rootsig.RangeSRV, rootsig.RangeUAV, rootsig.RangeSampler} {
			for _, r := range ranges {
				switch {
				case r.vis != vis || r.rt != rt:
				case rootCBVs && rt == rootsig.RangeCBV && r.lo == r.hi && !r.unbounded:
					roots = append(roots, r)
				case r.unbounded:
					lone = append(lone, []suggestedRange{r})
				case rt == rootsig.RangeSampler:
					samplers = append(samplers, r)
				default:
					views = append(views, r)
				}
			}
		}
		for _, t := range [][]suggestedRange{views, samplers} {
			if len(t) > 0 {
				tables = append(tables, t)
			}
		}
	}
	return roots, append(tables, lone...)
}

// visibilityOrder is the order the suggestion lists visibilities in: all
// stages, then the pipeline's stages as they run.
var visibilityOrder = []rootsig.ShaderVisibility{rootsig.VisibilityAll, rootsig.VisibilityVertex, rootsig.VisibilityHull,
	rootsig.VisibilityDomain, rootsig.VisibilityGeometry, rootsig.VisibilityAmplification, rootsig.VisibilityMesh, rootsig.VisibilityPixel}

// readsVertexInputs says whether a vertex shader's input signature has an
// element the input assembler fills (not SV_VertexID or SV_InstanceID).
func readsVertexInputs(f *File) bool {
	for _, p := range f.Parts {
		s := p.Signature
		if s == nil || s.Direction != SigInput || s.PatchConstant {
			continue
		}
		for _, e := range s.Parameters {
			if e.SystemValue != SVVertexID && e.SystemValue != SVInstanceID {
				return true
			}
		}
	}
	return false
}
