package decode

import (
	"fmt"
	"strings"

	"github.com/dxscope/dxscope/decode/binread"
	"github.com/dxscope/dxscope/decode/report"
)

// ResourceDefinitions is the FXC RDEF part: the reflection data behind
// ID3D11ShaderReflection — constant buffers with their variables and types,
// and the resource bindings. Offsets inside it count from the part's data.
type ResourceDefinitions struct {
	Header           RDEFHeader
	RD11             *rdefHeader11         `json:",omitempty"` // SM 5.0+ only
	ConstantBuffers  []RDEFConstantBuffer  // in file order
	ResourceBindings []RDEFResourceBinding // in file order
	Types            []RDEFType            // added: every type reached from a variable, once, in discovery order
}

// RDEFHeader is the fixed 28-byte RDEF header.
type RDEFHeader struct {
	CBufferCount   uint32
	CBufferOffset  uint32
	ResourceCount  uint32
	ResourceOffset uint32
	Target         uint32 // (ProgramType << 16) | (Major << 8) | Minor
	ProgramType    uint16 // 0xFFFF pixel, 0xFFFE vertex, 'GS', 'HS', 'DS', 'CS'
	ProgramName    string // added: Pixel, Vertex ...
	Major          uint8
	Minor          uint8
	Profile        string // added: e.g. ps_5_0
	Flags          uint32 // the D3DCOMPILE_* flags the shader was compiled with
	FlagsNames     FlagNames
	CreatorOffset  uint32
	Creator        string
}

// rdefHeader11 is the block SM 5.0+ RDEF adds after the header: a magic
// ('RD11', or 0x25441313 for SM 5.1) and the sizes of the structures that follow.
type rdefHeader11 struct {
	Magic              uint32
	MagicName          string // "RD11" or "RD11 (5.1)"
	HeaderSize         uint32 // 60
	CBufferSize        uint32 // 24
	BindingSize        uint32 // 32, 40 for SM 5.1
	VariableSize       uint32 // 40
	TypeSize           uint32 // 36
	MemberSize         uint32 // 12
	InterfaceSlotCount uint32 // non-zero only with class linkage (interfaces)
}

// RDEFConstantBuffer is one constant buffer (D3D11_SHADER_BUFFER_DESC).
type RDEFConstantBuffer struct {
	Name           string
	NameOffset     uint32
	VariableCount  uint32
	VariableOffset uint32
	Size           uint32
	Flags          uint32
	FlagsNames     FlagNames
	Type           uint32
	TypeName       string // D3D_CBUFFER_TYPE
	Variables      []RDEFVariable
}

// RDEFVariable is one constant-buffer variable (D3D11_SHADER_VARIABLE_DESC).
type RDEFVariable struct {
	Name               string
	NameOffset         uint32
	StartOffset        uint32
	Size               uint32
	Flags              uint32
	FlagsNames         FlagNames
	TypeOffset         uint32
	DefaultValueOffset uint32
	DefaultValue       HexBytes `json:",omitempty"`
	StartTexture       *uint32  `json:",omitempty"` // SM 5.0+ only, 0xFFFFFFFF when none
	TextureSize        *uint32  `json:",omitempty"`
	StartSampler       *uint32  `json:",omitempty"`
	SamplerSize        *uint32  `json:",omitempty"`
	TypeIndex          int      // added: index in ResourceDefinitions.Types, -1 if the type could not be read
	TypeText           string   // added: the type in HLSL spelling, e.g. float4x4, MyStruct[3]
}

