package dxil

import (
	"fmt"
	"iter"

	"github.com/dxscope/dxscope/decode/llvm/ir"
	"github.com/dxscope/dxscope/decode/report"
)

// The DXIL metadata (DXC DxilMetadataHelper): !dx.version, !dx.valver,
// !dx.shaderModel, !dx.entryPoints with their tag/value property lists,
// !dx.resources, !dx.viewIdState, !dx.typeAnnotations, and the DXIL 1.8
// work-graph node properties.

// EntryPoint is one operand of !dx.entryPoints: !{fn, name, signatures, resources, properties}.
type EntryPoint struct {
	Name            string
	Function        string           // the function's symbol ("" for a null function, as in a library's first entry)
	ShaderKind      string           // from the shader model, or the kDxilShaderKindTag property in libraries
	Signatures      *EntrySignatures `json:",omitempty"`
	Resources       []Resource       `json:",omitempty"` // the entry's own list, when it is not !dx.resources itself
	ModuleResources bool             `json:",omitempty"` // the entry refers to !dx.resources (Module.Resources)
	// SameSignaturesAs and SameResourcesAs are the index of an earlier entry
	// point whose signatures (or resources) node this one names too, once two
	// entries have shown it: a hostile module can have thousands of entry
	// points name one huge list, which is read and shown twice, then named.
	SameSignaturesAs *int            `json:",omitempty"`
	SameResourcesAs  *int            `json:",omitempty"`
	ShaderFlags      uint64          `json:",omitempty"`
	NumThreads       []uint32        `json:",omitempty"`
	WaveSize         []uint32        `json:",omitempty"` // one value (SM 6.6) or min, max, preferred (SM 6.8)
	NodeLaunchType   string          `json:",omitempty"`
	MeshState        *MeshState      `json:",omitempty"` // a mesh shader's MSState
	AmpState         *AmpState       `json:",omitempty"` // an amplification shader's ASState
	EntryNodeID      *NodeID         `json:",omitempty"`
	NodeInputs       []NodeIO        `json:",omitempty"`
	NodeOutputs      []NodeIO        `json:",omitempty"`
	Properties       []EntryProperty `json:",omitempty"` // every tag/value pair, rendered
}

// MeshState is a mesh shader's MSState property (kDxilMSStateTag, 9):
// !{!{x, y, z}, maxVertexCount, maxPrimitiveCount, outputTopology,
// payloadSizeInBytes} (DxilMetadataHelper.h kDxilMSState*).
type MeshState struct {
	NumThreads        []uint32
	MaxVertexCount    uint32
	MaxPrimitiveCount uint32
	OutputTopology    MeshOutputTopology
	PayloadSize       uint32 // bytes of the payload the amplification shader passes in
}

// AmpState is an amplification shader's ASState property (kDxilASStateTag,
// 10): !{!{x, y, z}, payloadSizeInBytes}.
type AmpState struct {
	NumThreads  []uint32
	PayloadSize uint32 // bytes of the payload DispatchMesh passes to the mesh shaders
}

// EntrySignatures are the signature element lists an entry point refers to.
type EntrySignatures struct {
	Inputs        []SignatureElement `json:",omitempty"`
	Outputs       []SignatureElement `json:",omitempty"`
	PatchConstant []SignatureElement `json:",omitempty"`
}

// SignatureElement is one signature element as the metadata states it:
// !{i32 id, !"name", i8 compType, i8 semanticKind, !indices, i8 interpMode, i32 rows, i8 cols, i32 startRow, i8 startCol, !tags}.
type SignatureElement struct {
	ID              uint32
	Name            string
	CompType        uint32
	SemanticKind    uint32
	SemanticIndices []uint32 `json:",omitempty"`
	InterpMode      uint32
	Rows            uint32
	Cols            uint32
	StartRow        int32
	StartCol        int32
	DynIdxCompMask  uint32 `json:",omitempty"` // components indexed dynamically (tag 2)
}

// EntryProperty is one tag/value pair of an entry point's properties.
type EntryProperty struct {
	Tag   EntryTag
	Name  string
	Value string
}

