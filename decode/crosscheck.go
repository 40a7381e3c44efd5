package decode

import (
	"fmt"
	"sort"
	"strings"

	"github.com/dxscope/dxscope/decode/dxil"
)

// checkDebugProgram is ILDB's Check: the program with debug information must
// be the same shader as the DXIL program beside it.
func checkDebugProgram(f *File, parts []*Part) {
	dx, ildb := f.Part("DXIL"), parts[0]
	if dx != nil && dx.Program != nil && ildb.Program != nil && dx.Program.ShaderKind != ildb.Program.ShaderKind {
		f.warn(ildb, "ShaderKind", "the ILDB program is a %s shader but the DXIL program is a %s shader", ildb.Program.ShaderKind, dx.Program.ShaderKind)
	}
}

// checkPSV0 is PSV0's Check: it compares what PSV0 says about the shader
// with the program's header and metadata. The runtime reads PSV0 while
// drivers compile the DXIL, so a disagreement between them is exactly the
// kind of bug people open this tool for. The first PSV0 is checked (a second
// one is already reported).
func checkPSV0(f *File, parts []*Part) {
	prog := f.Part("DXIL")
	if prog == nil || prog.Program == nil || prog.Module == nil {
		prog = f.Part("ILDB")
	}
	psv := parts[0]
	if prog == nil || prog.Program == nil || psv.PSVInfo == nil {
		return
	}
	h, info, m := prog.Program, psv.PSVInfo, prog.Module
	if info.Version >= 1 && info.StageKnown && info.ShaderStage != h.ShaderKind {
		f.warn(psv, "ShaderStage", "PSV0 says the shader is a %s shader, the %s program header says %s", info.ShaderStage, prog.Name, h.ShaderKind)
	}
	if m == nil || h.ShaderKind == dxil.Library { // libraries describe their entries in RDAT, not PSV0
		return
	}
	var entry *dxil.EntryPoint
	for i := range m.EntryPoints {
		if m.EntryPoints[i].Function != "" {
			entry = &m.EntryPoints[i]
			break
		}
	}
	if entry == nil {
		return
	}
	if info.Version >= 3 && info.EntryName != entry.Name {
		f.warn(psv, "EntryName", "PSV0 names the entry function %q, the DXIL metadata (dx.entryPoints) names it %q", info.EntryName, entry.Name)
	}
	res := entry.Resources
	if entry.ModuleResources || len(res) == 0 {
		res = m.Resources
	}
	inPSV := map[string]int{}
	for _, r := range info.Resources {
		inPSV[psvBinding(r)]++
	}
	inMeta := map[string]int{}
	for _, r := range res {
		inMeta[metaBinding(r)]++
	}
	var missing, extra []string
	for k, n := range inMeta {
		if inPSV[k] < n {
			missing = append(missing, k)
		}
	}
	for k, n := range inPSV {
		if inMeta[k] < n {
			extra = append(extra, k)
		}
	}
	sort.Strings(missing)
	sort.Strings(extra)
	if len(missing) > 0 {
		f.warn(psv, "Resources", "the DXIL metadata declares %s, which PSV0's resource table lacks", strings.Join(missing, ", "))
	}
	if len(extra) > 0 {
		f.warn(psv, "Resources", "PSV0's resource table lists %s, which the DXIL metadata does not declare", strings.Join(extra, ", "))
	}
}

// psvBinding and metaBinding render a binding the same way from both sides:
// class, register range and space, e.g. "SRV t0-3 space0".
func psvBinding(r PSVResourceBindInfo) string {
	class := "?"
	switch {
	case r.Type == PSVSampler:
		class = "Sampler"
	case r.Type == PSVCBV:
		class = "CBuffer"
	case r.Type >= PSVSRVTyped && r.Type <= PSVSRVStructured:
		class = "SRV"
	case r.Type >= PSVUAVTyped && r.Type <= PSVUAVStructuredWithCounter:
		class = "UAV"
	}
	return bindingText(class, r.Space, r.LowerBound, r.UpperBound)
}

func metaBinding(r dxil.Resource) string {
	upper := uint32(0xFFFFFFFF)
	if r.RangeSize != 0xFFFFFFFF {
		upper = r.LowerBound + r.RangeSize - 1
	}
	return bindingText(r.Class, r.Space, r.LowerBound, upper)
}

func bindingText(class string, space, lower, upper uint32) string {
	reg := map[string]string{"SRV": "t", "UAV": "u", "CBuffer": "b", "Sampler": "s"}[class]
	hi := fmt.Sprint(upper)
	if upper == 0xFFFFFFFF {
		hi = "unbounded"
	}
	if upper == lower {
		return fmt.Sprintf("%s %s%d space%d", class, reg, lower, space)
	}
	return fmt.Sprintf("%s %s%d-%s space%d", class, reg, lower, hi, space)
}

// warn reports a cross-part disagreement at the bytes of a field of the
// part's value (or at the part's).
func (f *File) warn(p *Part, field, format string, args ...any) {
	off := p.DataOffset
	path := valueKey(LookupPart(p.Name)) + "/" + field
	for _, s := range p.Spans {
		if s.Path == path {
			off = s.Off
			break
		}
	}
	f.Problems = append(f.Problems, Problem{Severity: Warning, Offset: off, Part: p.Name, Structure: "cross-check", Message: fmt.Sprintf(format, args...)})
}
