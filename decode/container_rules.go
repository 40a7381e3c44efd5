package decode

import (
	"fmt"
	"strings"

	"github.com/dxscope/dxscope/decode/binread"
	"github.com/dxscope/dxscope/decode/dxil"
)

// The container rules DXC's validator applies to a DXIL container before it
// signs it (DxilContainerValidation.cpp), each named as DXIL.rst names it.
// A container another producer wrote (clang's DirectX backend, a patching
// tool) and that breaks one fails at pipeline creation with an opaque
// error, so each broken rule is a problem naming its rule. They apply only
// to containers with a DXIL program: FXC's output has no validator.
const (
	RuleContentInvalid            = "CONTAINER.CONTENTINVALID"            // a part's content is malformed
	RuleContentMatches            = "CONTAINER.CONTENTMATCHES"            // a part's content must match the module
	RulePartInvalid               = "CONTAINER.PARTINVALID"               // no unknown parts, none the shader kind forbids
	RulePartMatches               = "CONTAINER.PARTMATCHES"               // parts must match the module
	RulePartMissing               = "CONTAINER.PARTMISSING"               // the parts the module requires
	RulePartRepeated              = "CONTAINER.PARTREPEATED"              // one of each part
	RuleRootSignatureIncompatible = "CONTAINER.ROOTSIGNATUREINCOMPATIBLE" // the root signature must cover the shader
	RuleUnusedItemInTable         = "CONTAINER.UNUSEDITEMINTABLE"         // PSV0's tables hold nothing unused
)

// validatorParts are the parts DXC's validator accepts in a DXIL container;
// any other is CONTAINER.PARTINVALID (SRCI and PDBI belong in PDB files).
var validatorParts = map[string]bool{"DXIL": true, "ILDB": true, "ILDN": true, "HASH": true, "SFI0": true,
	"ISG1": true, "OSG1": true, "PSG1": true, "VERS": true, "RTS0": true, "PSV0": true, "RDAT": true,
	"RDEF": true, "STAT": true, "PRIV": true}

// ruleCheck collects the rule problems of one container, at most
// maxRuleProblems of each rule and structure (then one line saying how many
// more), so a hostile PSV0 with thousands of elements costs a few lines.
type ruleCheck struct {
	f     *File
	out   []Problem
	count map[string]int
}

const maxRuleProblems = 8

func (c *ruleCheck) add(rule string, off int64, part, structure, format string, args ...any) {
	key := rule + "\x00" + part + "\x00" + structure
	c.count[key]++
	switch n := c.count[key]; {
	case n <= maxRuleProblems:
		c.out = append(c.out, Problem{Severity: Warning, Offset: off, Part: part, Structure: structure, Rule: rule, Message: fmt.Sprintf(format, args...)})
	case n == maxRuleProblems+1:
		c.out = append(c.out, Problem{Severity: Warning, Offset: off, Part: part, Structure: structure, Rule: rule,
			Message: "more problems like the ones above (the rest are not listed one by one)"})
	}
}

// tag gives the problems the decoders already reported for a broken rule
// the rule's name, and says whether there was one.
func (c *ruleCheck) tag(rule string, match func(p *Problem) bool) bool {
	found := false
	for i := range c.f.Problems {
		if p := &c.f.Problems[i]; p.Rule == "" && match(p) {
			p.Rule = rule
			found = true
		}
	}
	return found
}

// spanOff is where the span with path lies, or the part's data when none does.
func spanOff(p *Part, path string) int64 {
	for _, s := range p.Spans {
		if s.Path == path {
			return s.Off
		}
	}
	return p.DataOffset
}

