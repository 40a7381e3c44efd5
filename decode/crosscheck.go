package decode

import (
	"fmt"
	"sort"
	"strings"

	"github.com/dxscope/dxscope/decode/dxil"
)

// crossCheck compares what different parts say about the same shader: the
// runtime reads PSV0 while drivers compile the DXIL, so a disagreement between
// them is exactly the kind of bug people open this tool for.
func (f *File) crossCheck() {
	dx, ildb := f.Part("DXIL"), f.Part("ILDB")
	if dx != nil && ildb != nil && dx.Program != nil && ildb.Program != nil && dx.Program.ShaderKind != ildb.Program.ShaderKind {
		f.warn(ildb, "ShaderKind", "the ILDB program is a %s shader but the DXIL program is a %s shader", ildb.Program.ShaderKind, dx.Program.ShaderKind)
	}
	prog := dx
	if prog == nil || prog.Program == nil || prog.Module == nil {
		prog = ildb
	}
	psv := f.Part("PSV0")
	if prog == nil || prog.Program == nil || psv == nil || psv.PSVInfo == nil {
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
	case r.Type == 1:
		class = "Sampler"
	case r.Type == 2:
		class = "CBuffer"
	case r.Type >= 3 && r.Type <= 5:
		class = "SRV"
	case r.Type >= 6 && r.Type <= 9:
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

// warn reports a cross-part disagreement at the field's bytes (or the part's).
func (f *File) warn(p *Part, field, format string, args ...any) {
	off := p.DataOffset
	for _, s := range p.Spans {
		if s.Path == p.Name+"/"+field {
			off = s.Off
			break
		}
	}
	f.Problems = append(f.Problems, Problem{Severity: Warning, Offset: off, Part: p.Name, Structure: "cross-check", Message: fmt.Sprintf(format, args...)})
}
