package text

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/dxscope/dxscope/decode"
)

// WriteProblems prints the problem counts, then one problem a line.
func WriteProblems(w io.Writer, ps []decode.Problem) {
	e, wn, n := decode.CountProblems(ps)
	fmt.Fprintf(w, "Problems: %d errors, %d warnings, %d notes\n", e, wn, n)
	for _, p := range ps {
		fmt.Fprintf(w, "  %s\n", Safe(p.String()))
	}
}

// dumper writes indented "Key: value" lines. Each goes through Safe whole,
// so no name or value from the file can end it early.
type dumper struct {
	w      io.Writer
	indent int
}

func (d *dumper) line(format string, args ...any) {
	fmt.Fprintf(d.w, "%s%s\n", strings.Repeat("  ", d.indent), Safe(fmt.Sprintf(format, args...)))
}

func (d *dumper) open(format string, args ...any) {
	d.line(format+" = {", args...)
	d.indent++
}

func (d *dumper) close() {
	d.indent--
	d.line("}")
}

func named(v uint32, name string) string { return fmt.Sprintf("%d (%s)", v, name) }

func flags(v uint32, f decode.FlagNames) string { return fmt.Sprintf("0x%x (%s)", v, f) }

func quoted(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = fmt.Sprintf("%q", s)
	}
	return "{" + strings.Join(q, ", ") + "}"
}

func rows(v []uint32) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprint(x)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// table prints one record table: its stride and count, then each record
// through rec, inside braces.
func table[T any](d *dumper, name string, t *decode.RecordTable[T], rec func(i int, r *T)) {
	if t == nil {
		return
	}
	d.open("RecordTable (stride = %d bytes) %s[%d]", t.RecordStride, name, t.RecordCount)
	for i := range t.Records {
		rec(i, &t.Records[i])
	}
	d.close()
}

// record prints a record's fields as a block of lines.
func (d *dumper) record(i int, typ string, fields func()) {
	d.open("<%d:%s>", i, typ)
	fields()
	d.close()
}

