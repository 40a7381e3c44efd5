package main

import (
	"fmt"
	"io"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/text"
)

func init() {
	commands["rootsig"] = command{"FILE", "the RTS0 root signature in the HLSL root signature language", fileCommand("rootsig", dumpRootSig)}
}

// dumpRootSig prints the HLSL; the part's problems go to stderr and an
// error among them makes the exit status 1.
func dumpRootSig(f *decode.File, path string, stdout, stderr io.Writer) int {
	p := f.Part("RTS0")
	if p == nil {
		fmt.Fprintf(stderr, "dxscope: %s has no RTS0 part\n", path)
		return 1
	}
	text.WriteRootSignature(stdout, p)
	status := 0
	for _, pr := range partProblems(f.Problems, "RTS0") {
		fmt.Fprintf(stderr, "%s\n", pr)
		if pr.Severity == decode.Error {
			status = 1
		}
	}
	return status
}
