package decode

import (
	"fmt"
	"strings"
)

// PartInfo describes a part FourCC for people: its long name and what it holds.
type PartInfo struct {
	Title string // "pipeline state validation"
	About string // one or two sentences
}

// partInfo covers the 24 part names of the DXContainer document and the FXC-era
// parts seen in real files.
var partInfo = map[string]PartInfo{
	"DXIL": {"DXIL program", "The shader as DXIL: a program header (stage, shader model, DXIL version) followed by LLVM 3.7 bitcode."},
	"ILDB": {"DXIL with debug info", "The DXIL program again, with LLVM debug information kept in the module (written by -Zi)."},
	"ILDN": {"debug name", "The file name of the external debug information (PDB) for this shader."},
	"HASH": {"shader hash", "An MD5 of the shader, used by tools and drivers to identify it; a flag says whether the source was included."},
	"SFI0": {"shader feature info", "A 64-bit set of optional features the shader requires from the device (doubles, wave ops, 64-bit atomics...)."},
	"ISG1": {"input signature", "The shader's inputs: semantic, index, register, mask, type (DXC and SM 5.1+ layout, 32-byte elements)."},
	"OSG1": {"output signature", "The shader's outputs: semantic, index, register, mask, type (DXC and SM 5.1+ layout, 32-byte elements)."},
	"PSG1": {"patch-constant signature", "Hull shader outputs / domain shader inputs per patch, or mesh shader per-primitive outputs (32-byte elements)."},
	"ISGN": {"input signature (SM4/5)", "FXC input signature with 24-byte elements."},
	"OSGN": {"output signature (SM4/5)", "FXC output signature with 24-byte elements."},
	"OSG5": {"output signature with streams (SM5)", "FXC geometry shader output signature with a stream per element (28-byte elements)."},
	"PCSG": {"patch-constant signature (SM5)", "FXC hull/domain patch-constant signature with 24-byte elements."},
	"PSV0": {"pipeline state validation", "What the D3D12 runtime checks when it creates a pipeline: stage info, resources, signature elements, ViewID and input-to-output dependencies."},
	"RTS0": {"root signature", "A serialized root signature: parameters, descriptor tables, static samplers and flags."},
	"RDAT": {"runtime data", "Tables describing a DXIL library: functions, resources, subobjects, work-graph nodes."},
	"STAT": {"statistics", "DXC: a reflection-only DXIL module. FXC: instruction and register counts."},
	"PRIV": {"private data", "Arbitrary bytes added by a tool; neither compiler interprets them. Must be the last part."},
	"PDBI": {"PDB info", "Debug information (sources, arguments, libraries) as an RDAT blob, possibly compressed."},
	"SRCI": {"source info", "The shader's source files (possibly zlib-compressed), their names and the compiler arguments."},
	"VERS": {"compiler version", "The version, commit and custom version string of the compiler that wrote the container."},
	"RDEF": {"resource definitions", "FXC reflection: constant buffers with their variables and types, and resource bindings."},
	"SHDR": {"SM4 bytecode", "The shader as a Shader Model 4 token stream."},
	"SHEX": {"SM5 bytecode", "The shader as a Shader Model 5 token stream."},
	"DXBC": {"DXBC bytecode", "A nested DXBC token stream, as listed by the DXContainer document."},
	"SDBG": {"shader debug info", "FXC debug information (legacy format)."},
	"SPDB": {"shader PDB", "FXC debug information as an embedded PDB (MSF) file."},
	"Aon9": {"10Level9 shader", "A Direct3D 9 style shader for feature level 9 devices, embedded by FXC for 4_0_level_9_x targets."},
	"XNAS": {"Xbox shader data", "Platform-specific shader data written by Xbox toolchains; undocumented."},
	"XNAP": {"Xbox shader data", "Platform-specific shader data written by Xbox toolchains; undocumented."},
	"IFCE": {"interfaces", "FXC class-linkage interface data (dynamic shader linkage); undocumented here."},
	"FX10": {"effect", "A Direct3D 10/11 effect (fx_4/fx_5) binary."},
	"CXIL": {"unknown", "A part name seen in LLVM tests only."},
}

// DescribePart returns what a part FourCC is, or an "unknown part" description.
func DescribePart(name string) PartInfo {
	if pi, ok := partInfo[name]; ok {
		return pi
	}
	return PartInfo{"unknown part", fmt.Sprintf("No document describes a part named %q; its bytes are shown raw.", printable([]byte(name)))}
}

// knownLayout says whether the part's whole layout is documented, so bytes no
// field covers deserve a note.
func knownLayout(name string) bool {
	switch name {
	case "SFI0", "HASH", "ILDN", "VERS", "SRCI", "PDBI", "DXIL", "ILDB", "ISG1", "OSG1", "PSG1", "ISGN", "OSGN", "OSG5", "PCSG", "PSV0", "RTS0", "RDAT", "RDEF":
		return true
	}
	return false
}

// partSummary is the one-line summary for parts whose decoder set none.
func partSummary(p *Part) string {
	switch {
	case p.Flags != nil:
		n := p.Flags.Names()
		if len(n) == 0 {
			return "no optional features"
		}
		return strings.Join(n, ", ")
	case p.Hash != nil:
		s := "MD5 " + p.Hash.Digest.String()
		if p.Hash.IncludesSource {
			s += " (includes source)"
		}
		return s
	case p.Program != nil:
		h := p.Program
		return fmt.Sprintf("%s, %s, DXIL %d.%d, %d bytes of bitcode", h.ShaderKindName, Profile(h.ShaderKind, h.MajorVersion, h.MinorVersion), h.DXILMajorVersion, h.DXILMinorVersion, h.DXILSize)
	case p.DebugName != nil:
		return p.DebugName.DebugName
	case p.CompilerVersion != nil:
		v := p.CompilerVersion
		s := fmt.Sprintf("%d.%d, %d commits", v.Major, v.Minor, v.CommitCount)
		if v.CommitSha != "" {
			s += " (" + v.CommitSha + ")"
		}
		if v.CustomVersionString != "" {
			s += " " + v.CustomVersionString
		}
		return s
	case p.SourceInfo != nil:
		s := p.SourceInfo
		var files, args int
		if s.Names != nil {
			files = len(s.Names.Entries)
		}
		if s.Args != nil {
			args = len(s.Args.Args)
		}
		return fmt.Sprintf("%d source files, %d arguments", files, args)
	case p.PDBInfo != nil:
		c := "uncompressed"
		if p.PDBInfo.CompressionType == 1 {
			c = "zlib"
		}
		return fmt.Sprintf("%s, %d bytes (%d inflated)", c, p.PDBInfo.SizeInBytes, p.PDBInfo.UncompressedSizeInBytes)
	case p.Statistics != nil:
		if len(p.Statistics.Fields) > 0 {
			return fmt.Sprintf("%d instructions", p.Statistics.Fields[0].Value)
		}
	}
	return fmt.Sprintf("%d bytes, raw", len(p.data))
}
