package sm4

import (
	"strconv"

	"github.com/dxscope/dxscope/decode/report"
)

// tokenKinds name the dwords of an instruction as span path segments, one
// per what next is asked to read, so that each kind can be taught by its
// bit fields (the page's lessons and model.TokenFields).
var tokenKinds = [...]string{"OpcodeToken", "ExtendedOpcodeToken", "OperandToken", "ExtendedOperandToken", "ImmediateValue", "Index",
	"ByteCount", "CallSite", "ComponentCount", "ConstantBufferSize", "Count", "FunctionBody", "FunctionBodyCount", "FunctionTable",
	"Interface", "MaxTessellationFactor", "Register", "RegisterCount", "RegisterSpace", "ReturnType", "StructureCount",
	"StructureStride", "SystemValue", "TableCountAndArraySize", "ThreadGroupSizeX", "ThreadGroupSizeY", "ThreadGroupSizeZ", "Token"}

// tokenKindOf maps next's what to its kind's index in tokenKinds; a what
// not listed is a plain Token.
var tokenKindOf = map[string]int{"opcode": 0, "extended opcode token": 1, "operand token": 2, "extended operand token": 3,
	"immediate value": 4, "index": 5, "byte count": 6, "call site": 7, "component count": 8, "constant buffer size": 9,
	"count": 10, "function body": 11, "function body count": 12, "function table": 13, "interface": 14,
	"max tessellation factor": 15, "register": 16, "register count": 17, "register space": 18, "return type": 19,
	"structure count": 20, "structure stride": 21, "system value": 22, "table count and array size": 23,
	"thread group size x": 24, "thread group size y": 25, "thread group size z": 26}

// tokenSpans names the dwords of the instruction being decoded.
type tokenSpans struct {
	prefix string // the instruction's path: "Bytecode/Instructions/12/"
	kinds  [len(tokenKinds)]uint16
}

// start begins the instruction numbered idx under the reader's path.
func (t *tokenSpans) start(path string, idx int) {
	t.prefix = path + "/Instructions/" + strconv.Itoa(idx) + "/"
	t.kinds = [len(tokenKinds)]uint16{}
}

// token records the span of the dword at word index pos, named by its kind
// and its count among the instruction's tokens of that kind
// (Bytecode/Instructions/12/OperandToken/1), its value in hex. It is
// written without fmt: an 8,000-instruction part has some 40,000 tokens.
func (d *decoder) token(what string, pos int, v uint32) {
	k, ok := tokenKindOf[what]
	if !ok {
		k = len(tokenKinds) - 1
	}
	n := d.toks.kinds[k]
	d.toks.kinds[k]++
	var hex [10]byte
	hex[0], hex[1] = '0', 'x'
	for i := 9; i >= 2; i-- {
		hex[i] = "0123456789abcdef"[v&15]
		v >>= 4
	}
	d.r.Out.Span(report.Span{Part: d.r.Part, Path: d.toks.prefix + tokenKinds[k] + "/" + strconv.Itoa(int(n)),
		Off: d.r.Base + int64(pos*4), Size: 4, Kind: report.SpanField, Value: string(hex[:])})
}
