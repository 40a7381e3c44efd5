package decode

import (
	"fmt"
	"sort"

	"github.com/dxscope/dxscope/decode/rootsig"
)

// The register rule of a root signature: no two of its bindings of one
// register type may claim a register in the same space for stages that see
// both (the same visibility, or either visible to all). DXC's
// RootSignatureVerifier (AddRegisterRange) rejects such a root signature
// when it compiles one, and D3D12's CreateRootSignature refuses it
// (vkd3d-proton's test_create_root_signature: b0 root constants for all
// stages and for the vertex stage are refused, for the pixel and vertex
// stages taken).

// regRange is one binding a root signature declares: root constants (a CBV
// register), a root descriptor, a descriptor range or a static sampler.
type regRange struct {
	typ       rootsig.DescriptorRangeType
	vis       rootsig.ShaderVisibility
	space     uint32
	lb, ub    uint32 // inclusive; ub 0xFFFFFFFF for an unbounded range
	at        int    // its bytes in the root signature
	param     int    // root parameter index, or the static sampler's
	rng       int    // range index in a table; -1 for a root parameter or sampler
	isSampler bool   // a static sampler
}

// maxOverlapReports bounds what one root signature says of its overlaps:
// a crafted one of thousands of ranges on one register overlaps thousands.
const maxOverlapReports = 16

// registerRanges lists rs's bindings of known type and visibility, in the
// order DXC adds them: parameters (a table's ranges in order), then static
// samplers. A table that shares another's ranges (SameRangesAs) adds none:
// sharedTables says which parameters those are, for registerOverlaps.
func registerRanges(rs *rootsig.RootSignature) (out []regRange, sharedTables []int) {
	rsize := rtsRangeSize(rs.Version)
	for i, p := range rs.Parameters {
		if !p.ShaderVisibility.Known() {
			continue
		}
		at := int(rs.RootParametersOffset) + i*rtsParamHeaderSize
		one := func(t rootsig.DescriptorRangeType, reg, space uint32) {
			out = append(out, regRange{typ: t, vis: p.ShaderVisibility, space: space, lb: reg, ub: reg, at: at, param: i, rng: -1})
		}
		switch {
		case p.Constants != nil:
			one(rootsig.RangeCBV, p.Constants.ShaderRegister, p.Constants.RegisterSpace)
		case p.Descriptor != nil:
			// The decoder sets Descriptor for the three root descriptor
			// types only; anything else it reads as a CBV, as before.
			t, ok := p.ParameterType.RangeType()
			if !ok {
				t = rootsig.RangeCBV
			}
			one(t, p.Descriptor.ShaderRegister, p.Descriptor.RegisterSpace)
		case p.Table != nil && p.Table.SameRangesAs != nil:
			sharedTables = append(sharedTables, i)
		case p.Table != nil:
			for k, g := range p.Table.Ranges {
				if !g.RangeType.Known() || (!g.Unbounded && g.NumDescriptors <= 0) {
					continue
				}
				out = append(out, regRange{typ: g.RangeType, vis: p.ShaderVisibility, space: g.RegisterSpace, lb: g.BaseShaderRegister, ub: g.LastRegister(),
					at: int(p.Table.RangesOffset) + k*rsize, param: i, rng: k})
			}
		}
	}
	ssize := rtsSamplerSize(rs.Version)
	for i, m := range rs.Samplers {
		if m.ShaderVisibility.Known() {
			out = append(out, regRange{typ: rootsig.RangeSampler, vis: m.ShaderVisibility, space: m.RegisterSpace, lb: m.ShaderRegister, ub: m.ShaderRegister,
				at: int(rs.StaticSamplersOffset) + i*ssize, param: i, rng: -1, isSampler: true})
		}
	}
	return out, sharedTables
}

// sees says whether bindings of visibilities a and b reach a common stage.
func sees(a, b rootsig.ShaderVisibility) bool {
	return a == b || a == rootsig.VisibilityAll || b == rootsig.VisibilityAll
}

// overlap is one binding that claims a register another claims before it.
type overlap struct {
	at  int // the later binding's bytes
	msg string
}

