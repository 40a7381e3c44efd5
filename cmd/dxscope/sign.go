package main

import (
	"fmt"
	"io"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/edit"
)

func init() {
	commands["sign"] = command{"[--retail|--debug|--bypass|--preview-bypass] FILE (-o OUT | --in-place)",
		"write the container digest (by default the variant it has, else retail); this does not validate the shader", runSign}
	binaryOutput["sign"] = true
}

func runSign(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("sign")
	var o output
	o.flags(fs, "")
	choices := []switchFlag[edit.Digest]{{"retail", edit.Retail, nil}, {"debug", edit.Debug, nil}, {"bypass", edit.Bypass, nil}, {"preview-bypass", edit.PreviewBypass, nil}}
	defineSwitches(fs, choices, func(c switchFlag[edit.Digest]) string { return "write the " + c.name + " digest" })
	pos, ok := parseArgs(fs, args, 1, 1, stderr)
	if !ok {
		return 2
	}
	set := given(choices)
	if len(set) > 1 {
		fmt.Fprintln(stderr, "dxscope: choose one digest")
		fmt.Fprintln(stderr, "usage: dxscope sign "+commands["sign"].usage)
		return 2
	}
	d := edit.Keep
	if len(set) == 1 {
		d = set[0].v
	}
	f, ok := openEdit(pos[0], &o, stderr)
	if !ok {
		return 1
	}
	if d == edit.Keep {
		// The variant the file has, as DXC's container builder keeps it; a
		// file that has none gets the retail checksum the validator writes.
		d = edit.Retail
		if f.Digest.Status == decode.DigestDebug {
			d = edit.Debug
		}
	}
	switch d {
	case edit.Debug:
		fmt.Fprintln(stderr, "dxscope: the debug variant: the runtime accepts it only with the debug layer on")
	case edit.Bypass:
		fmt.Fprintln(stderr, "dxscope: BYPASS: runtimes from Agility SDK 1.615 load the shader without checking a digest (released shader models only); older runtimes take it for a wrong digest and refuse the shader")
	case edit.PreviewBypass:
		fmt.Fprintln(stderr, "dxscope: PREVIEW_BYPASS: the runtime loads the shader only in developer mode with experimental shader models enabled")
	}
	fmt.Fprintln(stderr, "dxscope: signing does not validate the shader: the digest only says these bytes are the ones signed, and the runtime trusts it as the validator's word (run the DXIL validator, or the debug layer's bytecode validation, to check the shader)")
	out, err := edit.Write(f, nil, d)
	if err != nil {
		fmt.Fprintf(stderr, "dxscope: %v\n", err)
		return 1
	}
	return o.write(pos[0], f, out, stdout, stderr)
}
