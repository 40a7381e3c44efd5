package main

import (
	"fmt"
	"io"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/text"
)

func init() {
	commands["rootsig"] = command{"FILE", "the RTS0 root signature in the HLSL root signature language", runRootSig}
}

func runRootSig(args []string, stdout, stderr io.Writer) int {
	if !oneFile(args, "rootsig", stderr) {
		return 2
	}
	f, ok := open(args[0], stderr)
	if !ok {
		return 1
	}
	p := f.Part("RTS0")
	if p == nil {
		fmt.Fprintf(stderr, "dxscope: %s has no RTS0 part\n", args[0])
		return 1
	}
	text.WriteRootSignature(stdout, p)
	status := 0
	for _, pr := range f.Problems {
		if pr.Part == "RTS0" {
			fmt.Fprintf(stderr, "%s\n", pr)
			if pr.Severity == decode.Error {
				status = 1
			}
		}
	}
	return status
}
