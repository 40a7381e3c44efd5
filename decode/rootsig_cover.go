package decode

import (
	"fmt"
	"strings"

	"github.com/dxscope/dxscope/decode/binread"
	"github.com/dxscope/dxscope/decode/rootsig"
	"github.com/dxscope/dxscope/decode/sm4"
)

// RootSignatureCovers checks a serialized root signature (RTS0 part data)
// against the resources this container's shader binds, as DXC's validator
// does before it accepts a root signature for a shader
// (VerifyRootSignatureWithShaderPSV in DxilRootSignatureValidator.cpp) and
// as the runtime does when it creates a pipeline state:
//
//   - every binding must lie inside one range of the root signature of the
//     same type (descriptor table range, root descriptor, root constants
//     for a CBV, static sampler for a sampler) and register space, visible
//     to all stages or to the shader's own stage; the ranges visible to all
//     stages are searched first, and a binding they touch but do not
//     contain is not covered. An unbounded binding counts as its first
//     register, as DXC counts it;
//   - a root descriptor (CBV/SRV/UAV in the root) holds a buffer: a typed
//     SRV or UAV (a texture, a typed buffer) or a UAV with a counter
//     cannot use one;
//   - a root signature that denies the shader's stage root access
//     (DENY_*_SHADER_ROOT_ACCESS) cannot serve a shader that binds anything.
//
// The bindings come from PSV0 (what DXC and the runtime read), else from
// RDEF (FXC's reflection: a DXBC shader's declarations as FXC listed them),
// else from the DXBC program's declarations themselves (reflection stripped).
// Each problem is an Error at the binding's record in this file, or a
// Warning when nothing can be checked. Problems of the root signature
// itself (it does not decode, or two of its bindings claim one register,
// which DXC's validator verifies first) are returned as they are, offsets
// relative to its first byte.
func (f *File) RootSignatureCovers(rts0 []byte) []Problem {
	rs, bad := rootSignatureOf(rts0)
	if len(bad) > 0 {
		return bad
	}

	id := f.Identity()
	vis, library := rootSigStage(id.Stage)
	if library {
		return []Problem{{Severity: Error, Part: "RTS0", Structure: "root signature", Message: "a library takes its root signatures as subobjects (RDAT); DXC's validator rejects an RTS0 part in a library (ContainerPartInvalid)"}}
	}
	binds, from := f.shaderBindings()
	if from == "" {
		return []Problem{{Severity: Warning, Part: "RTS0", Structure: "root signature", Message: "the container has neither PSV0, RDEF nor an SHDR/SHEX program, so the resources the shader binds are unknown: nothing was checked"}}
	}
	cov := newCoverage(rs)
	var out []Problem
	denied := rs.Flags&denyFlag[vis] != 0 && vis != rootsig.VisibilityAll
	bound := false
	work, unchecked := 0, 0 // ranges looked at; bindings past maxCoverWork of them
	for _, b := range binds {
		rt, ok := psvRangeType[b.Type]
		if !ok {
			continue
		}
		bound = true
		if rt < 4 && vis < 8 {
			work += len(cov.ranges[rootsig.VisibilityAll][rt]) + len(cov.ranges[vis][rt])
		}
		if work > maxCoverWork {
			unchecked++
			continue
		}
		num := uint32(1)
		if b.UpperBound != 0xFFFFFFFF && b.UpperBound >= b.LowerBound {
			num = b.UpperBound - b.LowerBound + 1
		}
		where := fmt.Sprintf("%s (%s: register space %d, %d descriptor(s) from register %d)", registerName(rt, b.LowerBound, b.Space), b.Type, b.Space, num, b.LowerBound)
		add := func(format string, args ...any) {
			out = append(out, Problem{Severity: Error, Offset: b.Offset, Part: from, Structure: "resource binding", Message: fmt.Sprintf(format, args...)})
		}
		r := cov.find(rt, vis, b.Space, b.LowerBound, num)
		switch {
		case r == nil:
			add("%s is not fully bound in the root signature: no %s range visible to %s covers it", where, rt, visibilityName(vis))
		case r.node == rootDescriptorNode && (b.Type == PSVSRVTyped || b.Type == PSVUAVTyped):
			add("%s is typed, but its register is %s, a root descriptor: root descriptors hold only raw or structured buffers", where, r.what)
		case r.node == rootDescriptorNode && b.Type == PSVUAVStructuredWithCounter:
			add("%s has a counter, but its register is %s, a root descriptor: root descriptors cannot carry a counter", where, r.what)
		}
	}
	if unchecked > 0 {
		out = append(out, Problem{Severity: Warning, Part: "RTS0", Structure: "root signature",
			Message: fmt.Sprintf("%d of the shader's %d bindings were not checked against the root signature: that takes more comparisons than dxscope spends on one file (real root signatures and shaders have a few dozen of each)", unchecked, len(binds))})
	}
	if denied && bound {
		names := rootsig.RootFlagNames(rs.Flags & denyFlag[vis])
		out = append(out, Problem{Severity: Error, Part: "RTS0", Structure: "root signature", Message: fmt.Sprintf("the shader binds resources but the root signature sets %s, denying root access to the %s stage", strings.Join(names, ", "), id.Stage)})
	}
	return out
}