// RDEFType is one type (D3D11_SHADER_TYPE_DESC) and its members.
type RDEFType struct {
	Offset       uint32 // added: where the type is, from the RDEF data start
	Class        uint16
	ClassName    string // D3D_SHADER_VARIABLE_CLASS
	Type         uint16
	TypeName     string // D3D_SHADER_VARIABLE_TYPE
	Rows         uint16
	Columns      uint16
	Elements     uint16
	Members      uint16
	MemberOffset uint32
	Reserved     []uint32     `json:",omitempty"` // SM 5.0+: four words FXC writes (zero outside class linkage) that no public reader interprets
	NameOffset   uint32       `json:",omitempty"` // SM 5.0+
	Name         string       `json:",omitempty"` // SM 5.0+
	MemberList   []RDEFMember `json:",omitempty"`
	// SameMembersAs is set instead of MemberList when two types already
	// decoded these members (same MemberOffset and Members): the index in
	// Types of the first, whose MemberList they are. Members resolves it.
	SameMembersAs *int `json:",omitempty"`
	// Reserved[0], when not zero, is the offset of another type (in real files:
	// an interface pointer's interface class); it is decoded so its bytes are explained.
	Reserved0TypeIndex *int   `json:",omitempty"`
	HLSLTypeText       string // added: e.g. float4, row_major float4x4, struct Light
}

// RDEFMember is one member of a struct type.
type RDEFMember struct {
	Name       string
	NameOffset uint32
	TypeOffset uint32
	Offset     uint32 // byte offset in the parent structure
	TypeIndex  int    // added: index in ResourceDefinitions.Types, -1 if unreadable
}

// RDEFResourceBinding is one resource binding (D3D11_SHADER_INPUT_BIND_DESC).
type RDEFResourceBinding struct {
	Name           string
	NameOffset     uint32
	Type           uint32
	TypeName       string // D3D_SHADER_INPUT_TYPE
	ReturnType     uint32
	ReturnTypeName string // D3D_RESOURCE_RETURN_TYPE
	Dimension      uint32
	DimensionName  string // D3D_SRV_DIMENSION
	NumSamples     uint32 // 0xFFFFFFFF when not a multisampled texture
	BindPoint      uint32
	BindCount      uint32 // 0 for unbounded arrays in SM 5.1
	Flags          uint32
	FlagsNames     FlagNames
	Space          *uint32 `json:",omitempty"` // SM 5.1
	ID             *uint32 `json:",omitempty"` // SM 5.1: the range ID the bytecode uses
}

// rdefMaxTypeDepth bounds nested struct types; FXC's own nesting limit is far lower.
const rdefMaxTypeDepth = 64

type rdefCtx struct {
	r         *binread.Reader
	d         *ResourceDefinitions
	sm5       bool
	strs      fxcStrings // the part's names, each read and claimed once
	typeIndex map[uint32]int
	typeSize  int

	// Member lists many types name. FXC gives a struct and an array of it
	// one list, so a list is decoded for two types; lists maps it
	// (MemberOffset, Members) to the first type and how many decoded it, and
	// a third names the first instead (SameMembersAs, counted in
	// sharedLists). membersLeft bounds lists that overlap without being
	// equal: twice what the part holds in all.
	lists       map[[2]uint32]shared
	membersLeft int
	sharedLists int
	// defaultsLeft is how many more bytes default values may copy.
	defaultsLeft int
}

func decodeResourceDefinitions(p *Part, r *binread.Reader) {
	d := decodeRDEF(r)
	p.ResourceDefs = d
	if d != nil {
		p.Summary = d.Summary()
	}
}