// WriteRuntimeData prints d in the spirit of dxa -dumprdat: each table with
// its stride and rows, every reference followed to what it names.
func WriteRuntimeData(w io.Writer, rd *decode.RuntimeData, size int) {
	d := &dumper{w: w}
	d.open("DxilRuntimeData (size = %d bytes, version 0x%x)", size, rd.Version)
	for i, p := range rd.Parts {
		d.line("Part[%d]: %s (type %d, size = %d bytes, offset 0x%x)", i, p.TypeName, uint32(p.Type), p.Size, p.Offset)
	}
	if rd.StringBuffer != nil {
		d.line("StringBuffer (size = %d bytes, %d strings)", rd.StringBuffer.Size, len(rd.StringBuffer.Strings))
	}
	if rd.IndexArrays != nil {
		d.line("IndexTable (size = %d bytes)", 4*len(rd.IndexArrays))
	}
	if rd.RawBytes != nil {
		d.line("RawBytes (size = %d bytes)", len(rd.RawBytes))
	}
	table(d, "ResourceTable", rd.ResourceTable, func(i int, r *decode.RuntimeDataResourceInfo) {
		d.record(i, rd.ResourceTable.RecordType, func() {
			d.line("Class: %s", named(r.Class, r.ClassName))
			d.line("Kind: %s", named(r.Kind, r.KindName))
			d.line("ID: %d", r.ID)
			d.line("Space: %d", r.Space)
			d.line("LowerBound: %d", r.LowerBound)
			d.line("UpperBound: %d", r.UpperBound)
			d.line("Name: %q", r.Name)
			d.line("Flags: %s", flags(r.Flags, r.FlagsNames))
		})
	})
	table(d, "FunctionTable", rd.FunctionTable, func(i int, r *decode.RuntimeDataFunctionInfo) {
		d.record(i, rd.FunctionTable.RecordType, func() {
			d.line("Name: %q", r.Name)
			d.line("UnmangledName: %q", r.UnmangledName)
			d.line("Resources: %s %s", rows(r.Resources), quoted(r.ResourceNames))
			d.line("FunctionDependencies: %s", quoted(r.FunctionDependencies))
			d.line("ShaderKind: %s", r.ShaderKindName)
			d.line("PayloadSizeInBytes: %d", r.PayloadSizeInBytes)
			d.line("AttributeSizeInBytes: %d", r.AttributeSizeInBytes)
			d.line("FeatureInfo1: 0x%x", r.FeatureInfo1)
			d.line("FeatureInfo2: 0x%x", r.FeatureInfo2)
			if len(r.FeatureFlagNames) > 0 {
				d.line("  (%s)", strings.Join(r.FeatureFlagNames, " | "))
			}
			d.line("ShaderStageFlag: %s", flags(r.ShaderStageFlag, r.ShaderStageFlagNames))
			d.line("MinShaderTarget: 0x%x (%s)", r.MinShaderTarget, r.MinShaderTargetName)
			if f := r.FunctionInfo2; f != nil {
				d.line("MinimumExpectedWaveLaneCount: %d", f.MinimumExpectedWaveLaneCount)
				d.line("MaximumExpectedWaveLaneCount: %d", f.MaximumExpectedWaveLaneCount)
				d.line("ShaderFlags: %s", flags(uint32(f.ShaderFlags), f.ShaderFlagsNames))
				switch {
				case f.Node != nil:
					d.line("Node: <%d:NodeShaderInfo>", *f.Node)
				case f.RawShaderRef != nil:
					d.line("RawShaderRef: %d", *f.RawShaderRef)
				default:
					d.line("Union: 0x%x", f.Union)
				}
			}
		})
	})
	table(d, "SubobjectTable", rd.SubobjectTable, func(i int, r *decode.RuntimeDataSubobjectInfo) {
		d.record(i, rd.SubobjectTable.RecordType, func() {
			d.line("Kind: %s", named(r.Kind, r.KindName))
			d.line("Name: %q", r.Name)
			switch {
			case r.StateObjectConfig != nil:
				d.line("StateObjectConfig.Flags: %s", flags(r.StateObjectConfig.Flags, r.StateObjectConfig.FlagsNames))
			case r.RootSignature != nil:
				d.line("RootSignature.Data: %d bytes at RawBytes+0x%x", r.RootSignature.Data.Size, r.RootSignature.Data.Offset)
			case r.SubobjectToExportsAssociation != nil:
				a := r.SubobjectToExportsAssociation
				d.line("Subobject: %q", a.Subobject)
				d.line("Exports: %s", quoted(a.Exports))
			case r.RaytracingShaderConfig != nil:
				c := r.RaytracingShaderConfig
				d.line("MaxPayloadSizeInBytes: %d", c.MaxPayloadSizeInBytes)
				d.line("MaxAttributeSizeInBytes: %d", c.MaxAttributeSizeInBytes)
			case r.RaytracingPipelineConfig != nil:
				c := r.RaytracingPipelineConfig
				d.line("MaxTraceRecursionDepth: %d", c.MaxTraceRecursionDepth)
			case r.HitGroup != nil:
				h := r.HitGroup
				d.line("Type: %s", named(h.Type, h.TypeName))
				d.line("AnyHit: %q", h.AnyHit)
				d.line("ClosestHit: %q", h.ClosestHit)
				d.line("Intersection: %q", h.Intersection)
			case r.RaytracingPipelineConfig1 != nil:
				c := r.RaytracingPipelineConfig1
				d.line("MaxTraceRecursionDepth: %d", c.MaxTraceRecursionDepth)
				d.line("Flags: %s", flags(c.Flags, c.FlagsNames))
			}
		})
	})
	table(d, "NodeIDTable", rd.NodeIDTable, func(i int, r *decode.NodeID) {
		d.line("<%d:NodeID> = {Name: %q, Index: %d}", i, r.Name, r.Index)
	})
	table(d, "NodeShaderFuncAttribTable", rd.NodeShaderFuncAttribTable, func(i int, r *decode.NodeShaderFuncAttrib) {
		d.line("<%d:NodeShaderFuncAttrib> = {AttribKind: %s, %s: %s}", i, r.AttribKindName, r.AttribKindName, r.ValueText())
	})
	table(d, "NodeShaderIOAttribTable", rd.NodeShaderIOAttribTable, func(i int, r *decode.NodeShaderIOAttrib) {
		d.line("<%d:NodeShaderIOAttrib> = {AttribKind: %s, %s: %s}", i, r.AttribKindName, r.AttribKindName, r.ValueText())
	})
	table(d, "IONodeTable", rd.IONodeTable, func(i int, r *decode.IONode) {
		d.line("<%d:IONode> = {IOFlagsAndKind: 0x%x (%s; %s), Attribs: %s}", i, r.IOFlagsAndKind, r.IOKindName, r.IOFlagsNames, rows(r.Attribs))
	})
	table(d, "NodeShaderInfoTable", rd.NodeShaderInfoTable, func(i int, r *decode.NodeShaderInfo) {
		d.line("<%d:NodeShaderInfo> = {LaunchType: %s, GroupSharedBytesUsed: %d, Attribs: %s, Outputs: %s, Inputs: %s}",
			i, r.LaunchTypeName, r.GroupSharedBytesUsed, rows(r.Attribs), rows(r.Outputs), rows(r.Inputs))
	})
	table(d, "SignatureElementTable", rd.SignatureElementTable, func(i int, r *decode.SignatureElement) {
		d.line("<%d:SignatureElement> = {SemanticName: %q, SemanticIndices: %s, SemanticKind: %s, ComponentType: %s, InterpolationMode: %s, StartRow: %d, Cols: %d, StartCol: %d, OutputStream: %d, UsageMask: 0x%x, DynamicIndexMask: 0x%x}",
			i, r.SemanticName, rows(r.SemanticIndices), r.SemanticKindName, r.ComponentTypeName, r.InterpolationModeName, r.StartRow, r.Cols, r.StartCol, r.OutputStream, r.UsageMask, r.DynamicIndexMask)
	})
	for _, st := range []struct {
		name string
		t    *decode.RecordTable[decode.StageInfo]
	}{{"VSInfoTable", rd.VSInfoTable}, {"PSInfoTable", rd.PSInfoTable}, {"HSInfoTable", rd.HSInfoTable}, {"DSInfoTable", rd.DSInfoTable},
		{"GSInfoTable", rd.GSInfoTable}, {"CSInfoTable", rd.CSInfoTable}, {"MSInfoTable", rd.MSInfoTable}, {"ASInfoTable", rd.ASInfoTable}} {
		table(d, st.name, st.t, func(i int, r *decode.StageInfo) {
			d.record(i, st.t.RecordType, func() {
				for _, f := range r.Fields {
					switch {
					case f.Rows != nil:
						d.line("%s: %s", f.Name, rows(f.Rows))
					case f.Bytes != nil:
						d.line("%s: %s", f.Name, f.Bytes)
					default:
						d.line("%s: %d", f.Name, f.Value)
					}
				}
			})
		})
	}
	table(d, "DxilPdbInfoTable", rd.DxilPdbInfoTable, func(i int, r *decode.DxilPdbInfo) {
		d.record(i, "DxilPdbInfo", func() {
			d.line("Sources: %s", rows(r.Sources))
			d.line("Libraries: %s", rows(r.Libraries))
			d.line("ArgPairs: %s", quoted(r.ArgPairs))
			d.line("Hash: %s", r.Hash)
			d.line("PdbName: %q", r.PdbName)
			d.line("CustomToolchainId: %d", r.CustomToolchainId)
			d.line("CustomToolchainData: %d bytes", len(r.CustomToolchainData))
			d.line("WholeDxil: %d bytes", len(r.WholeDxil))
		})
	})
	table(d, "DxilPdbInfoSourceTable", rd.DxilPdbInfoSourceTable, func(i int, r *decode.DxilPdbInfoSource) {
		d.line("<%d:DxilPdbInfoSource> = {Name: %q, Content: %d bytes}", i, r.Name, len(r.Content))
	})
	table(d, "DxilPdbInfoLibraryTable", rd.DxilPdbInfoLibraryTable, func(i int, r *decode.DxilPdbInfoLibrary) {
		d.line("<%d:DxilPdbInfoLibrary> = {Name: %q, Data: %d bytes}", i, r.Name, len(r.Data))
	})
	if len(rd.Nodes) > 0 {
		d.open("Nodes (resolved)")
		for _, n := range rd.Nodes {
			d.open("%s", n.Function)
			d.line("LaunchType: %s", n.LaunchType)
			if n.ID != "" {
				d.line("ID: %s", n.ID)
			}
			if n.NumThreads != nil {
				d.line("NumThreads: %s", rows(n.NumThreads))
			}
			if n.DispatchGrid != nil {
				d.line("DispatchGrid: %s", rows(n.DispatchGrid))
			}
			if n.MaxDispatchGrid != nil {
				d.line("MaxDispatchGrid: %s", rows(n.MaxDispatchGrid))
			}
			if n.MaxRecursionDepth != nil {
				d.line("MaxRecursionDepth: %d", *n.MaxRecursionDepth)
			}
			if n.ShareInputOf != "" {
				d.line("ShareInputOf: %s", n.ShareInputOf)
			}
			d.line("GroupSharedBytesUsed: %d", n.GroupSharedBytesUsed)
			for _, io := range []struct {
				label string
				l     []decode.ResolvedIONode
			}{{"Input", n.Inputs}, {"Output", n.Outputs}} {
				for i, x := range io.l {
					d.line("%s[%d]: %s (%s) %s", io.label, i, x.Kind, x.Flags, attrText(x.Attributes))
				}
			}
			d.close()
		}
		d.close()
	}
	d.line("DanglingReferences: %d", rd.DanglingReferences)
	d.close()
}

func attrText(m map[string]string) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	s := make([]string, len(keys))
	for i, k := range keys {
		s[i] = k + "=" + m[k]
	}
	return "{" + strings.Join(s, ", ") + "}"
}
