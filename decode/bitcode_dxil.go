package decode

import (
	"fmt"
	"iter"

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
	Resources       []DXILResource   `json:",omitempty"` // the entry's own list, when it is not !dx.resources itself
	ModuleResources bool             `json:",omitempty"` // the entry refers to !dx.resources (Module.Resources)
	ShaderFlags     uint64           `json:",omitempty"`
	NumThreads      []uint32         `json:",omitempty"`
	WaveSize        []uint32         `json:",omitempty"` // one value (SM 6.6) or min, max, preferred (SM 6.8)
	NodeLaunchType  string           `json:",omitempty"`
	EntryNodeID     *EntryNodeID     `json:",omitempty"`
	NodeInputs      []EntryNodeIO    `json:",omitempty"`
	NodeOutputs     []EntryNodeIO    `json:",omitempty"`
	Properties      []EntryProperty  `json:",omitempty"` // every tag/value pair, rendered
}

// EntrySignatures are the signature element lists an entry point refers to.
type EntrySignatures struct {
	Inputs        []SignatureElementMD `json:",omitempty"`
	Outputs       []SignatureElementMD `json:",omitempty"`
	PatchConstant []SignatureElementMD `json:",omitempty"`
}

// SignatureElementMD is one signature element as the metadata states it:
// !{i32 id, !"name", i8 compType, i8 semanticKind, !indices, i8 interpMode, i32 rows, i8 cols, i32 startRow, i8 startCol, !tags}.
type SignatureElementMD struct {
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
	Tag   uint32
	Name  string
	Value string
}

// EntryNodeID is a work-graph node's name and array index.
type EntryNodeID struct {
	Name  string
	Index uint32
}

// EntryNodeIO is one node input or output (DXIL 1.8) with its NodeIOFlags.
type EntryNodeIO struct {
	Flags                uint32
	Kind                 string       // NodeIOKind named from the low 7 bits
	FlagNames            []string     `json:",omitempty"`
	RecordSize           uint32       `json:",omitempty"`
	RecordAlignment      uint32       `json:",omitempty"`
	SVDispatchGrid       []uint32     `json:",omitempty"`
	MaxRecords           uint32       `json:",omitempty"`
	MaxRecordsSharedWith *EntryNodeID `json:",omitempty"`
	OutputID             *EntryNodeID `json:",omitempty"`
	OutputArraySize      uint32       `json:",omitempty"`
	AllowSparseNodes     bool         `json:",omitempty"`
}

