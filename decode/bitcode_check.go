package decode

import (
	"fmt"

	"github.com/dxscope/dxscope/decode/binread"
)

// checkModule compares what the module's metadata says with the program
// header, and checks each dx.op opcode against the shader model and stage
// DXC allows it in (dxilops.go). r is the bitcode's reader, for offsets.
func checkModule(h *ProgramHeader, m *Module, r *binread.Reader) {
	if m == nil || h == nil {
		return
	}
	major, minor := h.MajorVersion, h.MinorVersion
	kind := h.ShaderKind
	if sm := m.ShaderModel; sm != nil {
		k, known := profileKinds[sm.Kind]
		switch {
		case !known:
			r.ProblemAt(Warning, 0, "dx.shaderModel", "!dx.shaderModel names the shader kind %q, which DXIL does not define", sm.Kind)
		case k != h.ShaderKind && !(k == dxKindLibrary && h.ShaderKind == dxKindLibrary):
			r.ProblemAt(Warning, 0, "dx.shaderModel", "the metadata says %s but the program header says %s (%s)", sm, Profile(h.ShaderKind, h.MajorVersion, h.MinorVersion), h.ShaderKind)
		}
		if sm.Major != h.MajorVersion || sm.Minor != h.MinorVersion {
			r.ProblemAt(Warning, 0, "dx.shaderModel", "the metadata says shader model %d.%d but the program header says %d.%d", sm.Major, sm.Minor, h.MajorVersion, h.MinorVersion)
		}
		major, minor = sm.Major, sm.Minor
		if known {
			kind = k
		}
	} else if len(m.Blocks) > 0 {
		r.ProblemAt(Warning, 0, "dx.shaderModel", "the module has no !dx.shaderModel metadata")
	}
	if v := m.DXILVersion; v != nil && (v.Major != h.DXILMajorVersion || v.Minor != h.DXILMinorVersion) {
		r.ProblemAt(Warning, 0, "dx.version", "the metadata says DXIL %d.%d but the program header says %d.%d", v.Major, v.Minor, h.DXILMajorVersion, h.DXILMinorVersion)
	}
	for _, o := range m.DXOps {
		at := int(o.Offset - r.Base)
		info, ok := dxOpLookup(o.Opcode)
		if !ok {
			r.ProblemAt(Warning, at, "dx.op census", "%d calls use dx.op opcode %d, which no DXC version defines", o.Count, o.Opcode)
			continue
		}
		if len(info.Name) > 8 && info.Name[:8] == "Reserved" {
			r.ProblemAt(Warning, at, "dx.op census", "%d calls use dx.op opcode %d, which DXC reserves (%s)", o.Count, o.Opcode, info.Name)
			continue
		}
		if major < uint32(info.MinMajor) || (major == uint32(info.MinMajor) && minor < uint32(info.MinMinor)) {
			r.ProblemAt(Warning, at, "dx.op census", "%s (opcode %d) needs shader model %d.%d, but the module is %d.%d", info.Name, o.Opcode, info.MinMajor, info.MinMinor, major, minor)
		}
		// Libraries hold functions for many stages: the stage check needs the call graph, so it is left to the validator.
		if info.Stages != 0 && kind != dxKindLibrary && kind < 16 && info.Stages&dxStage(kind) == 0 {
			r.ProblemAt(Warning, at, "dx.op census", "%s (opcode %d) is not allowed in %s shaders", info.Name, o.Opcode, kind)
		}
	}
}

// DXOpMinShaderModel returns the lowest shader model DXC allows an opcode in
// (6.0 for most), and false when DXC defines no such opcode.
func DXOpMinShaderModel(op uint32) (major, minor int, ok bool) {
	o, ok := dxOpLookup(op)
	return int(o.MinMajor), int(o.MinMinor), ok
}

// dxOpMinModel is DXOpMinShaderModel as "6.x" ("" when unknown).
func dxOpMinModel(op uint32) string {
	if a, b, ok := DXOpMinShaderModel(op); ok {
		return fmt.Sprintf("%d.%d", a, b)
	}
	return ""
}
