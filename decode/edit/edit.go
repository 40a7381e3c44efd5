// Package edit writes DirectX shader containers: a decoded container with
// parts removed, added, replaced or moved, laid out and signed by the rules
// DXC's container writers follow (DxilContainerAssembler.cpp's
// DxilContainerWriter_impl, DxcContainerBuilder.cpp).
//
// The layout is the one DXC writes: the 32-byte header, one offset per part,
// then each part's 8-byte header and data, back to back in list order, with
// FileSize the total. Parts keep their bytes: a part loaded from a file is
// written as it was read, and new data is padded with zeros to a multiple of
// 4, except PRIV's, which DXC keeps last because its size may be anything.
// Validators before 1.7 and FXC wrote signature parts whose sizes are not
// multiples of 4, and the parts after them then start unaligned; such a
// file written back unchanged is the same bytes. When an edit would move a
// part that started on a multiple of 4 (or a new part) to an offset that is
// not, the part before it is padded with zeros instead, as DXC 1.7 and later
// pad every part: LLVM's reader, for one, cannot read a PSV0 part that
// starts unaligned. (A new part in such an old file goes where it falls, as
// DXC's container builder puts it, rather than pad a part DXC never padded.) Writing a file back without edits reproduces every byte
// of a file laid out this way, which is every container DXC, FXC and LLVM
// write.
package edit

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strings"

	"github.com/dxscope/dxscope/decode"
)

// MaxSize is the largest container DXC writes or reads (DxilContainerMaxSize).
const MaxSize = 0x80000000

// Private is the FourCC of the private-data part, which stays last.
const Private = "PRIV"

// Part is one part to write: its FourCC and its data (without the 8-byte
// part header).
type Part struct {
	Name string
	Data []byte

	// Unaligned says the part started at an offset that is not a multiple
	// of 4 in the file it was loaded from, so it may again.
	Unaligned bool
	loaded    bool // read from the file by Load, not set since
}

// Container is a list of parts in the order they will be written, and what
// the digest of the file they came from was.
type Container struct {
	Version decode.Version
	Parts   []Part

	// Original is the digest status of the file the parts were loaded from
	// (DigestUnsigned for a container made from nothing); Keep follows it.
	Original decode.DigestStatus
}

// New returns an empty container, version 1.0, unsigned.
func New() *Container {
	return &Container{Version: decode.Version{Major: 1}, Original: decode.DigestUnsigned}
}

// Load takes the parts of a decoded container in directory order. It refuses
// a file whose parts cannot all be read whole (an offset past the end, a
// part cut short, more parts than dxscope decodes): writing it would drop or
// invent bytes. Bytes that belong to no part (gaps, bytes after the last
// part or after FileSize) are not parts and are not written; a PRIV part
// that is not last is moved last, where DXC requires it.
func Load(f *decode.File) (*Container, error) {
	h := f.Header
	if int64(h.PartCount) != int64(len(h.PartOffsets)) || len(f.Parts) != len(h.PartOffsets) {
		return nil, fmt.Errorf("the container lists %d parts but only %d can be read: the writer will not drop the others", h.PartCount, len(f.Parts))
	}
	c := &Container{Version: h.Version, Original: f.Digest.Status}
	var priv []Part
	var total int64 // the parts' bytes with their headers
	for _, p := range f.Parts {
		if int64(len(p.Data())) != int64(p.Size) {
			return nil, fmt.Errorf("part %d (%s) says it holds %d bytes but the file has %d of them: the writer will not invent the rest", p.Index, safeName(p.Name), p.Size, len(p.Data()))
		}
		total += decode.PartHeaderSize + int64(p.Size)
		part := Part{Name: p.Name, Data: p.Data(), Unaligned: p.Offset%4 != 0, loaded: true}
		if p.Name == Private {
			priv = append(priv, part)
			continue
		}
		c.Parts = append(c.Parts, part)
	}
	// Parts that share bytes (many listed at one offset) would each be
	// written with their own copy: thousands of parts naming one of 64 KB
	// make 256 MB from 80 KB. Parts that do not overlap fit after the
	// offset table; DXC writes no other kind.
	if room := f.Length - int64(decode.HeaderSize) - 4*int64(len(f.Parts)); total > room {
		return nil, fmt.Errorf("the parts hold %d bytes with their headers but the file has %d after its offset table: some parts share bytes, and the writer will not copy them once for each", total, max(room, 0))
	}
	c.Parts = append(c.Parts, priv...)
	return c, nil
}