// RootSignatureErrors are the errors of a serialized root signature (RTS0
// part data) itself, for a pipeline created with it, offsets relative to its
// first byte: none when it decodes, as the runtime needs it to, and D3D12
// takes it (its parameters cost at most rootsig.MaxCost DWORDs and no two of
// its bindings claim one register: the decoder's warnings).
func RootSignatureErrors(rts0 []byte) []Problem {
	rs, bad := rootSignatureOf(rts0)
	if rs != nil {
		if msg := costOver(rs); msg != "" {
			bad = append(bad, Problem{Severity: Error, Offset: 4, Part: "RTS0", Structure: "root signature cost", Message: msg})
		}
	}
	return bad
}

func rootSignatureOf(rts0 []byte) (*rootsig.RootSignature, []Problem) {
	v, rsProblems, _ := binread.ParseBare(rts0, "RTS0", decodeVerified)
	rs := v.rs
	var bad []Problem
	for _, p := range rsProblems {
		if p.Severity == Error {
			bad = append(bad, p)
		}
	}
	if rs == nil || rs.VersionName == "" || len(bad) > 0 {
		if len(bad) == 0 {
			bad = append(bad, Problem{Severity: Error, Part: "RTS0", Structure: "root signature header", Message: "the root signature does not decode"})
		}
		return nil, bad
	}
	// DXC's VerifyRootSignatureWithShaderPSV verifies the root signature
	// itself before the shader against it, and stops at its first error.
	if v.refused != nil {
		return nil, []Problem{*v.refused}
	}
	return rs, nil
}

// rootSigStage is the visibility a shader of stage sees a root signature
// through (stageVisibility; any other stage, DXC's GetVisibilityType says,
// sees only what is visible to all), and whether the stage is a library's
// (ray tracing, nodes), which takes its root signatures as subobjects.
func rootSigStage(stage string) (vis rootsig.ShaderVisibility, library bool) {
	if stage == "Library" || strings.HasPrefix(stage, "Ray") || stage == "Node" {
		return rootsig.VisibilityAll, true
	}
	if vis, ok := stageVisibility[stage]; ok {
		return vis, false
	}
	return rootsig.VisibilityAll, false
}

// stageVisibility maps a shader stage to the visibility that names it
// (DXC's GetVisibilityType); other stages see only ranges visible to all.
var stageVisibility = map[string]rootsig.ShaderVisibility{"Vertex": rootsig.VisibilityVertex, "Hull": rootsig.VisibilityHull,
	"Domain": rootsig.VisibilityDomain, "Geometry": rootsig.VisibilityGeometry, "Pixel": rootsig.VisibilityPixel,
	"Amplification": rootsig.VisibilityAmplification, "Mesh": rootsig.VisibilityMesh, "Compute": rootsig.VisibilityAll}

// denyFlag is the root signature flag that denies each visibility's stage
// root access (D3D12_ROOT_SIGNATURE_FLAG_DENY_*_SHADER_ROOT_ACCESS).
var denyFlag = [8]uint32{0, 0x2, 0x4, 0x8, 0x10, 0x20, 0x200, 0x400}

func visibilityName(v rootsig.ShaderVisibility) string {
	if v == rootsig.VisibilityAll {
		return "all stages"
	}
	return "all stages or the " + v.String() + " stage"
}

// psvRangeType is the range type each PSVResourceType needs.
var psvRangeType = map[PSVResourceType]rootsig.DescriptorRangeType{
	PSVSampler:  rootsig.RangeSampler,
	PSVCBV:      rootsig.RangeCBV,
	PSVSRVTyped: rootsig.RangeSRV, PSVSRVRaw: rootsig.RangeSRV, PSVSRVStructured: rootsig.RangeSRV,
	PSVUAVTyped: rootsig.RangeUAV, PSVUAVRaw: rootsig.RangeUAV, PSVUAVStructured: rootsig.RangeUAV, PSVUAVStructuredWithCounter: rootsig.RangeUAV,
}

// registerName writes a binding in HLSL's register notation: t3, space1.
func registerName(rt rootsig.DescriptorRangeType, reg, space uint32) string {
	return fmt.Sprintf("register(%s%d, space%d)", rt.Letter(), reg, space)
}

