package decode

import (
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/dxscope/dxscope/decode/binread"
	"github.com/dxscope/dxscope/decode/dxil"
	"github.com/dxscope/dxscope/decode/report"
)

// rdatNull is RDAT_NULL_REF: a reference that points at nothing.
const rdatNull = 0xFFFFFFFF

// rdatVersion10 is RDAT_Version_10, the only version DXC writes and reads.
const rdatVersion10 = 0x10

type rdatTable struct {
	typ    RuntimeDataPartType
	part   int // index in Parts
	pos    int // records start, relative to the RDAT reader
	count  uint32
	stride uint32
	path   string
}

// rdatCtx holds what the record decoders need to resolve references.
type rdatCtx struct {
	r       *binread.Reader
	d       *RuntimeData
	str     []byte
	strtab  binread.StringTable // resolves offsets into str
	hasStr  bool
	idx     []uint32
	hasIdx  bool
	raw     []byte
	rawPos  int
	hasRaw  bool
	tables  map[RuntimeDataPartType]*rdatTable
	pending []*rdatTable
	// budget bounds how many elements references may resolve to in total, so
	// many records sharing one huge index array cannot cost time or memory
	// out of proportion to the input.
	budget     int
	limit      int // what budget was at first, for the problem saying it ran out
	overBudget bool

	// Root signatures many subobjects name (DXC stores equal ones once): a
	// RawBytes range is decoded for two subobjects at most; rootSigs maps it
	// to the first and how many decoded it, and a third names the first
	// instead (SameRootSignatureAs, counted in sharedRootSigs). rootSigLeft
	// bounds ranges that overlap without being equal: twice the RDAT.
	rootSigs       map[BytesRef]shared
	rootSigLeft    int
	sharedRootSigs int
	// bytesLeft is how many bytes BYTES fields may copy before they take
	// from budget (as many as the RDAT holds), then a unit per four bytes.
	bytesLeft int
}

// rdatResolveBudget is far above any real file (the largest corpus RDAT
// resolves a few hundred elements).
const rdatResolveBudget = 1 << 20

// rdatResolveBudgetFor is the budget of an RDAT of n bytes: 65,536 elements
// and 2 per byte, at most rdatResolveBudget. Every consumer writes each
// resolved element out again (the JSON, the page's tree and tables), so a
// flat budget let 1,024 functions naming one list of 1,024 resources (82 KB)
// make 27 MB of JSON and take the page 500 MB. A real library resolves
// under one element per byte (a function record is 44 bytes or more).
func rdatResolveBudgetFor(n int) int {
	return min(rdatResolveBudget, 1<<16+2*n)
}

// rdatMaxElementSpans is how many IndexArrays elements get a span of their own.
const rdatMaxElementSpans = 1 << 14

// decodeRuntimeData reads an RDAT blob (the RDAT part, or the inflated PDBI payload).
func decodeRuntimeData(r *binread.Reader) *RuntimeData {
	d := &RuntimeData{}
	d.Version = r.U32("Version")
	d.PartCount = r.U32("PartCount")
	if r.Failed {
		return nil
	}
	if d.Version < rdatVersion10 {
		r.ProblemAt(Error, 0, "RuntimeDataHeader", "RDAT version is 0x%x; DXC reads only version 0x10 and later, so the rest is kept raw", d.Version)
		r.Raw("Data", r.Remaining())
		return d
	}
	if d.Version != rdatVersion10 {
		r.ProblemAt(Warning, 0, "RuntimeDataHeader", "RDAT version is 0x%x; every known writer uses 0x10: decoding as 0x10", d.Version)
	}
	n := int64(d.PartCount)
	if fit := int64(r.Remaining() / 4); n > fit {
		r.ProblemAt(Error, 4, "RuntimeDataHeader", "PartCount is %d but only %d part offsets fit in the %d bytes that follow the header; the others cannot be found", d.PartCount, fit, r.Remaining())
		n = fit
	}
	d.PartOffsets = make([]uint32, n)
	r.Begin("PartOffsets", "part offsets")
	for i := range d.PartOffsets {
		d.PartOffsets[i] = r.U32(fmt.Sprintf("[%d]", i))
	}
	r.End()

	budget := rdatResolveBudgetFor(r.Len())
	c := &rdatCtx{r: r, d: d, tables: map[RuntimeDataPartType]*rdatTable{}, budget: budget, limit: budget,
		rootSigs: map[BytesRef]shared{}, rootSigLeft: 2 * r.Len(), bytesLeft: r.Len()}
	prevEnd := r.Pos
	for i, off := range d.PartOffsets {
		o := int(off)
		if int64(off)+8 > int64(r.Len()) {
			r.ProblemAt(Error, 8+4*i, "part offsets", "RDAT sub-part %d starts at 0x%x, past the end of the %d-byte RDAT data; it is skipped", i, off, r.Len())
			continue
		}
		if o < prevEnd {
			r.ProblemAt(Error, 8+4*i, "part offsets", "RDAT sub-part %d at 0x%x overlaps what comes before it (up to 0x%x): DXC rejects this (buffer_overlap); it is skipped", i, off, prevEnd)
			continue
		}
		if off%4 != 0 {
			r.ProblemAt(Warning, 8+4*i, "part offsets", "RDAT sub-part %d starts at 0x%x, not a multiple of 4 as DXC writes them", i, off)
		}
		hr := r.Sub(o, 8, r.Join(fmt.Sprintf("Parts[%d]", i)), "RuntimeDataPartHeader")
		hr.Begin("", "RuntimeDataPartHeader")
		h := RuntimeDataPartHeader{Type: RuntimeDataPartType(hr.U32("Type")), Offset: off}
		h.Size = hr.U32("Size")
		hr.End()
		h.TypeName = h.Type.String()
		d.Parts = append(d.Parts, h)
		size := int(h.Size)
		if int64(o)+8+int64(h.Size) > int64(r.Len()) {
			r.ProblemAt(Error, o+4, "RuntimeDataPartHeader", "%s (sub-part %d) claims %d bytes at 0x%x but only %d remain: DXC rejects this (buffer_overrun); decoding what is there", h.TypeName, i, h.Size, off+8, r.Len()-o-8)
			size = r.Len() - o - 8
		}
		if h.Size%4 != 0 {
			r.ProblemAt(Warning, o+4, "RuntimeDataPartHeader", "%s (sub-part %d) size %d is not a multiple of 4 as DXC writes it", h.TypeName, i, h.Size)
		}
		prevEnd = o + 8 + size
		c.framePart(len(d.Parts)-1, o+8, size)
	}
	for _, t := range c.pending {
		c.decodeTable(t)
	}
	c.link()
	if c.sharedRootSigs > 0 {
		r.Problem(Note, "%d root-signature subobjects name the same bytes as two subobjects before them: each names the first (SameRootSignatureAs) instead of decoding them again", c.sharedRootSigs)
	}
	c.strtab.CutNote(r, "StringBuffer")
	return d
}