// Index returns the position of the first part with that name, or -1.
func (c *Container) Index(name string) int { return indexOf(c.Parts, name) }

func indexOf(parts []Part, name string) int {
	for i, p := range parts {
		if p.Name == name {
			return i
		}
	}
	return -1
}

// Has reports whether a part of that name is in the list.
func (c *Container) Has(name string) bool { return c.Index(name) >= 0 }

// Remove takes every part of that name out of the list and reports how many
// there were.
func (c *Container) Remove(name string) int {
	kept := c.Parts[:0]
	n := 0
	for _, p := range c.Parts {
		if p.Name == name {
			n++
			continue
		}
		kept = append(kept, p)
	}
	clear(c.Parts[len(kept):])
	c.Parts = kept
	return n
}

// Set replaces the data of the part of that name, keeping its place, or
// adds the part: before PRIV when there is one, else last (DXC's
// DxcContainerBuilder::AddPart). Data whose size is not a multiple of 4 is
// padded with zeros, except PRIV's. A name that several parts share (only
// possible for parts the format lets repeat) is an error: say which by
// removing them first.
func (c *Container) Set(name string, data []byte) error {
	if err := checkName(name); err != nil {
		return err
	}
	n := 0
	for _, p := range c.Parts {
		if p.Name == name {
			n++
		}
	}
	if n > 1 {
		return fmt.Errorf("the container has %d %s parts: remove them first to say which to replace", n, safeName(name))
	}
	if name != Private && len(data)%4 != 0 {
		padded := make([]byte, (len(data)+3)&^3)
		copy(padded, data)
		data = padded
	}
	part := Part{Name: name, Data: data}
	if i := c.Index(name); i >= 0 {
		c.Parts[i] = part
		return nil
	}
	if name != Private {
		if i := c.Index(Private); i >= 0 {
			c.Parts = append(c.Parts[:i], append([]Part{part}, c.Parts[i:]...)...)
			return nil
		}
	}
	c.Parts = append(c.Parts, part)
	return nil
}

// Move puts the first part of that name at position to of the list (0 is
// first), shifting the others. PRIV cannot move from the end, nor another
// part past it.
func (c *Container) Move(name string, to int) error {
	i := c.Index(name)
	if i < 0 {
		return fmt.Errorf("no %s part to move", safeName(name))
	}
	if to < 0 || to >= len(c.Parts) {
		return fmt.Errorf("cannot move %s to position %d: the container has %d parts", safeName(name), to, len(c.Parts))
	}
	moved := make([]Part, 0, len(c.Parts))
	moved = append(moved, c.Parts[:i]...)
	moved = append(moved, c.Parts[i+1:]...)
	moved = append(moved[:to], append([]Part{c.Parts[i]}, moved[to:]...)...)
	if j := indexOf(moved, Private); j >= 0 && j != len(moved)-1 {
		return fmt.Errorf("cannot move %s to position %d: PRIV must stay the last part", safeName(name), to)
	}
	c.Parts = moved
	return nil
}