func decodeRDEF(r *binread.Reader) *ResourceDefinitions {
	d := &ResourceDefinitions{ConstantBuffers: []RDEFConstantBuffer{}, ResourceBindings: []RDEFResourceBinding{}, Types: []RDEFType{}}
	h := &d.Header
	r.Begin("Header", "RDEF header")
	h.CBufferCount = r.U32("CBufferCount")
	h.CBufferOffset = r.U32("CBufferOffset")
	h.ResourceCount = r.U32("ResourceCount")
	h.ResourceOffset = r.U32("ResourceOffset")
	h.Minor = r.U8("Minor")
	h.Major = r.U8("Major")
	h.ProgramType = r.U16("ProgramType")
	if !r.Failed {
		r.Field("Target", -4, "") // the three packed into one word
	}
	h.Flags = r.U32("Flags")
	h.CreatorOffset = r.U32("CreatorOffset")
	r.End()
	if r.Failed {
		return nil
	}
	h.Target = uint32(h.ProgramType)<<16 | uint32(h.Major)<<8 | uint32(h.Minor)
	h.ProgramName = rdefProgramTypes[h.ProgramType]
	if h.ProgramName == "" {
		h.ProgramName = fmt.Sprintf("ProgramType(0x%x)", h.ProgramType)
		r.ProblemAt(Warning, 18, "RDEF header", "target program type 0x%x is not one FXC writes", h.ProgramType)
	}
	pre := rdefProgramPrefix[h.ProgramType]
	if pre == "" {
		pre = "??"
	}
	h.Profile = fmt.Sprintf("%s_%d_%d", pre, h.Major, h.Minor)
	h.FlagsNames = compileFlags(h.Flags)

	c := &rdefCtx{r: r, d: d, sm5: h.Major >= 5, typeIndex: map[uint32]int{}, typeSize: 16,
		lists: map[[2]uint32]shared{}, membersLeft: 2 * r.Len() / rdefMemberSize, defaultsLeft: 2 * r.Len()}
	h.Creator = c.str(h.CreatorOffset, r.Join("Header/Creator"), 24)
	bindingSize, varSize := 32, 24
	if c.sm5 {
		varSize, c.typeSize = 40, 36
		if h.Major > 5 || h.Minor >= 1 {
			bindingSize = 40
		}
		x := &rdefHeader11{}
		r.Begin("RD11", "RD11 header")
		x.Magic = r.U32("Magic")
		x.HeaderSize = r.U32("HeaderSize")
		x.CBufferSize = r.U32("CBufferSize")
		x.BindingSize = r.U32("BindingSize")
		x.VariableSize = r.U32("VariableSize")
		x.TypeSize = r.U32("TypeSize")
		x.MemberSize = r.U32("MemberSize")
		x.InterfaceSlotCount = r.U32("InterfaceSlotCount")
		r.End()
		if r.Failed {
			return d
		}
		d.RD11 = x
		switch x.Magic {
		case 0x31314452:
			x.MagicName = "RD11"
		case 0x25441313:
			x.MagicName = "RD11 (5.1)"
		default:
			x.MagicName = fmt.Sprintf("0x%08x", x.Magic)
			r.ProblemAt(Warning, 28, "RD11 header", "the SM5 block's magic is 0x%08x, not 'RD11' or 0x25441313", x.Magic)
		}
		want := rdefHeader11{Magic: x.Magic, MagicName: x.MagicName, HeaderSize: 60, CBufferSize: 24, BindingSize: uint32(bindingSize),
			VariableSize: 40, TypeSize: 36, MemberSize: 12, InterfaceSlotCount: x.InterfaceSlotCount}
		if *x != want {
			r.ProblemAt(Warning, 32, "RD11 header", "the SM5 block gives structure sizes %d/%d/%d/%d/%d/%d (header/cbuffer/binding/variable/type/member); FXC writes %d/24/%d/40/36/12 for %s: decoding with FXC's sizes",
				x.HeaderSize, x.CBufferSize, x.BindingSize, x.VariableSize, x.TypeSize, x.MemberSize, 60, bindingSize, h.Profile)
		}
	}

	// Resource bindings.
	if n, ok := c.fits(h.ResourceOffset, h.ResourceCount, bindingSize, "resource bindings", 12, r.Join("ResourceBindings")); ok {
		for i := 0; i < n; i++ {
			off := int(h.ResourceOffset) + i*bindingSize
			br := r.Sub(off, bindingSize, r.Join(fmt.Sprintf("ResourceBindings[%d]", i)), "resource binding")
			br.Begin("", "resource binding")
			var b RDEFResourceBinding
			b.NameOffset = br.U32("NameOffset")
			b.Type, b.TypeName = report.WithName(br.U32("Type"), shaderInputTypeNames, "D3D_SHADER_INPUT_TYPE")
			b.ReturnType, b.ReturnTypeName = report.WithName(br.U32("ReturnType"), rdefReturnTypeNames, "D3D_RESOURCE_RETURN_TYPE")
			if b.ReturnType == 0 {
				b.ReturnTypeName = "none"
			}
			b.Dimension, b.DimensionName = report.WithName(br.U32("Dimension"), srvDimensionNames, "D3D_SRV_DIMENSION")
			b.NumSamples = br.U32("NumSamples")
			b.BindPoint = br.U32("BindPoint")
			b.BindCount = br.U32("BindCount")
			b.Flags = br.U32("Flags")
			b.FlagsNames = report.BitNames(b.Flags, shaderInputFlagNames)
			if bindingSize == 40 {
				sp, id := br.U32("Space"), br.U32("ID")
				b.Space, b.ID = &sp, &id
			}
			br.End()
			b.Name = c.str(b.NameOffset, r.Join(fmt.Sprintf("ResourceBindings[%d]/Name", i)), off)
			d.ResourceBindings = append(d.ResourceBindings, b)
		}
	}

	// Constant buffers, their variables and types.
	totalVars := 0
	if n, ok := c.fits(h.CBufferOffset, h.CBufferCount, 24, "constant buffers", 4, r.Join("ConstantBuffers")); ok {
		for i := 0; i < n; i++ {
			off := int(h.CBufferOffset) + i*24
			path := r.Join(fmt.Sprintf("ConstantBuffers[%d]", i))
			cr := r.Sub(off, 24, path, "constant buffer")
			cr.Begin("", "constant buffer")
			var cb RDEFConstantBuffer
			cb.NameOffset = cr.U32("NameOffset")
			cb.VariableCount = cr.U32("VariableCount")
			cb.VariableOffset = cr.U32("VariableOffset")
			cb.Size = cr.U32("Size")
			cb.Flags = cr.U32("Flags")
			cb.FlagsNames = report.BitNames(cb.Flags, cbufferFlagNames)
			cb.Type, cb.TypeName = report.WithName(cr.U32("Type"), cbufferTypeNames, "D3D_CBUFFER_TYPE")
			cr.End()
			cb.Name = c.str(cb.NameOffset, path+"/Name", off)
			cb.Variables = []RDEFVariable{}
			vn, ok := c.fits(cb.VariableOffset, cb.VariableCount, varSize, fmt.Sprintf("the variables of constant buffer %q", cb.Name), off+8, path+"/Variables")
			// Constant buffers never share variables in FXC output; bound the total so
			// many buffers pointing at one variable array cannot multiply the work.
			if ok && totalVars+vn > r.Len()/varSize {
				r.ProblemAt(Warning, off+8, "constant buffer", "constant buffer %q's %d variables would bring the total past the %d variable records RDEF can hold: they overlap other buffers' variables and are not decoded again", cb.Name, vn, r.Len()/varSize)
				ok = false
			}
			if ok {
				totalVars += vn
				for j := 0; j < vn; j++ {
					cb.Variables = append(cb.Variables, c.variable(int(cb.VariableOffset)+j*varSize, varSize, fmt.Sprintf("%s/Variables[%d]", path, j)))
				}
			}
			d.ConstantBuffers = append(d.ConstantBuffers, cb)
		}
	}
	for i := range d.Types {
		d.Types[i].HLSLTypeText = d.typeText(i)
	}
	for i := range d.ConstantBuffers {
		for j := range d.ConstantBuffers[i].Variables {
			v := &d.ConstantBuffers[i].Variables[j]
			if v.TypeIndex >= 0 {
				t := d.Types[v.TypeIndex]
				v.TypeText = t.HLSLTypeText
				if t.Elements > 0 {
					v.TypeText += fmt.Sprintf("[%d]", t.Elements)
				}
			}
		}
	}
	if c.sharedLists > 0 {
		r.Problem(Note, "%d struct types list the same members as two types before them: each names the first (SameMembersAs) instead of decoding the members again", c.sharedLists)
	}
	c.strs.tab.CutNote(r, "RDEF strings")
	return d
}