// framePart reads a sub-part's body: the shared buffers now, table headers now
// and records later (once every table's row count is known).
func (c *rdatCtx) framePart(pi, pos, size int) {
	r := c.r
	h := c.d.Parts[pi]
	name := h.TypeName
	what := name
	if _, dup := c.tables[h.Type]; dup {
		r.ProblemAt(Warning, pos-8, what, "a second %s sub-part: DXC reads only the first, so this one is kept raw", name)
		r.Sub(pos, size, r.Join(fmt.Sprintf("Parts[%d]", pi)), what).Raw("Data", size)
		return
	}
	c.tables[h.Type] = nil
	br := r.Sub(pos, size, r.Join(name), what)
	switch h.Type {
	case rdatStringBuffer:
		c.str, c.hasStr = br.Data, true
		sb := &StringBuffer{Size: h.Size}
		br.Begin("", "StringBuffer")
		for i := 0; br.Remaining() > 0; i++ {
			at := br.Pos
			s := br.CString(fmt.Sprintf("Strings[%d]", i))
			sb.Strings = append(sb.Strings, RDATString{uint32(at), s})
		}
		br.End()
		c.d.StringBuffer = sb
		return
	case rdatIndexArrays:
		if size%4 != 0 {
			br.ProblemAt(Warning, 0, what, "IndexArrays is %d bytes, not a whole number of u32 elements; the last %d bytes are ignored", size, size%4)
		}
		c.idx = make([]uint32, size/4)
		for i := range c.idx {
			if i == rdatMaxElementSpans {
				// Past this many, one span covers the rest: the values are still read.
				br.Bytes(fmt.Sprintf("[%d:%d]", i, len(c.idx)), 4*(len(c.idx)-i))
				for j := i; j < len(c.idx); j++ {
					c.idx[j] = binary.LittleEndian.Uint32(br.Data[4*j:])
				}
				break
			}
			c.idx[i] = br.U32(fmt.Sprintf("[%d]", i))
		}
		c.hasIdx = true
		c.d.IndexArrays = c.idx
		return
	case rdatRawBytes:
		c.raw, c.rawPos, c.hasRaw = br.Data, pos, true
		c.d.RawBytes = HexBytes(br.Bytes("", size))
		return
	}
	if rdatPartTypes[h.Type].size == 0 {
		if h.Type == rdatReservedMeshNodesInfo {
			br.ProblemAt(Note, -8, what, "%s is reserved for a mesh-nodes preview whose layout is not published; kept raw", name)
		} else {
			br.ProblemAt(Note, -8, what, "sub-part type %d (%s) is not one this decoder knows (DXC skips unknown types too); kept raw", uint32(h.Type), name)
		}
		br.Raw("Data", br.Len())
		return
	}
	br.Begin("", "RuntimeDataTableHeader")
	t := &rdatTable{typ: h.Type, part: pi, path: br.Path}
	t.count = br.U32("RecordCount")
	t.stride = br.U32("RecordStride")
	br.End()
	if br.Failed {
		return
	}
	t.pos = pos + 8
	if uint64(t.count)*uint64(t.stride) > uint64(br.Remaining()) {
		br.ProblemAt(Error, 0, "RuntimeDataTableHeader", "%s says %d records of %d bytes (%d bytes) but the sub-part holds only %d after its table header; the table is kept raw", name, t.count, t.stride, uint64(t.count)*uint64(t.stride), br.Remaining())
		br.Raw("Records", br.Remaining())
		return
	}
	if rest := br.Remaining() - int(t.count*t.stride); rest > 0 {
		br.Seek(br.Pos + int(t.count*t.stride))
		if allZero(br.Data[br.Pos:]) && rest < 4 {
			br.Bytes("Padding", rest)
		} else {
			br.ProblemAt(Warning, br.Pos, name, "%d bytes after the last %s record are not part of any record", rest, name)
			br.Raw("Trailing", rest)
		}
	}
	c.tables[h.Type] = t
	c.pending = append(c.pending, t)
}

