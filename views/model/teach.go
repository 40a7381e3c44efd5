package model

import (
	"regexp"
	"strings"

	"github.com/dxscope/dxscope/decode"
)

// VisibleNodes returns the tree's nodes in display order, descending only
// into open nodes. Long arrays are cut at MaxChildren unless the node is in
// all.
func VisibleNodes(t *Tree, open map[int]bool) []*Node {
	if t == nil {
		return nil
	}
	var out []*Node
	var walk func(n *Node)
	walk = func(n *Node) {
		out = append(out, n)
		if !open[n.ID] {
			return
		}
		for i, c := range n.Children {
			if i == MaxChildren && !open[-1-n.ID] {
				break
			}
			walk(c)
		}
	}
	walk(t.Root)
	return out
}

// MaxChildren is how many children of one node are listed before a
// "show all" row.
const MaxChildren = 256

func LastSeg(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[i+1:]
	}
	return p
}

// TeachFor looks a lesson up by span path, then by the node's JSON path read
// from the part name (with and without the typed key).
func TeachFor(part, spanPath, jsonPath string) (Lesson, bool, bool) {
	var cands []string
	if spanPath != "" {
		cands = append(cands, spanPath)
	}
	if jsonPath != "" {
		if part == HeaderPart {
			cands = append(cands, jsonPath)
		} else {
			if _, rest, ok := strings.Cut(jsonPath, "/"); ok {
				cands = append(cands, part+"/"+rest)
			}
			cands = append(cands, part+"/"+jsonPath)
		}
	}
	var fallback Lesson
	var have bool
	if spanPath == part && part != HeaderPart {
		// A whole part: its description is the lesson.
		pi := decode.DescribePart(part)
		if _, _, ok := Teach(part); !ok {
			return Lesson{Pattern: part, Title: pi.Title, Meaning: pi.About}, true, true
		}
	}
	for _, c := range cands {
		l, exact, ok := Teach(c)
		if ok && exact {
			return l, true, true
		}
		if ok && !have {
			fallback, have = l, true
		}
	}
	return fallback, false, have
}

// Lesson explains one field or structure of the format: what it means and,
// where it helps, the rule that governs it. Written from the LLVM
// DXContainer document, HLSL proposal 0012 and the project's constants
// reference (/work/shared/reference/constants.md).
type Lesson struct {
	Pattern string // span path pattern: segments, [] for any index, * one segment, ** any number
	Title   string
	Meaning string
	Rule    string // optional: the rule behind the value
}

