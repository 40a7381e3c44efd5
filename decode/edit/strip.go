package edit

import "github.com/dxscope/dxscope/decode"

// Strip is a set of the compilers' strip options (dxc -Qstrip_debug,
// -Qstrip_reflect, -Qstrip_rootsignature, -Qstrip_priv; FXC's
// D3DCOMPILER_STRIP_* flags of D3DStripShader).
type Strip uint8

// The strip options.
const (
	StripDebug   Strip = 1 << iota // debug information: ILDB (DXIL); SDBG, SPDB (FXC)
	StripReflect                   // reflection: STAT, RDEF
	StripRootSig                   // the root signature part, RTS0
	StripPriv                      // private data, PRIV
)

// stripParts are the parts each option removes, whole. What DXC does for
// each (docs/edit.md has the sources):
//   - -Qstrip_debug on a compiled container is DxcContainerBuilder's
//     RemovePart(DFCC_ShaderDebugInfoDXIL): ILDB only. ILDN, the debug name,
//     stays: it is how a debugger finds the PDB. FXC's
//     D3DCOMPILER_STRIP_DEBUG_INFO removes its debug parts, SDBG and SPDB.
//   - -Qstrip_reflect leaves the STAT part (DXC's reflection copy of the
//     module) out of the container (SerializeDxilFlags without
//     IncludeReflectionPart); DXC never writes RDEF. FXC's
//     D3DCOMPILER_STRIP_REFLECTION_DATA removes RDEF and STAT.
//   - -Qstrip_rootsignature: RemovePart(DFCC_RootSignature), RTS0.
//   - -Qstrip_priv: RemovePart(DFCC_PrivateData), PRIV.
var stripParts = []struct {
	opt   Strip
	parts []string
}{
	{StripDebug, []string{"ILDB", "SDBG", "SPDB"}},
	{StripReflect, []string{"STAT", "RDEF"}},
	{StripRootSig, []string{"RTS0"}},
	{StripPriv, []string{"PRIV"}},
}

// Parts returns the part names the options remove, in the order above.
func (s Strip) Parts() []string {
	var out []string
	for _, sp := range stripParts {
		if s&sp.opt != 0 {
			out = append(out, sp.parts...)
		}
	}
	return out
}

// Edits returns the removals s makes in f: one per part name of s.Parts()
// that f has.
func (s Strip) Edits(f *decode.File) []Edit {
	var out []Edit
	for _, name := range s.Parts() {
		if f.Part(name) != nil {
			out = append(out, Edit{Op: Remove, Name: name})
		}
	}
	return out
}
