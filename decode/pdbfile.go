package decode

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"

	"github.com/dxscope/dxscope/decode/binread"
	"github.com/dxscope/dxscope/decode/pdb"
	"github.com/dxscope/dxscope/decode/report"
)

// PDBFile says that a File was opened from a PDB file (what dxc -Fd writes):
// an MSF 7.00 file whose stream 5 holds the container that the File
// decodes. Its spans and problems are offsets in the PDB file, not in the
// container.
type PDBFile struct {
	MSF *pdb.File
	// ContainerOffset is where the container starts in the PDB file, when
	// its blocks follow each other (DXC writes them so); -1 when they are
	// scattered and the File decodes a copy.
	ContainerOffset int64
	ContainerSize   uint32
	// ShaderHash is the PDB's GUID as DXC writes it: the first 16 bytes of
	// the shader's hash, which tie the PDB to its stripped shader.
	ShaderHash HexBytes
	Length     int64 // the PDB file's size
	Problems   []Problem
	Spans      []Span
}

func parsePDBFile(data []byte) (*File, error) {
	out := &report.Sink{Budget: &report.Budget{Limit: memoryBudget(len(data))}}
	r := binread.New(data, 0, "PDB", "PDB", out)
	r.What = "PDB file"
	var d *pdb.File
	out.Guard(0, "PDB", "PDB file", func() { d = pdb.Decode(r) })
	out.Summarize()
	if d == nil || d.Container == nil {
		return nil, &FormatError{0, "PDB file", "a PDB (MSF 7.00) file without a shader container in stream 5: only DXC's PDB files (-Fd) hold one"}
	}
	w := &PDBFile{MSF: d, ContainerOffset: -1, ContainerSize: d.Container.Size, Length: int64(len(data)), Problems: out.Problems, Spans: out.Spans}
	if d.Container.Contiguous {
		w.ContainerOffset = d.Container.Offset
	}
	if d.Info != nil {
		w.ShaderHash = HexBytes(append([]byte(nil), d.Info.UniqueID[:]...))
	}
	f, err := Parse(d.Container.Data())
	if err != nil {
		return nil, fmt.Errorf("the container in the PDB's stream 5: %w", err)
	}
	f.PDBFile = w
	if p := f.Part("HASH"); p != nil && p.Hash != nil && len(w.ShaderHash) > 0 && !bytes.Equal(p.Hash.Digest, w.ShaderHash) {
		w.Problems = append(w.Problems, Problem{Severity: Warning, Offset: 0, Part: "PDB", Structure: "PDB info stream",
			Message: fmt.Sprintf("the PDB's GUID %s is not the HASH part's digest %s: DXC writes the shader hash there", w.ShaderHash, p.Hash.Digest)})
	}
	return f, nil
}

// FXCPDBOffset is where the program database starts in the container
// FXCPDBContainer makes: the header, one offset, the SPDB part's header.
const FXCPDBOffset = HeaderSize + 4 + PartHeaderSize

// FXCPDBContainer lays out a program database that holds no shader
// container (FXC's: what fxc /Fd writes, and what its SPDB part holds) as a
// container of that one SPDB part, retail-signed, so that it decodes as
// FXC's SPDB part does, from FXCPDBOffset. ok is false for any other bytes,
// a DXC PDB (which holds its container) among them.
func FXCPDBContainer(data []byte) ([]byte, bool) {
	if !pdb.IsMSF(data) || len(data) > math.MaxUint32-FXCPDBOffset {
		return nil, false
	}
	// Only the directory is read here: the PDB's streams are decoded once,
	// as the part, by Parse.
	out := &report.Sink{Budget: &report.Budget{Limit: memoryBudget(len(data))}}
	dxc := true
	out.Guard(0, "PDB", "PDB file", func() { dxc = pdb.HoldsContainer(binread.New(data, 0, "PDB", "PDB", out)) })
	if dxc {
		return nil, false
	}
	le := binary.LittleEndian
	c := make([]byte, FXCPDBOffset, FXCPDBOffset+len(data))
	copy(c, Magic)
	le.PutUint16(c[20:], 1) // version 1.0
	le.PutUint32(c[24:], uint32(FXCPDBOffset+len(data)))
	le.PutUint32(c[28:], 1)
	le.PutUint32(c[32:], HeaderSize+4)
	copy(c[36:], "SPDB")
	le.PutUint32(c[40:], uint32(len(data)))
	c = append(c, data...)
	sum := Checksum(c[20:]) // the digest covers the bytes after itself
	copy(c[4:20], sum[:])
	return c, true
}