// rdatRecords decodes every record of a table with f. A stride larger than the
// known record leaves an unknown tail per record (newer writers may add
// fields); a smaller one cannot hold the record, so the table stays raw.
// Only what depends on T is generic: the walk (eachRecord) is one function
// for every record type.
func rdatRecords[T any](c *rdatCtx, t *rdatTable, known int, recName string, f func(rr *binread.Reader, i int) T) *RecordTable[T] {
	tab := &RecordTable[T]{RecordCount: t.count, RecordStride: t.stride, RecordType: recName}
	if c.recordsFit(t, known, recName) {
		tab.Records = make([]T, 0, t.count)
		c.eachRecord(t, known, recName, func(rr *binread.Reader, i int) { tab.Records = append(tab.Records, f(rr, i)) })
	}
	return tab
}

// recordsFit says whether a table's records hold the known record, saying
// what is wrong when they do not (the table is kept raw) or hold more.
func (c *rdatCtx) recordsFit(t *rdatTable, known int, recName string) bool {
	name := t.typ.String()
	if int(t.stride) < known {
		if t.count > 0 {
			c.r.ProblemAt(Error, t.pos-4, "RuntimeDataTableHeader", "%s records are %d bytes, smaller than the %d bytes of %s: DXC would not read them; the table is kept raw", name, t.stride, known, recName)
			c.r.Sub(t.pos, int(t.count*t.stride), t.path, name).Raw("Records", int(t.count*t.stride))
		}
		return false
	}
	if int(t.stride) > known && t.count > 0 {
		c.r.ProblemAt(Note, t.pos-4, "RuntimeDataTableHeader", "%s records are %d bytes, %d more than the %d bytes of %s: the extra bytes of each record are shown raw", name, t.stride, int(t.stride)-known, known, recName)
	}
	return true
}

// eachRecord reads each record of a table that fits with read, then its
// unknown tail.
func (c *rdatCtx) eachRecord(t *rdatTable, known int, recName string, read func(rr *binread.Reader, i int)) {
	for i := 0; i < int(t.count); i++ {
		rr := c.r.Sub(t.pos+i*int(t.stride), int(t.stride), fmt.Sprintf("%s/Records[%d]", t.path, i), recName)
		rr.Begin("", recName)
		read(rr, i)
		rr.Seek(known)
		if int(t.stride) > known {
			rr.Raw("UnknownTail", int(t.stride)-known)
		}
		rr.End()
	}
}

func (c *rdatCtx) decodeTable(t *rdatTable) {
	d := c.d
	pt := rdatPartTypes[t.typ]
	known, rn := pt.size, pt.record
	switch t.typ {
	case rdatResourceTable:
		d.ResourceTable = rdatRecords(c, t, known, rn, c.resourceInfo)
	case rdatFunctionTable:
		if t.stride >= 52 {
			d.FunctionTable = rdatRecords(c, t, 52, "RuntimeDataFunctionInfo2", c.functionInfo)
		} else {
			d.FunctionTable = rdatRecords(c, t, 44, rn, c.functionInfo)
		}
	case rdatSubobjectTable:
		d.SubobjectTable = rdatRecords(c, t, known, rn, c.subobjectInfo)
	case rdatNodeIDTable:
		d.NodeIDTable = rdatRecords(c, t, known, rn, c.nodeID)
	case rdatNodeShaderIOAttribTable:
		d.NodeShaderIOAttribTable = rdatRecords(c, t, known, rn, c.ioAttrib)
	case rdatNodeShaderFuncAttribTab:
		d.NodeShaderFuncAttribTable = rdatRecords(c, t, known, rn, c.funcAttrib)
	case rdatIONodeTable:
		d.IONodeTable = rdatRecords(c, t, known, rn, c.ioNode)
	case rdatNodeShaderInfoTable:
		d.NodeShaderInfoTable = rdatRecords(c, t, known, rn, c.nodeShaderInfo)
	case rdatSignatureElementTable:
		d.SignatureElementTable = rdatRecords(c, t, known, rn, c.signatureElement)
	case rdatVSInfoTable, rdatPSInfoTable, rdatHSInfoTable, rdatDSInfoTable, rdatGSInfoTable, rdatCSInfoTable, rdatMSInfoTable, rdatASInfoTable:
		spec := stageInfoLayouts[t.typ]
		tab := rdatRecords(c, t, known, rn, func(rr *binread.Reader, _ int) StageInfo { return c.stageInfo(rr, spec) })
		*d.stageTable(t.typ) = tab
		c.r.ProblemAt(Note, t.pos-8, t.typ.String(), "%s is an experimental table no released validator accepts; decoded from DXC's RDAT_LibraryTypes.inl", t.typ)
	case rdatPdbInfoTable:
		d.DxilPdbInfoTable = rdatRecords(c, t, known, rn, c.pdbInfo)
	case rdatPdbInfoSourceTable:
		d.DxilPdbInfoSourceTable = rdatRecords(c, t, known, rn, c.pdbInfoSource)
	case rdatPdbInfoLibraryTable:
		d.DxilPdbInfoLibraryTable = rdatRecords(c, t, known, rn, c.pdbInfoLibrary)
	}
}

