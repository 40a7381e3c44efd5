package main

import (
	"fmt"
	"io"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/text"
)

func init() {
	commands["dxil"] = command{"FILE", "the DXIL module: summary, entry points, resources, dx.op census, block structure", fileCommand("dxil", dumpDXIL)}
}

func dumpDXIL(f *decode.File, path string, stdout, stderr io.Writer) int {
	found := false
	for _, p := range f.Parts {
		if p.Program == nil || p.Module == nil {
			continue
		}
		found = true
		text.WriteModule(stdout, p)
	}
	if !found {
		fmt.Fprintf(stderr, "dxscope: %s: no DXIL, ILDB or STAT part with decodable bitcode\n", path)
		return 1
	}
	probs := partProblems(f.Problems, "DXIL", "ILDB", "STAT")
	fmt.Fprintf(stdout, "Problems: %d\n", len(probs))
	for _, pr := range probs {
		fmt.Fprintf(stdout, "  %s\n", pr)
	}
	return 0
}
