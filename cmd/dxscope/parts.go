package main

import (
	"fmt"
	"io"
	"os"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/text"
)

func init() {
	commands["parts"] = command{"FILE", "list the parts and the digest status; the problems go to stderr", fileCommand("parts", func(f *decode.File, _ string, stdout, stderr io.Writer) int {
		text.WriteParts(stdout, f)
		text.WriteProblems(stderr, f.Problems)
		return 0
	})}
	commands["json"] = command{"FILE", "the whole decode as one JSON document", fileCommand("json", func(f *decode.File, _ string, stdout, stderr io.Writer) int {
		if !writeJSON(stdout, stderr, f) {
			return 1
		}
		return 0
	})}
	commands["extract"] = command{"FILE PART [-o OUT]", "write one part's data (PART 'dxil': the bitcode alone); for a database, as dbextract", runExtract}
}

// open reads and decodes a container file.
func open(path string, stderr io.Writer) (*decode.File, bool) {
	return parseFile(path, stderr, decode.Parse, func(b []byte, err error) {
		fmt.Fprintf(stderr, "dxscope: %s: %s\n", text.Safe(path), text.Safe(err.Error()))
		guide(stderr, path, b)
	})
}

// guide tells what to do with a file that is not a container: name a
// container found inside it, or, for a database, use db.
func guide(w io.Writer, path string, b []byte) {
	if len(b) >= 16 && string(b[:16]) == "SQLite format 3\x00" {
		fmt.Fprintf(w, "%s is a SQLite database: dxscope db %s lists the shaders it holds\n", text.Safe(path), text.Safe(path))
		return
	}
	found := decode.Scan(b)
	if len(found) == 0 {
		if arrays := decode.CArrays(b); len(arrays) > 0 {
			fmt.Fprintf(w, "%s spell containers (an -Fh header); name one as PATH@NAME:\n", plural(len(arrays), "C array"))
			for i, a := range arrays {
				if i == 20 {
					fmt.Fprintf(w, "  … and %d more\n", len(arrays)-i)
					break
				}
				fmt.Fprintf(w, "  %s@%s  line %d, %d bytes\n", text.Safe(path), text.Safe(a.Name), a.Line, len(a.Bytes))
			}
			return
		}
		fmt.Fprintln(w, "no container (DXBC magic) was found inside it")
		return
	}
	if end, stopped := decode.ScanStopped(found); stopped {
		fmt.Fprintf(w, "the first %s inside (the scan stops there; more may follow 0x%x); name one as PATH@0xOFFSET:\n", plural(len(found), "container"), end)
	} else {
		fmt.Fprintf(w, "%s inside; name one as PATH@0xOFFSET:\n", plural(len(found), "container"))
	}
	for i, e := range found {
		if i == 20 {
			fmt.Fprintf(w, "  … and %d more\n", len(found)-i)
			break
		}
		fmt.Fprintf(w, "  %s@0x%x  %d bytes, %s\n", text.Safe(path), e.Offset, e.Size, plural(len(e.Parts), "part"))
	}
}

// plural writes "1 container", "2 containers".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

func runExtract(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("extract")
	out := fs.String("o", "", "write to this file (- or none: standard output)")
	// A database holds containers rather than parts: dbextract's selectors apply.
	if _, pos := splitArgs(fs, args); len(pos) > 0 && isSQLite(pos[0]) {
		return runDBExtract(args, stdout, stderr)
	}
	pos, ok := parseArgs(fs, args, 2, 2, stderr)
	if !ok {
		return 2
	}
	f, ok := open(pos[0], stderr)
	if !ok {
		return 1
	}
	data, err := decode.ExtractPart(f, pos[1])
	if err != nil {
		fmt.Fprintf(stderr, "dxscope: %s\n", text.Safe(err.Error()))
		return 1
	}
	return writeOut(*out, data, stdout, stderr)
}

// writeOut writes extracted bytes to the -o file, or to standard output when
// there is none (or it is "-").
func writeOut(out string, data []byte, stdout, stderr io.Writer) int {
	if out != "" && out != "-" {
		if err := writeFile(out, data); err != nil {
			fmt.Fprintf(stderr, "dxscope: %s\n", text.Safe(err.Error()))
			return 1
		}
		return 0
	}
	stdout.Write(data)
	return 0
}

// isSQLite reports whether the file starts with the SQLite 3 header.
func isSQLite(path string) bool {
	if st, err := os.Stat(path); err != nil || !st.Mode().IsRegular() {
		return false // opening a named pipe would wait for a writer
	}
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	var h [16]byte
	n, _ := io.ReadFull(f, h[:])
	return n == 16 && string(h[:]) == "SQLite format 3\x00"
}