// stageTable is the field of the experimental table t (VSInfo 14 .. ASInfo 21).
func (d *RuntimeData) stageTable(t RuntimeDataPartType) **RecordTable[StageInfo] {
	return [...]**RecordTable[StageInfo]{
		&d.VSInfoTable, &d.PSInfoTable, &d.HSInfoTable, &d.DSInfoTable,
		&d.GSInfoTable, &d.CSInfoTable, &d.MSInfoTable, &d.ASInfoTable,
	}[t-14]
}

// stageInfoTables is the experimental table a graphics or compute stage's
// FunctionInfo2 union points into.
var stageInfoTables = map[dxil.ShaderKind]RuntimeDataPartType{dxil.Pixel: 15, dxil.Vertex: 14, dxil.Geometry: 18,
	dxil.Hull: 16, dxil.Domain: 17, dxil.Compute: 19, dxil.Mesh: 20, dxil.Amplification: 21}

// stageRow is the member of the union that points into table t (14 .. 21).
func (f *FunctionInfo2) stageRow(t RuntimeDataPartType) **uint32 {
	return [...]**uint32{&f.VS, &f.PS, &f.HS, &f.DS, &f.GS, &f.CS, &f.MS, &f.AS}[t-14]
}

func (c *rdatCtx) nodeID(rr *binread.Reader, _ int) NodeID {
	var v NodeID
	v.Name, v.NameOffset = c.readString(rr, "Name")
	v.Index = rr.U32("Index")
	return v
}

func (c *rdatCtx) ioNode(rr *binread.Reader, _ int) IONode {
	var v IONode
	v.IOFlagsAndKind = rr.U32("IOFlagsAndKind")
	v.IOKind = v.IOFlagsAndKind & 0x7F
	v.IOKindName = dxil.NodeIOKind(v.IOKind).String()
	v.IOFlagsNames = FlagNames(dxil.NodeIOFlags(v.IOFlagsAndKind).Names())
	v.Attribs, v.AttribsRef = c.readRecordArray(rr, "Attribs", rdatNodeShaderIOAttribTable)
	return v
}

func (c *rdatCtx) nodeShaderInfo(rr *binread.Reader, _ int) NodeShaderInfo {
	var v NodeShaderInfo
	v.LaunchType = rr.U32("LaunchType")
	v.LaunchTypeName = dxil.NodeLaunchType(v.LaunchType).String()
	v.GroupSharedBytesUsed = rr.U32("GroupSharedBytesUsed")
	v.Attribs, v.AttribsRef = c.readRecordArray(rr, "Attribs", rdatNodeShaderFuncAttribTab)
	v.Outputs, v.OutputsRef = c.readRecordArray(rr, "Outputs", rdatIONodeTable)
	v.Inputs, v.InputsRef = c.readRecordArray(rr, "Inputs", rdatIONodeTable)
	return v
}

func (c *rdatCtx) pdbInfoSource(rr *binread.Reader, _ int) DxilPdbInfoSource {
	var v DxilPdbInfoSource
	v.Name, v.NameOffset = c.readString(rr, "Name")
	v.Content, v.ContentOffset = c.readString(rr, "Content")
	return v
}

func (c *rdatCtx) pdbInfoLibrary(rr *binread.Reader, _ int) DxilPdbInfoLibrary {
	var v DxilPdbInfoLibrary
	v.Name, v.NameOffset = c.readString(rr, "Name")
	v.Data, v.DataRef, _ = c.readBytes(rr, "Data")
	return v
}

func (c *rdatCtx) resourceInfo(rr *binread.Reader, _ int) RuntimeDataResourceInfo {
	var v RuntimeDataResourceInfo
	v.Class = rr.U32("Class")
	v.ClassName = dxil.ResourceClass(v.Class).String()
	v.Kind = rr.U32("Kind")
	v.KindName = dxil.ResourceKind(v.Kind).String()
	v.ID = rr.U32("ID")
	v.Space = rr.U32("Space")
	v.LowerBound = rr.U32("LowerBound")
	v.UpperBound = rr.U32("UpperBound")
	v.Name, v.NameOffset = c.readString(rr, "Name")
	v.Flags = rr.U32("Flags")
	v.FlagsNames = report.BitNames(v.Flags, dxilResourceFlagNames)
	return v
}

