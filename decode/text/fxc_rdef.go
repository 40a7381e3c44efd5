package text

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/report"
)

// rdef prints "Buffer Definitions" and "Resource Bindings".
func (l *lister) rdef(d *decode.ResourceDefinitions) {
	l.part = "RDEF"
	if len(d.ConstantBuffers) > 0 {
		l.comment("Buffer Definitions: ")
		l.comment("")
		for i := range d.ConstantBuffers {
			l.cbuffer(d, i)
		}
		l.comment("")
	}
	if len(d.ResourceBindings) > 0 {
		sm51 := d.Header.Major == 5 && d.Header.Minor == 1 || d.Header.Major > 5
		l.comment("Resource Bindings:")
		l.comment("")
		slots := l.style.SlotBindings && !sm51
		switch {
		case slots:
			l.comment("Name                                 Type  Format         Dim Slot Elements")
			l.comment("------------------------------ ---------- ------- ----------- ---- --------")
		case sm51:
			l.comment("Name                                 Type  Format         Dim      ID      HLSL Bind  Count")
			l.comment("------------------------------ ---------- ------- ----------- ------- -------------- ------")
		default:
			l.comment("Name                                 Type  Format         Dim      HLSL Bind  Count")
			l.comment("------------------------------ ---------- ------- ----------- -------------- ------")
		}
		for i, b := range d.ResourceBindings {
			line := bindingLine(b, sm51)
			if slots {
				line = slotBindingLine(b)
			}
			l.commentAt(line, "ResourceDefs/ResourceBindings/"+strconv.Itoa(i))
		}
		l.comment("")
		l.comment("")
	}
}

var (
	inputTypeText = []string{"cbuffer", "tbuffer", "texture", "sampler", "UAV", "texture", "UAV", "texture", "UAV", "UAV", "UAV", "UAV", "texture", "UAV"}
	returnText    = []string{"NA", "unorm", "snorm", "sint", "uint", "float", "mixed", "double", "<continued>"}
	dimText       = []string{"NA", "buf", "1d", "1darray", "2d", "2darray", "2dMS", "2darrayMS", "3d", "cube", "cubearray", "bufex"}
	bindPrefix    = []string{"cb", "t", "t", "s", "u", "t", "u", "t", "u", "u", "u", "u", "t", "u"}
)

// bindingLine is one row of the Resource Bindings table.
func bindingLine(b decode.RDEFResourceBinding, sm51 bool) string {
	name, typ, format, dim := bindingColumns(b)
	bind := report.EnumName(bindPrefix, uint64(b.Type), "unk") + strconv.FormatUint(uint64(b.BindPoint), 10)
	if !sm51 {
		return fmt.Sprintf("%-30s %10s %7s %11s %14s %6d ", name, typ, format, dim, bind, b.BindCount)
	}
	id := b.BindPoint
	if b.ID != nil {
		id = *b.ID
	}
	if b.Space != nil && *b.Space > 0 {
		bind += ",space" + strconv.FormatUint(uint64(*b.Space), 10)
	}
	count := strconv.FormatUint(uint64(b.BindCount), 10)
	if b.BindCount == 0 {
		count = "unbounded"
	}
	return fmt.Sprintf("%-30s %10s %7s %11s %7s %14s %6s ", name, typ, format, dim, strings.ToUpper(report.EnumName(bindPrefix, uint64(b.Type), "unk"))+strconv.FormatUint(uint64(id), 10), bind, count)
}

// slotBindingLine is one row of the Resource Bindings table as FXC before
// 10 prints it: the slot and element count bare, no trailing space
// (d3dcompiler_43's format "%-30s %10s %7s %11s %4u %8u").
func slotBindingLine(b decode.RDEFResourceBinding) string {
	name, typ, format, dim := bindingColumns(b)
	return fmt.Sprintf("%-30s %10s %7s %11s %4d %8d", name, typ, format, dim, b.BindPoint, b.BindCount)
}

