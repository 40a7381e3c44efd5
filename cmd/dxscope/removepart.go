package main

import (
	"fmt"
	"io"

	"github.com/dxscope/dxscope/decode/edit"
	"github.com/dxscope/dxscope/decode/text"
)

func init() {
	commands["remove-part"] = command{"FILE PART... (-o OUT | --in-place) [--digest D]",
		"write the container without the named parts (every part of each name), re-signed", runRemovePart}
	binaryOutput["remove-part"] = true
}

func runRemovePart(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("remove-part")
	var o output
	o.flags(fs, "keep")
	pos, ok := parseArgs(fs, args, 2, -1, stderr)
	if !ok {
		return 2
	}
	f, ok := openEdit(pos[0], &o, stderr)
	if !ok {
		return 1
	}
	var edits []edit.Edit
	for _, name := range pos[1:] {
		if f.Part(name) == nil {
			fmt.Fprintf(stderr, "dxscope: %s has no %s part\n", text.Safe(pos[0]), text.Safe(name))
			return 1
		}
		edits = append(edits, edit.Edit{Op: edit.Remove, Name: name})
	}
	return writeEdited(pos[0], f, edits, &o, stdout, stderr)
}