func (c *rdatCtx) functionInfo(rr *binread.Reader, _ int) RuntimeDataFunctionInfo {
	var v RuntimeDataFunctionInfo
	v.Name, v.NameOffset = c.readString(rr, "Name")
	v.UnmangledName, v.UnmangledNameOffset = c.readString(rr, "UnmangledName")
	v.Resources, v.ResourcesRef = c.readRecordArray(rr, "Resources", rdatResourceTable)
	v.FunctionDependencies, v.FunctionDependenciesRef = c.readStringArray(rr, "FunctionDependencies")
	v.ShaderKind = dxil.ShaderKind(rr.U32("ShaderKind"))
	v.ShaderKindName = v.ShaderKind.String()
	v.PayloadSizeInBytes = rr.U32("PayloadSizeInBytes")
	v.AttributeSizeInBytes = rr.U32("AttributeSizeInBytes")
	v.FeatureInfo1 = rr.U32("FeatureInfo1")
	v.FeatureInfo2 = rr.U32("FeatureInfo2")
	v.FeatureFlagNames = FeatureFlags(uint64(v.FeatureInfo2)<<32 | uint64(v.FeatureInfo1)).Names()
	if v.FeatureFlagNames == nil {
		v.FeatureFlagNames = []string{}
	}
	v.ShaderStageFlag = rr.U32("ShaderStageFlag")
	v.ShaderStageFlagNames = shaderStageFlagNames(v.ShaderStageFlag)
	v.MinShaderTarget = rr.U32("MinShaderTarget")
	mt := v.MinShaderTarget
	v.MinShaderTargetName = dxil.Profile(dxil.ShaderKind(mt>>16), mt>>4&0xf, mt&0xf)
	if rr.Len() < 52 || rr.Failed {
		return v
	}
	f := &FunctionInfo2{}
	f.MinimumExpectedWaveLaneCount = rr.U8("MinimumExpectedWaveLaneCount")
	f.MaximumExpectedWaveLaneCount = rr.U8("MaximumExpectedWaveLaneCount")
	f.ShaderFlags = rr.U16("ShaderFlags")
	f.ShaderFlagsNames = report.BitNames(uint32(f.ShaderFlags), dxilShaderFlagNames)
	pos := rr.Pos
	f.Union = rr.U32(rdatUnionName(v.ShaderKind))
	u := f.Union
	switch v.ShaderKind {
	case dxil.Invalid:
		f.RawShaderRef = &u
	case dxil.Node:
		f.Node = &u
		c.checkRow(rr, pos, "Node", u, rdatNodeShaderInfoTable)
	default:
		// The graphics stages point into their experimental *Info tables.
		// Without the (experimental) table the union carries nothing: released
		// compilers write no stage tables, so only check rows of a table that exists.
		table, stage := stageInfoTables[v.ShaderKind]
		if _, present := c.rowCount(table); stage && present {
			*f.stageRow(table) = &u
			c.checkRow(rr, pos, rdatUnionName(v.ShaderKind), u, table)
		}
	}
	v.FunctionInfo2 = f
	return v
}

func rdatUnionName(k dxil.ShaderKind) string {
	switch k {
	case dxil.Invalid:
		return "RawShaderRef"
	case dxil.Node:
		return "Node"
	case dxil.Pixel, dxil.Vertex, dxil.Geometry, dxil.Hull, dxil.Domain, dxil.Compute, dxil.Mesh, dxil.Amplification:
		return strings.ToUpper(dxil.Profile(k, 0, 0)[:2])
	}
	return "Union"
}