// checkContainerRules applies the validator's container rules to f.
func (f *File) checkContainerRules() {
	// The validator loads the module before it looks at the parts: a DXIL
	// part whose bitcode is no DXIL module (no !dx.shaderModel: a stand-in,
	// damaged bitcode) fails there, and no container rule is reached.
	prog := f.Part("DXIL")
	if prog == nil || prog.Program == nil || prog.Module == nil || prog.Module.ShaderModel == nil {
		return
	}
	c := &ruleCheck{f: f, count: map[string]int{}}
	kind := prog.Program.ShaderKind
	lib := kind == dxil.Library
	tessOrMesh := kind == dxil.Hull || kind == dxil.Domain || kind == dxil.Mesh

	// The container decoder reports the parts that must be unique; the
	// validator refuses any repeat. Its reports are tagged in one pass, not
	// one per repeated part: 4,095 damaged parts make tens of thousands of
	// problems.
	type at struct {
		off  int64
		name string
	}
	repeated, reported := map[at]bool{}, map[at]bool{}
	seen := map[string]bool{}
	for _, p := range f.Parts {
		repeated[at{p.Offset, p.Name}] = repeated[at{p.Offset, p.Name}] || seen[p.Name]
		seen[p.Name] = true
	}
	c.tag(RulePartRepeated, func(q *Problem) bool {
		k := at{q.Offset, q.Part}
		if !repeated[k] || q.Structure != "part header" || !strings.HasPrefix(q.Message, "a second ") {
			return false
		}
		reported[k] = true
		return true
	})
	seen = map[string]bool{}
	for _, p := range f.Parts {
		name := binread.Printable([]byte(p.Name))
		if seen[p.Name] {
			if !reported[at{p.Offset, p.Name}] {
				c.add(RulePartRepeated, p.Offset, p.Name, "part header", "a second %s part: DXC's validator accepts one part of each kind", name)
			}
			continue
		}
		seen[p.Name] = true
		switch {
		case !validatorParts[p.Name]:
			c.add(RulePartInvalid, p.Offset, p.Name, "part header", "DXC's validator accepts no %s part in a DXIL container", name)
		case lib && (p.Name == "ISG1" || p.Name == "OSG1" || p.Name == "PSG1" || p.Name == "RTS0" || p.Name == "PSV0"):
			c.add(RulePartInvalid, p.Offset, p.Name, "part header", "a library has no %s part: its functions' signatures, resources and root signatures are in RDAT", name)
		case !lib && (p.Name == "RDAT" || p.Name == "VERS"):
			c.add(RulePartInvalid, p.Offset, p.Name, "part header", "only a library has a %s part (a %s shader does not)", name, kind)
		case p.Name == "PSG1" && !tessOrMesh:
			c.add(RulePartMatches, p.Offset, p.Name, "part header", "a %s shader has no patch-constant or primitive signature, so the module gives no PSG1 to match", kind)
		case p.Name == "HASH" && p.Size != 20:
			if !c.tag(RulePartInvalid, func(q *Problem) bool {
				return q.Part == "HASH" && q.Severity >= Warning && strings.Contains(q.Message, "20")
			}) {
				c.add(RulePartInvalid, p.Offset+4, p.Name, "part header", "HASH is %d bytes; DxilShaderHash is 20", p.Size)
			}
		case p.Name == "SFI0" && p.Size != 8:
			c.add(RulePartMatches, p.Offset+4, p.Name, "part header", "SFI0 is %d bytes; the feature info the validator writes from the module is 8", p.Size)
		case p.Name == "VERS" && !compilerVersionValid(p.Data()):
			c.add(RulePartInvalid, p.Offset, p.Name, "compiler version", "the VERS part is not laid out as the validator requires: a 16-byte header, then exactly the version strings it declares, NUL-terminated and padded with NULs to 4 bytes")
		case p.Name == "RDAT" && f.hasErrorIn("RDAT"):
			c.add(RulePartMatches, p.Offset, p.Name, "part header", "the runtime data does not validate (see the RDAT problems), so the validator cannot compare it with the module")
		}
	}

	if lib {
		if !seen["RDAT"] {
			c.add(RulePartMissing, prog.Offset, "", "container", "a library needs an RDAT part (its functions, resources and subobjects)")
		}
	} else {
		for _, need := range []struct{ part, what string }{{"ISG1", "input signature"}, {"OSG1", "output signature"}, {"SFI0", "feature info"}, {"PSV0", "pipeline state validation data"}} {
			if !seen[need.part] {
				c.add(RulePartMissing, prog.Offset, "", "container", "the container has no %s part: the validator requires the %s of every %s shader, even when it is empty", need.part, need.what, kind)
			}
		}
		entry := prog.Module.Entry()
		if tessOrMesh && !seen["PSG1"] && entry != nil && entry.Signatures != nil && len(entry.Signatures.PatchConstant) > 0 {
			c.add(RulePartMissing, prog.Offset, "", "container", "the module declares %d patch-constant or primitive signature elements but the container has no PSG1 part", len(entry.Signatures.PatchConstant))
		}
		if psv := f.Part("PSV0"); psv != nil && psv.PSVInfo != nil {
			c.psv(psv, prog)
			if rs := f.Part("RTS0"); rs != nil && rootSignatureWork(rs, psv) > maxCoverWork {
				f.Problems = append(f.Problems, Problem{Severity: Note, Offset: rs.DataOffset, Part: "RTS0", Structure: "root signature",
					Message: fmt.Sprintf("the root signature was not checked against the shader's %d bindings: that takes more comparisons than dxscope spends on one file (real root signatures and shaders have a few dozen of each)", len(psv.PSVInfo.Resources))})
			} else if rs != nil {
				for _, p := range f.RootSignatureCovers(rs.Data()) {
					if p.Severity == Error {
						off := p.Offset
						if p.Part == "RTS0" && off < rs.DataOffset {
							off += rs.DataOffset // offsets of the root signature itself are relative to its data
						}
						c.add(RuleRootSignatureIncompatible, off, p.Part, p.Structure, "%s", p.Message)
					}
				}
			}
		}
	}
	f.Problems = append(f.Problems, c.out...)
}

