package main

// rootsig --compile: HLSL root signature text to RTS0 bytes, the other
// direction of rootsig (whose output it reads back).

import (
	"errors"
	"fmt"
	"io"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/rootsig"
	"github.com/dxscope/dxscope/decode/text"
)

const rootsigUsage = "FILE [--cpp] | --compile [--version 1.0|1.1|1.2] TEXTFILE [-o OUT] | --suggest [--cpp [--version V]] FILE [FILE...]"

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
			if a == "--suggest" || a == "-suggest" {
				return runRootSigSuggest(args, stdout, stderr)
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

// rootsigVersion is the version --version names, or says on stderr that it
// names none.
func rootsigVersion(name string, stderr io.Writer) (uint32, bool) {
	v, ok := rootsigVersions[name]
	if !ok {
		fmt.Fprintf(stderr, "dxscope: --version %q: the root signature versions are 1.0, 1.1 and 1.2\n", text.Safe(name))
	}
	return v, ok
}

// runRootSigCompile compiles TEXTFILE ("-": standard input) and writes the
// RTS0 bytes to -o OUT (or standard output); a mistake in the text goes to
// stderr as FILE:LINE:COL: message and exits 1.
func runRootSigCompile(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("rootsig")
	fs.Bool("compile", false, "compile TEXTFILE to RTS0 bytes")
	vflag := fs.String("version", "1.1", "the root signature version: 1.0, 1.1 or 1.2")
	out := fs.String("o", "", "write the bytes to `OUT` (- or none: standard output)")
	pos, ok := parseArgs(fs, args, 1, 1, stderr)
	if !ok {
		return 2
	}
	version, ok := rootsigVersion(*vflag, stderr)
	if !ok {
		return 2
	}
	src, ok := readFile(pos[0], stderr)
	if !ok {
		return 1
	}
	rs, err := rootsig.Parse(string(src), version)
	if err != nil {
		name := displayName(pos[0])
		var e *rootsig.Error
		if errors.As(err, &e) {
			fmt.Fprintf(stderr, "%s:%s\n", name, e)
		} else {
			fmt.Fprintf(stderr, "%s: %v\n", name, err)
		}
		return 1
	}
	rts0 := rootsig.Encode(rs, version)
	// DXC's compiler verifies what it compiled (VerifyRootSignature): what
	// its verifier rejects (two bindings on one register, samplers in a
	// table of SRVs, …) is an error, and nothing is written. D3D12's
	// 64-DWORD limit it does not check: a warning, and the bytes.
	for _, p := range decode.RootSignatureErrors(rts0) {
		if p.Structure != "root signature cost" {
			fmt.Fprintf(stderr, "%s: error: %s\n", text.Safe(displayName(pos[0])), p.Message)
			return 1
		}
		fmt.Fprintf(stderr, "%s: warning: %s\n", text.Safe(displayName(pos[0])), p.Message)
	}
	// The bytes bypass the escaping writer run gives text commands.
	if s, ok := stdout.(interface{ Raw() io.Writer }); ok {
		stdout = s.Raw()
	}
	return writeOut(*out, rts0, stdout, stderr)
}

// runRootSigSuggest prints, as HLSL text (--cpp: as C++ filling D3D12's
// structures of --version), a root signature that one pipeline of the
// given shaders (one to five) can be created with
// (decode.SuggestRootSignature); what it could not cover goes to stderr.
// Exit 1 when a file cannot be served (a library, too many ranges).
func runRootSigSuggest(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("rootsig")
	fs.Bool("suggest", false, "suggest a root signature for the files")
	cpp := fs.Bool("cpp", false, "print the suggestion as C++ filling D3D12's structures")
	vflag := fs.String("version", "1.1", "with --cpp: the root signature version whose structures to fill")
	_, files, ok := parseFiles(fs, args, 1, 5, stderr)
	if !ok {
		return 2
	}
	version, ok := rootsigVersion(*vflag, stderr)
	if !ok {
		return 2
	}
	rs, probs := decode.SuggestRootSignature(files...)
	code := 0
	for _, p := range probs {
		fmt.Fprintf(stderr, "dxscope rootsig --suggest: %s: %s\n", p.Severity, p.Message)
		if p.Severity == decode.Error {
			code = 1
		}
	}
	if rs == "" && len(probs) == 0 {
		fmt.Fprintln(stderr, "dxscope rootsig --suggest: the shaders bind nothing and no vertex shader reads inputs: an empty root signature serves them")
	}
	if *cpp && code == 0 {
		sig, err := rootsig.Parse(rs, version)
		if err != nil { // not expected: the suggestion is held to compile
			fmt.Fprintf(stderr, "dxscope rootsig --suggest: %v\n", err)
			return 1
		}
		io.WriteString(stdout, sig.CPP())
		return code
	}
	if rs != "" {
		fmt.Fprintln(stdout, rs)
	}
	return code
}

// displayName is how a compile message names its input: the path, or
// <stdin> for "-".
func displayName(path string) string {
	if path == "-" {
		return "<stdin>"
	}
	return path
}
