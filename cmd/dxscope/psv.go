package main

import (
	"fmt"
	"io"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/text"
)

func init() {
	commands["psv"] = command{"FILE", "dump the PSV0 part like dxa -dumppsv, names resolved", fileCommand("psv", dumpPSV)}
}

func dumpPSV(f *decode.File, path string, stdout, stderr io.Writer) int {
	p := f.Part("PSV0")
	if p == nil || p.PSVInfo == nil {
		fmt.Fprintf(stderr, "dxscope: %s has no PSV0 part\n", path)
		return 1
	}
	text.WritePSV(stdout, p.PSVInfo)
	if probs := partProblems(f.Problems, "PSV0"); len(probs) > 0 {
		fmt.Fprintf(stdout, "Problems: %d\n", len(probs))
		for _, pr := range probs {
			fmt.Fprintf(stdout, "  %s\n", pr)
		}
	}
	return 0
}