// rdefMemberSize is the size of a member record (D3D11's member offsets).
const rdefMemberSize = 12

// shared is a structure many records may name: the first record that
// decoded it, and how many did.
type shared struct{ first, decoded int }

// Members is the member list of type i: its own, or the one it shares
// (SameMembersAs).
func (d *ResourceDefinitions) Members(i int) []RDEFMember {
	if i < 0 || i >= len(d.Types) {
		return nil
	}
	t := &d.Types[i]
	if t.SameMembersAs != nil && *t.SameMembersAs >= 0 && *t.SameMembersAs < len(d.Types) {
		return d.Types[*t.SameMembersAs].MemberList
	}
	return t.MemberList
}

// compileFlags names D3DCOMPILE flags; LEVEL2 is the two LEVEL bits together.
func compileFlags(v uint32) FlagNames {
	if v&0xC000 == 0xC000 {
		f := report.BitNames(v&^0xC000, compileFlagNames)
		return append(f, "D3DCOMPILE_OPTIMIZATION_LEVEL2")
	}
	return report.BitNames(v, compileFlagNames)
}

// fits checks that count structures of size bytes at off lie inside the part;
// when they do not, the list at path (its JSON path; "" for none) is absent:
// the file says it has count of them, not none.
func (c *rdefCtx) fits(off, count uint32, size int, what string, field int, path string) (int, bool) {
	if count == 0 {
		return 0, false
	}
	end := int64(off) + int64(count)*int64(size)
	if end > int64(c.r.Len()) {
		c.r.ProblemAt(Error, field, "RDEF header", "%d %s of %d bytes at 0x%x need %d bytes, but RDEF holds %d: they are not decoded", count, what, size, off, end-int64(off), c.r.Len())
		if path != "" {
			c.r.Out.MarkAbsent(path)
		}
		return 0, false
	}
	return int(count), true
}

