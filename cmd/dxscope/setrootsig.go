package main

import (
	"encoding/binary"
	"fmt"
	"io"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/edit"
	"github.com/dxscope/dxscope/decode/text"
)

func init() {
	commands["setrootsig"] = command{"FILE RS (-o OUT | --in-place) [--digest D] [--force]",
		"replace or add the root signature (RS: a serialized RTS0 or a container with one), checked against the shader's bindings", runSetRootSig}
	binaryOutput["setrootsig"] = true
}

func runSetRootSig(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("setrootsig")
	var o output
	o.flags(fs, "keep")
	force := fs.Bool("force", false, "write a root signature that does not fit the shader")
	pos, ok := parseArgs(fs, args, 2, 2, stderr)
	if !ok {
		return 2
	}
	if pos[0] == "-" && pos[1] == "-" {
		fmt.Fprintln(stderr, "dxscope: FILE and RS cannot both be standard input")
		return 2
	}
	f, ok := openEdit(pos[0], &o, stderr)
	if !ok {
		return 1
	}
	rs, ok := readFile(pos[1], stderr)
	if !ok {
		return 1
	}
	rts0, err := rootSignatureBytes(rs)
	if err != nil {
		fmt.Fprintf(stderr, "dxscope: %s: %s\n", text.Safe(pos[1]), err)
		return 1
	}
	if !checkRootSignature(f, rts0, *force, stderr) {
		return 1
	}
	verb := "adds"
	if f.Part("RTS0") != nil {
		verb = "replaces"
	}
	fmt.Fprintf(stderr, "dxscope: %s RTS0 (%s)\n", verb, byteCount(len(rts0)))
	return writeEdited(pos[0], f, []edit.Edit{{Op: edit.Set, Name: "RTS0", Data: rts0}}, &o, stdout, stderr)
}

// rootSignatureBytes returns the serialized root signature in b: the RTS0
// part of a container, or b itself when it starts with a root signature
// version (1.0, 1.1, 1.2).
func rootSignatureBytes(b []byte) ([]byte, error) {
	if len(b) >= 4 && string(b[:4]) == decode.Magic {
		f, err := decode.Parse(b)
		if err != nil {
			return nil, err
		}
		p := f.Part("RTS0")
		if p == nil {
			return nil, fmt.Errorf("the container has no RTS0 part")
		}
		return p.Data(), nil
	}
	if len(b) >= 4 {
		if v := binary.LittleEndian.Uint32(b); v >= 1 && v <= 3 {
			return b, nil
		}
	}
	return nil, fmt.Errorf("neither a container nor a serialized root signature (whose first word is its version, 1 to 3); for HLSL root-signature text, compile it first (dxc -T rootsig_1_1 -E NAME FILE -Fo OUT)")
}
