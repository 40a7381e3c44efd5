package main

import (
	"fmt"
	"io"

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
	if !oneFile(args, "asm", stderr) {
		return 2
	}
	f, ok := open(args[0], stderr)
	if !ok {
		return 1
	}
	status := 1
	for _, p := range f.Parts {
		if p.Bytecode != nil || p.Level9 != nil {
			status = 0
		}
	}
	if status != 0 {
		fmt.Fprintf(stderr, "dxscope: %s: no SHDR or SHEX part\n", args[0])
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
	for _, pr := range f.Problems {
		if pr.Part == "SHDR" || pr.Part == "SHEX" || pr.Part == "Aon9" {
			fmt.Fprintf(stderr, "%s\n", pr)
		}
	}
	return status
}
