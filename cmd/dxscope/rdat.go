package main

import (
	"fmt"
	"io"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/text"
)

func init() {
	commands["rdat"] = command{"FILE", "dump the runtime data (RDAT, or PDBI's) like dxa -dumprdat; FILE may be a raw RDAT blob", runRDAT}
}

func runRDAT(args []string, stdout, stderr io.Writer) int {
	if !oneFile(args, "rdat", stderr) {
		return 2
	}
	b, ok := readFile(args[0], stderr)
	if !ok {
		return 1
	}
	f, err := decode.Parse(b)
	if err != nil {
		// Not a container: try the bytes as a bare RDAT blob, as dxa does.
		d, probs, _ := decode.ParseRuntimeData(b)
		if d == nil || d.Version != 0x10 {
			fmt.Fprintf(stderr, "dxscope: %s: neither a container nor an RDAT blob: %v\n", args[0], err)
			return 1
		}
		text.WriteRuntimeData(stdout, d, len(b))
		text.WriteProblems(stdout, probs)
		return 0
	}
	found := false
	for _, p := range f.Parts {
		var d *decode.RuntimeData
		switch {
		case p.RuntimeData != nil:
			d = p.RuntimeData
		case p.PDBInfo != nil && p.PDBInfo.RuntimeData != nil:
			d = p.PDBInfo.RuntimeData
		default:
			continue
		}
		found = true
		fmt.Fprintf(stdout, "Part #%d %s (%d bytes): %s\n", p.Index, p.Name, p.Size, p.Summary)
		text.WriteRuntimeData(stdout, d, int(p.Size))
	}
	if !found {
		fmt.Fprintf(stderr, "dxscope: %s has no RDAT or PDBI part\n", args[0])
		return 1
	}
	text.WriteProblems(stdout, partProblems(f.Problems, "RDAT", "PDBI"))
	return 0
}