// str reads the NUL-terminated string at off (fxcStrings), claiming its
// bytes the first time.
func (c *rdefCtx) str(off uint32, path string, field int) string {
	return c.strs.read(c.r, off, path, field)
}

func (c *rdefCtx) variable(off, size int, path string) RDEFVariable {
	r := c.r
	vr := r.Sub(off, size, path, "variable")
	vr.Begin("", "variable")
	var v RDEFVariable
	v.NameOffset = vr.U32("NameOffset")
	v.StartOffset = vr.U32("StartOffset")
	v.Size = vr.U32("Size")
	v.Flags = vr.U32("Flags")
	v.FlagsNames = report.BitNames(v.Flags, variableFlagNames)
	v.TypeOffset = vr.U32("TypeOffset")
	v.DefaultValueOffset = vr.U32("DefaultValueOffset")
	if size == 40 {
		a, b, cc, e := vr.U32("StartTexture"), vr.U32("TextureSize"), vr.U32("StartSampler"), vr.U32("SamplerSize")
		v.StartTexture, v.TextureSize, v.StartSampler, v.SamplerSize = &a, &b, &cc, &e
	}
	vr.End()
	v.Name = c.str(v.NameOffset, path+"/Name", off)
	if v.DefaultValueOffset != 0 {
		if int64(v.DefaultValueOffset)+int64(v.Size) > int64(r.Len()) {
			r.ProblemAt(Warning, off+20, "variable", "the default value of %q (%d bytes at 0x%x) runs past the end of RDEF", v.Name, v.Size, v.DefaultValueOffset)
		} else if int(v.Size) > c.defaultsLeft {
			// Every consumer writes a default value out again (JSON as hex),
			// so variables naming one long run of bytes would cost
			// variables × run: past twice the part, defaults are not copied.
			r.ProblemAt(Warning, off+20, "variable", "the default value of %q (%d bytes at 0x%x) would bring the default values past %d bytes, twice what RDEF holds: they overlap other variables' defaults and are not shown again", v.Name, v.Size, v.DefaultValueOffset, 2*r.Len())
		} else {
			c.defaultsLeft -= int(v.Size)
			dr := r.Sub(int(v.DefaultValueOffset), int(v.Size), path, "default value")
			v.DefaultValue = HexBytes(dr.Bytes("DefaultValue", int(v.Size)))
		}
	}
	v.TypeIndex = c.typeAt(v.TypeOffset, 0, path+"/Type", off+16, nil)
	if c.typeCut(v.TypeIndex, v.TypeOffset) {
		c.r.Out.MarkAbsent(path + "/TypeIndex")
		c.r.Out.MarkAbsent(path + "/TypeText")
	}
	return v
}