// maxCoverWork bounds the binding-by-range comparisons of the root
// signature check (each binding is looked up among the ranges), so a file
// listing many of both cannot cost time quadratic in its size.
const maxCoverWork = 1 << 20

// rootSignatureWork is how many binding-by-range comparisons checking the
// root signature would make, from the parts' sizes: PSV0's resource count
// times the most ranges, root parameters and static samplers RTS0's bytes
// can hold (12 bytes each at least).
func rootSignatureWork(rs, psv *Part) int64 {
	return int64(len(psv.PSVInfo.Resources)) * (int64(len(rs.Data()))/12 + 1)
}

// hasErrorIn says whether a decoder reported an error in the named part.
func (f *File) hasErrorIn(part string) bool {
	for _, p := range f.Problems {
		if p.Part == part && p.Severity == Error {
			return true
		}
	}
	return false
}

// compilerVersionValid is the validator's reading of a library's VERS part:
// a 16-byte DxilCompilerVersion, then VersionStringListSizeInBytes bytes of
// one or two NUL-terminated strings and nothing but NULs up to the next
// multiple of 4.
func compilerVersionValid(b []byte) bool {
	if len(b) < 16 {
		return false
	}
	n := int(uint32(b[12]) | uint32(b[13])<<8 | uint32(b[14])<<16 | uint32(b[15])<<24)
	if n == 0 {
		return len(b) == 16
	}
	if int64(16+n+3)&^3 != int64(len(b)) {
		return false
	}
	list := b[16:]
	for _, c := range list[n:] {
		if c != 0 {
			return false
		}
	}
	if list[n-1] != 0 {
		return false
	}
	first := strings.IndexByte(string(list[:n]), 0)
	if n > first+1 {
		second := strings.IndexByte(string(list[first+1:n]), 0)
		return n == first+1+second+1
	}
	return n == first+1
}

// psvVersionFor is the PSV0 version DXC writes for a validator version (GetPSVVersion).
func psvVersionFor(major, minor uint32) int {
	v := major<<16 | minor
	switch {
	case v < 1<<16|1:
		return 0
	case v < 1<<16|6:
		return 1
	case v < 1<<16|8:
		return 2
	case v < 1<<16|10:
		return 3
	}
	return PSVMaxVersion
}