// NodeID is a work-graph node's name and array index.
type NodeID struct {
	Name  string
	Index uint32
}

// NodeIO is one node input or output (DXIL 1.8) with its NodeIOFlags.
type NodeIO struct {
	Flags                uint32
	Kind                 string   // NodeIOKind named from the low 7 bits
	FlagNames            []string `json:",omitempty"`
	RecordSize           uint32   `json:",omitempty"`
	RecordAlignment      uint32   `json:",omitempty"`
	SVDispatchGrid       []uint32 `json:",omitempty"`
	MaxRecords           uint32   `json:",omitempty"`
	MaxRecordsSharedWith *NodeID  `json:",omitempty"`
	OutputID             *NodeID  `json:",omitempty"`
	OutputArraySize      uint32   `json:",omitempty"`
	AllowSparseNodes     bool     `json:",omitempty"`
}

// Resource is one resource of !dx.resources (or of an entry's resource list).
type Resource struct {
	Class             string // SRV, UAV, CBuffer, Sampler
	ID                uint32
	Name              string
	Space             uint32
	LowerBound        uint32
	RangeSize         uint32 // 0xFFFFFFFF: unbounded
	Kind              string `json:",omitempty"` // DXIL::ResourceKind of SRVs and UAVs
	SizeInBytes       uint32 `json:",omitempty"` // CBuffers
	SampleCount       uint32 `json:",omitempty"`
	GloballyCoherent  bool   `json:",omitempty"`
	HasCounter        bool   `json:",omitempty"`
	RasterizerOrdered bool   `json:",omitempty"`
	ElementStride     uint32 `json:",omitempty"` // structured buffers (kDxilStructuredBufferElementStrideTag)
	ElementType       uint32 `json:",omitempty"` // typed resources: DXIL::ComponentType (kDxilTypedBufferElementTypeTag)
}

// EntryTag is the tag of an entry point property (kDxil*Tag).
type EntryTag uint32

// Entry point property tags.
const (
	TagShaderFlags EntryTag = iota
	TagGSState
	TagDSState
	TagHSState
	TagNumThreads
	TagAutoBindingSpace
	TagRayPayloadSize
	TagRayAttribSize
	TagShaderKind
	TagMSState
	TagASState
	TagWaveSize
	TagEntryRootSig
	TagNodeLaunchType
	TagNodeIsProgramEntry
	TagNodeID
	TagNodeLocalRootArgumentsTableIndex
	TagShareInputOf
	TagNodeDispatchGrid
	TagNodeMaxRecursionDepth
	TagNodeInputs
	TagNodeOutputs
	TagNodeMaxDispatchGrid
	TagRangedWaveSize
	TagGroupSharedLimit
)

// The tags of the other tag/value lists: resource properties, signature
// element properties, and a node input's or output's (kDxil*Tag).
const (
	tagTypedBufferElementType         = 0
	tagStructuredBufferElementStride  = 1
	tagSignatureElementDynIdxCompMask = 2

	tagNodeOutputID             = 0
	tagNodeIOFlags              = 1
	tagNodeRecordType           = 2
	tagNodeMaxRecords           = 3
	tagNodeMaxRecordsSharedWith = 4
	tagNodeOutputArraySize      = 5
	tagNodeAllowSparseNodes     = 6

	tagNodeRecordSize      = 0 // in a node's record type
	tagNodeSVDispatchGrid  = 1
	tagNodeRecordAlignment = 2
)

// resourceKindName names a resource kind read from metadata (any integer).
func resourceKindName(v int64) string {
	if v >= 0 && v <= 0xFFFFFFFF {
		return ResourceKind(v).String()
	}
	return fmt.Sprintf("ResourceKind(%d)", v)
}

