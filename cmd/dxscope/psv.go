package main

import (
	"fmt"
	"io"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/text"
)

func init() {
	commands["psv"] = command{"FILE", "dump the PSV0 part like dxa -dumppsv, names resolved", runPSV}
}

func runPSV(args []string, stdout, stderr io.Writer) int {
	if !oneFile(args, "psv", stderr) {
		return 2
	}
	f, ok := open(args[0], stderr)
	if !ok {
		return 1
	}
	p := f.Part("PSV0")
	if p == nil || p.PSVInfo == nil {
		fmt.Fprintf(stderr, "dxscope: %s has no PSV0 part\n", args[0])
		return 1
	}
	text.WritePSV(stdout, p.PSVInfo)
	var probs []decode.Problem
	for _, pr := range f.Problems {
		if pr.Part == "PSV0" {
			probs = append(probs, pr)
		}
	}
	if len(probs) > 0 {
		fmt.Fprintf(stdout, "Problems: %d\n", len(probs))
		for _, pr := range probs {
			fmt.Fprintf(stdout, "  %s\n", pr)
		}
	}
	return 0
}
