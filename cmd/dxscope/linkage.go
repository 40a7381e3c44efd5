package main

import (
	"fmt"
	"io"

	"github.com/dxscope/dxscope/decode/linkage"
	"github.com/dxscope/dxscope/decode/text"
)

func init() {
	commands["link"] = command{"A B [--json]", "whether one shader's outputs feed the other's inputs as a pipeline links them: semantic, register, components, type (exit 0 links, 1 does not, 2 error)", runLink}
}

// runLink checks the linkage of two shaders of adjacent stages, given in
// either order: exit 0 when they link, 1 when they do not (or are not
// adjacent stages), 2 when they cannot be read.
func runLink(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("link")
	asJSON := fs.Bool("json", false, "the linkage as one JSON document")
	pos, files, ok := parseTwo(fs, args, stderr)
	if !ok {
		return 2
	}
	r := linkage.Check(files[0], files[1])
	if *asJSON {
		if !writeJSON(stdout, stderr, r) {
			return 2
		}
	} else {
		up, down := pos[0], pos[1]
		if r.Swapped {
			up, down = down, up
		}
		fmt.Fprintf(stdout, "Earlier: %s\nLater:   %s\n", text.Safe(up), text.Safe(down))
		text.WriteLinkage(stdout, r)
	}
	if r.Links() {
		return 0
	}
	return 1
}