func readDXILMetadata(d *moduleReader) {
	m, irm := d.m, d.ir
	d.named = map[string][]uint32{}
	for _, n := range irm.NamedMetadata {
		if _, dup := d.named[n.Name]; !dup {
			d.namedList = append(d.namedList, n.Name)
		}
		d.named[n.Name] = n.Nodes
	}
	budget := 1500
	for _, n := range d.namedList {
		nm := NamedMetadata{Name: n}
		for i, id := range d.named[n] {
			if i >= 64 {
				nm.Operands = append(nm.Operands, fmt.Sprintf("… %d more", len(d.named[n])-i))
				break
			}
			nm.Operands = append(nm.Operands, d.mdRender(d.md(int64(id)), 0, &budget))
		}
		m.NamedMetadata = append(m.NamedMetadata, nm)
	}
	for i := range irm.ModuleMDCount {
		e := &irm.Metadata[i]
		if e.Code == ir.MetadataString {
			if len(m.MetadataStrings) >= 512 {
				break
			}
			s := e.Str
			if len(s) > 256 {
				s = s[:256] + "…"
			}
			m.MetadataStrings = append(m.MetadataStrings, s)
		}
	}
	if p := d.named["llvm.ident"]; len(p) > 0 {
		if n := d.tuple(d.md(int64(p[0]))); n != nil && n.NumOperands() > 0 {
			if s := d.md(operand(n, 0)); s != nil && s.Code == ir.MetadataString {
				m.Ident = s.Str
				if m.Producer == "" {
					m.Producer = s.Str
				}
			}
		}
	}
	m.DXILVersion = d.versionNode("dx.version")
	m.ValidatorVersion = d.versionNode("dx.valver")
	if p := d.named["dx.shaderModel"]; len(p) > 0 {
		if n := d.tuple(d.md(int64(p[0]))); n != nil && n.NumOperands() >= 3 {
			k := d.md(operand(n, 0))
			a, ok1 := d.mdInt(d.md(operand(n, 1)))
			b, ok2 := d.mdInt(d.md(operand(n, 2)))
			if k != nil && k.Code == ir.MetadataString && ok1 && ok2 {
				m.ShaderModel = &ShaderModel{Kind: k.Str, Major: uint32(a), Minor: uint32(b)}
			}
		}
		if m.ShaderModel == nil {
			d.o.problem(report.Warning, "!dx.shaderModel is not !{!\"kind\", i32 major, i32 minor}")
		}
	}
	if p := d.named["dx.resources"]; len(p) > 0 {
		m.Resources = d.resources(d.md(int64(p[0])))
	}
	if p := d.named["dx.viewIdState"]; len(p) > 0 {
		m.ViewIDState = d.viewIDState(d.md(int64(p[0])))
	}
	m.TypeAnnotations = len(d.named["dx.typeAnnotations"])
	seen := map[*ir.Metadata]bool{}
	for _, id := range d.named["dx.entryPoints"] {
		if len(m.EntryPoints) >= 4096 {
			break
		}
		e := d.md(int64(id))
		if e != nil && d.again(seen, e, "entry point") {
			continue
		}
		if ep, ok := d.entryPoint(e); ok {
			m.EntryPoints = append(m.EntryPoints, ep)
		}
	}
	if d.renderCut > 0 {
		d.o.problem(report.Note, "%d metadata items are rendered as …: the strings and types rendered before them pass %d bytes", d.renderCut, textBudget(d.ir))
	}
	if d.propsCut > 0 {
		d.o.problem(report.Note, "%d entry-point property values are shown as …: the values rendered before them pass %d bytes", d.propsCut, textBudget(d.ir))
	}
	if d.cut > 0 {
		d.o.problem(report.Note, "%d names hold the first %d bytes of their metadata string or function name (32 past twice the bitcode's bytes in all)", d.cut, report.MaxNameLen)
	}
}

// tuple is e when it is a tuple (!{...}, distinct or not), else nil.
func (d *moduleReader) tuple(e *ir.Metadata) *ir.Metadata {
	if e == nil || e.Record != ir.MetadataNode && e.Record != ir.MetadataDistinctNode {
		return nil
	}
	return e
}

func (d *moduleReader) versionNode(name string) *Version {
	p := d.named[name]
	if len(p) == 0 {
		return nil
	}
	n := d.tuple(d.md(int64(p[0])))
	if n == nil || n.NumOperands() < 2 {
		d.o.problem(report.Warning, "!%s is not a pair of integers", name)
		return nil
	}
	a, ok1 := d.mdInt(d.md(operand(n, 0)))
	b, ok2 := d.mdInt(d.md(operand(n, 1)))
	if !ok1 || !ok2 {
		d.o.problem(report.Warning, "!%s is not a pair of integers", name)
		return nil
	}
	return &Version{uint32(a), uint32(b)}
}