// psv applies the rules PSV0 must keep: its record sizes against the
// validator version, its layout, its resources against the module's in
// the runtime's order, its runtime info and signature elements against the
// module and the signature parts, and no unused table entries.
func (c *ruleCheck) psv(p, prog *Part) {
	info, m := p.PSVInfo, prog.Module
	const part, where = "PSV0", "PSVRuntimeInfo"

	// DXC's SimplePSV: the sections must fill the part exactly.
	if !info.Complete || info.TrailingBytes > 0 {
		// The PSV0 decoder says where the layout breaks; that is this rule.
		if !c.tag(RuleContentInvalid, func(q *Problem) bool { return q.Part == part && q.Severity >= Warning }) {
			c.add(RuleContentInvalid, p.DataOffset, part, "PSV0", "the validator cannot read PSV0 as its layout: its sections do not fill the part exactly")
		}
		return
	}

	// Record sizes against the validator version (ValidatePSVInit): the
	// validator version says which PSV0 version DXC writes and reads back.
	valMajor, valMinor := uint32(1), uint32(0) // DxilModule's default when !dx.valver is absent
	if m != nil && m.ValidatorVersion != nil {
		valMajor, valMinor = m.ValidatorVersion.Major, m.ValidatorVersion.Minor
	}
	want := psvVersionFor(valMajor, valMinor)
	if info.RuntimeInfoSize != psvRuntimeInfoSizes[want] {
		c.add(RuleContentMatches, spanOff(p, "PSVInfo/RuntimeInfoSize"), part, where,
			"PSVRuntimeInfoSize is %d (PSV0 version %d) but the module's validator version %d.%d calls for version %d, %d bytes: the validator rejects the part",
			info.RuntimeInfoSize, info.Version, valMajor, valMinor, want, psvRuntimeInfoSizes[want])
		return
	}
	bindSize := uint32(16)
	if want >= 2 {
		bindSize = 24
	}
	if info.ResourceCount > 0 && info.ResourceStride != bindSize {
		c.add(RuleContentMatches, spanOff(p, "PSVInfo/ResourceStride"), part, "resource bindings",
			"the resource records are %d bytes; PSV0 version %d (validator %d.%d) has %d-byte records", info.ResourceStride, want, valMajor, valMinor, bindSize)
		return
	}
	elements := len(info.SigInputElements) + len(info.SigOutputElements) + len(info.SigPatchOrPrimElements)
	if want > 0 && elements > 0 && info.SignatureElementSize != 16 {
		c.add(RuleContentMatches, spanOff(p, "PSVInfo/SignatureElementSize"), part, "signature elements",
			"the signature elements are %d bytes; PSVSignatureElement0 is 16", info.SignatureElementSize)
		return
	}
	if info.StringTableSize > 0 && (info.StringTableSize%4 != 0 || len(info.stringData) > 0 && info.stringData[len(info.stringData)-1] != 0) {
		off := spanOff(p, "PSVInfo/StringTableSize")
		if !c.tag(RuleContentInvalid, func(q *Problem) bool { return q.Part == part && q.Structure == "string table" }) {
			c.add(RuleContentInvalid, off, part, "string table", "the string table is %d bytes and must be a multiple of 4 ending in NUL", info.StringTableSize)
		}
		return
	}

	// What the cross-check found (stage, entry name, bindings against the
	// metadata) is this rule too.
	crossResources := false
	c.tag(RuleContentMatches, func(q *Problem) bool {
		if q.Part == part && q.Structure == "cross-check" {
			crossResources = crossResources || strings.Contains(q.Message, "resource")
			return true
		}
		return false
	})
	if m == nil {
		return
	}
	entry := m.Entry()
	if !crossResources {
		c.resources(p, info, m, entry, want)
	}
	if entry != nil {
		c.runtimeInfo(p, info, entry)
		if entry.Signatures != nil && want > 0 {
			i1Unknown := valMajor<<16|valMinor < 1<<16|5
			c.elements(p, info.SigInputElements, entry.Signatures.Inputs, "SigInputElements", i1Unknown)
			c.elements(p, info.SigOutputElements, entry.Signatures.Outputs, "SigOutputElements", i1Unknown)
			c.elements(p, info.SigPatchOrPrimElements, entry.Signatures.PatchConstant, "SigPatchOrPrimElements", i1Unknown)
		}
	}
	c.signatureParts(info, entry, valMajor<<16|valMinor < 1<<16|5)
	if want > 0 {
		c.unusedEntries(p, info)
	}
}

// quoted is a resource name for a message: " \"name\"", or nothing when
// the module's names are stripped.
func quoted(name string) string {
	if name == "" {
		return ""
	}
	return fmt.Sprintf(" %q", name)
}

// psvTypeOf is the PSVResourceType DXC stores for a metadata resource.
func psvTypeOf(r dxil.Resource) PSVResourceType {
	uav := r.Class == "UAV"
	switch {
	case r.Class == "Sampler":
		return PSVSampler
	case r.Class == "CBuffer":
		return PSVCBV
	case r.Kind == "StructuredBuffer" && uav && r.HasCounter:
		return PSVUAVStructuredWithCounter
	case r.Kind == "StructuredBuffer" && uav:
		return PSVUAVStructured
	case r.Kind == "StructuredBuffer":
		return PSVSRVStructured
	case r.Kind == "RTAccelerationStructure":
		return PSVSRVRaw
	case r.Kind == "RawBuffer" && uav:
		return PSVUAVRaw
	case r.Kind == "RawBuffer":
		return PSVSRVRaw
	case uav:
		return PSVUAVTyped
	}
	return PSVSRVTyped
}

