package main

import (
	"fmt"
	"io"
)

func init() {
	commands["asm"] = command{"FILE", "disassemble the SHDR/SHEX token stream as FXC lists it", runAsm}
}

func runAsm(args []string, stdout, stderr io.Writer) int {
	if !oneFile(args, "asm", stderr) {
		return 2
	}
	f, ok := open(args[0], stderr)
	if !ok {
		return 1
	}
	status := 1
	for _, p := range f.Parts {
		if p.Bytecode == nil {
			continue
		}
		status = 0
		fmt.Fprint(stdout, p.Bytecode.Listing())
	}
	if status != 0 {
		fmt.Fprintf(stderr, "dxscope: %s: no SHDR or SHEX part\n", args[0])
	}
	for _, pr := range f.Problems {
		if pr.Part == "SHDR" || pr.Part == "SHEX" {
			fmt.Fprintf(stderr, "%s\n", pr)
		}
	}
	return status
}