// viewIDState reads the [N x i32] constant data array of !dx.viewIdState.
func (d *moduleReader) viewIDState(e *ir.Metadata) []uint32 {
	e = d.tuple(e)
	if e == nil || e.NumOperands() < 1 {
		return nil
	}
	v := d.value(d.md(operand(e, 0)))
	if v == nil {
		return nil
	}
	var data []uint64
	if v.Kind == ir.ValueConstant && v.Const.Code == ir.CstCodeData {
		data = v.Const.Data
	}
	return u32s(data)
}

// node returns the tuple ref refers to, counting it against mdWork.
func (d *moduleReader) node(ref int64) *ir.Metadata {
	if !d.charge(1) {
		return nil
	}
	return d.tuple(d.md(ref))
}

// charge counts n more nodes visited (or list elements named again) and
// reports whether the module's budget still holds them; the first time it
// does not, a warning says so.
func (d *moduleReader) charge(n int) bool {
	if d.work > d.workLimit {
		return false
	}
	d.work += n
	if d.work > d.workLimit {
		d.o.problem(report.Warning, "the DXIL metadata refers to more than %d nodes (%d per byte of bitcode); the rest is not read", d.workLimit, mdWorkPerByte)
		return false
	}
	return true
}

// str is the metadata string ref names, as a record's name: at most
// report.MaxNameLen bytes, and 32 once the names held pass twice the
// bitcode (thousands of records naming one long string wrote it once per
// record in the JSON, the texts and the page's tree).
func (d *moduleReader) str(ref int64) string {
	e := d.md(ref)
	if e == nil || e.Code != ir.MetadataString {
		return ""
	}
	return d.hold(e.Str)
}

// hold is name as a record holds it: at most report.MaxNameLen bytes, and
// 32 once the names held pass twice the bitcode (counted in d.cut when
// cut). Names read from metadata strings and the function names entry
// points copy both pass here: thousands of entry points naming one function
// of a long name wrote the name once per entry point.
func (d *moduleReader) hold(name string) string {
	n := min(len(name), report.MaxNameLen)
	if n > d.held {
		n = min(n, 32)
	}
	if n < len(name) {
		d.cut++
	}
	d.held -= n
	return name[:n]
}

// listItems yields the operands of the list node ref, each as a node (nil
// where one is not); nothing when ref is no node.
func (d *moduleReader) listItems(ref int64) iter.Seq[*ir.Metadata] {
	return func(yield func(*ir.Metadata) bool) {
		list := d.node(ref)
		if list == nil {
			return
		}
		for i := range list.NumOperands() {
			if !yield(d.node(operand(list, i))) {
				return
			}
		}
	}
}

// tagValues yields the (tag, value ref) pairs of a DXIL tag/value list
// node; none for nil. The pairs count against the module's budget, as the
// operands of every list read for a record do: thousands of records may
// name one long list.
func (d *moduleReader) tagValues(n *ir.Metadata) iter.Seq2[uint32, int64] {
	return func(yield func(uint32, int64) bool) {
		if n == nil || !d.charge(n.NumOperands()/2) {
			return
		}
		for i := 0; i+1 < n.NumOperands(); i += 2 {
			if !yield(d.u32(operand(n, i)), operand(n, i+1)) {
				return
			}
		}
	}
}

func (d *moduleReader) u32(ref int64) uint32 {
	v, _ := d.mdInt(d.md(ref))
	return uint32(v)
}

// ops appends the operands of node n to buf as metadata ids (-1 for null):
// callers pass a small array, which stays on the stack.
func ops(buf []int64, n *ir.Metadata) []int64 {
	for i := range n.NumOperands() {
		buf = append(buf, operand(n, i))
	}
	return buf
}