// psvKindOf is the PSVResourceKind (DXIL::ResourceKind) DXC stores.
func psvKindOf(r dxil.Resource) PSVResourceKind {
	switch r.Class {
	case "CBuffer":
		return PSVResourceKind(dxil.ResourceKindCBuffer)
	case "Sampler":
		return PSVResourceKind(dxil.ResourceKindSampler)
	}
	for k := dxil.ResourceKind(0); k.Named(); k++ {
		if k.String() == r.Kind {
			return PSVResourceKind(k)
		}
	}
	return 0
}

// resources compares PSV0's bindings with the module's, one by one in the
// order the runtime reads them: constant buffers, samplers, SRVs, UAVs, each
// class in the metadata's order.
func (c *ruleCheck) resources(p *Part, info *PSVInfo, m *dxil.Module, entry *dxil.EntryPoint, version int) {
	res := m.Resources
	if entry != nil && !entry.ModuleResources && len(entry.Resources) > 0 {
		res = entry.Resources
	}
	var ordered []dxil.Resource
	for _, class := range []string{"CBuffer", "Sampler", "SRV", "UAV"} {
		for _, r := range res {
			if r.Class == class {
				ordered = append(ordered, r)
			}
		}
	}
	if len(ordered) != len(info.Resources) {
		c.add(RuleContentMatches, spanOff(p, "PSVInfo/ResourceCount"), "PSV0", "resource bindings",
			"PSV0 lists %d resources, the module %d", len(info.Resources), len(ordered))
		return
	}
	for i, r := range ordered {
		got := info.Resources[i]
		upper := uint32(0xFFFFFFFF)
		if r.RangeSize != 0xFFFFFFFF {
			upper = r.LowerBound + r.RangeSize - 1
		}
		wantType := psvTypeOf(r)
		if got.Type != wantType || got.Space != r.Space || got.LowerBound != r.LowerBound || got.UpperBound != upper {
			c.add(RuleContentMatches, got.Offset, "PSV0", "resource bindings",
				"resource %d is %s (space %d, registers %d-%d) but the module's resource %d in the runtime's order (constant buffers, samplers, SRVs, UAVs) is %s%s (space %d, registers %d-%d): the resources are missing, extra or out of order",
				i, got.Type, got.Space, got.LowerBound, got.UpperBound, i, wantType, quoted(r.Name), r.Space, r.LowerBound, upper)
			continue
		}
		if version >= 2 && got.HasKindAndFlags && got.Kind != psvKindOf(r) {
			c.add(RuleContentMatches, got.Offset+16, "PSV0", "resource bindings",
				"resource %d's kind is %s; the module's%s is %s", i, got.Kind, quoted(r.Name), psvKindOf(r))
		}
	}
}

// runtimeInfo compares the entry's properties with PSVRuntimeInfo: the
// thread-group size, the wave sizes, the signature element counts.
func (c *ruleCheck) runtimeInfo(p *Part, info *PSVInfo, e *dxil.EntryPoint) {
	const part, where = "PSV0", "PSVRuntimeInfo"
	if info.Version >= 2 && len(e.NumThreads) == 3 {
		got := [3]uint32{info.NumThreadsX, info.NumThreadsY, info.NumThreadsZ}
		if got != [3]uint32{e.NumThreads[0], e.NumThreads[1], e.NumThreads[2]} {
			c.add(RuleContentMatches, spanOff(p, "PSVInfo/NumThreadsX"), part, where,
				"NumThreads is %d, %d, %d but the entry's numthreads is %d, %d, %d", got[0], got[1], got[2], e.NumThreads[0], e.NumThreads[1], e.NumThreads[2])
		}
	}
	if len(e.WaveSize) > 0 {
		lo, hi := e.WaveSize[0], e.WaveSize[0]
		if len(e.WaveSize) >= 2 && e.WaveSize[1] != 0 {
			hi = e.WaveSize[1]
		}
		if info.MinimumWaveLaneCount != lo || info.MaximumWaveLaneCount != hi {
			c.add(RuleContentMatches, spanOff(p, "PSVInfo/MinimumWaveLaneCount"), part, where,
				"the wave lane counts are %d-%d but the entry's wave size is %d-%d", info.MinimumWaveLaneCount, info.MaximumWaveLaneCount, lo, hi)
		}
	}
	c.stageState(p, info, e)
	if info.Version >= 1 && e.Signatures != nil {
		for _, s := range []struct {
			got  uint8
			want int
			path string
		}{
			{info.SigInputElementCount, len(e.Signatures.Inputs), "SigInputElementCount"},
			{info.SigOutputElementCount, len(e.Signatures.Outputs), "SigOutputElementCount"},
			{info.SigPatchConstOrPrimElementCount, len(e.Signatures.PatchConstant), "SigPatchConstOrPrimElementCount"},
		} {
			if int(s.got) != s.want {
				c.add(RuleContentMatches, spanOff(p, "PSVInfo/"+s.path), part, where, "%s is %d; the module's signature has %d elements", s.path, s.got, s.want)
			}
		}
	}
}

