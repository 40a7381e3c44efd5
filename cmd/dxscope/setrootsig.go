package main

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/edit"
	"github.com/dxscope/dxscope/decode/rootsig"
	"github.com/dxscope/dxscope/decode/text"
)

func init() {
	commands["setrootsig"] = command{"FILE (RS | --suggest) (-o OUT | --in-place) [--digest D] [--force] [--version V]",
		"replace or add the root signature (RS: a serialized RTS0, a container with one, or HLSL root-signature text compiled as --version 1.0|1.1|1.2, default 1.1; --suggest: the one rootsig --suggest writes for the shader), checked against the shader's bindings", runSetRootSig}
	binaryOutput["setrootsig"] = true
}

func runSetRootSig(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("setrootsig")
	var o output
	o.flags(fs, "keep")
	force := fs.Bool("force", false, "write a root signature that does not fit the shader")
	vflag := fs.String("version", "1.1", "the version HLSL root-signature text compiles to: 1.0, 1.1 or 1.2")
	suggest := fs.Bool("suggest", false, "the root signature rootsig --suggest writes for the shader, instead of RS")
	want := 2
	if slices.Contains(args, "--suggest") || slices.Contains(args, "-suggest") {
		want = 1
	}
	pos, ok := parseArgs(fs, args, want, want, stderr)
	if !ok {
		return 2
	}
	if !*suggest && len(pos) == 1 { // --suggest=false given as such
		fmt.Fprintf(stderr, "dxscope setrootsig: missing an argument\nusage: dxscope setrootsig %s\n", commands["setrootsig"].usage)
		return 2
	}
	if len(pos) == 2 && pos[0] == "-" && pos[1] == "-" {
		fmt.Fprintln(stderr, "dxscope: FILE and RS cannot both be standard input")
		return 2
	}
	f, ok := openEdit(pos[0], &o, stderr)
	if !ok {
		return 1
	}
	var rts0 []byte
	var code int
	if *suggest {
		rts0, code = suggestedRootSignature(f, *vflag, stderr)
	} else {
		rts0, code = readRootSignature(pos[1], *vflag, stderr)
	}
	if code != 0 {
		return code
	}
	if !checkRootSignature(f, rts0, *force, stderr) {
		return 1
	}
	verb := "adds"
	if f.Part("RTS0") != nil {
		verb = "replaces"
	}
	fmt.Fprintf(stderr, "dxscope: %s RTS0 (%s)\n", verb, byteCount(len(rts0)))
	return writeEdited(pos[0], f, []edit.Edit{{Op: edit.Set, Name: "RTS0", Data: rts0}}, &o, stdout, stderr)
}

// suggestedRootSignature is the root signature rootsig --suggest writes for
// the shader, compiled to version; code as readRootSignature's (1 when
// nothing can be suggested: a library, a shader that binds nothing).
func suggestedRootSignature(f *decode.File, version string, stderr io.Writer) (rts0 []byte, code int) {
	v, ok := rootsigVersion(version, stderr)
	if !ok {
		return nil, 2
	}
	hlsl, probs := decode.SuggestRootSignature(f)
	for _, p := range probs {
		fmt.Fprintf(stderr, "dxscope: --suggest: %s: %s\n", p.Severity, p.Message)
		if p.Severity == decode.Error {
			return nil, 1
		}
	}
	rs, err := rootsig.Parse(hlsl, v)
	if err != nil { // not expected: the suggestion is held to compile
		fmt.Fprintf(stderr, "dxscope: --suggest: %v\n", err)
		return nil, 1
	}
	fmt.Fprintf(stderr, "dxscope: --suggest: %s\n", text.Safe(strings.ReplaceAll(cmp.Or(hlsl, "(empty: the shader binds nothing)"), "\n", " ")))
	return rootsig.Encode(rs, v), 0
}

// readRootSignature reads the root signature RS at path as setrootsig and
// link take it (rootSignatureBytes; HLSL text compiled as version). code is
// 0, or the exit status when it cannot (said on stderr): 1 for a file that
// cannot be read or is no root signature, 2 for a --version that is none.
func readRootSignature(path, version string, stderr io.Writer) (rts0 []byte, code int) {
	b, ok := readFile(path, stderr)
	if !ok {
		return nil, 1
	}
	v, ok := rootsigVersion(version, stderr)
	if !ok {
		return nil, 2
	}
	rts0, err := rootSignatureBytes(b, v)
	if err != nil {
		fmt.Fprintf(stderr, "dxscope: %s: %s\n", text.Safe(path), err)
		return nil, 1
	}
	return rts0, 0
}

// rootSignatureBytes returns the serialized root signature in b: the RTS0
// part of a container, b itself when it starts with a root signature
// version (1.0, 1.1, 1.2), else b as HLSL root-signature text compiled to
// that version.
func rootSignatureBytes(b []byte, version uint32) ([]byte, error) {
	if len(b) >= 4 && string(b[:4]) == decode.Magic {
		f, err := decode.Parse(b)
		if err != nil {
			return nil, err
		}
		p := f.Part("RTS0")
		if p == nil {
			return nil, fmt.Errorf("the container has no RTS0 part")
		}
		return p.Data(), nil
	}
	if len(b) >= 4 {
		if v := binary.LittleEndian.Uint32(b); v >= 1 && v <= 3 {
			return b, nil
		}
	}
	rs, err := rootsig.Parse(string(b), version)
	if err != nil {
		return nil, fmt.Errorf("neither a container, a serialized root signature (whose first word is its version, 1 to 3) nor HLSL root-signature text: %w", err)
	}
	return rootsig.Encode(rs, version), nil
}