// bindingColumns are the name, type, format and dimension columns every
// layout of the table shares.
func bindingColumns(b decode.RDEFResourceBinding) (name, typ, format, dim string) {
	typ = report.EnumName(inputTypeText, uint64(b.Type), "type")
	if b.Flags&2 != 0 { // D3D_SIF_COMPARISON_SAMPLER
		typ += "_c"
	}
	format = report.EnumName(returnText, uint64(b.ReturnType), "ret")
	switch b.Type {
	case decode.SITStructured, decode.SITUAVRWStructured, decode.SITUAVAppendStructured, decode.SITUAVConsumeStructured, decode.SITUAVRWStructuredWithCounter:
		if b.ReturnType == decode.ReturnTypeMixed {
			format = "struct"
		}
	case decode.SITByteAddress, decode.SITUAVRWByteAddress:
		if b.ReturnType == decode.ReturnTypeMixed {
			format = "byte"
		}
	}
	if n := b.Flags >> 2 & 3; n > 0 { // D3D_SIF_TEXTURE_COMPONENTS
		format += strconv.Itoa(int(n) + 1)
	}
	dim = report.EnumName(dimText, uint64(b.Dimension), "dim")
	switch b.Type {
	case decode.SITStructured, decode.SITByteAddress:
		dim = "r/o"
	case decode.SITUAVRWStructured, decode.SITUAVRWByteAddress:
		dim = "r/w"
	case decode.SITUAVRWStructuredWithCounter:
		dim = "r/w+cnt"
	case decode.SITUAVAppendStructured:
		dim = "append"
	case decode.SITUAVConsumeStructured:
		dim = "consume"
	}
	if (b.Dimension == 6 || b.Dimension == 7) && b.NumSamples > 0 && b.NumSamples != 0xFFFFFFFF {
		dim += strconv.Itoa(int(b.NumSamples))
	}
	return Safe(b.Name), typ, format, dim
}

// cbuffer prints one constant buffer of Buffer Definitions.
func (l *lister) cbuffer(d *decode.ResourceDefinitions, i int) {
	cb := d.ConstantBuffers[i]
	path := "ResourceDefs/ConstantBuffers/" + strconv.Itoa(i)
	kind := "cbuffer"
	switch cb.Type {
	case decode.CTTBuffer:
		kind = "tbuffer"
	case decode.CTInterfacePointers:
		kind = "interfaces"
	case decode.CTResourceBindInfo:
		kind = "Resource bind info for"
	}
	l.commentAt(kind+" "+Safe(cb.Name), path)
	l.comment("{")
	for j, v := range cb.Variables {
		vpath := path + "/Variables/" + strconv.Itoa(j)
		l.variable(d, v, vpath, j == 0)
	}
	l.comment("")
	l.comment("}")
	l.comment("")
}