// stageState compares a mesh or amplification shader's MSState/ASState
// with PSV0's stage union (and, from PSV v1, the mesh output topology), as
// DXC's validator compares the PSV0 it would write (InitPSVRuntimeInfo
// copies the properties field by field).
func (c *ruleCheck) stageState(p *Part, info *PSVInfo, e *dxil.EntryPoint) {
	const part, where = "PSV0", "PSVRuntimeInfo"
	type field struct {
		path      string
		got, want uint32
	}
	var fields []field
	switch {
	case e.MeshState != nil && info.MS != nil:
		ms := e.MeshState
		fields = []field{
			{"MaxOutputVertices", uint32(info.MS.MaxOutputVertices), ms.MaxVertexCount},
			{"MaxOutputPrimitives", uint32(info.MS.MaxOutputPrimitives), ms.MaxPrimitiveCount},
			{"PayloadSizeInBytes", info.MS.PayloadSizeInBytes, ms.PayloadSize},
		}
		if info.Version >= 1 {
			fields = append(fields, field{"MeshOutputTopology", uint32(info.MeshOutputTopology), uint32(ms.OutputTopology)})
		}
	case e.AmpState != nil && info.AS != nil:
		fields = []field{{"PayloadSizeInBytes", info.AS.PayloadSizeInBytes, e.AmpState.PayloadSize}}
	}
	state := "MSState"
	if e.AmpState != nil {
		state = "ASState"
	}
	for _, f := range fields {
		if f.got != f.want {
			c.add(RuleContentMatches, spanOff(p, "PSVInfo/"+f.path), part, where,
				"%s is %d but the entry's %s says %d", f.path, f.got, state, f.want)
		}
	}
}

// sigCompType is the component type DXC stores for a metadata component
// type (CompTypeToSigCompType): validators before 1.5 stored bools as Unknown.
func sigCompType(ct uint32, i1Unknown bool) PSVComponentType {
	switch ct {
	case dxil.CompI1:
		if i1Unknown {
			return PSVCompUnknown
		}
		return PSVCompUInt32
	case dxil.CompI16:
		return PSVCompSInt16
	case dxil.CompU16:
		return PSVCompUInt16
	case dxil.CompI32:
		return PSVCompSInt32
	case dxil.CompU32:
		return PSVCompUInt32
	case dxil.CompI64:
		return PSVCompSInt64
	case dxil.CompU64:
		return PSVCompUInt64
	case dxil.CompF16:
		return PSVCompFloat16
	case dxil.CompF32:
		return PSVCompFloat32
	case dxil.CompF64:
		return PSVCompFloat64
	}
	return PSVCompUnknown
}