func (c *rdatCtx) subobjectInfo(rr *binread.Reader, i int) RuntimeDataSubobjectInfo {
	var v RuntimeDataSubobjectInfo
	v.Kind, v.KindName = report.WithName(rr.U32("Kind"), subobjectKindNames, "SubobjectKind")
	v.Name, v.NameOffset = c.readString(rr, "Name")
	start := rr.Pos
	member, known := subobjectMembers[v.Kind]
	if !known {
		rr.ProblemAt(Warning, 0, "", "subobject %d has kind %d, which DXIL does not define; its 16 bytes of data are kept raw", i, v.Kind)
		rr.Raw("Union", 16)
		return v
	}
	rr.Begin(member, member+"_t")
	switch v.Kind {
	case subobjectStateObjectConfig:
		s := &StateObjectConfig{Flags: rr.U32("Flags")}
		s.FlagsNames = report.BitNames(s.Flags, stateObjectFlagNames)
		v.StateObjectConfig = s
	case subobjectGlobalRootSignature, subobjectLocalRootSignature:
		s := &SubobjectRootSignature{}
		var data []byte
		var ok bool
		data, s.Data, ok = c.rawRange(rr, "Data")
		sh, named := c.rootSigs[s.Data]
		switch {
		case !ok || len(data) == 0:
		case named && sh.decoded >= 2:
			s.SameRootSignatureAs = &sh.first
			c.sharedRootSigs++
		case len(data) > c.rootSigLeft:
			rr.ProblemAt(Warning, 8, "", "subobject %d's root signature (%d bytes at RawBytes 0x%x) would bring the bytes decoded as root signatures past %d, twice the RDAT: it overlaps other root signatures and is not decoded", i, len(data), s.Data.Offset, 2*c.r.Len())
		default:
			if !named {
				sh.first = i
			}
			sh.decoded++
			c.rootSigs[s.Data] = sh
			c.rootSigLeft -= len(data)
			sr := c.r.Sub(c.rawPos+int(s.Data.Offset), int(s.Data.Size), rr.Join("RootSignature"), "root signature")
			s.RootSignature = decodeRootSignature(sr)
		}
		v.RootSignature = s
	case subobjectSubobjectToExportsAssociation:
		s := &SubobjectToExportsAssociation{}
		s.Subobject, s.SubobjectOffset = c.readString(rr, "Subobject")
		s.Exports, s.ExportsRef = c.readStringArray(rr, "Exports")
		v.SubobjectToExportsAssociation = s
	case subobjectRaytracingShaderConfig:
		v.RaytracingShaderConfig = &RaytracingShaderConfig{rr.U32("MaxPayloadSizeInBytes"), rr.U32("MaxAttributeSizeInBytes")}
	case subobjectRaytracingPipelineConfig:
		v.RaytracingPipelineConfig = &RaytracingPipelineConfig{rr.U32("MaxTraceRecursionDepth")}
	case subobjectHitGroup:
		s := &HitGroup{}
		s.Type, s.TypeName = report.WithName(rr.U32("Type"), hitGroupTypeNames, "HitGroupType")
		s.AnyHit, s.AnyHitOffset = c.readString(rr, "AnyHit")
		s.ClosestHit, s.ClosestHitOffset = c.readString(rr, "ClosestHit")
		s.Intersection, s.IntersectionOffset = c.readString(rr, "Intersection")
		v.HitGroup = s
	case subobjectRaytracingPipelineConfig1:
		s := &RaytracingPipelineConfig1{MaxTraceRecursionDepth: rr.U32("MaxTraceRecursionDepth"), Flags: rr.U32("Flags")}
		s.FlagsNames = report.BitNames(s.Flags, raytracingPipelineFlagNames)
		v.RaytracingPipelineConfig1 = s
	}
	rr.End()
	if used := rr.Pos - start; used < 16 {
		rr.Bytes("UnionUnused", 16-used)
	}
	return v
}

// subobjectMembers is the union member each subobject kind fills, named as
// its structure is without the "_t".
var subobjectMembers = map[uint32]string{
	subobjectStateObjectConfig: "StateObjectConfig", subobjectGlobalRootSignature: "RootSignature",
	subobjectLocalRootSignature: "RootSignature", subobjectSubobjectToExportsAssociation: "SubobjectToExportsAssociation",
	subobjectRaytracingShaderConfig: "RaytracingShaderConfig", subobjectRaytracingPipelineConfig: "RaytracingPipelineConfig",
	subobjectHitGroup: "HitGroup", subobjectRaytracingPipelineConfig1: "RaytracingPipelineConfig1",
}

func (c *rdatCtx) funcAttrib(rr *binread.Reader, _ int) NodeShaderFuncAttrib {
	var v NodeShaderFuncAttrib
	v.AttribKind, v.AttribKindName = report.WithName(rr.U32("AttribKind"), nodeFuncAttribKindNames, "NodeFuncAttribKind")
	pos := rr.Pos
	k := v.AttribKind
	// The kinds reserved for the mesh-nodes preview have only a Value.
	v.Value = rr.U32(attribValueName(k, v.AttribKindName, nodeFuncReservedMeshNodePreview1))
	u := v.Value
	values := []**uint32{nodeFuncID: &v.ID, nodeFuncShareInputOf: &v.ShareInputOf,
		nodeFuncMaxRecursionDepth: &v.MaxRecursionDepth, nodeFuncLocalRootArgumentsTableIndex: &v.LocalRootArgumentsTableIndex}
	if m := memberAt(values, k); m != nil {
		*m = &u
	}
	arrays := []*[]uint32{nodeFuncNumThreads: &v.NumThreads, nodeFuncDispatchGrid: &v.DispatchGrid, nodeFuncMaxDispatchGrid: &v.MaxDispatchGrid}
	if m := memberAt(arrays, k); m != nil {
		*m = c.resolveIndexArray(rr, pos, v.AttribKindName, u)
	}
	if k == nodeFuncID || k == nodeFuncShareInputOf { // NodeIDTable rows
		c.checkRow(rr, pos, v.AttribKindName, u, rdatNodeIDTable)
	}
	return v
}