func (d *moduleReader) resources(e *ir.Metadata) []Resource {
	e = d.tuple(e)
	if e == nil {
		return nil
	}
	return readOnce(d, d.res, e, func() []Resource { return d.readResources(e) })
}

// readOnce returns the list read for key before, charging its length to the
// module's budget as if it were read again (what consumers write out per
// reference stays bounded), or reads it and keeps it.
func readOnce[K comparable, T any](d *moduleReader, memo map[K][]T, key K, read func() []T) []T {
	if out, ok := memo[key]; ok {
		if !d.charge(len(out)) {
			return nil
		}
		return out
	}
	out := read()
	memo[key] = out
	return out
}

// readResources reads the resource lists of a !dx.resources-shaped node.
func (d *moduleReader) readResources(e *ir.Metadata) []Resource {
	var out []Resource
	var buf [8]int64
	seen := map[*ir.Metadata]bool{}
	for class, op := range ops(buf[:0], e) {
		if class >= 4 {
			break
		}
		for rn := range d.listItems(op) {
			if rn == nil || rn.NumOperands() < 6 || d.again(seen, rn, "resource") {
				continue
			}
			var rbuf [16]int64
			o := ops(rbuf[:0], rn)
			r := Resource{Class: ResourceClass(class).String(), ID: d.u32(o[0]), Name: d.str(o[2]),
				Space: d.u32(o[3]), LowerBound: d.u32(o[4]), RangeSize: d.u32(o[5])}
			tags := int64(-1)
			switch class {
			case 0: // SRV: shape, sample count, tags
				if len(o) > 6 {
					k, _ := d.mdInt(d.md(o[6]))
					r.Kind = resourceKindName(k)
				}
				if len(o) > 7 {
					r.SampleCount = d.u32(o[7])
				}
				if len(o) > 8 {
					tags = o[8]
				}
			case 1: // UAV: shape, globally coherent, counter, ROV, tags
				if len(o) > 6 {
					k, _ := d.mdInt(d.md(o[6]))
					r.Kind = resourceKindName(k)
				}
				if len(o) > 9 {
					r.GloballyCoherent = d.u32(o[7]) != 0
					r.HasCounter = d.u32(o[8]) != 0
					r.RasterizerOrdered = d.u32(o[9]) != 0
				}
				if len(o) > 10 {
					tags = o[10]
				}
			case 2: // CBuffer: size, tags
				if len(o) > 6 {
					r.SizeInBytes = d.u32(o[6])
				}
			}
			for tag, v := range d.tagValues(d.node(tags)) {
				switch tag {
				case tagTypedBufferElementType:
					r.ElementType = d.u32(v)
				case tagStructuredBufferElementStride:
					r.ElementStride = d.u32(v)
				}
			}
			out = append(out, r)
		}
	}
	return out
}

func (d *moduleReader) signature(ref int64) []SignatureElement {
	return readOnce(d, d.sigs, ref, func() []SignatureElement { return d.readSignature(ref) })
}

// readSignature reads a list of signature element nodes.
func (d *moduleReader) readSignature(ref int64) []SignatureElement {
	var out []SignatureElement
	seen := map[*ir.Metadata]bool{}
	for n := range d.listItems(ref) {
		if n == nil || n.NumOperands() < 10 || d.again(seen, n, "signature element") {
			continue
		}
		var buf [16]int64
		o := ops(buf[:0], n)
		s := SignatureElement{ID: d.u32(o[0]), Name: d.str(o[1]), CompType: d.u32(o[2]), SemanticKind: d.u32(o[3]),
			InterpMode: d.u32(o[5]), Rows: d.u32(o[6]), Cols: d.u32(o[7]), StartRow: int32(d.u32(o[8])), StartCol: int32(d.u32(o[9]))}
		if idx := d.node(o[4]); idx != nil && d.charge(idx.NumOperands()) {
			for i := range idx.NumOperands() {
				x := operand(idx, i)
				s.SemanticIndices = append(s.SemanticIndices, d.u32(x))
			}
		}
		if len(o) > 10 {
			for tag, v := range d.tagValues(d.node(o[10])) {
				if tag == tagSignatureElementDynIdxCompMask {
					s.DynIdxCompMask = d.u32(v)
				}
			}
		}
		out = append(out, s)
	}
	return out
}

