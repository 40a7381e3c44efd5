package decode

import (
	"bytes"
	"encoding/binary"
)

// Embedded is a container found inside a larger file.
type Embedded struct {
	Offset    int64  // where its 'DXBC' magic starts
	Size      int64  // its FileSize
	PartCount uint32 // how many parts its header lists
	Parts     []string
}

// MaxScanHits bounds how many containers Scan reports: a file of
// containers of 32 bytes each would otherwise cost about twice its size in
// entries (4 GB for the 2 GiB the page reads). A game's shader cache holds
// tens of thousands; 10,000, the bound before, cut such a cache short
// without saying so. Callers say when the scan stopped there (ScanStopped).
const MaxScanHits = 1_000_000

// ScanStopped reports whether Scan stopped at MaxScanHits, and then where
// the last container found ends: more may follow there.
func ScanStopped(found []Embedded) (end int64, stopped bool) {
	if len(found) < MaxScanHits {
		return 0, false
	}
	last := found[len(found)-1]
	return last.Offset + last.Size, true
}

// Scan looks for containers inside data: every 'DXBC' magic followed by a
// plausible header (version 1.0, a FileSize that fits, a part table whose
// offsets all point inside the container at FourCC-looking names). It finds
// shaders in game packages, databases and executables.
func Scan(data []byte) []Embedded {
	var out []Embedded
	magic := []byte(Magic)
	for at := 0; at+HeaderSize <= len(data) && len(out) < MaxScanHits; {
		i := bytes.Index(data[at:], magic)
		if i < 0 {
			break
		}
		off := at + i
		if c, ok := ContainerAt(data, int64(off)); ok {
			if e, ok := plausible(c); ok {
				e.Offset = int64(off)
				out = append(out, e)
				at = off + int(e.Size)
				continue
			}
		}
		at = off + 1
	}
	return out
}

// ContainerAt answers "is there a container at off, and how big does it say
// it is": when a 'DXBC' header starts at off in data and its FileSize is at
// least the header and fits in data, it returns the container's bytes (off
// to off+FileSize) and true. Otherwise it returns the bytes from off to the
// end (nil when off is outside data) and false, for Parse to say what is
// wrong with them. The scan, the CLI's FILE@0xOFFSET and the page's
// embedded containers all cut a container out of a larger file with it.
func ContainerAt(data []byte, off int64) ([]byte, bool) {
	if off < 0 || off >= int64(len(data)) {
		return nil, false
	}
	b := data[off:]
	if len(b) < HeaderSize || string(b[:4]) != Magic {
		return b, false
	}
	size := int64(binary.LittleEndian.Uint32(b[24:]))
	if size < HeaderSize || size > int64(len(b)) {
		return b, false
	}
	return b[:size], true
}

// plausible checks the header of the container b (as ContainerAt cut it)
// without decoding parts.
func plausible(b []byte) (Embedded, bool) {
	if binary.LittleEndian.Uint16(b[20:]) != 1 || binary.LittleEndian.Uint16(b[22:]) != 0 {
		return Embedded{}, false
	}
	size := int64(len(b))
	count := int64(binary.LittleEndian.Uint32(b[28:]))
	if HeaderSize+count*4 > size || count > 4096 {
		return Embedded{}, false
	}
	e := Embedded{Size: size, PartCount: uint32(count)}
	for i := int64(0); i < count; i++ {
		off := int64(binary.LittleEndian.Uint32(b[HeaderSize+i*4:]))
		if off < HeaderSize+count*4 || off+PartHeaderSize > size {
			return Embedded{}, false
		}
		name := b[off : off+4]
		for _, c := range name {
			if c < '0' || c > 'z' {
				return Embedded{}, false
			}
		}
		psize := int64(binary.LittleEndian.Uint32(b[off+4:]))
		if off+PartHeaderSize+psize > size {
			return Embedded{}, false
		}
		e.Parts = append(e.Parts, string(name))
	}
	return e, true
}
