package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/diff"
	"github.com/dxscope/dxscope/decode/text"
)

func init() {
	commands["diff"] = command{"A B [--json] [--positional] [--text]", "compare two containers part by part and field by field, or (--text) their code as a unified diff per function (exit 0 same, 1 differ, 2 error)", runDiff}
}

// runDiff compares two files like diff(1): exit 0 when they are identical, 1
// when they differ, 2 when they cannot be compared (usage, unreadable file,
// not a container).
//
// --json writes the diff.Comparison as one JSON document:
//
//	{"Identical": bool,
//	 "Header": [Field...],                // Header/Hash, Header/Version, Header/FileSize, Header/PartCount, Digest/Status, Length, Problems
//	 "Parts": [{"Name", "Status": "identical|changed|added|removed",
//	            "A"/"B": {"Index","Offset","DataOffset","Size","Summary"} (absent on the side without the part),
//	            "Moved", "Resized", "Fields": [Field...], "Omitted", "Bytes": Bytes}...],
//	 "Bytes": Bytes,                      // the whole files
//	 "Counts": {"Identical","Changed","Added","Removed","Moved","Resized"}}
//	Field = {"Path": "PSV0/SigOutputElements/2/Cols", "Kind": "changed|added|removed|length",
//	         "A"/"B": {"Value", "Present", "Span", "Off" (-1 unknown), "Size"}}
//	Bytes = {"LenA","LenB","First" (-1 same),"FirstA","FirstB","Differ"}
func runDiff(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("diff")
	asJSON := fs.Bool("json", false, "the comparison as one JSON document")
	positional := fs.Bool("positional", false, "pair parts by position, not by name")
	asText := fs.Bool("text", false, "the code as a unified diff per function")
	pos, files, ok := parseFiles(fs, args, 2, 2, stderr)
	if !ok {
		return 2
	}
	if *asText {
		// The code as text: the DXIL disassembly per function, or the FXC
		// listing, as diff -u prints it.
		ca, cb := text.Code(files[0]), text.Code(files[1])
		if ca == nil && cb == nil {
			fmt.Fprintln(stderr, "dxscope diff --text: neither file has DXIL bitcode or an SHDR/SHEX program")
			return 2
		}
		if text.WriteCodeDiff(stdout, pos[0], pos[1], ca, cb) {
			return 1
		}
		return 0
	}
	c := diff.CompareWith(files[0], files[1], diff.Options{Positional: *positional})
	if *asJSON {
		if !writeJSON(stdout, stderr, c) {
			return 2
		}
	} else {
		fmt.Fprintf(stdout, "A: %s\nB: %s\n", text.Safe(pos[0]), text.Safe(pos[1]))
		text.WriteComparison(stdout, c)
	}
	if c.Identical {
		return 0
	}
	return 1
}

// parseFiles reads the flags and the paths (at least min, at most max; -1
// for any number) of a command that takes several containers (diff, link)
// and decodes them all, saying on stderr why one cannot be read.
func parseFiles(fs *flag.FlagSet, args []string, min, max int, stderr io.Writer) (paths []string, files []*decode.File, ok bool) {
	paths, ok = parseArgs(fs, args, min, max, stderr)
	if !ok {
		return nil, nil, false
	}
	for _, path := range paths {
		f, ok := parseFile(path, stderr, decode.Parse, func(_ []byte, err error) {
			fmt.Fprintf(stderr, "dxscope: %s: %s\n", text.Safe(path), text.Safe(err.Error()))
		})
		if !ok {
			return nil, nil, false
		}
		files = append(files, f)
	}
	return paths, files, true
}
