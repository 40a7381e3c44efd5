package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/dxscope/dxscope/decode/corpus"
)

// TestAsmPrintsTheListing runs "dxscope asm" on a corpus file whose FXC
// listing is beside it and checks the first code lines against that listing.
func TestAsmPrintsTheListing(t *testing.T) {
	for _, e := range corpus.Entries(t) {
		if !e.Has("SHDR") || e.Listing() == "" || !strings.Contains(e.Rel, "DirectXTK/") {
			continue
		}
		var out, errs bytes.Buffer
		if code := run([]string{"asm", e.Path}, &out, &errs); code != 0 {
			t.Fatalf("exit %d: %s", code, errs.String())
		}
		listing, err := os.ReadFile(e.Listing())
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		if len(lines) < 3 || !strings.HasSuffix(lines[0], "_4_0") {
			t.Fatalf("output %q", out.String())
		}
		for _, l := range lines[1:3] {
			if !strings.Contains(string(listing), "\n"+l+"\n") {
				t.Errorf("line %q is not in the listing %s", l, e.Listing())
			}
		}
		return
	}
	t.Skip("no DirectXTK file with a listing in the corpus")
}

func TestAsmWithoutBytecode(t *testing.T) {
	f, err := os.CreateTemp(t.TempDir(), "*.dxbc")
	if err != nil {
		t.Fatal(err)
	}
	// A container with no parts: header only.
	hdr := make([]byte, 32)
	copy(hdr, "DXBC")
	hdr[20], hdr[24] = 1, 32
	f.Write(hdr)
	f.Close()
	var out, errs bytes.Buffer
	if code := run([]string{"asm", f.Name()}, &out, &errs); code != 1 || !strings.Contains(errs.String(), "no SHDR or SHEX") {
		t.Errorf("exit %d, stderr %q", code, errs.String())
	}
}