// elements compares PSV0's signature elements with the module's, field by
// field as DXC fills them (InitPSVSignatureElement).
func (c *ruleCheck) elements(p *Part, got []PSVSignatureElement, want []dxil.SignatureElement, list string, i1Unknown bool) {
	if len(got) != len(want) {
		return // runtimeInfo reported the counts
	}
	for i, w := range want {
		g := got[i]
		var diff []string
		if w.SemanticKind == 0 && g.Name != w.Name { // Arbitrary: the name is its own
			diff = append(diff, fmt.Sprintf("name %q, the module's %q", g.Name, w.Name))
		}
		if uint32(g.Kind) != w.SemanticKind {
			diff = append(diff, fmt.Sprintf("semantic kind %s, the module's %s", g.Kind, PSVSemanticKind(w.SemanticKind)))
		}
		if len(g.Indices) != len(w.SemanticIndices) || fmt.Sprint(g.Indices) != fmt.Sprint(w.SemanticIndices) {
			diff = append(diff, fmt.Sprintf("semantic indices %v, the module's %v", g.Indices, w.SemanticIndices))
		}
		if uint32(g.Rows) != w.Rows || uint32(g.Cols) != w.Cols {
			diff = append(diff, fmt.Sprintf("%d rows × %d columns, the module's %d × %d", g.Rows, g.Cols, w.Rows, w.Cols))
		}
		allocated := w.StartRow >= 0
		if g.Allocated != allocated || allocated && (g.StartRow != int(w.StartRow) || g.StartCol != int(w.StartCol)) {
			diff = append(diff, fmt.Sprintf("start row %d column %d, the module's %d, %d", g.StartRow, g.StartCol, w.StartRow, w.StartCol))
		}
		if ct := sigCompType(w.CompType, i1Unknown); g.ComponentType != ct {
			diff = append(diff, fmt.Sprintf("component type %s, the module's %s", g.ComponentType, ct))
		}
		if uint32(g.Interpolation) != w.InterpMode {
			diff = append(diff, fmt.Sprintf("interpolation %s, the module's %s", g.Interpolation, PSVInterpolationMode(w.InterpMode)))
		}
		if uint32(g.DynamicMask) != w.DynIdxCompMask&0xF {
			diff = append(diff, fmt.Sprintf("dynamic index mask 0x%x, the module's 0x%x", g.DynamicMask, w.DynIdxCompMask))
		}
		if len(diff) > 0 {
			c.add(RuleContentMatches, g.Offset, "PSV0", "signature elements", "%s[%d] (%s) differs from the module's element: %s", list, i, g.Semantic(), strings.Join(diff, "; "))
		}
	}
}

// sigRow is one row a signature part should hold.
type sigRow struct {
	name            string // lower case: compilers spell system values either way
	index, register uint32
	mask            uint8
	compType        uint32
	stream          uint32
	streamKnown     bool
	allocated       bool
	offset          int64 // where the row's source lies (a PSV0 element), 0 for the metadata
}

// metadataRows are the rows DXC's signature writer makes of the module's
// elements: one per semantic index, the register advancing by the rows
// each index covers.
func metadataRows(els []dxil.SignatureElement, i1Unknown bool) []sigRow {
	var out []sigRow
	for _, e := range els {
		per := uint32(1)
		if n := uint32(len(e.SemanticIndices)); n > 0 {
			per = e.Rows / n
		}
		for i, idx := range e.SemanticIndices {
			r := sigRow{name: strings.ToLower(e.Name), index: idx, compType: uint32(sigCompType(e.CompType, i1Unknown)),
				allocated: e.StartRow >= 0, register: 0xFFFFFFFF}
			if r.allocated {
				r.register = uint32(e.StartRow) + uint32(i)*per
				r.mask = uint8((1<<e.Cols)-1) << uint(e.StartCol&3)
			}
			out = append(out, r)
		}
	}
	return out
}

// psvRows are the rows PSV0's elements describe.
func psvRows(els []PSVSignatureElement) []sigRow {
	var out []sigRow
	for _, el := range els {
		for r := 0; r < int(el.Rows) && r < len(el.Indices); r++ {
			row := sigRow{name: strings.ToLower(el.Semantic()), index: el.Indices[r], compType: uint32(el.ComponentType),
				stream: uint32(el.Stream), streamKnown: true, allocated: el.Allocated, register: 0xFFFFFFFF, offset: el.Offset}
			if el.Allocated {
				row.register = uint32(el.StartRow + r)
				row.mask = uint8((1<<el.Cols)-1) << uint(el.StartCol)
			}
			out = append(out, row)
		}
	}
	return out
}