// typeAt decodes the type at off (once: later references reuse it) and returns
// its index in Types, or -1. stack holds the types being decoded, to catch cycles.
func (c *rdefCtx) typeAt(off uint32, depth int, path string, field int, stack []uint32) int {
	for _, s := range stack {
		if s == off {
			c.r.ProblemAt(Warning, field, "type", "the type at 0x%x contains itself (a cycle of member types); the cycle is not followed", off)
			return c.typeIndex[off]
		}
	}
	if i, ok := c.typeIndex[off]; ok {
		return i
	}
	if depth > rdefMaxTypeDepth {
		c.r.ProblemAt(Warning, field, "type", "types nest more than %d deep at 0x%x; deeper members are not decoded", rdefMaxTypeDepth, off)
		return -1
	}
	if int64(off)+int64(c.typeSize) > int64(c.r.Len()) {
		c.r.ProblemAt(Error, field, "type", "%s: the type at 0x%x needs %d bytes but RDEF holds %d", c.r.FieldName(path), off, c.typeSize, c.r.Len())
		return -1
	}
	tr := c.r.Sub(int(off), c.typeSize, c.r.Join(fmt.Sprintf("Types[%d]", len(c.d.Types))), "type")
	tr.Begin("", "type")
	t := RDEFType{Offset: off}
	t.Class, t.ClassName = report.WithName(tr.U16("Class"), variableClassNames, "D3D_SHADER_VARIABLE_CLASS")
	t.Type, t.TypeName = report.WithName(tr.U16("Type"), variableTypeNames, "D3D_SHADER_VARIABLE_TYPE")
	t.Rows = tr.U16("Rows")
	t.Columns = tr.U16("Columns")
	t.Elements = tr.U16("Elements")
	t.Members = tr.U16("Members")
	t.MemberOffset = tr.U32("MemberOffset")
	if c.sm5 {
		t.Reserved = []uint32{tr.U32("Reserved[0]"), tr.U32("Reserved[1]"), tr.U32("Reserved[2]"), tr.U32("Reserved[3]")}
		t.NameOffset = tr.U32("NameOffset")
	}
	tr.End()
	idx := len(c.d.Types)
	c.typeIndex[off] = idx
	c.d.Types = append(c.d.Types, t)
	tpath := tr.Path
	if c.sm5 && t.NameOffset != 0 {
		c.d.Types[idx].Name = c.str(t.NameOffset, tpath+"/Name", int(off)+32)
	}
	if c.sm5 && t.Reserved[0] != 0 {
		ri := c.typeAt(t.Reserved[0], depth+1, tpath+"/Reserved0Type", int(off)+16, append(stack, off))
		if c.typeCut(ri, t.Reserved[0]) {
			c.r.Out.MarkAbsent(tpath + "/Reserved0TypeIndex")
		}
		c.d.Types[idx].Reserved0TypeIndex = &ri
	}
	if t.Members == 0 {
		return idx
	}
	n, ok := c.fits(t.MemberOffset, uint32(t.Members), rdefMemberSize, fmt.Sprintf("members of the type at 0x%x", off), int(off)+12, "")
	if !ok {
		return idx
	}
	key := [2]uint32{t.MemberOffset, uint32(t.Members)}
	sh, named := c.lists[key]
	if named && sh.decoded >= 2 {
		c.d.Types[idx].SameMembersAs = &sh.first
		c.sharedLists++
		return idx
	}
	if n > c.membersLeft {
		c.r.ProblemAt(Warning, int(off)+12, "type", "the %d members of the type at 0x%x (at 0x%x) would bring the members decoded past %d, twice what RDEF holds: they overlap other types' members and are not decoded", n, off, t.MemberOffset, 2*c.r.Len()/rdefMemberSize)
		return idx
	}
	if !named {
		sh.first = idx
	}
	sh.decoded++
	c.lists[key] = sh
	c.membersLeft -= n
	stack = append(stack, off)
	members := make([]RDEFMember, 0, n)
	for i := 0; i < n; i++ {
		moff := int(t.MemberOffset) + i*rdefMemberSize
		mpath := fmt.Sprintf("%s/MemberList[%d]", tpath, i)
		mr := c.r.Sub(moff, rdefMemberSize, mpath, "struct member")
		mr.Begin("", "struct member")
		m := RDEFMember{NameOffset: mr.U32("NameOffset"), TypeOffset: mr.U32("TypeOffset"), Offset: mr.U32("Offset")}
		mr.End()
		m.Name = c.str(m.NameOffset, mpath+"/Name", moff)
		m.TypeIndex = c.typeAt(m.TypeOffset, depth+1, mpath+"/Type", moff+4, stack)
		if c.typeCut(m.TypeIndex, m.TypeOffset) {
			c.r.Out.MarkAbsent(mpath + "/TypeIndex")
		}
		members = append(members, m)
	}
	c.d.Types[idx].MemberList = members
	return idx
}

