package hostile

import (
	"bytes"
	"compress/zlib"
)

// deflate compresses b with zlib at its best.
func deflate(b []byte) []byte {
	var out bytes.Buffer
	w, _ := zlib.NewWriterLevel(&out, zlib.BestCompression)
	w.Write(b)
	w.Close()
	return out.Bytes()
}

// ZlibSRCI is a container whose SRCI part has one section, the source
// contents, zlib-compressed: one file of n bytes of one letter, which zlib
// stores in about n/1,000 bytes. Its header claims the true size.
func ZlibSRCI(n int) []byte {
	entry := le.AppendUint32(nil, uint32((12+n+1+3)&^3)) // AlignedSizeInBytes
	entry = le.AppendUint32(entry, 0)                    // Flags
	entry = le.AppendUint32(entry, uint32(n+1))          // ContentSizeInBytes, the NUL included
	entry = append(entry, bytes.Repeat([]byte{'a'}, n)...)
	entry = append(entry, make([]byte, (12+n+1+3)&^3-len(entry))...)
	z := deflate(entry)
	for len(z)%4 != 0 {
		z = append(z, 0)
	}
	var sec []byte
	for _, v := range []uint32{uint32(8 + 20 + len(z)), 0, // section: size, flags and type 0 (SourceContents)
		uint32(20 + len(z)), 1 << 16, uint32(len(z)), uint32(len(entry)), 1} { // contents: size, flags and zlib, sizes, one entry
		sec = le.AppendUint32(sec, v)
	}
	sec = append(sec, z...)
	srci := le.AppendUint32(le.AppendUint32(nil, uint32(8+len(sec))), 1<<16) // size, flags and one section
	return Container(Part{"SRCI", append(srci, sec...)})
}

// ZlibPDBI is a container whose PDBI part holds runtime data compressed
// with zlib: a resource table of records records, all alike, 32 bytes each.
func ZlibPDBI(records int) []byte {
	table := le.AppendUint32(le.AppendUint32(nil, uint32(records)), 32)
	for i := 0; i < records; i++ {
		for _, v := range []uint32{0, 2, 0, 0, 0, 0, 0, 0} { // an SRV Texture2D t0 named ""
			table = le.AppendUint32(table, v)
		}
	}
	rdat := RDATPart(RDATTable{1, []byte{0, 0, 0, 0}}, RDATTable{3, table})
	z := deflate(rdat)
	pdbi := le.AppendUint32(nil, 1<<16) // version 0, compression 1 (zlib)
	pdbi = le.AppendUint32(pdbi, uint32(len(z)))
	pdbi = le.AppendUint32(pdbi, uint32(len(rdat)))
	return Container(Part{"PDBI", append(pdbi, z...)})
}

// ZlibPartsSRCI is a container of k SRCI parts, each ZlibSRCI(64 KiB)'s:
// a zlib stream of 100 bytes or so inflating to 64 KiB of one letter, the
// least any payload was allowed whatever it compressed from. Allowed per
// payload, k parts inflated k times 64 KiB.
func ZlibPartsSRCI(k int) []byte { return zlibParts("SRCI", ZlibSRCI(64<<10), k) }

// ZlibPartsPDBI is a container of k PDBI parts, each ZlibPDBI(2040)'s: 230
// bytes inflating to 64 KiB of runtime data, 2,040 resource records, which
// decoding turns into records and spans at some 150 bytes a byte.
func ZlibPartsPDBI(k int) []byte { return zlibParts("PDBI", ZlibPDBI(2040), k) }

// zlibParts is a container of k copies of the part name of container c.
func zlibParts(name string, c []byte, k int) []byte {
	parts := make([]Part, k)
	for i := range parts {
		parts[i] = Part{name, PartData(c, name)}
	}
	return Container(parts...)
}