// lessons is the one table of teaching text, most specific patterns first.
var lessons = []Lesson{
	// Container header.
	{"Header", "Container header", "The fixed 32-byte header every DirectX container starts with, followed by the part offset table.", "Readers check the magic, the version (1.0) and that FileSize and the offset table fit in the file."},
	{"Header/Magic", "Magic", "The four bytes 'DXBC' that mark a DirectX shader container, for DXBC (FXC) and DXIL (DXC) shaders alike.", "Anything else is not a container; dxscope then scans the file for containers inside it."},
	{"Header/Hash", "Container digest", "A 16-byte checksum of the container, checked by the D3D runtime before it accepts the shader.", "It covers the bytes from offset 20 (the version) to FileSize. The algorithm is MD5's rounds with a different final block: the bit count goes first in the last block and (byteCount<<1)|1 last. All zero means unsigned; sixteen 0x02 bytes is DXC's preview-model bypass."},
	{"Header/Version", "Container version", "The container format version, major then minor (two 16-bit values).", "Every known writer uses 1.0; DXC rejects a major version other than 1."},
	{"Header/Version/Major", "Major version", "The container format's major version.", "Must be 1."},
	{"Header/Version/Minor", "Minor version", "The container format's minor version.", "0 in every known file."},
	{"Header/FileSize", "FileSize", "The size of the whole container in bytes, header included (ContainerSizeInBytes).", "DXC requires it to equal the end of the last part exactly and to be at most 0x80000000; bytes after it are not part of the container."},
	{"Header/PartCount", "PartCount", "How many parts the container has; the offset table that follows has this many 32-bit entries.", "32 + 4 × PartCount must fit within FileSize."},
	{"Header/PartOffsets", "Part offset table", "One 32-bit absolute file offset per part, pointing at that part's 8-byte header.", "DXC expects parts contiguous and in table order; LLVM only requires increasing offsets."},
	{"Header/PartOffsets[]", "Part offset", "The absolute offset of one part header in the file.", "It must leave room for the 8-byte part header before FileSize."},
	{"Digest/Status", "Digest status", "Whether the stored digest matches the checksum dxscope computed: valid, unsigned (all zero), bypass (0x02 bytes) or mismatch.", ""},
	{"Digest/Computed", "Computed digest", "The container checksum computed over bytes 20..FileSize, to compare with the stored one.", ""},
	{"Gap", "Bytes in no part", "Bytes between the header, the offset table and the parts that no part claims.", "DXC writes parts back to back; a gap means the file was built or edited by another tool."},
	{"Trailing", "Bytes after FileSize", "Bytes after the size the header declares; they are not part of the container.", ""},

	// Part header.
	{"*/PartHeader", "Part header", "Eight bytes before every part's data: its four-character name and its size.", "The data follows immediately; since validator 1.7 DXC pads every part except PRIV to a multiple of 4 bytes."},
	{"*/PartHeader/Name", "Part name (FourCC)", "Four ASCII characters naming what the part holds, e.g. DXIL, PSV0, ISG1.", "Parts with unknown names are kept raw. DXIL, SFI0, HASH, PSV0, RTS0, ILDB, ILDN, PRIV, VERS and SRCI may appear only once."},
	{"*/PartHeader/Size", "Part size", "The number of data bytes after this 8-byte header.", "The part must end within FileSize."},
	{"*/Unknown", "Unclaimed bytes", "Bytes of the part that no decoded field covers.", "Shown so nothing is skipped silently: padding, data from a newer format version, or damage."},
	{"*/Padding", "Padding", "Zero bytes that round a structure up to an alignment.", ""},
	{"*/Data", "Raw data", "The part's bytes, kept raw because dxscope does not decode this part (yet) or could not.", ""},

	// HASH, SFI0.
	{"HASH/Flags", "Shader hash flags", "Bit 0 (IncludesSource) says the hash was computed over the source too (compiled with -Zss).", "Other bits are undefined."},
	{"HASH/Digest", "Shader hash", "An MD5 identifying the shader for tools such as PIX and for driver caches; unlike the container digest it is plain MD5.", ""},
	{"SFI0/Flags", "Shader feature flags", "A 64-bit set of optional device features the shader needs (doubles, wave operations, 64-bit atomics, ...).", "Bits 0–32 are required features; bits 40 and 41 (uses derivatives, requires group) are informational and the runtime ignores them."},

	// Program header (DXIL, ILDB, STAT).
	{"*/Program", "Program header", "24 bytes before the DXIL bitcode: stage and shader model, size, the 'DXIL' magic, DXIL version, and where the bitcode is.", "The bitcode starts at 8 + BitcodeOffset from the start of the part and must fit in it."},
	{"*/ShaderKind", "Shader kind", "The stage, from the program version word (ShaderKind << 16) | (Major << 4) | Minor.", "ShaderKind: 0 Pixel, 1 Vertex, 2 Geometry, 3 Hull, 4 Domain, 5 Compute, 6 Library, 7–12 ray tracing, 13 Mesh, 14 Amplification, 15 Node."},
	{"*/MajorVersion", "Shader model major", "The shader model's major number (6 in vs_6_0), from the program version word.", ""},
	{"*/MinorVersion", "Shader model minor", "The shader model's minor number (0 in vs_6_0), from the program version word.", ""},
	{"*/DXILMinorVersion", "DXIL minor version", "The DXIL version's minor number: 8 for DXIL 1.8.", ""},
	{"*/Size", "Program size", "The size of the program, header included, in 32-bit words.", "Times four it must not exceed the part size."},
	{"*/DxilMagic", "DXIL magic", "The four bytes 'DXIL' that open the bitcode header.", ""},
	{"*/DXILMajorVersion", "DXIL major version", "The DXIL version's major number, from the word (Major << 8) | Minor: 1 for DXIL 1.8.", ""},
	{"*/DXILOffset", "Bitcode offset", "Where the LLVM bitcode starts, counted from the 'DXIL' magic (normally 16).", ""},
	{"*/DXILSize", "Bitcode size", "The size of the LLVM bitcode in bytes.", ""},
	{"*/Bitcode", "LLVM bitcode", "The shader as an LLVM 3.7 bitcode module; it starts with 'BC' 0xC0DE.", ""},

	// Signatures.
	{"*/ParamCount", "Element count", "How many signature elements follow.", ""},
	{"*/ParamOffset", "Element offset", "Where the first element starts, from the start of the part data (8 in every known file).", ""},
	{"*/**/NameOffset", "Semantic name offset", "An offset to the element's NUL-terminated semantic name (POSITION, SV_Target, ...), from the start of the part data.", "System values start with SV_."},
	{"*/Parameters[]/Index", "Semantic index", "The number after the semantic name: TEXCOORD3 has index 3.", ""},
	{"*/**/SystemValue", "System value", "Which system value (D3D_NAME) the element is: 0 none, 1 position, 64 target, 65 depth, ...", "FXC writes 0 for SV_Target, SV_Depth and SV_Coverage outputs."},
	{"*/**/CompType", "Component type", "The data type of each component: 1 uint, 2 int, 3 float, and 16/64-bit variants.", ""},
	{"*/**/Register", "Register", "The register the element lives in (v#/o#).", "0xFFFFFFFF means no register: depth, coverage, stencil and similar outputs."},
	{"*/**/Mask", "Component mask", "Which of x, y, z, w the element occupies: x=1, y=2, z=4, w=8.", ""},
	{"*/**/ExclusiveMask", "Used mask", "For inputs, the components the shader always reads; for outputs, the components it never writes.", "dumpbin's 'Used' column shows the read mask for inputs and the complement of the never-writes mask for outputs."},
	{"*/**/MinPrecision", "Minimum precision", "The precision the element may be computed at: 0 default, 1 16-bit float, 2 10-bit float, 4 16-bit int, 5 16-bit uint.", ""},
	{"*/**/Stream", "Stream", "The geometry-shader output stream (0–3) the element belongs to.", ""},

	// PSV0.
	{"PSV0", "Pipeline state validation", "What the D3D12 runtime checks when it creates a pipeline: stage info, resources, signature elements, ViewID masks and input-to-output dependencies.", "The first word is the size of PSVRuntimeInfo, and the size says the version: 24 bytes is v0, 36 v1, 48 v2, 52 v3, 56 v4. Readers must accept a larger size and read the prefix they know."},
	{"PSV0/**/ShaderStage", "Shader stage", "The stage as DXIL::ShaderKind: 0 Pixel, 1 Vertex, 2 Geometry, 3 Hull, 4 Domain, 5 Compute, 13 Mesh, 14 Amplification.", "Present from PSV v1."},
	{"PSV0/**/MinimumWaveLaneCount", "Minimum wave lanes", "The smallest wave size the shader works with (0: no requirement).", ""},
	{"PSV0/**/MaximumWaveLaneCount", "Maximum wave lanes", "The largest wave size the shader works with (0xFFFFFFFF: no requirement).", "When minimum equals maximum the shader was compiled with [WaveSize(N)]."},
	{"PSV0/**/UsesViewID", "Uses ViewID", "Whether the shader reads SV_ViewID (view instancing); then per-output ViewID masks follow the elements.", ""},
	{"PSV0/**/SigInputVectors", "Input vectors", "How many 4-component input rows the signature packs into.", "The input-to-output table has one row per input component: 4 × SigInputVectors rows."},
	{"PSV0/**/SigOutputVectors", "Output vectors", "How many 4-component output rows each of the four streams uses.", "Masks over outputs take (vectors + 7) / 8 words: one bit per component."},
	{"PSV0/**/NumThreads*", "Thread group size", "The [numthreads(x, y, z)] of a compute, mesh or amplification shader.", "Present from PSV v2."},
	{"PSV0/**/EntryName", "Entry function name", "The name of the shader's entry function, as an offset into the PSV0 string table.", "Present from PSV v3 (validator 1.8, HLSL proposal 0012)."},
	{"PSV0/**/EntryFunctionName", "Entry function name", "The name of the shader's entry function, as an offset into the PSV0 string table.", "Present from PSV v3 (validator 1.8, HLSL proposal 0012)."},
	{"PSV0/**/Resources", "Resource bindings", "One record per resource the shader binds: type, space, register range and (v2+) kind and flags.", "The record size is given once before the records (16 bytes before v2, 24 after)."},
	{"PSV0/**/SigInputElements", "Input elements", "The packed input signature: name, semantic indexes, rows, columns and type of each element.", "Elements are 16 bytes (or the size written before them); the names are offsets into the string table, the indexes into the semantic index table."},
	{"PSV0/**/SigOutputElements", "Output elements", "The packed output signature, one record per element.", ""},
	{"PSV0/**/Cols", "Columns", "How many components (1–4) the element uses in each row.", "Stored in the low 4 bits of a byte whose bits 4–5 are the start column and bit 6 says the element is allocated."},
	{"PSV0/**/StartRow", "Start row", "The first signature row (vector) the element occupies.", "Meaningful only for allocated elements."},
	{"PSV0/**/InputOutputMap", "Input-to-output dependencies", "For every input component, a bit mask of the output components whose value it can affect.", "Each row is (outputVectors + 7) / 8 words; input component c of vector v is row 4v + c; output component k is bit k & 31 of word k >> 5."},
	{"PSV0/**/OutputVectorMasks", "ViewID output masks", "The output components whose value depends on SV_ViewID.", ""},

	// RTS0.
	{"RTS0", "Root signature", "The root signature compiled with the shader: parameters (tables, constants, root descriptors), static samplers and flags.", "Version 1 is 1.0, 2 is 1.1 (adds descriptor and range flags), 3 is 1.2 (adds static sampler flags)."},
	{"RTS0/NumRootParameters", "Root parameter count", "How many root parameters the signature has; their 12-byte headers start at RootParametersOffset.", ""},
	{"RTS0/**/ShaderVisibility", "Shader visibility", "Which stage can see the parameter: 0 all, 1 vertex, 2 hull, 3 domain, 4 geometry, 5 pixel, 6 amplification, 7 mesh.", ""},

	// Other small parts.
	{"ILDN/**", "Debug name", "The file name of the PDB holding this shader's debug information.", "The part must be exactly align4(4 + NameLength + 1) bytes."},
	{"VERS/**", "Compiler version", "The version, commit count and commit hash of the DXC build that wrote the container.", ""},
	{"PRIV/**", "Private data", "Bytes added by a tool; no compiler interprets them.", "PRIV must be the last part."},
}

