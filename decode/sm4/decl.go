package sm4

import (
	"bytes"
	"fmt"
	"math"
	"strings"

	"github.com/dxscope/dxscope/decode/report"
)

// declaration decodes a declaration: its operands and the payload its
// opcode's layout gives it, in token order.
func (d *decoder) declaration(in *Instruction, tok uint32) {
	op := in.Opcode
	ctl := tok >> 11 & 0x1fff
	dcl := &Declaration{}
	in.Decl = dcl
	operand := func() {
		in.Operands = append(in.Operands, d.operand())
	}
	// SM5.1 range declarations end with their register space.
	space := func() {
		if d.sm51 {
			dcl.Space = d.next("register space")
		}
	}
	// Declarations may carry extended opcode tokens in principle; none do in practice.
	if tok>>31 != 0 {
		d.extended(nil, tok)
	}
	switch op {
	case OpDclGlobalFlags:
		dcl.GlobalFlags = GlobalFlags(ctl)
	case OpDclConstantBuffer:
		dcl.DynamicIndexed = ctl&1 != 0
		operand()
		if d.sm51 {
			dcl.Size = d.next("constant buffer size")
			space()
		}
	case OpDclSampler:
		dcl.SamplerMode = SamplerMode(ctl & 0xf)
		operand()
		space()
	case OpDclResource, OpDclUAVTyped:
		dcl.Dimension = ResourceDimension(ctl & 0x1f)
		if op == OpDclResource {
			dcl.SampleCount = uint8(tok >> 16 & 0x7f)
		} else {
			dcl.UAVFlags = uavFlags(tok)
		}
		operand()
		rt := d.next("return type")
		for i := range dcl.ReturnType {
			dcl.ReturnType[i] = ReturnType(rt >> (4 * uint(i)) & 0xf)
		}
		space()
	case OpDclResourceRaw, OpDclUAVRaw:
		if op == OpDclUAVRaw {
			dcl.UAVFlags = uavFlags(tok)
		}
		operand()
		space()
	case OpDclResourceStructured, OpDclUAVStructured:
		if op == OpDclUAVStructured {
			dcl.UAVFlags = uavFlags(tok)
		}
		operand()
		dcl.Stride = d.next("structure stride")
		space()
	case OpDclInput, OpDclOutput, OpDclStream:
		operand()
	case OpDclInputSGV, OpDclInputSIV, OpDclOutputSGV, OpDclOutputSIV:
		operand()
		dcl.SystemValue = SystemValue(d.next("system value") & 0xffff)
	case OpDclInputPS, OpDclInputPSSIV, OpDclInputPSSGV:
		dcl.Interpolation = Interpolation(ctl & 0xf)
		operand()
		if op != OpDclInputPS {
			dcl.SystemValue = SystemValue(d.next("system value") & 0xffff)
		}
	case OpDclTemps, OpDclMaxOutputVertexCount, OpDclGSInstances, OpDclHSForkPhaseInstanceCount, OpDclHSJoinPhaseInstanceCount:
		dcl.Count = d.next("count")
	case OpDclIndexableTemp:
		dcl.Register = d.next("register")
		dcl.Count = d.next("register count")
		dcl.Components = d.next("component count")
	case OpDclIndexRange:
		operand()
		dcl.Count = d.next("register count")
	case OpDclOutputTopology:
		dcl.Topology = Topology(ctl & 0x7f)
	case OpDclInputPrimitive:
		dcl.Primitive = Primitive(ctl & 0x3f)
	case OpDclInputControlPointCount, OpDclOutputControlPointCount:
		dcl.ControlPoints = uint8(ctl & 0x3f)
	case OpDclTessellatorDomain:
		dcl.TessDomain = TessellatorDomain(ctl & 3)
	case OpDclTessellatorPartitioning:
		dcl.TessPartitioning = TessellatorPartitioning(ctl & 7)
	case OpDclTessellatorOutputPrimitive:
		dcl.TessOutputPrimitive = TessellatorOutputPrimitive(ctl & 7)
	case OpDclHSMaxTessFactor:
		dcl.MaxTessFactor = d.next("max tessellation factor")
	case OpDclThreadGroup:
		dcl.ThreadGroup = [3]uint32{d.next("thread group size x"), d.next("thread group size y"), d.next("thread group size z")}
	case OpDclTGSMRaw:
		operand()
		dcl.Count = d.next("byte count")
	case OpDclTGSMStructured:
		operand()
		dcl.Stride = d.next("structure stride")
		dcl.Count = d.next("structure count")
	case OpDclFunctionBody:
		dcl.Register = d.next("function body")
	case OpDclFunctionTable:
		dcl.Register = d.next("function table")
		n := d.next("function body count")
		for i := uint32(0); i < n && d.bad == "" && d.pos < d.end; i++ {
			dcl.Bodies = append(dcl.Bodies, d.next("function body"))
		}
		if uint64(n) > uint64(len(dcl.Bodies)) && d.bad == "" {
			d.bad = fmt.Sprintf("the table lists %d function bodies but only %d fit", n, len(dcl.Bodies))
		}
	case OpDclInterface:
		dcl.DynamicIndexed = ctl&1 != 0
		dcl.Register = d.next("interface")
		dcl.BodyCount = d.next("function body count")
		c := d.next("table count and array size")
		n := c & 0xffff
		dcl.ArraySize = c >> 16
		for i := uint32(0); i < n && d.bad == "" && d.pos < d.end; i++ {
			dcl.Tables = append(dcl.Tables, d.next("function table"))
		}
	}
}

