package main

import (
	"fmt"
	"io"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/reflect"
	"github.com/dxscope/dxscope/decode/text"
)

func init() {
	commands["reflect"] = command{"FILE [--json]",
		"the shader's reflection as ID3D12ShaderReflection reports it (constant buffers, bound resources, signatures, thread-group size, a library's functions), each value with the part it came from, and what the shader requires",
		jsonCommand("reflect", "one JSON document with d3d12shader.h's names", open, printReflection)}
}

// printReflection prints the reflection as text (the page's Text tab) or JSON;
// the container's problems go to standard error. A container without a
// shader still has a reflection, which says so.
func printReflection(f *decode.File, path string, asJSON bool, stdout, stderr io.Writer) int {
	r := reflect.Reflect(f)
	if asJSON {
		if !writeJSON(stdout, stderr, r) {
			return 1
		}
	} else {
		text.WriteReflection(stdout, r)
	}
	text.WriteProblems(stderr, f.Problems)
	if r.Container == "" {
		fmt.Fprintf(stderr, "dxscope: %s holds no shader\n", text.Safe(path))
	}
	return 0
}