type compiledLesson struct {
	Lesson
	re *regexp.Regexp
}

var compiledLessons = func() []compiledLesson {
	out := make([]compiledLesson, len(lessons))
	for i, l := range lessons {
		var b strings.Builder
		b.WriteString("^")
		for j, seg := range strings.Split(l.Pattern, "/") {
			if seg == "**" {
				b.WriteString("(?:/[^/]+)*")
				continue
			}
			if j > 0 {
				b.WriteString("/")
			}
			s := regexp.QuoteMeta(seg)
			s = strings.ReplaceAll(s, `\[\]`, `/\d+`) // "Elements[]": any index
			s = strings.ReplaceAll(s, `\*`, `[^/]*`)
			b.WriteString(s)
		}
		b.WriteString("$")
		out[i] = compiledLesson{l, regexp.MustCompile(b.String())}
	}
	return out
}()

// Teach returns the lesson for the most specific pattern matching path,
// trying the enclosing paths when nothing matches the path itself. exact
// says whether the lesson is about path itself rather than a structure
// around it.
func Teach(path string) (l Lesson, exact, ok bool) {
	for p, first := path, true; p != ""; p, first = parentPath(p), false {
		for _, c := range compiledLessons {
			if c.re.MatchString(p) {
				return c.Lesson, first, true
			}
		}
	}
	return Lesson{}, false, false
}

// Lessons returns the table (for tests and documentation).
func Lessons() []Lesson { return lessons }