func uavFlags(tok uint32) UAVFlags {
	var f UAVFlags
	if tok>>16&1 != 0 {
		f |= UAVGloballyCoherent
	}
	if tok>>17&1 != 0 {
		f |= UAVRasterizerOrdered
	}
	if tok>>23&1 != 0 {
		f |= UAVOpc
	}
	return f
}

// customData decodes a custom-data block: the immediate constant buffer
// FXC declares, a comment, a shader message, or opaque data.
func (d *decoder) customData(in *Instruction, tok uint32) {
	d.pos = d.start + 2
	n := d.end - d.pos
	if d.end-d.start < 2 {
		d.bad = "a custom data block needs its opcode and length tokens"
		return
	}
	c := &CustomData{Class: CustomDataClass(tok >> 11), Data: d.w[d.pos:d.end]}
	in.Custom = c
	d.pos = d.end
	switch c.Class {
	case CustomImmediateConstantBuffer:
		if len(c.Data)%4 != 0 {
			d.problemAt(report.Warning, d.start, "immediate constant buffer of %d dwords is not a whole number of 4-component vectors", len(c.Data))
		}
	case CustomShaderMessage:
		c.Message = d.shaderMessage(c.Data)
		if c.Message == nil {
			d.problemAt(report.Warning, d.start, "shader message block of %d dwords does not follow the layout (id, format, characters, operand count, operand length, operands, string)", n)
		}
	}
}

// shaderMessage decodes a printf/errorf custom-data block. The layout is
// D3D11_SB_CUSTOMDATA_SHADER_MESSAGE: message id, format style, character
// count, operand count, operand dwords, the operands, then the
// NUL-terminated string. It returns nil when the block does not follow it.
func (d *decoder) shaderMessage(data []uint32) *ShaderMessage {
	if len(data) < 5 {
		return nil
	}
	id, chars, nOps, opLen := data[0], data[2], data[3], data[4]
	if uint64(opLen)+5 > uint64(len(data)) || uint64(chars)/4+1 > uint64(len(data))-5-uint64(opLen) {
		return nil
	}
	m := &ShaderMessage{Errorf: id == 0x00200103}
	// Read the operands with the ordinary operand reader, bounded to their block.
	base := d.start + 2
	saveEnd, saveBad := d.end, d.bad
	d.pos, d.end = base+5, base+5+int(opLen)
	for i := uint32(0); i < nOps && d.pos < d.end && d.bad == ""; i++ {
		m.Operands = append(m.Operands, d.operand())
	}
	ok := d.bad == "" && d.pos == d.end && len(m.Operands) == int(nOps)
	d.end, d.bad = saveEnd, saveBad
	d.pos = d.end
	if !ok {
		return nil
	}
	m.Format = make([]byte, 0, chars)
	for _, w := range data[5+opLen:] {
		for k := 0; k < 4 && uint32(len(m.Format)) < chars; k++ {
			m.Format = append(m.Format, byte(w>>(8*uint(k))))
		}
	}
	return m
}

