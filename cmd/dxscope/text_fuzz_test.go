package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// textCommands print text made from what is in a file (a command and its
// flags); each is a text the page shows.
var textCommands = [][]string{{"parts"}, {"reflect"}, {"psv"}, {"rootsig"}, {"rootsig", "--cpp"}, {"inputlayout"}, {"rdat"}, {"rdef"}, {"asm"}, {"dxil"}, {"dis"}}

// FuzzTextOutputs: whatever a file holds, the CLI's text (standard output
// and error) carries no control character but tab and newline, no C1
// control, no bidi control and nothing that is not UTF-8 (badByte).
func FuzzTextOutputs(f *testing.F) {
	seeds, _ := filepath.Glob("../../testdata/containers/*.dxbc")
	for _, s := range seeds {
		if b, err := os.ReadFile(s); err == nil {
			f.Add(b)
		}
	}
	if d, ok := corpus.Dir(); ok {
		for _, rel := range []string{"real/HansKristian-Work__vkd3d-proton/vs_topology.h__vs_topology_code_dxil.dxil"} {
			if b, err := os.ReadFile(filepath.Join(d, rel)); err == nil {
				f.Add(b)
			}
		}
	}
	// Containers whose every name is hostile (names_test.go).
	f.Add(dxilContainer(names(true, "")))
	f.Add(fxcContainer(names(true, "")))
	for _, b := range hostile.Seeds() {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		// Eleven commands, each decoding the file and printing its text: no
		// more than eleven page models' worth.
		defer corpus.CheckAlloc(t, corpus.AllocBound{Base: corpus.ModelAlloc.Base, PerByte: 11 * corpus.DecodeAlloc.PerByte}, len(data))()
		for _, args := range textCommands {
			if _, ok := commands[args[0]]; !ok {
				continue
			}
			stdin = bytes.NewReader(data)
			var out, errs bytes.Buffer
			run(append(args[:len(args):len(args)], "-"), &out, &errs)
			if i := badByte(out.Bytes()); i >= 0 {
				t.Fatalf("%v: byte 0x%02x at %d of its output: %q", args, out.Bytes()[i], i, out.Bytes()[max(0, i-40):min(out.Len(), i+40)])
			}
			if i := badByte(errs.Bytes()); i >= 0 {
				t.Fatalf("%v: byte 0x%02x at %d of its errors: %q", args, errs.Bytes()[i], i, errs.Bytes()[max(0, i-40):min(errs.Len(), i+40)])
			}
		}
		stdin = os.Stdin
	})
}