func (c *rdatCtx) ioAttrib(rr *binread.Reader, _ int) NodeShaderIOAttrib {
	var v NodeShaderIOAttrib
	v.AttribKind, v.AttribKindName = report.WithName(rr.U32("AttribKind"), nodeAttribKindNames, "NodeAttribKind")
	pos := rr.Pos
	k := v.AttribKind
	if k == nodeAttribRecordDispatchGrid {
		g := &RecordDispatchGrid{}
		rr.Begin("RecordDispatchGrid", "RecordDispatchGrid")
		g.ByteOffset = rr.U16("ByteOffset")
		g.ComponentNumAndType = rr.U16("ComponentNumAndType")
		rr.End()
		g.NumComponents = g.ComponentNumAndType & 3
		g.ComponentType, g.ComponentTypeName = report.WithName(g.ComponentNumAndType>>2, dxilComponentTypeNames, "ComponentType")
		v.RecordDispatchGrid = g
		v.Value = uint32(g.ByteOffset) | uint32(g.ComponentNumAndType)<<16
		return v
	}
	v.Value = rr.U32(attribValueName(k, v.AttribKindName, uint32(len(nodeAttribKindNames))))
	u := v.Value
	members := []**uint32{nodeAttribOutputID: &v.OutputID, nodeAttribMaxRecords: &v.MaxRecords,
		nodeAttribMaxRecordsSharedWith: &v.MaxRecordsSharedWith, nodeAttribRecordSizeInBytes: &v.RecordSizeInBytes,
		nodeAttribOutputArraySize: &v.OutputArraySize, nodeAttribAllowSparseNodes: &v.AllowSparseNodes,
		nodeAttribRecordAlignmentInBytes: &v.RecordAlignmentInBytes, nodeAttribMaxRecordsPerNode: &v.MaxRecordsPerNode}
	if m := memberAt(members, k); m != nil {
		*m = &u
	}
	if k == nodeAttribOutputID { // a NodeIDTable row
		c.checkRow(rr, pos, "OutputID", u, rdatNodeIDTable)
	}
	return v
}

// attribValueName is the span name of an attribute's Value: the kind's name
// for kinds 1 to limit-1, which have a member, else "Value".
func attribValueName(kind uint32, name string, limit uint32) string {
	if kind == 0 || kind >= limit {
		return "Value"
	}
	return name
}

// memberAt is the member an attribute of kind k keeps its Value in: members
// is indexed by kind, nil where a kind has none.
func memberAt[T any](members []*T, k uint32) *T {
	if int(k) < len(members) {
		return members[k]
	}
	return nil
}

func (c *rdatCtx) signatureElement(rr *binread.Reader, _ int) SignatureElement {
	var v SignatureElement
	v.SemanticName, v.SemanticNameOffset = c.readString(rr, "SemanticName")
	v.SemanticIndices, v.SemanticIndicesRef = c.readIndexArray(rr, "SemanticIndices")
	v.SemanticKind, v.SemanticKindName = report.WithName(rr.U8("SemanticKind"), semanticKindNames, "SemanticKind")
	v.ComponentType, v.ComponentTypeName = report.WithName(rr.U8("ComponentType"), dxilComponentTypeNames, "ComponentType")
	v.InterpolationMode, v.InterpolationModeName = report.WithName(rr.U8("InterpolationMode"), interpolationModeNames, "InterpolationMode")
	v.StartRow = rr.U8("StartRow")
	v.ColsAndStream = rr.U8("ColsAndStream")
	v.Cols = v.ColsAndStream&3 + 1
	v.StartCol = v.ColsAndStream >> 2 & 3
	v.OutputStream = v.ColsAndStream >> 4 & 3
	v.UsageAndDynIndexMasks = rr.U8("UsageAndDynIndexMasks")
	v.UsageMask = v.UsageAndDynIndexMasks & 0xF
	v.DynamicIndexMask = v.UsageAndDynIndexMasks >> 4
	rr.Bytes("Padding", 2)
	return v
}

func (c *rdatCtx) pdbInfo(rr *binread.Reader, _ int) DxilPdbInfo {
	var v DxilPdbInfo
	v.Sources, v.SourcesRef = c.readRecordArray(rr, "Sources", rdatPdbInfoSourceTable)
	v.Libraries, v.LibrariesRef = c.readRecordArray(rr, "Libraries", rdatPdbInfoLibraryTable)
	v.ArgPairs, v.ArgPairsRef = c.readStringArray(rr, "ArgPairs")
	v.Hash, v.HashRef, _ = c.readBytes(rr, "Hash")
	v.PdbName, v.PdbNameOffset = c.readString(rr, "PdbName")
	v.CustomToolchainId = rr.U32("CustomToolchainId")
	v.CustomToolchainData, v.CustomToolchainDataRef, _ = c.readBytes(rr, "CustomToolchainData")
	v.WholeDxil, v.WholeDxilRef, _ = c.readBytes(rr, "WholeDxil")
	return v
}

// Field kinds of the experimental stage tables.
const (
	sfU8 = iota
	sfU16
	sfU32
	sfRecArray // record-array reference into SignatureElementTable
	sfIdxArray
	sfBytes
	sfPad
)

type stageField struct {
	name string
	kind int
}