// signatureParts compares each signature part with the rows the module's
// signature gives it (DXC's validator regenerates the part from the
// module), or, without the metadata, with PSV0's elements, which DXC
// writes from the same module.
func (c *ruleCheck) signatureParts(info *PSVInfo, entry *dxil.EntryPoint, i1Unknown bool) {
	for i, part := range []string{"ISG1", "OSG1", "PSG1"} {
		sp := c.f.Part(part)
		if sp == nil || sp.Signature == nil {
			continue
		}
		var want []sigRow
		from := "the module's signature"
		if entry != nil && entry.Signatures != nil {
			want = metadataRows([][]dxil.SignatureElement{entry.Signatures.Inputs, entry.Signatures.Outputs, entry.Signatures.PatchConstant}[i], i1Unknown)
		} else {
			want, from = psvRows(info.Elements(PSVSigKind(i))), "PSV0's elements"
		}
		// The first row of each name and index, and of each name, index and
		// stream: a walk of the rows of one name and index for each row
		// wanted cost rows² when none had the stream wanted.
		type key struct {
			name          string
			index, stream uint32
			anyStream     bool
		}
		rows := map[key]*SignatureParameter{}
		for j := range sp.Signature.Parameters {
			e := &sp.Signature.Parameters[j]
			name := strings.ToLower(e.Name)
			for _, k := range []key{{name, e.Index, 0, true}, {name, e.Index, e.Stream, false}} {
				if rows[k] == nil {
					rows[k] = e
				}
			}
		}
		if len(want) != len(sp.Signature.Parameters) {
			c.add(RulePartMatches, sp.DataOffset, part, "signature", "%s has %d rows; %s gives %d", part, len(sp.Signature.Parameters), from, len(want))
			continue
		}
		for _, w := range want {
			row := rows[key{w.name, w.index, 0, true}]
			if w.streamKnown {
				row = rows[key{w.name, w.index, w.stream, false}]
			}
			if row == nil {
				off := w.offset
				if off == 0 {
					off = sp.DataOffset
				}
				c.add(RulePartMatches, off, part, "signature", "%s has no row for %s%d, which %s gives it", part, w.name, w.index, from)
				continue
			}
			var diff []string
			if w.allocated && row.Register != w.register {
				diff = append(diff, fmt.Sprintf("register %d where %s say %d", row.Register, from, w.register))
			}
			if w.allocated && row.Mask != w.mask {
				diff = append(diff, fmt.Sprintf("mask %s where %s say %s", MaskString(row.Mask), from, MaskString(w.mask)))
			}
			if uint32(row.CompType) != w.compType {
				diff = append(diff, fmt.Sprintf("component type %s where %s say %s", row.CompType, from, SigComponentType(w.compType)))
			}
			if len(diff) > 0 {
				c.add(RulePartMatches, row.Offset, part, "signature", "%s%d: %s", row.Name, row.Index, strings.Join(diff, "; "))
			}
		}
	}
}

// unusedEntries reports PSV0 string-table strings and semantic-index
// entries no element (or the entry name) refers to, as the validator's
// table verifiers do.
func (c *ruleCheck) unusedEntries(p *Part, info *PSVInfo) {
	usedStr := map[uint32]bool{}
	usedIdx := make([]bool, len(info.SemanticIndexTable))
	for _, list := range [][]PSVSignatureElement{info.SigInputElements, info.SigOutputElements, info.SigPatchOrPrimElements} {
		for _, e := range list {
			usedStr[e.SemanticName] = true
			for i := int64(e.SemanticIndexes); i < int64(e.SemanticIndexes)+int64(e.Rows) && i < int64(len(usedIdx)); i++ {
				usedIdx[i] = true
			}
		}
	}
	if info.Version >= 3 {
		usedStr[info.EntryFunctionName] = true
	}
	tableOff := spanOff(p, "PSVInfo/StringTableSize") + 4
	for _, s := range info.StringTable {
		if usedStr[s.Offset] || s.Offset == 0 && s.Value == "" {
			continue // DXC puts an empty string first whether or not anything uses it
		}
		c.add(RuleUnusedItemInTable, tableOff+int64(s.Offset), "PSV0", "string table", "the string table's %q (offset %d) is used by no element", s.Value, s.Offset)
	}
	idxOff := spanOff(p, "PSVInfo/SemanticIndexTableEntries") + 4
	for i, used := range usedIdx {
		if !used {
			c.add(RuleUnusedItemInTable, idxOff+int64(i)*4, "PSV0", "semantic index table", "semantic index table entry %d is used by no element", i)
		}
	}
}