// registerOverlaps finds rs's bindings in the system's register spaces
// (0xFFFFFFF0 and up; said once, then counted) and those that claim a
// register of their type and space another binding claims for a stage both
// reach: at most maxOverlapReports of these, and n, how many there are. Sorted by space
// and first register, one pass keeps per visibility the binding reaching
// highest so far: time n log n in the bindings, which the decoder bounds
// by the root signature's size.
func registerOverlaps(rs *rootsig.RootSignature) (found []overlap, n int) {
	ranges, shared := registerRanges(rs)
	// DXC's AddRegisterRange refuses the system's register spaces first.
	reserved := 0
	for i := range ranges {
		if g := &ranges[i]; g.space >= reservedSpaces {
			if reserved++; reserved == 1 {
				found = append(found, overlap{at: g.at, msg: fmt.Sprintf("%s is in register space 0x%x, which is reserved for the system (0xFFFFFFF0 to 0xFFFFFFFF): D3D12 refuses such a root signature (as DXC's root signature validator does)", g.describe(), g.space)})
			}
		}
	}
	if reserved > 1 {
		found = append(found, overlap{at: found[0].at, msg: fmt.Sprintf("%d more bindings are in the system's register spaces", reserved-1)})
	}
	n = len(found) // what is said of the reserved spaces; the overlaps count on
	say := func(at int, format string, args ...any) {
		n++
		if len(found) < maxOverlapReports {
			found = append(found, overlap{at: at, msg: fmt.Sprintf(format, args...)})
		}
	}
	sort.SliceStable(ranges, func(i, j int) bool {
		a, b := ranges[i], ranges[j]
		if a.typ != b.typ {
			return a.typ < b.typ
		}
		if a.space != b.space {
			return a.space < b.space
		}
		return a.lb < b.lb
	})
	var reach [8]*regRange // per visibility, the binding reaching highest in this type and space
	for i := range ranges {
		g := &ranges[i]
		if i == 0 || g.typ != ranges[i-1].typ || g.space != ranges[i-1].space {
			reach = [8]*regRange{}
		}
		for v, h := range reach {
			if h != nil && h.ub >= g.lb && sees(g.vis, rootsig.ShaderVisibility(v)) {
				say(g.at, "%s overlaps %s: D3D12 refuses a root signature whose bindings claim one register for a stage that sees both (as DXC's root signature validator does)",
					g.describe(), h.describe())
				break
			}
		}
		if h := reach[g.vis]; h == nil || g.ub > h.ub {
			reach[g.vis] = g
		}
	}
	// A table sharing another's ranges claims the same registers again.
	for _, i := range shared {
		p := rs.Parameters[i]
		j := *p.Table.SameRangesAs
		if len(rs.TableRanges(i)) > 0 && sees(p.ShaderVisibility, rs.Parameters[j].ShaderVisibility) {
			say(int(rs.RootParametersOffset)+i*rtsParamHeaderSize, "descriptor table %d (visibility %s) names the ranges of descriptor table %d (visibility %s): their registers overlap, and D3D12 refuses such a root signature",
				i, p.ShaderVisibility, j, rs.Parameters[j].ShaderVisibility)
		}
	}
	return found, n
}

// describe names a binding as the overlap rule reports it: what it is,
// its visibility and its registers ("root parameter 1 (visibility Vertex,
// b0)", "descriptor table 2 range 0 (visibility All, t0-t3, space1)").
func (g *regRange) describe() string {
	what := fmt.Sprintf("root parameter %d", g.param)
	switch {
	case g.isSampler:
		what = fmt.Sprintf("static sampler %d", g.param)
	case g.rng >= 0:
		what = fmt.Sprintf("descriptor table %d range %d", g.param, g.rng)
	}
	letter := g.typ.Letter() // registerRanges keeps known types only
	regs := fmt.Sprintf("%s%d", letter, g.lb)
	switch {
	case g.ub == 0xFFFFFFFF && g.ub != g.lb:
		regs += "-unbounded"
	case g.ub != g.lb:
		regs += fmt.Sprintf("-%s%d", letter, g.ub)
	}
	if g.space != 0 {
		regs += fmt.Sprintf(", space%d", g.space)
	}
	return fmt.Sprintf("%s (visibility %s, %s)", what, g.vis, regs)
}