// variable prints a cbuffer variable: its declaration padded to column 40,
// offset and size, [unused], then any default value as hex words.
func (l *lister) variable(d *decode.ResourceDefinitions, v decode.RDEFVariable, path string, first bool) {
	var decl []string
	if first {
		decl = append(decl, "")
	}
	t, ok := typeAt(d, v.TypeIndex)
	name := Safe(v.Name)
	if ok && t.Class == decode.SVCStruct { // its members, one line each
		if !first {
			decl = append(decl, "  ") // FXC sets a struct off from the variable before it, with a line of its indent
		}
		// The struct's lines go out as they are made: a type graph can
		// ask for more than any budget, which add stops.
		for _, s := range decl {
			l.declLine(s, path)
		}
		decl = nil
		if l.members == nil || l.members.d != d {
			l.members = newMemberMemo(d)
		}
		l.structLines(d, v.TypeIndex, 2, v.StartOffset, 0, func(s string) {
			l.members.line() // every line of a repeat counts against the repeats' budget
			l.declLine(s, path)
		})
		decl = append(decl, "  } "+name+arraySuffix(t)+";")
	} else {
		kind := ""
		if ok && t.Class == decode.SVCInterfacePointer { // class linkage: "interface iLight g_light;"
			kind = "interface "
		}
		decl = append(decl, "  "+kind+typeName(d, v.TypeIndex)+" "+name+arraySuffix(t)+";")
	}
	size := "N/A"
	if v.Size != 0 {
		size = strconv.Itoa(int(v.Size))
	}
	for k, s := range decl {
		if k < len(decl)-1 {
			l.declLine(s, path)
			continue
		}
		line := fmt.Sprintf("%-37s// Offset: %4d Size: %5s", s, v.StartOffset, size)
		if v.Flags&2 == 0 { // D3D_SVF_USED
			line += " [unused]"
		}
		l.commentAt(line, path)
	}
	if len(v.DefaultValue) > 0 {
		var words []string
		for k := 0; k+4 <= len(v.DefaultValue); k += 4 {
			b := v.DefaultValue[k:]
			words = append(words, fmt.Sprintf("0x%08x", uint32(b[0])|uint32(b[1])<<8|uint32(b[2])<<16|uint32(b[3])<<24))
		}
		for k := 0; k < len(words); k += 4 {
			e := min(k+4, len(words))
			lead := "     = "
			if k > 0 {
				lead = "       "
			}
			l.commentAt(lead+strings.Join(words[k:e], " ")+" ", path+"/DefaultValue")
		}
	}
}

// declLine adds a line of a variable's declaration ("" is a bare "//").
func (l *lister) declLine(s, path string) {
	if s == "" {
		l.comment("")
		return
	}
	l.commentAt(s, path)
}

// structLines spells struct type ti's opening and members (FXC indents each
// level by four and gives each member its absolute offset), each line to
// emit. A member list already spelled, or being spelled, may be one line
// saying so (memberMemo).
func (l *lister) structLines(d *decode.ResourceDefinitions, ti, indent int, base uint32, depth int, emit func(string)) {
	t := d.Types[ti]
	pad := strings.Repeat(" ", indent)
	emit(strings.TrimRight(pad+"struct "+Safe(t.Name), " "))
	emit(pad + "{")
	emit(pad + "    ") // FXC's blank line inside the braces carries the members' indent
	if depth > 8 {
		emit(pad + "    ...")
		return
	}
	leave, ref, ok := l.members.enter(ti)
	if !ok {
		emit(pad + "    " + ref)
		emit("")
		return
	}
	defer leave()
	for _, m := range d.Members(ti) {
		mt, ok := typeAt(d, m.TypeIndex)
		mpad := strings.Repeat(" ", indent+4)
		if ok && mt.Class == decode.SVCStruct {
			l.structLines(d, m.TypeIndex, indent+4, base+m.Offset, depth+1, emit)
			emit(fmt.Sprintf("%-37s// Offset: %4d", mpad+"} "+Safe(m.Name)+arraySuffix(mt)+";", base+m.Offset))
			continue
		}
		emit(fmt.Sprintf("%-37s// Offset: %4d", mpad+typeName(d, m.TypeIndex)+" "+Safe(m.Name)+arraySuffix(mt)+";", base+m.Offset))
	}
	emit("")
}

func typeAt(d *decode.ResourceDefinitions, i int) (decode.RDEFType, bool) {
	if i < 0 || i >= len(d.Types) {
		return decode.RDEFType{}, false
	}
	return d.Types[i], true
}

func typeName(d *decode.ResourceDefinitions, i int) string {
	t, ok := typeAt(d, i)
	if !ok {
		return "?"
	}
	return Safe(t.HLSLTypeText)
}

func arraySuffix(t decode.RDEFType) string {
	if t.Elements > 1 {
		return "[" + strconv.Itoa(int(t.Elements)) + "]"
	}
	return ""
}