// DXILResource is one resource of !dx.resources (or of an entry's resource list).
type DXILResource struct {
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

// resourceClassNames, resourceKindNames, nodeLaunchTypeNames and nodeIOKindNames are shared with RDAT (rdat_names.go).

func resourceKindName(v int64) string {
	if v >= 0 && v < int64(len(resourceKindNames)) {
		return resourceKindNames[v]
	}
	return fmt.Sprintf("ResourceKind(%d)", v)
}

// entryTagNames are the entry property tags (kDxil*Tag).
var entryTagNames = [...]string{"ShaderFlags", "GSState", "DSState", "HSState", "NumThreads", "AutoBindingSpace",
	"RayPayloadSize", "RayAttribSize", "ShaderKind", "MSState", "ASState", "WaveSize", "EntryRootSig",
	"NodeLaunchType", "NodeIsProgramEntry", "NodeId", "NodeLocalRootArgumentsTableIndex", "ShareInputOf",
	"NodeDispatchGrid", "NodeMaxRecursionDepth", "NodeInputs", "NodeOutputs", "NodeMaxDispatchGrid",
	"RangedWaveSize", "GroupSharedLimit"}

func entryTagName(t uint32) string {
	if int(t) < len(entryTagNames) {
		return entryTagNames[t]
	}
	return fmt.Sprintf("Tag(%d)", t)
}

// NodeIOFlagNames names the bits of DXIL::NodeIOFlags, with the record
// granularity (a 2-bit field) named as one value; RDAT's IONode flags are the same.
func NodeIOFlagNames(f uint32) []string { return nodeIOFlagNames(f) }

// profileKinds maps the !dx.shaderModel kind string to DXIL::ShaderKind.
var profileKinds = map[string]ShaderKind{"ps": 0, "vs": 1, "gs": 2, "hs": 3, "ds": 4, "cs": 5, "lib": 6, "ms": 13, "as": 14}

func readDXILMetadata(ir *irModule) {
	m := ir.m
	budget := 1500
	for _, n := range ir.namedList {
		nm := NamedMetadata{Name: n}
		for i, id := range ir.named[n] {
			if i >= 64 {
				nm.Operands = append(nm.Operands, fmt.Sprintf("… %d more", len(ir.named[n])-i))
				break
			}
			nm.Operands = append(nm.Operands, ir.mdRender(ir.mdAt(id), 0, &budget))
		}
		m.NamedMetadata = append(m.NamedMetadata, nm)
	}
	for _, e := range ir.md {
		if e.kind == mdString {
			if len(m.MetadataStrings) >= 512 {
				break
			}
			s := e.str
			if len(s) > 256 {
				s = s[:256] + "…"
			}
			m.MetadataStrings = append(m.MetadataStrings, s)
		}
	}
	if p := ir.named["llvm.ident"]; len(p) > 0 && m.Producer == "" {
		if n := ir.mdAt(p[0]); n != nil && n.kind == mdNode && len(n.ops) > 0 {
			if s := ir.mdOp(n.ops[0]); s != nil && s.kind == mdString {
				m.Producer = s.str
			}
		}
	}
	m.DXILVersion = ir.versionNode("dx.version")
	m.ValidatorVersion = ir.versionNode("dx.valver")
	if p := ir.named["dx.shaderModel"]; len(p) > 0 {
		if n := ir.mdAt(p[0]); n != nil && n.kind == mdNode && len(n.ops) >= 3 {
			k := ir.mdOp(n.ops[0])
			a, ok1 := ir.mdInt(ir.mdOp(n.ops[1]))
			b, ok2 := ir.mdInt(ir.mdOp(n.ops[2]))
			if k != nil && k.kind == mdString && ok1 && ok2 {
				m.ShaderModel = &ShaderModel{Kind: k.str, Major: uint32(a), Minor: uint32(b)}
			}
		}
		if m.ShaderModel == nil {
			ir.r.Problem(Warning, "!dx.shaderModel is not !{!\"kind\", i32 major, i32 minor}")
		}
	}
	if p := ir.named["dx.resources"]; len(p) > 0 {
		m.Resources = ir.resources(ir.mdAt(p[0]))
	}
	if p := ir.named["dx.viewIdState"]; len(p) > 0 {
		m.ViewIDState = ir.viewIDState(ir.mdAt(p[0]))
	}
	m.TypeAnnotations = len(ir.named["dx.typeAnnotations"])
	for _, id := range ir.named["dx.entryPoints"] {
		if len(m.EntryPoints) >= 4096 {
			break
		}
		if ep, ok := ir.entryPoint(ir.mdAt(id)); ok {
			m.EntryPoints = append(m.EntryPoints, ep)
		}
	}
}

func (ir *irModule) versionNode(name string) *MetadataVersion {
	p := ir.named[name]
	if len(p) == 0 {
		return nil
	}
	n := ir.mdAt(p[0])
	if n == nil || n.kind != mdNode || len(n.ops) < 2 {
		ir.r.Problem(Warning, "!%s is not a pair of integers", name)
		return nil
	}
	a, ok1 := ir.mdInt(ir.mdOp(n.ops[0]))
	b, ok2 := ir.mdInt(ir.mdOp(n.ops[1]))
	if !ok1 || !ok2 {
		ir.r.Problem(Warning, "!%s is not a pair of integers", name)
		return nil
	}
	return &MetadataVersion{uint32(a), uint32(b)}
}

// viewIDState reads the [N x i32] constant data array of !dx.viewIdState.
func (ir *irModule) viewIDState(e *mdEntry) []uint32 {
	if e == nil || e.kind != mdNode || len(e.ops) < 1 {
		return nil
	}
	v := ir.mdOp(e.ops[0])
	if v == nil || v.kind != mdValue || int64(v.val) >= int64(len(ir.values)) {
		return nil
	}
	return bcU32s(ir.data[v.val])
}

func (ir *irModule) node(op uint64) *mdEntry {
	ir.work++
	if ir.work > mdWork {
		if ir.work == mdWork+1 {
			ir.r.Problem(Warning, "the DXIL metadata refers to more than %d nodes; the rest is not read", mdWork)
		}
		return nil
	}
	e := ir.mdOp(op)
	if e == nil || e.kind != mdNode {
		return nil
	}
	return e
}

func (ir *irModule) str(op uint64) string {
	if e := ir.mdOp(op); e != nil && e.kind == mdString {
		return e.str
	}
	return ""
}

// listItems yields the operands of the list node op, each as a node (nil
// where one is not); nothing when op is no node.
func (ir *irModule) listItems(op uint64) iter.Seq[*mdEntry] {
	return func(yield func(*mdEntry) bool) {
		list := ir.node(op)
		if list == nil {
			return
		}
		for _, o := range list.ops {
			if !yield(ir.node(o)) {
				return
			}
		}
	}
}

// tagValues yields the (tag, value operand) pairs of a DXIL tag/value list
// node; none for nil.
func (ir *irModule) tagValues(n *mdEntry) iter.Seq2[uint32, uint64] {
	return func(yield func(uint32, uint64) bool) {
		if n == nil {
			return
		}
		for i := 0; i+1 < len(n.ops); i += 2 {
			if !yield(ir.u32(n.ops[i]), n.ops[i+1]) {
				return
			}
		}
	}
}

func (ir *irModule) u32(op uint64) uint32 {
	v, _ := ir.mdInt(ir.mdOp(op))
	return uint32(v)
}

func (ir *irModule) resources(e *mdEntry) []DXILResource {
	if e == nil || e.kind != mdNode {
		return nil
	}
	var out []DXILResource
	for class, op := range e.ops {
		if class >= 4 {
			break
		}
		for rn := range ir.listItems(op) {
			if rn == nil || len(rn.ops) < 6 {
				continue
			}
			o := rn.ops
			r := DXILResource{Class: resourceClassNames[class], ID: ir.u32(o[0]), Name: ir.str(o[2]),
				Space: ir.u32(o[3]), LowerBound: ir.u32(o[4]), RangeSize: ir.u32(o[5])}
			tags := uint64(0)
			switch class {
			case 0: // SRV: shape, sample count, tags
				if len(o) > 6 {
					k, _ := ir.mdInt(ir.mdOp(o[6]))
					r.Kind = resourceKindName(k)
				}
				if len(o) > 7 {
					r.SampleCount = ir.u32(o[7])
				}
				if len(o) > 8 {
					tags = o[8]
				}
			case 1: // UAV: shape, globally coherent, counter, ROV, tags
				if len(o) > 6 {
					k, _ := ir.mdInt(ir.mdOp(o[6]))
					r.Kind = resourceKindName(k)
				}
				if len(o) > 9 {
					r.GloballyCoherent = ir.u32(o[7]) != 0
					r.HasCounter = ir.u32(o[8]) != 0
					r.RasterizerOrdered = ir.u32(o[9]) != 0
				}
				if len(o) > 10 {
					tags = o[10]
				}
			case 2: // CBuffer: size, tags
				if len(o) > 6 {
					r.SizeInBytes = ir.u32(o[6])
				}
			}
			for tag, v := range ir.tagValues(ir.node(tags)) {
				switch tag {
				case 0: // kDxilTypedBufferElementTypeTag
					r.ElementType = ir.u32(v)
				case 1: // kDxilStructuredBufferElementStrideTag
					r.ElementStride = ir.u32(v)
				}
			}
			out = append(out, r)
		}
	}
	return out
}

func (ir *irModule) signature(op uint64) []SignatureElementMD {
	var out []SignatureElementMD
	for n := range ir.listItems(op) {
		if n == nil || len(n.ops) < 10 {
			continue
		}
		o := n.ops
		s := SignatureElementMD{ID: ir.u32(o[0]), Name: ir.str(o[1]), CompType: ir.u32(o[2]), SemanticKind: ir.u32(o[3]),
			InterpMode: ir.u32(o[5]), Rows: ir.u32(o[6]), Cols: ir.u32(o[7]), StartRow: int32(ir.u32(o[8])), StartCol: int32(ir.u32(o[9]))}
		if idx := ir.node(o[4]); idx != nil {
			for _, x := range idx.ops {
				s.SemanticIndices = append(s.SemanticIndices, ir.u32(x))
			}
		}
		if len(o) > 10 {
			for tag, v := range ir.tagValues(ir.node(o[10])) {
				if tag == 2 { // kDxilSignatureElementDynIdxCompMaskTag
					s.DynIdxCompMask = ir.u32(v)
				}
			}
		}
		out = append(out, s)
	}
	return out
}

func (ir *irModule) u32list(op uint64) []uint32 {
	n := ir.node(op)
	if n == nil {
		return nil
	}
	out := make([]uint32, 0, len(n.ops))
	for _, x := range n.ops {
		out = append(out, ir.u32(x))
	}
	return out
}

func (ir *irModule) nodeID(op uint64) *EntryNodeID {
	n := ir.node(op)
	if n == nil || len(n.ops) < 2 {
		return nil
	}
	return &EntryNodeID{Name: ir.str(n.ops[0]), Index: ir.u32(n.ops[1])}
}

func (ir *irModule) entryPoint(e *mdEntry) (EntryPoint, bool) {
	if e == nil || e.kind != mdNode || len(e.ops) < 5 {
		ir.r.Problem(Warning, "an operand of !dx.entryPoints is not a 5-operand node")
		return EntryPoint{}, false
	}
	o := e.ops
	ep := EntryPoint{Name: ir.str(o[1])}
	if v := ir.mdOp(o[0]); v != nil && v.kind == mdValue && int64(v.val) < int64(len(ir.values)) {
		if fv := ir.values[v.val]; fv.kind == valFunction && fv.fn >= 0 {
			ep.Function = ir.m.Functions[fv.fn].Name
		}
	}
	if ir.m.ShaderModel != nil {
		if k, ok := profileKinds[ir.m.ShaderModel.Kind]; ok && k != 6 {
			ep.ShaderKind = k.String()
		}
	}
	if s := ir.node(o[2]); s != nil && len(s.ops) >= 3 {
		ep.Signatures = &EntrySignatures{Inputs: ir.signature(s.ops[0]), Outputs: ir.signature(s.ops[1]), PatchConstant: ir.signature(s.ops[2])}
	}
	if p := ir.named["dx.resources"]; len(p) > 0 && o[3] == p[0]+1 {
		ep.ModuleResources = true
	} else {
		ep.Resources = ir.resources(ir.mdOp(o[3]))
	}
	props := ir.node(o[4])
	if props == nil {
		return ep, true
	}
	budget := 400
	for tag, val := range ir.tagValues(props) {
		ep.Properties = append(ep.Properties, EntryProperty{Tag: tag, Name: entryTagName(tag), Value: ir.mdRender(ir.mdOp(val), 0, &budget)})
		switch tag {
		case 0:
			v, _ := ir.mdInt(ir.mdOp(val))
			ep.ShaderFlags = uint64(v)
		case 4:
			ep.NumThreads = ir.u32list(val)
		case 8:
			ep.ShaderKind = ShaderKind(ir.u32(val)).String()
		case 11, 23:
			if n := ir.node(val); n != nil {
				ep.WaveSize = ir.u32list(val)
			} else {
				ep.WaveSize = []uint32{ir.u32(val)}
			}
		case 13:
			ep.NodeLaunchType = report.EnumName(nodeLaunchTypeNames, uint64(ir.u32(val)), "NodeLaunchType")
		case 15:
			ep.EntryNodeID = ir.nodeID(val)
		case 20, 21:
			for n := range ir.listItems(val) {
				io := ir.nodeIO(n)
				if tag == 20 {
					ep.NodeInputs = append(ep.NodeInputs, io)
				} else {
					ep.NodeOutputs = append(ep.NodeOutputs, io)
				}
			}
		}
	}
	if len(props.ops)%2 != 0 {
		ir.r.Problem(Warning, "the properties of entry point %q have an odd number of operands (%d): tag/value pairs expected", ep.Name, len(props.ops))
	}
	return ep, true
}

// nodeIO reads one node input/output: a tag/value list (kDxilNode*Tag).
func (ir *irModule) nodeIO(n *mdEntry) EntryNodeIO {
	var io EntryNodeIO
	if n == nil {
		return io
	}
	for tag, v := range ir.tagValues(n) {
		switch tag {
		case 0:
			io.OutputID = ir.nodeID(v)
		case 1:
			io.Flags = ir.u32(v)
		case 2:
			for rtag, rv := range ir.tagValues(ir.node(v)) {
				switch rtag {
				case 0:
					io.RecordSize = ir.u32(rv)
				case 1:
					io.SVDispatchGrid = ir.u32list(rv)
				case 2:
					io.RecordAlignment = ir.u32(rv)
				}
			}
		case 3:
			io.MaxRecords = ir.u32(v)
		case 4:
			io.MaxRecordsSharedWith = ir.nodeID(v)
		case 5:
			io.OutputArraySize = ir.u32(v)
		case 6:
			io.AllowSparseNodes = ir.u32(v) != 0
		}
	}
	io.Kind = nodeIOKindName(io.Flags & 0x7f)
	io.FlagNames = NodeIOFlagNames(io.Flags)
	return io
}
