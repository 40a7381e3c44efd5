package main

import (
	"fmt"
	"io"

	"github.com/dxscope/dxscope/decode/edit"
	"github.com/dxscope/dxscope/decode/text"
)

func init() {
	commands["add-part"] = command{"FILE NAME DATAFILE (-o OUT | --in-place) [--digest D] [--force]",
		"add a part with DATAFILE's bytes (replacing the part of that name), re-signed; an RTS0 must fit the shader", runAddPart}
	binaryOutput["add-part"] = true
}

func runAddPart(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("add-part")
	var o output
	o.flags(fs, "keep")
	force := fs.Bool("force", false, "write an RTS0 that does not fit the shader")
	pos, ok := parseArgs(fs, args, 3, 3, stderr)
	if !ok {
		return 2
	}
	name := pos[1]
	if len(name) != 4 {
		fmt.Fprintf(stderr, "dxscope: a part name is four characters (a FourCC), not %q\n", text.Safe(name))
		return 2
	}
	if pos[0] == "-" && pos[2] == "-" {
		fmt.Fprintln(stderr, "dxscope: FILE and DATAFILE cannot both be standard input")
		return 2
	}
	f, ok := openEdit(pos[0], &o, stderr)
	if !ok {
		return 1
	}
	data, ok := readFile(pos[2], stderr)
	if !ok {
		return 1
	}
	if name == "RTS0" && !checkRootSignature(f, data, *force, stderr) {
		return 1
	}
	verb := "adds"
	if f.Part(name) != nil {
		verb = "replaces"
	}
	fmt.Fprintf(stderr, "dxscope: %s %s (%s)\n", verb, text.Safe(name), byteCount(len(data)))
	return writeEdited(pos[0], f, []edit.Edit{{Op: edit.Set, Name: name, Data: data}}, &o, stdout, stderr)
}