func (d *moduleReader) u32list(ref int64) []uint32 {
	n := d.node(ref)
	if n == nil || !d.charge(n.NumOperands()) {
		return nil
	}
	out := make([]uint32, 0, n.NumOperands())
	for i := range n.NumOperands() {
		out = append(out, d.u32(operand(n, i)))
	}
	return out
}

func (d *moduleReader) nodeID(ref int64) *NodeID {
	n := d.node(ref)
	if n == nil || n.NumOperands() < 2 {
		return nil
	}
	return &NodeID{Name: d.str(operand(n, 0)), Index: d.u32(operand(n, 1))}
}

func (d *moduleReader) entryPoint(e *ir.Metadata) (EntryPoint, bool) {
	e = d.tuple(e)
	if e == nil || e.NumOperands() < 5 {
		d.o.problem(report.Warning, "an operand of !dx.entryPoints is not a 5-operand node")
		return EntryPoint{}, false
	}
	var buf [8]int64
	o := ops(buf[:0], e)
	ep := EntryPoint{Name: d.str(o[1])}
	if v := d.value(d.md(o[0])); v != nil && v.Kind == ir.ValueFunction && v.Index >= 0 {
		ep.Function = d.hold(d.ir.Functions[v.Index].Name)
	}
	if d.m.ShaderModel != nil {
		if k, ok := profileKinds[d.m.ShaderModel.Kind]; ok && k != Library {
			ep.ShaderKind = k.String()
		}
	}
	if s := d.node(o[2]); s != nil && s.NumOperands() >= 3 {
		if first, ok := d.shown(s, len(d.m.EntryPoints)); ok {
			ep.Signatures = &EntrySignatures{Inputs: d.signature(operand(s, 0)), Outputs: d.signature(operand(s, 1)), PatchConstant: d.signature(operand(s, 2))}
		} else {
			ep.SameSignaturesAs = &first
		}
	}
	if p := d.named["dx.resources"]; len(p) > 0 && o[3] == int64(p[0]) {
		ep.ModuleResources = true
	} else if r := d.tuple(d.md(o[3])); r != nil {
		if first, ok := d.shown(r, len(d.m.EntryPoints)); ok {
			ep.Resources = d.resources(r)
		} else {
			ep.SameResourcesAs = &first
		}
	}
	props := d.node(o[4])
	if props == nil {
		return ep, true
	}
	budget := 400
	for tag, val := range d.tagValues(props) {
		// Entry points may name one properties node (LLVM shares equal
		// nodes), and a value of nested nodes renders to 400 items: the
		// values rendered share what the file allows, past which a value
		// shows as "…" (a Note counts them) and is not rendered at all.
		value := "…"
		if d.propsLeft > 0 {
			value = d.mdRender(d.md(val), 0, &budget)
			d.propsLeft -= len(value)
		} else {
			d.propsCut++
		}
		ep.Properties = append(ep.Properties, EntryProperty{Tag: EntryTag(tag), Name: entryTagName(tag), Value: value})
		switch EntryTag(tag) {
		case TagShaderFlags:
			v, _ := d.mdInt(d.md(val))
			ep.ShaderFlags = uint64(v)
		case TagNumThreads:
			ep.NumThreads = d.u32list(val)
		case TagShaderKind:
			ep.ShaderKind = ShaderKind(d.u32(val)).String()
		case TagMSState, TagASState:
			d.stageState(&ep, EntryTag(tag), val)
		case TagWaveSize, TagRangedWaveSize:
			if n := d.node(val); n != nil {
				ep.WaveSize = d.u32list(val)
			} else {
				ep.WaveSize = []uint32{d.u32(val)}
			}
		case TagNodeLaunchType:
			ep.NodeLaunchType = NodeLaunchType(d.u32(val)).String()
		case TagNodeID:
			ep.EntryNodeID = d.nodeID(val)
		case TagNodeInputs, TagNodeOutputs:
			for n := range d.listItems(val) {
				io := d.nodeIO(n)
				if EntryTag(tag) == TagNodeInputs {
					ep.NodeInputs = append(ep.NodeInputs, io)
				} else {
					ep.NodeOutputs = append(ep.NodeOutputs, io)
				}
			}
		}
	}
	if props.NumOperands()%2 != 0 {
		d.o.problem(report.Warning, "the properties of entry point %q have an odd number of operands (%d): tag/value pairs expected", ep.Name, props.NumOperands())
	}
	return ep, true
}

