package main

import (
	"fmt"
	"io"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/text"
)

func init() {
	commands["asm"] = command{"[--code] FILE", "print the whole FXC listing (header comments, signatures, level-9 code, instructions); --code: the SHDR/SHEX instructions only", runAsm}
}

func runAsm(args []string, stdout, stderr io.Writer) int {
	codeOnly := false
	if len(args) > 0 && args[0] == "--code" {
		codeOnly, args = true, args[1:]
	}
	return fileCommand("asm", func(f *decode.File, path string, stdout, stderr io.Writer) int {
		return dumpAsm(f, path, codeOnly, stdout, stderr)
	})(args, stdout, stderr)
}

func dumpAsm(f *decode.File, path string, codeOnly bool, stdout, stderr io.Writer) int {
	status := 1
	for _, p := range f.Parts {
		if p.Bytecode != nil || p.Level9 != nil {
			status = 0
		}
	}
	if status != 0 {
		fmt.Fprintf(stderr, "dxscope: %s: no SHDR or SHEX part\n", path)
	} else if codeOnly {
		for _, p := range f.Parts {
			if p.Bytecode != nil {
				fmt.Fprint(stdout, p.Bytecode.Listing())
			}
		}
	} else {
		if err := text.WriteFXCListing(stdout, f); err != nil {
			fmt.Fprintf(stderr, "dxscope: %v\n", err)
			return 1
		}
		st := text.ChooseFXCStyle(f)
		fmt.Fprintf(stderr, "dxscope: spelling: %s\n", st.Rule)
	}
	for _, pr := range partProblems(f.Problems, "SHDR", "SHEX", "Aon9") {
		fmt.Fprintf(stderr, "%s\n", pr)
	}
	return status
}