// formatDeclaration formats a declaration.
func formatDeclaration(in *Instruction, st Style) string {
	op := in.Opcode
	nm := op.String()
	dcl := in.Decl
	if dcl == nil {
		return nm
	}
	// The operands print as the line spells them; one cut off prints "?",
	// and one never read (the instruction ended before it) prints nothing.
	operand := func(i int) string {
		if i < len(in.Operands) {
			return FormatOperand(in, i, st)
		}
		return ""
	}
	reg := func() *Operand {
		if len(in.Operands) > 0 {
			return &in.Operands[0]
		}
		return &Operand{Missing: true}
	}
	space := ""
	if in.sm51() {
		space = fmt.Sprintf(", space=%d", dcl.Space)
	}
	switch op {
	case OpDclGlobalFlags:
		return nm + " " + dcl.GlobalFlags.String()
	case OpDclConstantBuffer:
		o := reg()
		access := ", immediateIndexed"
		if dcl.DynamicIndexed {
			access = ", dynamicIndexed"
		}
		cb := "CB"
		if st.LowerCaseCB {
			cb = "cb"
		}
		if in.sm51() {
			return fmt.Sprintf("%s %s[%d]%s%s", nm, rangeText(in, o, cb), dcl.Size, access, space)
		}
		if len(o.Indices) == 2 {
			return fmt.Sprintf("%s %s%d[%d]%s", nm, cb, o.Indices[0].Value, o.Indices[1].Value, access)
		}
		return nm + " " + registerText(in, o) + access
	case OpDclSampler:
		return fmt.Sprintf("%s %s, %s", nm, declRegister(in, reg()), dcl.SamplerMode) + space
	case OpDclResource, OpDclUAVTyped:
		s := "dcl_resource_"
		if op == OpDclUAVTyped {
			s = "dcl_uav_typed_"
		}
		s += dcl.Dimension.String()
		if op == OpDclResource && (dcl.Dimension == DimTexture2DMS || dcl.Dimension == DimTexture2DMSArray) {
			s += fmt.Sprintf("(%d)", dcl.SampleCount)
		}
		s += dcl.UAVFlags.String()
		return s + " " + returnTypeList(dcl.ReturnType) + " " + declRegister(in, reg()) + space
	case OpDclResourceRaw, OpDclUAVRaw:
		return nm + dcl.UAVFlags.String() + " " + declRegister(in, reg()) + space
	case OpDclResourceStructured, OpDclUAVStructured:
		s := fmt.Sprintf("%s %s, %d%s", nm+dcl.UAVFlags.String(), declRegister(in, reg()), dcl.Stride, space)
		if op == OpDclResourceStructured && space == "" && st.StructuredBlank {
			s += " "
		}
		return s
	case OpDclInput, OpDclOutput, OpDclStream:
		return nm + " " + operand(0)
	case OpDclInputSGV, OpDclInputSIV, OpDclOutputSGV, OpDclOutputSIV:
		return nm + " " + operand(0) + ", " + dcl.SystemValue.String()
	case OpDclInputPS, OpDclInputPSSIV, OpDclInputPSSGV:
		s := nm
		if dcl.Interpolation != 0 && !(op == OpDclInputPSSGV && st.OmitSGVInterpolation) {
			s += " " + dcl.Interpolation.String()
		}
		s += " " + operand(0)
		if op != OpDclInputPS {
			s += ", " + dcl.SystemValue.String()
		}
		return s
	case OpDclTemps, OpDclMaxOutputVertexCount, OpDclGSInstances, OpDclHSForkPhaseInstanceCount, OpDclHSJoinPhaseInstanceCount:
		return fmt.Sprintf("%s %d", nm, dcl.Count)
	case OpDclIndexableTemp:
		return fmt.Sprintf("%s x%d[%d], %d", nm, dcl.Register, dcl.Count, dcl.Components)
	case OpDclIndexRange:
		return fmt.Sprintf("%s %s %d", nm, operand(0), dcl.Count)
	case OpDclOutputTopology: // these two end in a blank in FXC's listings
		return nm + " " + dcl.Topology.String() + " "
	case OpDclInputPrimitive:
		return nm + " " + dcl.Primitive.String() + " "
	case OpDclInputControlPointCount, OpDclOutputControlPointCount:
		return fmt.Sprintf("%s %d", nm, dcl.ControlPoints)
	case OpDclTessellatorDomain:
		return nm + " " + dcl.TessDomain.String()
	case OpDclTessellatorPartitioning:
		return nm + " " + dcl.TessPartitioning.String()
	case OpDclTessellatorOutputPrimitive:
		return nm + " " + dcl.TessOutputPrimitive.String()
	case OpDclHSMaxTessFactor:
		return nm + " l(" + formatFloat(float64(math.Float32frombits(dcl.MaxTessFactor))) + ")"
	case OpDclThreadGroup:
		return fmt.Sprintf("%s %d, %d, %d", nm, dcl.ThreadGroup[0], dcl.ThreadGroup[1], dcl.ThreadGroup[2])
	case OpDclTGSMRaw:
		return fmt.Sprintf("%s %s, %d", nm, operand(0), dcl.Count)
	case OpDclTGSMStructured:
		return fmt.Sprintf("%s %s, %d, %d", nm, operand(0), dcl.Stride, dcl.Count)
	case OpDclFunctionBody:
		return fmt.Sprintf("%s fb%d", nm, dcl.Register)
	case OpDclFunctionTable:
		bodies := make([]string, len(dcl.Bodies))
		for i, b := range dcl.Bodies {
			bodies[i] = fmt.Sprintf("fb%d", b)
		}
		return fmt.Sprintf("%s ft%d = {%s}", nm, dcl.Register, strings.Join(bodies, ", "))
	case OpDclInterface:
		if dcl.DynamicIndexed {
			nm += "_dynamicindexed"
		}
		tables := make([]string, len(dcl.Tables))
		for i, t := range dcl.Tables {
			tables[i] = fmt.Sprintf("ft%d", t)
		}
		return fmt.Sprintf("%s fp%d[%d][%d] = {%s}", nm, dcl.Register, dcl.ArraySize, dcl.BodyCount, strings.Join(tables, ", "))
	}
	return nm
}

