package main

// rootsig --compile: HLSL root signature text to RTS0 bytes, the other
// direction of rootsig (whose output it reads back).

import (
	"errors"
	"fmt"
	"io"

	"github.com/dxscope/dxscope/decode/rootsig"
	"github.com/dxscope/dxscope/decode/text"
)

const rootsigUsage = "FILE | --compile [--version 1.0|1.1|1.2] TEXTFILE [-o OUT]"

// withCompile runs rootsig --compile when the arguments ask for it, and
// print (the rootsig dump) otherwise.
func withCompile(print func([]string, io.Writer, io.Writer) int) func([]string, io.Writer, io.Writer) int {
	return func(args []string, stdout, stderr io.Writer) int {
		for _, a := range args {
			if a == "--" {
				break
			}
			if a == "--compile" || a == "-compile" {
				return runRootSigCompile(args, stdout, stderr)
			}
		}
		return print(args, stdout, stderr)
	}
}

// rootsigVersions are the --version values: the version numbers and DXC's
// profile names. DXC compiles rootsig_1_1 unless told otherwise.
var rootsigVersions = map[string]uint32{
	"1.0": rootsig.Version1_0, "1.1": rootsig.Version1_1, "1.2": rootsig.Version1_2,
	"rootsig_1_0": rootsig.Version1_0, "rootsig_1_1": rootsig.Version1_1, "rootsig_1_2": rootsig.Version1_2,
}

// runRootSigCompile compiles TEXTFILE ("-": standard input) and writes the
// RTS0 bytes to -o OUT (or standard output); a mistake in the text goes to
// stderr as FILE:LINE:COL: message and exits 1.
func runRootSigCompile(args []string, stdout, stderr io.Writer) int {
	usage := "dxscope rootsig --compile [--version 1.0|1.1|1.2] TEXTFILE [-o OUT]"
	pos, flags, ok := positional(args, 1, map[string]bool{"o": true, "version": true}, usage, stderr)
	if !ok {
		return 2
	}
	for name := range flags {
		if name != "compile" && name != "version" && name != "o" {
			fmt.Fprintf(stderr, "dxscope: rootsig --compile has no flag -%s\nusage: %s\n", name, usage)
			return 2
		}
	}
	version := uint32(rootsig.Version1_1)
	if s, given := flags["version"]; given {
		if version, ok = rootsigVersions[s]; !ok {
			fmt.Fprintf(stderr, "dxscope: --version %q: the root signature versions are 1.0, 1.1 and 1.2\n", s)
			return 2
		}
	}
	src, ok := readFile(pos[0], stderr)
	if !ok {
		return 1
	}
	rs, err := rootsig.Parse(string(src), version)
	if err != nil {
		name := pos[0]
		if name == "-" {
			name = "<stdin>"
		}
		var e *rootsig.Error
		if errors.As(err, &e) {
			fmt.Fprintf(stderr, "%s:%s\n", name, e)
		} else {
			fmt.Fprintf(stderr, "%s: %v\n", name, err)
		}
		return 1
	}
	// The bytes bypass the escaping writer run gives text commands.
	if s, ok := stdout.(*text.SafeWriter); ok {
		stdout = s.Raw()
	}
	return writeOut(flags["o"], rootsig.Encode(rs, version), stdout, stderr)
}