// Bytes lays the container out and signs it. It refuses what DXC and the
// runtime refuse: a part name that is not four bytes, a unique part twice,
// PRIV anywhere but last, more parts than dxscope decodes, a container over
// MaxSize.
func (c *Container) Bytes(d Digest) ([]byte, error) {
	if len(c.Parts) > decode.MaxParts {
		return nil, fmt.Errorf("%d parts: dxscope decodes at most %d", len(c.Parts), decode.MaxParts)
	}
	size := int64(decode.HeaderSize) + 4*int64(len(c.Parts))
	seen := map[string]bool{}
	for i, p := range c.Parts {
		if err := checkName(p.Name); err != nil {
			return nil, err
		}
		if seen[p.Name] {
			if k := decode.LookupPart(p.Name); k != nil && k.Unique {
				return nil, fmt.Errorf("two %s parts: the format allows one (DXC and LLVM reject the container)", safeName(p.Name))
			}
		}
		seen[p.Name] = true
		if p.Name == Private && i != len(c.Parts)-1 {
			return nil, errors.New("PRIV must be the last part (DXC keeps private data last because its size may be unaligned)")
		}
		size += decode.PartHeaderSize + int64(len(p.Data))
		if size > MaxSize {
			return nil, fmt.Errorf("the container would be over %d bytes, the most DXC reads or writes", int64(MaxSize))
		}
	}
	sum, err := c.digestFor(d)
	if err != nil {
		return nil, err
	}

	parts := c.aligned()
	size = int64(decode.HeaderSize) + 4*int64(len(parts))
	for _, p := range parts {
		size += decode.PartHeaderSize + int64(len(p.Data))
	}
	if size > MaxSize {
		return nil, fmt.Errorf("the container would be over %d bytes, the most DXC reads or writes", int64(MaxSize))
	}

	out := make([]byte, size)
	copy(out, decode.Magic)
	le := binary.LittleEndian
	le.PutUint16(out[20:], c.Version.Major)
	le.PutUint16(out[22:], c.Version.Minor)
	le.PutUint32(out[24:], uint32(size))
	le.PutUint32(out[28:], uint32(len(parts)))
	off := int64(decode.HeaderSize) + 4*int64(len(parts))
	for i, p := range parts {
		le.PutUint32(out[decode.HeaderSize+4*i:], uint32(off))
		copy(out[off:], p.Name)
		le.PutUint32(out[off+4:], uint32(len(p.Data)))
		copy(out[off+decode.PartHeaderSize:], p.Data)
		off += decode.PartHeaderSize + int64(len(p.Data))
	}
	copy(out[4:decode.DigestStart], sum(out[decode.DigestStart:]))
	return out, nil
}

// aligned returns the parts to write: c.Parts, with zeros added to the end
// of a part when the part after it would otherwise start at an offset that
// is not a multiple of 4 although it must not: it started on a multiple of
// 4 where it came from, or it is new and the file's parts were all aligned
// (in a file FXC or an old validator wrote with parts of unaligned size, a
// new part goes where it falls, as DXC's container builder puts it).
func (c *Container) aligned() []Part {
	parts := c.Parts
	oldLayout := false
	for _, p := range parts {
		oldLayout = oldLayout || p.Unaligned || (p.loaded && p.Name != Private && len(p.Data)%4 != 0)
	}
	off := int64(decode.HeaderSize) + 4*int64(len(parts))
	copied := false
	for i, p := range parts {
		free := p.Unaligned || (!p.loaded && oldLayout)
		if pad := (4 - off%4) % 4; pad != 0 && i > 0 && !free {
			if !copied {
				parts = append([]Part(nil), parts...)
				copied = true
			}
			prev := &parts[i-1]
			prev.Data = append(append(make([]byte, 0, len(prev.Data)+int(pad)), prev.Data...), make([]byte, pad)...)
			off += pad
		}
		off += decode.PartHeaderSize + int64(len(p.Data))
	}
	return parts
}

// digestFor returns the function that computes the digest d over the bytes
// after it.
func (c *Container) digestFor(d Digest) (func([]byte) []byte, error) {
	fixed := func(v [16]byte) func([]byte) []byte { return func([]byte) []byte { return v[:] } }
	if d == Keep {
		switch c.Original {
		case decode.DigestValid:
			d = Retail
		case decode.DigestDebug:
			d = Debug
		case decode.DigestBypass:
			d = Bypass
		case decode.DigestPreviewBypass:
			d = PreviewBypass
		case decode.DigestUnsigned:
			d = Unsigned
		default:
			return nil, errors.New("the original digest matches neither the retail nor the debug checksum (the file changed after signing): choose the digest to write")
		}
	}
	switch d {
	case Retail:
		return func(b []byte) []byte { s := decode.Checksum(b); return s[:] }, nil
	case Debug:
		return func(b []byte) []byte { s := decode.ChecksumDebug(b); return s[:] }, nil
	case Bypass:
		return fixed(decode.BypassDigest), nil
	case PreviewBypass:
		return fixed(decode.PreviewBypassDigest), nil
	case Unsigned:
		return fixed([16]byte{}), nil
	}
	return nil, fmt.Errorf("unknown digest %d", d)
}

