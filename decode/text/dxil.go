package text

import (
	"fmt"
	"io"
	"strings"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/dxil"
)

// WriteModule prints one program part's module.
func WriteModule(w io.Writer, p *decode.Part) {
	m, h := p.Module, p.Program
	fmt.Fprintf(w, "%s: %s\n", Safe(p.Name), Safe(m.Summary()))
	fmt.Fprintf(w, "  Program header: %s, DXIL %d.%d, %d bytes of bitcode\n", dxil.Profile(h.ShaderKind, h.MajorVersion, h.MinorVersion), h.DXILMajorVersion, h.DXILMinorVersion, h.DXILSize)
	if m.Producer != "" {
		fmt.Fprintf(w, "  Producer: %s\n", Safe(m.Producer))
	}
	fmt.Fprintf(w, "  Triple: %s\n  Data layout: %s\n", Safe(m.Triple), Safe(m.DataLayout))
	if m.ShaderModel != nil {
		fmt.Fprintf(w, "  Shader model: %s\n", Safe(m.ShaderModel.String()))
	}
	if v := m.DXILVersion; v != nil {
		fmt.Fprintf(w, "  DXIL version: %d.%d\n", v.Major, v.Minor)
	}
	if v := m.ValidatorVersion; v != nil {
		fmt.Fprintf(w, "  Validator version: %d.%d\n", v.Major, v.Minor)
	}
	fmt.Fprintf(w, "  Types: %d, global variables: %d, functions: %d (%d dx.op declarations), metadata: %d\n",
		len(m.Types), len(m.GlobalVariables), len(m.Functions), len(m.DXOpFunctions), m.MetadataCount)
	for _, fn := range m.Functions {
		if fn.Declaration {
			continue
		}
		fmt.Fprintf(w, "    define %s @%s: %d blocks, %d instructions, %d dx.op calls\n", Safe(fn.Type), Safe(fn.Name), fn.Blocks, fn.Instructions, fn.DXOpCalls)
	}
	fmt.Fprintf(w, "Entry points: %d\n", len(m.EntryPoints))
	for _, e := range m.EntryPoints {
		name := e.Name
		if name == "" && e.Function == "" {
			name = "(module-wide properties, no function)"
		}
		fmt.Fprintf(w, "  %s", Safe(name))
		if e.ShaderKind != "" {
			fmt.Fprintf(w, " (%s)", Safe(e.ShaderKind))
		}
		if e.Function != "" && e.Function != e.Name {
			fmt.Fprintf(w, " function @%s", Safe(e.Function))
		}
		fmt.Fprintln(w)
		if s := e.Signatures; s != nil {
			third := "patch constant"
			if e.MeshState != nil || e.ShaderKind == dxil.Mesh.String() {
				third = "primitive" // PSG1 of a mesh shader holds its per-primitive outputs
			}
			fmt.Fprintf(w, "    signatures: %d in, %d out, %d %s\n", len(s.Inputs), len(s.Outputs), len(s.PatchConstant), third)
		}
		if i := e.SameSignaturesAs; i != nil {
			fmt.Fprintf(w, "    signatures: those of entry point %d\n", *i)
		}
		if i := e.SameResourcesAs; i != nil {
			fmt.Fprintf(w, "    resources: those of entry point %d\n", *i)
		}
		if len(e.NumThreads) > 0 {
			fmt.Fprintf(w, "    numthreads %v\n", e.NumThreads)
		}
		if ms := e.MeshState; ms != nil {
			fmt.Fprintf(w, "    mesh output: max vertices %d, max primitives %d, topology %s, payload %d bytes\n",
				ms.MaxVertexCount, ms.MaxPrimitiveCount, ms.OutputTopology, ms.PayloadSize)
		}
		if as := e.AmpState; as != nil {
			fmt.Fprintf(w, "    payload %d bytes\n", as.PayloadSize)
		}
		if len(e.WaveSize) > 0 {
			fmt.Fprintf(w, "    wave size %v\n", e.WaveSize)
		}
		if e.NodeLaunchType != "" {
			fmt.Fprintf(w, "    node launch %s\n", e.NodeLaunchType)
		}
		for _, io := range e.NodeInputs {
			fmt.Fprintf(w, "    node input %s (%s) record %d bytes\n", io.Kind, strings.Join(io.FlagNames, "|"), io.RecordSize)
		}
		for _, io := range e.NodeOutputs {
			id := ""
			if io.OutputID != nil {
				id = fmt.Sprintf(" %s[%d]", Safe(io.OutputID.Name), io.OutputID.Index)
			}
			fmt.Fprintf(w, "    node output%s %s (%s) record %d bytes\n", id, io.Kind, strings.Join(io.FlagNames, "|"), io.RecordSize)
		}
		for _, pr := range e.Properties {
			switch pr.Tag {
			case dxil.TagNumThreads, dxil.TagWaveSize, dxil.TagNodeLaunchType, dxil.TagNodeInputs, dxil.TagNodeOutputs, dxil.TagRangedWaveSize:
				continue // printed above
			case dxil.TagMSState, dxil.TagASState:
				if e.MeshState != nil || e.AmpState != nil {
					continue // printed above, decoded
				}
			}
			fmt.Fprintf(w, "    %s = %s\n", Safe(pr.Name), Safe(pr.Value))
		}
	}
	fmt.Fprintf(w, "Resources: %d\n", len(m.Resources))
	for _, r := range m.Resources {
		rs := fmt.Sprint(r.RangeSize)
		if r.RangeSize == 0xFFFFFFFF {
			rs = "unbounded"
		}
		fmt.Fprintf(w, "  %-7s %-24s space %d, lower bound %d, range %s %s\n", r.Class, Safe(r.Name), r.Space, r.LowerBound, rs, r.Kind)
	}
	total := 0
	for _, o := range m.DXOps {
		total += o.Count
	}
	fmt.Fprintf(w, "dx.op census: %d calls, %d opcodes\n", total, len(m.DXOps))
	fmt.Fprintf(w, "  %6s  %-32s %6s  %s\n", "opcode", "name", "calls", "from SM")
	for _, o := range m.DXOps {
		sm := "?"
		if a, b, ok := dxil.OpMinShaderModel(o.Opcode); ok {
			sm = fmt.Sprintf("%d.%d", a, b)
			if dxil.OpExperimental(o.Opcode) {
				sm += " (experimental)"
			}
		}
		fmt.Fprintf(w, "  %6d  %-32s %6d  %s\n", o.Opcode, Safe(o.Name), o.Count, sm)
	}
	fmt.Fprintf(w, "Blocks (%d records):\n", m.Records)
	writeBlocks(w, m.Blocks, "  ")
}

func writeBlocks(w io.Writer, bs []*dxil.Block, indent string) {
	for _, b := range bs {
		fmt.Fprintf(w, "%s%s (id %d) at 0x%x, %d bytes, %d records, %d abbrevs\n", indent, b.Name, b.ID, b.Offset, b.Size, b.Records, b.Abbrevs)
		for _, rc := range b.RecordCodes {
			fmt.Fprintf(w, "%s    %-22s %6d  %8d bits\n", indent, rc.Name, rc.Count, rc.Bits)
		}
		writeBlocks(w, b.Blocks, indent+"  ")
	}
}
