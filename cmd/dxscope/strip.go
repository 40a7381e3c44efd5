package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/dxscope/dxscope/decode/edit"
	"github.com/dxscope/dxscope/decode/text"
)

func init() {
	commands["strip"] = command{"[--debug] [--reflect] [--rootsig] [--priv] FILE (-o OUT | --in-place) [--digest D]",
		"remove the parts dxc -Qstrip_debug, -Qstrip_reflect, -Qstrip_rootsignature, -Qstrip_priv remove; re-sign", runStrip}
	binaryOutput["strip"] = true
}

func runStrip(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("strip")
	var o output
	o.flags(fs, "keep")
	opts := []switchFlag[edit.Strip]{{"debug", edit.StripDebug, nil}, {"reflect", edit.StripReflect, nil}, {"rootsig", edit.StripRootSig, nil}, {"priv", edit.StripPriv, nil}}
	defineSwitches(fs, opts, func(op switchFlag[edit.Strip]) string { return "strip " + strings.Join(op.v.Parts(), ", ") })
	pos, ok := parseArgs(fs, args, 1, 1, stderr)
	if !ok {
		return 2
	}
	set := given(opts)
	var s edit.Strip
	for _, op := range set {
		s |= op.v
	}
	if s == 0 {
		fmt.Fprintln(stderr, "dxscope: name what to strip: --debug, --reflect, --rootsig, --priv")
		fmt.Fprintln(stderr, "usage: dxscope strip "+commands["strip"].usage)
		return 2
	}
	f, ok := openEdit(pos[0], &o, stderr)
	if !ok {
		return 1
	}
	for _, op := range set {
		var found []string
		for _, e := range op.v.Edits(f) {
			n := 0
			for _, p := range f.Parts {
				if p.Name == e.Name {
					n += int(p.Size)
				}
			}
			found = append(found, fmt.Sprintf("%s (%s)", e.Name, byteCount(n)))
		}
		if len(found) == 0 {
			// dxc -Qstrip_* stops here with DXC_E_MISSING_PART; stripping
			// nothing is not worth failing a build over.
			fmt.Fprintf(stderr, "dxscope: --%s: no %s part, nothing to strip\n", op.name, orList(op.v.Parts()))
			continue
		}
		fmt.Fprintf(stderr, "dxscope: --%s removes %s\n", op.name, text.Safe(strings.Join(found, ", ")))
	}
	return writeEdited(pos[0], f, s.Edits(f), &o, stdout, stderr)
}

// orList writes "A", "A or B", "A, B or C".
func orList(s []string) string {
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}
