package main

import (
	"fmt"
	"io"

	"github.com/dxscope/dxscope/decode/reflect"
	"github.com/dxscope/dxscope/decode/text"
)

func init() {
	commands["reflect"] = command{"FILE [--json]",
		"the shader's reflection as ID3D12ShaderReflection reports it (constant buffers, bound resources, signatures, thread-group size, a library's functions), each value with the part it came from, and what the shader requires", runReflect}
}

// runReflect prints the reflection as text (the page's Text tab) or JSON;
// the container's problems go to standard error. A container without a
// shader still has a reflection, which says so.
func runReflect(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("reflect")
	asJSON := fs.Bool("json", false, "one JSON document with d3d12shader.h's names")
	pos, ok := parseArgs(fs, args, 1, 1, stderr)
	if !ok {
		return 2
	}
	f, ok := open(pos[0], stderr)
	if !ok {
		return 1
	}
	r := reflect.Reflect(f)
	if *asJSON {
		if !writeJSON(stdout, stderr, r) {
			return 1
		}
	} else {
		text.WriteReflection(stdout, r)
	}
	text.WriteProblems(stderr, f.Problems)
	if r.Container == "" {
		fmt.Fprintf(stderr, "dxscope: %s holds no shader\n", text.Safe(pos[0]))
	}
	return 0
}
