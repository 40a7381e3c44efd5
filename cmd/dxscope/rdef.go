package main

import (
	"fmt"
	"io"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/text"
)

func init() {
	commands["rdef"] = command{"FILE", "FXC resource definitions (RDEF): cbuffers, variables, types, bindings", runRDEF}
}

func runRDEF(args []string, stdout, stderr io.Writer) int {
	if !oneFile(args, "rdef", stderr) {
		return 2
	}
	b, ok := readFile(args[0], stderr)
	if !ok {
		return 1
	}
	f, err := decode.Parse(b)
	if err != nil {
		d, probs, _ := decode.ParseResourceDefinitions(b)
		if d == nil {
			fmt.Fprintf(stderr, "dxscope: %s: neither a container nor an RDEF blob: %v\n", args[0], err)
			return 1
		}
		text.WriteResourceDefinitions(stdout, d)
		text.WriteProblems(stdout, probs)
		return 0
	}
	p := f.Part("RDEF")
	if p == nil || p.ResourceDefs == nil {
		fmt.Fprintf(stderr, "dxscope: %s has no decodable RDEF part\n", args[0])
		return 1
	}
	fmt.Fprintf(stdout, "Part #%d RDEF (%d bytes): %s\n", p.Index, p.Size, p.Summary)
	text.WriteResourceDefinitions(stdout, p.ResourceDefs)
	text.WriteProblems(stdout, partProblems(f.Problems, "RDEF"))
	return 0
}
