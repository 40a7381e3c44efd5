package main

import (
	"fmt"
	"io"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/text"
)

func init() {
	commands["dxil"] = command{"FILE", "the DXIL module: summary, entry points, resources, dx.op census, block structure", runDXIL}
}

func runDXIL(args []string, stdout, stderr io.Writer) int {
	if !oneFile(args, "dxil", stderr) {
		return 2
	}
	f, ok := open(args[0], stderr)
	if !ok {
		return 1
	}
	found := false
	for _, p := range f.Parts {
		if p.Program == nil || p.Module == nil {
			continue
		}
		found = true
		text.WriteModule(stdout, p)
	}
	if !found {
		fmt.Fprintf(stderr, "dxscope: %s: no DXIL, ILDB or STAT part with decodable bitcode\n", args[0])
		return 1
	}
	var probs []decode.Problem
	for _, pr := range f.Problems {
		if pr.Part == "DXIL" || pr.Part == "ILDB" || pr.Part == "STAT" {
			probs = append(probs, pr)
		}
	}
	fmt.Fprintf(stdout, "Problems: %d\n", len(probs))
	for _, pr := range probs {
		fmt.Fprintf(stdout, "  %s\n", pr)
	}
	return 0
}