// stageInfoLayouts are DXC's experimental VSInfo..ASInfo records (RDAT_LibraryTypes.inl).
var stageInfoLayouts = map[RuntimeDataPartType][]stageField{
	rdatVSInfoTable: {{"SigInputElements", sfRecArray}, {"SigOutputElements", sfRecArray}, {"ViewIDOutputMask", sfBytes}},
	rdatPSInfoTable: {{"SigInputElements", sfRecArray}, {"SigOutputElements", sfRecArray}},
	rdatHSInfoTable: {{"SigInputElements", sfRecArray}, {"SigOutputElements", sfRecArray}, {"SigPatchConstOutputElements", sfRecArray},
		{"ViewIDOutputMask", sfBytes}, {"ViewIDPatchConstOutputMask", sfBytes}, {"InputToOutputMasks", sfBytes},
		{"InputToPatchConstOutputMasks", sfBytes}, {"InputControlPointCount", sfU8}, {"OutputControlPointCount", sfU8},
		{"TessellatorDomain", sfU8}, {"TessellatorOutputPrimitive", sfU8}},
	rdatDSInfoTable: {{"SigInputElements", sfRecArray}, {"SigOutputElements", sfRecArray}, {"SigPatchConstInputElements", sfRecArray},
		{"ViewIDOutputMask", sfBytes}, {"InputToOutputMasks", sfBytes}, {"PatchConstInputToOutputMasks", sfBytes},
		{"InputControlPointCount", sfU8}, {"TessellatorDomain", sfU8}, {"Padding", sfPad}},
	rdatGSInfoTable: {{"SigInputElements", sfRecArray}, {"SigOutputElements", sfRecArray}, {"ViewIDOutputMask", sfBytes},
		{"InputToOutputMasks", sfBytes}, {"InputPrimitive", sfU8}, {"OutputTopology", sfU8}, {"MaxVertexCount", sfU8},
		{"OutputStreamMask", sfU8}},
	rdatCSInfoTable: {{"NumThreads", sfIdxArray}, {"GroupSharedBytesUsed", sfU32}},
	rdatMSInfoTable: {{"SigOutputElements", sfRecArray}, {"SigPrimOutputElements", sfRecArray}, {"ViewIDOutputMask", sfBytes},
		{"ViewIDPrimOutputMask", sfBytes}, {"NumThreads", sfIdxArray}, {"GroupSharedBytesUsed", sfU32},
		{"GroupSharedBytesDependentOnViewID", sfU32}, {"PayloadSizeInBytes", sfU32}, {"MaxOutputVertices", sfU16},
		{"MaxOutputPrimitives", sfU16}, {"MeshOutputTopology", sfU8}, {"Padding", sfPad}},
	rdatASInfoTable: {{"NumThreads", sfIdxArray}, {"GroupSharedBytesUsed", sfU32}, {"PayloadSizeInBytes", sfU32}},
}

func (c *rdatCtx) stageInfo(rr *binread.Reader, spec []stageField) StageInfo {
	var s StageInfo
	for _, f := range spec {
		fv := StageInfoField{Name: f.name}
		switch f.kind {
		case sfU8:
			fv.Value = uint32(rr.U8(f.name))
		case sfU16:
			fv.Value = uint32(rr.U16(f.name))
		case sfU32:
			fv.Value = rr.U32(f.name)
		case sfRecArray:
			fv.Rows, fv.Value = c.readRecordArray(rr, f.name, rdatSignatureElementTable)
		case sfIdxArray:
			fv.Rows, fv.Value = c.readIndexArray(rr, f.name)
		case sfBytes:
			var br BytesRef
			fv.Bytes, br, _ = c.readBytes(rr, f.name)
			fv.Value = br.Offset
		case sfPad:
			n := rr.Len() - rr.Pos
			if rest := rdatAlign4(rr.Pos) - rr.Pos; rest < n {
				n = rest
			}
			rr.Bytes("Padding", n)
			continue
		}
		s.Fields = append(s.Fields, fv)
	}
	return s
}

func rdatAlign4(n int) int { return (n + 3) &^ 3 }

// Summary is the one-line description: "3 functions, 2 resources, 4 subobjects, 2 nodes".
func (d *RuntimeData) Summary() string {
	if d == nil {
		return "undecoded"
	}
	var parts []string
	add := func(n int, one, many string) {
		if n == 1 {
			parts = append(parts, "1 "+one)
		} else {
			parts = append(parts, fmt.Sprintf("%d %s", n, many))
		}
	}
	add(d.FunctionTable.Len(), "function", "functions")
	add(d.ResourceTable.Len(), "resource", "resources")
	add(d.SubobjectTable.Len(), "subobject", "subobjects")
	if len(d.Nodes) > 0 {
		add(len(d.Nodes), "node", "nodes")
	}
	if d.DxilPdbInfoTable != nil {
		add(d.DxilPdbInfoTable.Len(), "PDB info record", "PDB info records")
	}
	return strings.Join(parts, ", ")
}

func decodeRuntimeDataPart(p *Part, r *binread.Reader) {
	p.RuntimeData = decodeRuntimeData(r)
	if p.RuntimeData != nil {
		p.Summary = p.RuntimeData.Summary()
	}
}

// ParseRuntimeData decodes a bare RDAT blob (the part's data without its
// 8-byte part header, as `dxc -Frs`-style tools and dxa -dumprdat accept).
func ParseRuntimeData(b []byte) (*RuntimeData, []Problem, []Span) {
	return binread.ParseBare(b, "RDAT", decodeRuntimeData)
}

func init() {
	RegisterPart(PartKind{Name: "RDAT", Title: "runtime data", About: "Tables describing a DXIL library: functions, resources, subobjects, work-graph nodes.", KnownLayout: true, Key: "RuntimeData", Decode: partOnly(decodeRuntimeDataPart)})
}