// shaderBindings returns the resources the shader binds, in PSV0's terms,
// and the part they come from ("" when there is none to read).
func (f *File) shaderBindings() ([]PSVResourceBindInfo, string) {
	if p := f.Part("PSV0"); p != nil && p.PSVInfo != nil {
		return p.PSVInfo.Resources, "PSV0"
	}
	p := f.Part("RDEF")
	if p == nil || p.ResourceDefs == nil {
		for _, name := range []string{"SHEX", "SHDR"} {
			if q := f.Part(name); q != nil && q.Bytecode != nil && q.Bytecode.Program != nil {
				return declaredBindings(q.Bytecode.Program), name
			}
		}
		return nil, ""
	}
	d := p.ResourceDefs
	stride := int64(32)
	if len(d.ResourceBindings) > 0 && d.ResourceBindings[0].Space != nil {
		stride = 40
	}
	var out []PSVResourceBindInfo
	for i, b := range d.ResourceBindings {
		t, ok := rdefResourceType[b.Type]
		if !ok {
			continue
		}
		ub := uint32(0xFFFFFFFF) // BindCount 0: an unbounded array (SM 5.1)
		if b.BindCount != 0 && b.BindCount != 0xFFFFFFFF {
			ub = b.BindPoint + b.BindCount - 1
		}
		var space uint32
		if b.Space != nil {
			space = *b.Space
		}
		out = append(out, PSVResourceBindInfo{Type: t, Space: space, LowerBound: b.BindPoint, UpperBound: ub,
			Offset: p.DataOffset + int64(d.Header.ResourceOffset) + int64(i)*stride})
	}
	return out, "RDEF"
}

// declaredBindings are the resources a DXBC program declares, what the
// runtime reads of a shader whose reflection (RDEF) was stripped: SM 5.1
// declares a range (its operand's second and third indices) and a space,
// earlier models one register of space 0. A structured UAV has a counter
// when it is declared with an order-preserving one (_opc) or an instruction
// allocates or consumes from it (append and consume buffers), as FXC's
// reflection says UAV_RWSTRUCTURED_WITH_COUNTER.
func declaredBindings(prog *sm4.Program) []PSVResourceBindInfo {
	counted := map[uint64]bool{} // UAVs (their declared numbers) whose counter is used
	for i := range prog.Instructions {
		in := &prog.Instructions[i]
		if in.Opcode != sm4.OpImmAtomicAlloc && in.Opcode != sm4.OpImmAtomicConsume {
			continue
		}
		for _, o := range in.Operands {
			if o.Type == sm4.OperandUAV && len(o.Indices) > 0 {
				counted[o.Indices[0].Value] = true
			}
		}
	}
	var out []PSVResourceBindInfo
	for i := range prog.Instructions {
		in := &prog.Instructions[i]
		t, ok := declaredResourceType[in.Opcode]
		if !ok || in.Decl == nil || len(in.Operands) == 0 {
			continue
		}
		ix := in.Operands[0].Indices
		if in.Opcode == sm4.OpDclUAVStructured && (in.Decl.UAVFlags&sm4.UAVOpc != 0 || len(ix) > 0 && counted[ix[0].Value]) {
			t = PSVUAVStructuredWithCounter
		}
		b := PSVResourceBindInfo{Type: t, Offset: in.Offset}
		switch {
		case prog.Major == 5 && prog.Minor == 1 && len(ix) >= 3:
			b.LowerBound, b.UpperBound, b.Space = uint32(ix[1].Value), uint32(ix[2].Value), in.Decl.Space
		case len(ix) >= 1:
			b.LowerBound = uint32(ix[0].Value)
			b.UpperBound = b.LowerBound
		default:
			continue
		}
		out = append(out, b)
	}
	return out
}

// declaredResourceType is the PSVResourceType of what each declaration
// declares.
var declaredResourceType = map[sm4.Opcode]PSVResourceType{
	sm4.OpDclConstantBuffer:     PSVCBV,
	sm4.OpDclSampler:            PSVSampler,
	sm4.OpDclResource:           PSVSRVTyped,
	sm4.OpDclResourceRaw:        PSVSRVRaw,
	sm4.OpDclResourceStructured: PSVSRVStructured,
	sm4.OpDclUAVTyped:           PSVUAVTyped,
	sm4.OpDclUAVRaw:             PSVUAVRaw,
	sm4.OpDclUAVStructured:      PSVUAVStructured,
}

