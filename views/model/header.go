package model

import (
	"fmt"
	"strings"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/pdb"
	"github.com/dxscope/dxscope/decode/sqlite"
)

// maxHeaderText is the largest text FromHeader reads: its arrays' bytes can
// be twice the text (words written as "0,"), and the page holds the text,
// the bytes and their layout at once. Real headers are a few MB.
var maxHeaderText = 128 << 20

// FromHeader reads what the page shows of a source text that spells
// containers as C arrays (an fxc /Fh or dxc -Fh header): the one container
// of a header of one array, or, for several, a file that lays their
// containers one after another behind a line of text naming the arrays,
// which the page then lists as containers inside it. ok is false for any
// other bytes: a container, a database, a PDB, a file with containers
// inside, or a text that spells none. note says where the bytes came from.
func FromHeader(name string, data []byte) (out []byte, note string, ok bool) {
	if len(data) < 4 || len(data) > maxHeaderText || string(data[:4]) == decode.Magic || sqlite.IsSQLite(data) || pdb.IsMSF(data) {
		return nil, "", false
	}
	// The arrays first: most files are no text, and the scan, which the
	// page runs again on a file that is no container, is then not run twice.
	arrays := decode.CArrays(data)
	if len(arrays) == 0 || len(decode.Scan(data)) > 0 {
		return nil, "", false
	}
	if len(arrays) == 1 {
		a := arrays[0]
		return a.Bytes, fmt.Sprintf("%s is C source: this is the container its array %s spells (line %d), its offsets the container's own.",
			Shown(name), Shown(a.Name), a.Line), true
	}
	// The first 20 are named; a text of thousands would make a banner of them.
	var names []string
	for i, a := range arrays {
		if i == 20 {
			names = append(names, fmt.Sprintf("and %d more", len(arrays)-i))
			break
		}
		names = append(names, fmt.Sprintf("%s (line %d)", a.Name, a.Line))
	}
	head := "dxscope: the containers of the C arrays of " + name + ", one after another: " + strings.Join(names, ", ") + "\n"
	for len(head)%4 != 0 {
		head += " "
	}
	out = []byte(head)
	for _, a := range arrays {
		out = append(out, a.Bytes...)
		for len(out)%4 != 0 {
			out = append(out, 0)
		}
	}
	return out, fmt.Sprintf("%s is C source: the containers its %d arrays spell are laid out one after another below, behind a line naming them (%s); the offsets are of that layout.",
		Shown(name), len(arrays), Shown(strings.Join(names, ", "))), true
}

// AsContainer is FromHeader, else FromPDB: the container the page shows of
// bytes that spell one in another form.
func AsContainer(name string, data []byte) (out []byte, note string, ok bool) {
	if out, note, ok = FromHeader(name, data); ok {
		return out, note, ok
	}
	return FromPDB(name, data)
}

// FromPDB reads what the page shows of a program database that holds no
// shader container (what fxc /Fd writes): a container made for it, of one
// SPDB part holding its bytes (decode.FXCPDBContainer), which shows as
// FXC's SPDB part does. ok is false for any other bytes; note says so.
func FromPDB(name string, data []byte) (out []byte, note string, ok bool) {
	out, ok = decode.FXCPDBContainer(data)
	if !ok {
		return nil, "", false
	}
	return out, fmt.Sprintf("%s is a program database without a shader container, as fxc /Fd writes one: it is shown as the SPDB part of a container made for it, its byte 0 at 0x%x.",
		Shown(name), decode.FXCPDBOffset), true
}
