package main

import (
	"fmt"
	"io"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/text"
)

func init() {
	commands["dis"] = command{"[--no-header] FILE", "the DXIL (and ILDB) module as `dxc -dumpbin` prints it: header comments, then LLVM 3.7 assembly", runDis}
}

func runDis(args []string, stdout, stderr io.Writer) int {
	noHeader := false
	var rest []string
	for _, a := range args {
		if a == "--no-header" || a == "-no-header" {
			noHeader = true
			continue
		}
		rest = append(rest, a)
	}
	return fileCommand("dis [--no-header]", func(f *decode.File, path string, stdout, stderr io.Writer) int {
		return disassemble(f, path, noHeader, stdout, stderr)
	})(rest, stdout, stderr)
}

func disassemble(f *decode.File, path string, noHeader bool, stdout, stderr io.Writer) int {
	// Like dxc -dumpbin: the debug module (ILDB) when there is one, else DXIL.
	part := f.Part("ILDB")
	if part == nil || part.Program == nil {
		part = f.Part("DXIL")
	}
	ir := decode.PartIR(part)
	if ir == nil {
		fmt.Fprintf(stderr, "dxscope: %s: no DXIL or ILDB part with bitcode\n", path)
		return 1
	}
	var err error
	if noHeader {
		err = text.WriteIR(stdout, ir)
	} else {
		err = text.WriteDisassembly(stdout, f, ir)
	}
	if err != nil {
		fmt.Fprintf(stderr, "dxscope: %v\n", err)
		return 1
	}
	for _, pr := range ir.Problems {
		fmt.Fprintf(stderr, "dxscope: %s\n", pr)
	}
	if ir.StoppedAt != 0 {
		return 1
	}
	return 0
}