// rdefResourceType maps D3D_SHADER_INPUT_TYPE to the PSVResourceType DXC
// gives the same kind of resource.
var rdefResourceType = map[uint32]PSVResourceType{
	SITCBuffer:                    PSVCBV,
	SITTBuffer:                    PSVSRVRaw, // an SRV the runtime treats as a buffer
	SITTexture:                    PSVSRVTyped,
	SITSampler:                    PSVSampler,
	SITUAVRWTyped:                 PSVUAVTyped,
	SITStructured:                 PSVSRVStructured,
	SITUAVRWStructured:            PSVUAVStructured,
	SITByteAddress:                PSVSRVRaw,
	SITUAVRWByteAddress:           PSVUAVRaw,
	SITUAVAppendStructured:        PSVUAVStructuredWithCounter,
	SITUAVConsumeStructured:       PSVUAVStructuredWithCounter,
	SITUAVRWStructuredWithCounter: PSVUAVStructuredWithCounter,
	SITRTAccelerationStructure:    PSVSRVRaw,
	SITUAVFeedbackTexture:         PSVUAVTyped,
}

// What kind of root signature entry a register range came from.
const (
	tableRangeNode = iota
	rootDescriptorNode
	rootConstantsNode
	staticSamplerNode
)

// coverRange is one register range a root signature provides.
type coverRange struct {
	space, lb, ub uint32 // inclusive bounds
	node          int
	what          string // "root parameter 2 (descriptor table range 0)"
}

// coverage is every range of a root signature, by visibility and range type
// (DXC's RangeKinds).
type coverage struct {
	ranges [8][4][]coverRange
}

func newCoverage(rs *rootsig.RootSignature) *coverage {
	c := &coverage{}
	add := func(vis rootsig.ShaderVisibility, rt rootsig.DescriptorRangeType, r coverRange) {
		if vis < 8 && rt < 4 {
			c.ranges[vis][rt] = append(c.ranges[vis][rt], r)
		}
	}
	// Tables sharing one list of ranges (SameRangesAs) add it once per
	// visibility: its ranges cover the same registers whichever names them.
	type shared struct {
		vis   rootsig.ShaderVisibility
		first int
	}
	added := map[shared]bool{}
	for i, p := range rs.Parameters {
		switch {
		case p.Table != nil:
			if j := p.Table.SameRangesAs; j != nil {
				if added[shared{p.ShaderVisibility, *j}] {
					continue
				}
				added[shared{p.ShaderVisibility, *j}] = true
			}
			for j, dr := range rs.TableRanges(i) {
				if !dr.Unbounded && dr.NumDescriptors <= 0 {
					continue // an empty range covers nothing (DXC's verifier rejects it)
				}
				add(p.ShaderVisibility, dr.RangeType, coverRange{dr.RegisterSpace, dr.BaseShaderRegister, dr.LastRegister(), tableRangeNode,
					fmt.Sprintf("root parameter %d (descriptor table range %d)", i, j)})
			}
		case p.Constants != nil:
			add(p.ShaderVisibility, rootsig.RangeCBV, coverRange{p.Constants.RegisterSpace, p.Constants.ShaderRegister, p.Constants.ShaderRegister, rootConstantsNode,
				fmt.Sprintf("root parameter %d (root constants)", i)})
		case p.Descriptor != nil:
			if rt, ok := p.ParameterType.RangeType(); ok {
				add(p.ShaderVisibility, rt, coverRange{p.Descriptor.RegisterSpace, p.Descriptor.ShaderRegister, p.Descriptor.ShaderRegister, rootDescriptorNode,
					fmt.Sprintf("root parameter %d (root %s)", i, p.ParameterType)})
			}
		}
	}
	for i, s := range rs.Samplers {
		add(s.ShaderVisibility, rootsig.RangeSampler, coverRange{s.RegisterSpace, s.ShaderRegister, s.ShaderRegister, staticSamplerNode, fmt.Sprintf("static sampler %d", i)})
	}
	return c
}

// find returns the range that contains num registers from lb in space, as
// DXC's FindCoveringInterval: a range visible to all stages that touches the
// registers decides (covered only if it contains them all); otherwise a
// range visible to the shader's stage.
func (c *coverage) find(rt rootsig.DescriptorRangeType, vis rootsig.ShaderVisibility, space, lb, num uint32) *coverRange {
	ub := lb + num - 1
	if ub < lb {
		ub = 0xFFFFFFFF
	}
	search := func(v rootsig.ShaderVisibility) (touched bool, r *coverRange) {
		for i := range c.ranges[v][rt] {
			g := &c.ranges[v][rt][i]
			if g.space != space || g.ub < lb || g.lb > ub {
				continue
			}
			touched = true
			if g.lb <= lb && ub <= g.ub {
				return true, g
			}
		}
		return touched, nil
	}
	if touched, r := search(rootsig.VisibilityAll); touched || vis == rootsig.VisibilityAll {
		return r
	}
	_, r := search(vis)
	return r
}
