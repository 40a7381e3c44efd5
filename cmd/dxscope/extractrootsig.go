package main

import (
	"fmt"
	"io"

	"github.com/dxscope/dxscope/decode/edit"
	"github.com/dxscope/dxscope/decode/text"
)

func init() {
	commands["extractrootsig"] = command{"FILE (-o OUT | --in-place) [--digest D]",
		"write a container holding only the RTS0 part, as dxc -extractrootsignature does (digest none unless --digest)", runExtractRootSig}
	binaryOutput["extractrootsig"] = true
}

func runExtractRootSig(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("extractrootsig")
	var o output
	// dxc -extractrootsignature writes the header InitDxilContainer makes,
	// digest all zero, and hashes nothing (dxc.cpp, ExtractRootSignature).
	o.flags(fs, "none")
	pos, ok := parseArgs(fs, args, 1, 1, stderr)
	if !ok {
		return 2
	}
	f, ok := openEdit(pos[0], &o, stderr)
	if !ok {
		return 1
	}
	p := f.Part("RTS0")
	if p == nil {
		msg := "has no RTS0 part"
		if f.Part("RDAT") != nil {
			msg += " (a library's root signatures are RDAT subobjects: dxscope rdat lists them)"
		}
		fmt.Fprintf(stderr, "dxscope: %s %s\n", text.Safe(pos[0]), msg)
		return 1
	}
	d, err := o.digestMode()
	if err != nil {
		fmt.Fprintf(stderr, "dxscope: %v\n", err)
		return 2
	}
	if d == edit.Keep {
		d = edit.Unsigned
	}
	c := edit.New()
	if err := c.Set("RTS0", p.Data()); err != nil {
		fmt.Fprintf(stderr, "dxscope: %v\n", err)
		return 1
	}
	out, err := c.Bytes(d)
	if err != nil {
		fmt.Fprintf(stderr, "dxscope: %v\n", err)
		return 1
	}
	// Compared with a container of RTS0 alone, not with the shader, the
	// result has no problem the shader did not.
	return o.write(pos[0], f, out, stdout, stderr)
}
