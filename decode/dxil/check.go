package dxil

import (
	"strings"

	"github.com/dxscope/dxscope/decode/report"
)

// Header is what a DXIL program header (DxilProgramHeader) says of the
// program: its kind, shader model and DXIL version.
type Header struct {
	Kind                 ShaderKind
	Major, Minor         uint32 // shader model
	DXILMajor, DXILMinor uint32
}

// Check compares what the module's metadata says with the program header,
// and checks each dx.op opcode against the shader model and kind DXC allows
// it in (the operation table). Problems go to sink in part: those about the
// metadata at base (the bitcode's offset), those about an opcode at its
// first call.
func Check(h Header, m *Module, base int64, part string, sink *report.Sink) {
	if m == nil {
		return
	}
	warn := func(off int64, what, format string, args ...any) {
		sink.Problem(report.Warning, off, part, what, format, args...)
	}
	major, minor := h.Major, h.Minor
	kind := h.Kind
	if sm := m.ShaderModel; sm != nil {
		k, known := KindOfProfile(sm.Kind)
		switch {
		case !known:
			warn(base, "dx.shaderModel", "!dx.shaderModel names the shader kind %q, which DXIL does not define", sm.Kind)
		case k != h.Kind:
			warn(base, "dx.shaderModel", "the metadata says %s but the program header says %s (%s)", sm, Profile(h.Kind, h.Major, h.Minor), h.Kind)
		}
		if sm.Major != h.Major || sm.Minor != h.Minor {
			warn(base, "dx.shaderModel", "the metadata says shader model %d.%d but the program header says %d.%d", sm.Major, sm.Minor, h.Major, h.Minor)
		}
		major, minor = sm.Major, sm.Minor
		if known {
			kind = k
		}
	} else if len(m.Blocks) > 0 {
		warn(base, "dx.shaderModel", "the module has no !dx.shaderModel metadata")
	}
	if v := m.DXILVersion; v != nil && (v.Major != h.DXILMajor || v.Minor != h.DXILMinor) {
		warn(base, "dx.version", "the metadata says DXIL %d.%d but the program header says %d.%d", v.Major, v.Minor, h.DXILMajor, h.DXILMinor)
	}
	for _, o := range m.DXOps {
		info, ok := lookupOp(o.Opcode)
		switch {
		case !ok:
			warn(o.Offset, "dx.op census", "%d calls use dx.op opcode %d, which no DXC version defines", o.Count, o.Opcode)
			continue
		case strings.HasPrefix(info.Name, "Reserved") && len(info.Name) > 8:
			warn(o.Offset, "dx.op census", "%d calls use dx.op opcode %d, which DXC reserves (%s)", o.Count, o.Opcode, info.Name)
			continue
		}
		if major < uint32(info.MinMajor) || (major == uint32(info.MinMajor) && minor < uint32(info.MinMinor)) {
			warn(o.Offset, "dx.op census", "%s (opcode %d) needs shader model %d.%d, but the module is %d.%d", info.Name, o.Opcode, info.MinMajor, info.MinMinor, major, minor)
		}
		// Libraries hold functions for many stages: the stage check needs the call graph, so it is left to the validator.
		if kind != Library && kind < Invalid && !info.Stages.allows(kind) {
			warn(o.Offset, "dx.op census", "%s (opcode %d) is not allowed in %s shaders", info.Name, o.Opcode, kind)
		}
	}
}