// typeCut says a type index is -1 because the type at off lies past where
// the file is cut: which type it is, the file does not say.
func (c *rdefCtx) typeCut(idx int, off uint32) bool {
	return idx < 0 && c.r.Short && int64(off)+int64(c.typeSize) > int64(c.r.Len())
}

// typeText spells a type the way HLSL (and FXC's listing) does.
func (d *ResourceDefinitions) typeText(i int) string {
	if i < 0 || i >= len(d.Types) {
		return "?"
	}
	t := d.Types[i]
	base := hlslTypeNames[t.Type]
	if base == "" {
		base = strings.ToLower(strings.TrimPrefix(t.TypeName, "D3D_SVT_"))
	}
	var s string
	switch t.Class {
	case SVCScalar:
		s = base
	case SVCVector:
		s = fmt.Sprintf("%s%d", base, t.Columns)
	case SVCMatrixRows:
		s = fmt.Sprintf("row_major %s%dx%d", base, t.Rows, t.Columns)
	case SVCMatrixColumns:
		s = fmt.Sprintf("%s%dx%d", base, t.Rows, t.Columns)
	case SVCStruct:
		s = "struct"
		if t.Name != "" {
			s = "struct " + t.Name
		}
	default:
		s = base
		if t.Name != "" {
			s = t.Name
		}
	}
	return s
}

// Summary is the one-line description: "2 cbuffers, 5 bindings, Microsoft (R) HLSL Shader Compiler 10.1".
func (d *ResourceDefinitions) Summary() string {
	if d == nil {
		return "undecoded"
	}
	plural := func(n int, one, many string) string {
		if n == 1 {
			return "1 " + one
		}
		return fmt.Sprintf("%d %s", n, many)
	}
	s := fmt.Sprintf("%s, %s", report.Counted(d.Header.CBufferCount, len(d.ConstantBuffers), func(n int) string { return plural(n, "cbuffer", "cbuffers") }),
		report.Counted(d.Header.ResourceCount, len(d.ResourceBindings), func(n int) string { return plural(n, "binding", "bindings") }))
	if d.Header.Creator != "" {
		s += ", " + d.Header.Creator
	}
	return s
}

// ParseResourceDefinitions decodes a bare RDEF blob (the part's data without its 8-byte header).
func ParseResourceDefinitions(b []byte) (*ResourceDefinitions, []Problem, []Span) {
	return binread.ParseBare(b, "RDEF", decodeRDEF)
}

func init() {
	RegisterPart(PartKind{Name: "RDEF", Title: "resource definitions", About: "FXC reflection: constant buffers with their variables and types, and resource bindings.", KnownLayout: true, Key: "ResourceDefs", Decode: partOnly(decodeResourceDefinitions)})
}
