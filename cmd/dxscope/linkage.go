package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/dxscope/dxscope/decode/linkage"
	"github.com/dxscope/dxscope/decode/text"
)

func init() {
	commands["link"] = command{"A B [C D E] [--rootsig RS] [--json]", "whether each shader's outputs feed the next stage's inputs as a pipeline links them: semantic, register, components, type; three to five files are a whole pipeline, in any order; --rootsig: the root signature the pipeline is created with (a serialized RTS0, a container with one, or HLSL root-signature text), which each shader's bindings must fit, else the ones the shaders carry; with --rootsig one file is a pipeline of its own (a compute shader) (exit 0 links, 1 does not, 2 error)", runLink}
}

// runLink checks the linkage of two shaders of adjacent stages, given in
// either order, or of a whole pipeline's shaders (three to five, in any
// order): exit 0 when they link, 1 when they do not (or are not adjacent
// stages, or do not make one pipeline), 2 when they cannot be read.
func runLink(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("link")
	asJSON := fs.Bool("json", false, "the linkage as one JSON document")
	rsFile := fs.String("rootsig", "", "the root signature the pipeline is created with (`RS`: a serialized RTS0, a container with one, or HLSL root-signature text)")
	vflag := fs.String("version", "1.1", "the version HLSL root-signature text compiles to: 1.0, 1.1 or 1.2")
	// A pipeline has at most five shaders (vertex, hull, domain, geometry,
	// pixel), so more files are refused before any is read.
	pos, files, ok := parseFiles(fs, args, 1, 5, stderr)
	if !ok {
		return 2
	}
	if len(files) == 1 && *rsFile == "" {
		fmt.Fprintf(stderr, "dxscope link: missing an argument (one file is a pipeline only with --rootsig)\nusage: dxscope link %s\n", commands["link"].usage)
		return 2
	}
	var rts0 []byte // nil: the pipeline takes the shaders' root signatures
	if *rsFile != "" {
		var code int
		if rts0, code = readRootSignature(*rsFile, *vflag, stderr); code != 0 {
			return 2 // a usage error for link, whatever setrootsig would say
		}
		if rts0 == nil {
			rts0 = []byte{} // an empty RTS0 part: given, and does not decode
		}
	}
	if len(files) != 2 {
		return linkPipeline(pos, linkage.CheckPipelineWith(files, rts0), *asJSON, stdout, stderr)
	}
	r := linkage.CheckWith(files[0], files[1], rts0)
	if *asJSON {
		if !writeJSON(stdout, stderr, r) {
			return 2
		}
	} else {
		up, down := pos[0], pos[1]
		if r.Swapped {
			up, down = down, up
		}
		writeLinkPair(stdout, up, down, r)
	}
	if r.Links() {
		return 0
	}
	return 1
}

func writeLinkPair(w io.Writer, up, down string, r *linkage.Result) {
	fmt.Fprintf(w, "Earlier: %s\nLater:   %s\n", text.Safe(up), text.Safe(down))
	text.WriteLinkage(w, r)
}

// linkPipeline prints a whole pipeline: its stages in order, its own
// problems, then each shader against the next as two files are shown.
//
// --json writes {"Files": [path...] (in the pipeline's order), "Order",
// "Pairs": [Result...] (null between amplification and mesh), "Problems"}.
func linkPipeline(paths []string, p *linkage.Pipeline, asJSON bool, stdout, stderr io.Writer) int {
	ordered := make([]string, len(p.Order))
	for n, i := range p.Order {
		ordered[n] = paths[i]
	}
	if asJSON {
		doc := struct {
			Files []string
			*linkage.Pipeline
		}{ordered, p}
		if !writeJSON(stdout, stderr, doc) {
			return 2
		}
	} else {
		safe := make([]string, len(ordered))
		for n, path := range ordered {
			safe[n] = text.Safe(path)
		}
		verdict := "links"
		if !p.Links() {
			verdict = "does not link"
		}
		fmt.Fprintf(stdout, "Pipeline: %s: %s\n", strings.Join(safe, " → "), verdict)
		for _, q := range p.Problems {
			fmt.Fprintf(stdout, "  %s %s: %s\n", q.Severity, q.Rule, text.Safe(q.Message))
		}
		for n, r := range p.Pairs {
			fmt.Fprintln(stdout)
			if r == nil {
				fmt.Fprintf(stdout, "Earlier: %s\nLater:   %s\nAmplification → Mesh: a payload, not a signature: not compared\n", safe[n], safe[n+1])
				continue
			}
			writeLinkPair(stdout, ordered[n], ordered[n+1], r)
		}
	}
	if p.Links() {
		return 0
	}
	return 1
}