// again reports whether a list names node n a second time (each resource
// and signature element has its own node, with its own ID), warning once
// per module: such a repeat is read and shown once.
func (d *moduleReader) again(seen map[*ir.Metadata]bool, n *ir.Metadata, what string) bool {
	if !seen[n] {
		seen[n] = true
		return false
	}
	d.warnOnce("again "+what, report.Warning, "a list of %ss names the same %s node more than once; it is shown once", what, what)
	return true
}

// shown records that entry point i names node n and reports whether its
// contents are to be shown there: for the first two entries naming it; the
// others name the first (first).
func (d *moduleReader) shown(n *ir.Metadata, i int) (first int, ok bool) {
	users := d.users[n]
	if len(users) >= 2 {
		return users[0], false
	}
	d.users[n] = append(users, i)
	return 0, true
}

// stageState reads an MSState or ASState tuple into the entry point; a
// tuple of another length is reported, and what it holds is still read.
// The thread-group size is the entry's numthreads too, as DXC has no
// separate NumThreads property for these stages.
func (d *moduleReader) stageState(ep *EntryPoint, tag EntryTag, val int64) {
	n := d.node(val)
	want := 5
	if tag == TagASState {
		want = 2
	}
	if n == nil || n.NumOperands() != want {
		got := -1
		if n != nil {
			got = n.NumOperands()
		}
		d.o.problem(report.Warning, "entry point %q: %s is not a %d-operand tuple (%d operands)", ep.Name, entryTagName(uint32(tag)), want, got)
		if n == nil {
			return
		}
	}
	field := func(i int) uint32 {
		if i < n.NumOperands() {
			return d.u32(operand(n, i))
		}
		return 0
	}
	var threads []uint32
	if n.NumOperands() > 0 {
		threads = d.u32list(operand(n, 0))
	}
	if len(threads) > 0 && len(ep.NumThreads) == 0 {
		ep.NumThreads = threads
	}
	if tag == TagASState {
		ep.AmpState = &AmpState{NumThreads: threads, PayloadSize: field(1)}
		return
	}
	ep.MeshState = &MeshState{NumThreads: threads, MaxVertexCount: field(1), MaxPrimitiveCount: field(2),
		OutputTopology: MeshOutputTopology(field(3)), PayloadSize: field(4)}
}

// nodeIO reads one node input/output: a tag/value list (kDxilNode*Tag).
func (d *moduleReader) nodeIO(n *ir.Metadata) NodeIO {
	var io NodeIO
	if n == nil {
		return io
	}
	for tag, v := range d.tagValues(n) {
		switch tag {
		case tagNodeOutputID:
			io.OutputID = d.nodeID(v)
		case tagNodeIOFlags:
			io.Flags = d.u32(v)
		case tagNodeRecordType:
			for rtag, rv := range d.tagValues(d.node(v)) {
				switch rtag {
				case tagNodeRecordSize:
					io.RecordSize = d.u32(rv)
				case tagNodeSVDispatchGrid:
					io.SVDispatchGrid = d.u32list(rv)
				case tagNodeRecordAlignment:
					io.RecordAlignment = d.u32(rv)
				}
			}
		case tagNodeMaxRecords:
			io.MaxRecords = d.u32(v)
		case tagNodeMaxRecordsSharedWith:
			io.MaxRecordsSharedWith = d.nodeID(v)
		case tagNodeOutputArraySize:
			io.OutputArraySize = d.u32(v)
		case tagNodeAllowSparseNodes:
			io.AllowSparseNodes = d.u32(v) != 0
		}
	}
	io.Kind = NodeIOFlags(io.Flags).Kind().String()
	io.FlagNames = NodeIOFlags(io.Flags).Names()
	return io
}