// Write loads f, applies the edits in order and lays the result out with
// digest d: Write(f, nil, Keep) gives f's bytes back when f is laid out as
// DXC lays containers out.
func Write(f *decode.File, edits []Edit, d Digest) ([]byte, error) {
	c, err := Load(f)
	if err != nil {
		return nil, err
	}
	for _, e := range edits {
		if err := c.Apply(e); err != nil {
			return nil, err
		}
	}
	return c.Bytes(d)
}

// Op is what an Edit does.
type Op uint8

// The edits.
const (
	Remove Op = iota // take every part named Name out; none is an error
	Set              // replace the data of the part named Name, or add it
	Move             // put the part named Name at position To
)

var opNames = []string{"remove", "set", "move"}

func (o Op) String() string {
	if int(o) < len(opNames) {
		return opNames[o]
	}
	return fmt.Sprintf("Op(%d)", o)
}

// Edit is one change to a container's part list.
type Edit struct {
	Op   Op
	Name string // the part's FourCC
	Data []byte // Set: the new data
	To   int    // Move: the new position, 0 first
}

// Apply makes one edit.
func (c *Container) Apply(e Edit) error {
	switch e.Op {
	case Remove:
		if c.Remove(e.Name) == 0 {
			return fmt.Errorf("no %s part to remove", safeName(e.Name))
		}
		return nil
	case Set:
		return c.Set(e.Name, e.Data)
	case Move:
		return c.Move(e.Name, e.To)
	}
	return fmt.Errorf("unknown edit %s", e.Op)
}

// Digest says which digest Bytes writes at offset 4.
type Digest uint8

// The digests. Keep follows the original: a retail or debug checksum is
// computed again over the new bytes with the same variant (as
// DxcContainerBuilder does after DetermineHashFunctionFromContainerContents),
// an all-zero, BYPASS or PREVIEW_BYPASS digest stays what it was, and a
// digest that matches neither checksum is an error (DXC would write zeros).
const (
	Keep          Digest = iota
	Retail               // DXC's ComputeHashRetail, what the validator writes
	Debug                // DXC's ComputeHashDebug: the runtime accepts it only with the debug layer on
	Bypass               // sixteen 0x01 bytes (hlsl-specs INF-0004 BYPASS)
	PreviewBypass        // sixteen 0x02 bytes (PREVIEW_BYPASS)
	Unsigned             // sixteen zero bytes, what DXC writes when nothing validated the container
)

var digestNames = []string{"keep", "retail", "debug", "bypass", "preview-bypass", "none"}

func (d Digest) String() string {
	if int(d) < len(digestNames) {
		return digestNames[d]
	}
	return fmt.Sprintf("Digest(%d)", d)
}

// ParseDigest reads a Digest by its name (keep, retail, debug, bypass,
// preview-bypass, none).
func ParseDigest(s string) (Digest, error) {
	for i, n := range digestNames {
		if s == n {
			return Digest(i), nil
		}
	}
	return 0, fmt.Errorf("unknown digest %q (want one of %s)", s, strings.Join(digestNames, ", "))
}

func checkName(name string) error {
	if len(name) != 4 {
		return fmt.Errorf("part name %q is not four bytes", name)
	}
	return nil
}

// safeName prints a FourCC with bytes outside printable ASCII as dots.
func safeName(name string) string {
	b := []byte(name)
	for i, c := range b {
		if c < 0x20 || c > 0x7e {
			b[i] = '.'
		}
	}
	return string(b)
}