// rangeText formats an SM5.1 range declaration's register: T1[10:*] (the
// upper bound 0xffffffff means unbounded). cb is the constant-buffer prefix
// in the chosen style.
func rangeText(in *Instruction, o *Operand, cb string) string {
	if len(o.Indices) < 3 {
		return registerText(in, o)
	}
	p := prefix(in, o.Type)
	if o.Type == OperandConstantBuffer {
		p = cb
	}
	hi := "*"
	if o.Indices[2].Value != 0xffffffff {
		hi = fmt.Sprint(o.Indices[2].Value)
	}
	return fmt.Sprintf("%s%d[%d:%s]", p, o.Indices[0].Value, o.Indices[1].Value, hi)
}

// declRegister is a declared register: t0 (no components) or an SM5.1 range T0[0:3].
func declRegister(in *Instruction, o *Operand) string {
	if in.sm51() && len(o.Indices) == 3 {
		return rangeText(in, o, "CB")
	}
	return registerText(in, o)
}

// formatCustomData formats a custom-data block: the immediate constant
// buffer FXC prints as a declaration, anything else as a comment.
func formatCustomData(in *Instruction, st Style) string {
	c := in.Custom
	if c == nil {
		return "dcl_customdata"
	}
	data := c.Data
	n := len(data)
	switch c.Class {
	case CustomImmediateConstantBuffer:
		var b strings.Builder
		b.WriteString("dcl_immediateConstantBuffer {")
		for i := 0; i < len(data); i += 4 {
			row := data[i:min(i+4, len(data))]
			if i > 0 {
				b.WriteString(",\n                             ")
			}
			parts := make([]string, len(row))
			for j, v := range row {
				parts[j] = untypedLiteral(v, st.FloatTiesAway)
			}
			b.WriteString(" { " + strings.Join(parts, ", ") + "}")
		}
		b.WriteString(" }")
		return b.String()
	case CustomComment:
		// A comment block holds a NUL-terminated string.
		var txt []byte
		for _, w := range data {
			for k := 0; k < 4; k++ {
				txt = append(txt, byte(w>>(8*uint(k))))
			}
		}
		if i := bytes.IndexByte(txt, 0); i >= 0 {
			txt = txt[:i]
		}
		return "// comment: \"" + escapeMessage(txt) + "\""
	case CustomDebugInfo:
		return fmt.Sprintf("// debug info (%d dwords)", n)
	case CustomOpaque:
		return fmt.Sprintf("// opaque custom data (%d dwords)", n)
	case CustomShaderMessage:
		m := c.Message
		if m == nil {
			return fmt.Sprintf("// shader message (%d dwords)", n)
		}
		name := "printf"
		if m.Errorf {
			name = "errorf"
		}
		// One builder: adding each operand to a string copied the text so far
		// (a message of thousands of operands).
		var b strings.Builder
		b.WriteString(name + " \"" + escapeMessage(m.Format) + "\"")
		for i := range m.Operands {
			o := &m.Operands[i]
			b.WriteString(", " + formatOperand(in, o, 'x', o.MinPrecision.note(), false))
		}
		return b.String()
	case CustomClipPlaneConstantMappings:
		return fmt.Sprintf("// dx9 clip plane constant mappings (%d dwords)", n)
	}
	return fmt.Sprintf("// custom data class %d (%d dwords)", uint32(c.Class), n)
}

// escapeMessage writes control characters and backslashes of a message
// string as C escapes, as FXC does; quotes stay as they are.
func escapeMessage(b []byte) string {
	var out strings.Builder
	for _, c := range b {
		switch {
		case int(c) < len(cEscapes) && cEscapes[c] != "":
			out.WriteString(cEscapes[c])
		case c < 0x20 || c >= 0x7f:
			fmt.Fprintf(&out, `\x%02x`, c)
		default:
			out.WriteByte(c)
		}
	}
	return out.String()
}

// cEscapes are the bytes C (and FXC) writes with a letter escape.
var cEscapes = [...]string{'\a': `\a`, '\b': `\b`, '\t': `\t`, '\n': `\n`, '\v': `\v`, '\f': `\f`, '\r': `\r`, '\\': `\\`}
