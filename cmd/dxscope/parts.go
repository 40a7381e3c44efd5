package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/text"
)

func init() {
	commands["parts"] = command{"FILE", "list the parts, then the problems", runParts}
	commands["json"] = command{"FILE", "the whole decode as one JSON document", runJSON}
	commands["check"] = command{"FILE...", "one line per file: status, problem counts, digest", runCheck}
	commands["extract"] = command{"FILE PART [-o OUT]", "write one part's data (PART 'dxil': the bitcode alone); for a database, as dbextract", runExtract}
}

// open reads and decodes a container file.
func open(path string, stderr io.Writer) (*decode.File, bool) {
	b, ok := readFile(path, stderr)
	if !ok {
		return nil, false
	}
	f, err := decode.Parse(b)
	if err != nil {
		fmt.Fprintf(stderr, "dxscope: %s: %v\n", path, err)
		return nil, false
	}
	return f, true
}

func runParts(args []string, stdout, stderr io.Writer) int {
	if !oneFile(args, "parts", stderr) {
		return 2
	}
	f, ok := open(args[0], stderr)
	if !ok {
		return 1
	}
	text.WriteParts(stdout, f)
	return 0
}

func runJSON(args []string, stdout, stderr io.Writer) int {
	if !oneFile(args, "json", stderr) {
		return 2
	}
	f, ok := open(args[0], stderr)
	if !ok {
		return 1
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(f); err != nil {
		fmt.Fprintf(stderr, "dxscope: %v\n", err)
		return 1
	}
	return 0
}

func runCheck(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: dxscope check FILE...")
		return 2
	}
	status := 0
	for _, path := range args {
		b, ok := readFile(path, stderr)
		if !ok {
			fmt.Fprintf(stdout, "%s\terror\t0\t0\t0\t-\n", path)
			status = 1
			continue
		}
		f, err := decode.Parse(b)
		if err != nil {
			fmt.Fprintf(stdout, "%s\terror\t0\t0\t0\t-\n", path)
			fmt.Fprintf(stderr, "dxscope: %s: %v\n", path, err)
			status = 1
			continue
		}
		e, w, n := decode.CountProblems(f.Problems)
		s := "ok"
		if e+w+n > 0 {
			s = "problems"
		}
		fmt.Fprintf(stdout, "%s\t%s\t%d\t%d\t%d\t%s\n", path, s, e, w, n, f.Digest.Status)
	}
	return status
}

func runExtract(args []string, stdout, stderr io.Writer) int {
	// A database holds containers rather than parts: dbextract's selectors apply.
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			if isSQLite(a) {
				return runDBExtract(args, stdout, stderr)
			}
			break
		}
	}
	pos, flags := splitFlags(args, map[string]bool{"o": true})
	if len(pos) != 2 {
		fmt.Fprintln(stderr, "usage: dxscope extract FILE PART [-o OUT]")
		return 2
	}
	f, ok := open(pos[0], stderr)
	if !ok {
		return 1
	}
	data, err := decode.ExtractPart(f, pos[1])
	if err != nil {
		fmt.Fprintf(stderr, "dxscope: %v\n", err)
		return 1
	}
	if out, ok := flags["o"]; ok && out != "" && out != "-" {
		if err := writeFile(out, data); err != nil {
			fmt.Fprintf(stderr, "dxscope: %v\n", err)
			return 1
		}
		return 0
	}
	stdout.Write(data)
	return 0
}

// isSQLite reports whether the file starts with the SQLite 3 header.
func isSQLite(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	var h [16]byte
	n, _ := io.ReadFull(f, h[:])
	return n == 16 && string(h[:]) == "SQLite format 3\x00"
}
