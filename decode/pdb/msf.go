// Package pdb reads program databases: the MSF 7.00 multi-stream file, the
// PDB info stream and its named streams, the DBI stream and the module
// streams with their CodeView symbols and C13 line tables, the type (TPI)
// and id (IPI) streams, and the source files FXC embeds. FXC writes such a
// file as a shader's SPDB part; DXC writes one beside the shader (-Fd),
// holding a container in stream 5.
//
// The layouts follow LLVM's PDB documentation (docs/PDB: MsfFile,
// PdbStream, DbiStream, ModiStream, CodeViewSymbols, CodeViewTypes) and
// Microsoft's cvinfo.h for the HLSL records (S_DEFRANGE_HLSL, LF_VECTOR,
// LF_MATRIX).
//
// An MSF file is a file system: a stream's bytes are scattered over blocks
// that the stream directory lists. Every span this package records is
// nevertheless an offset in the file: a stream is decoded as one piece and
// each span is then cut at block boundaries and moved to the blocks it came
// from. A block belongs to at most one stream, so decoding costs at most the
// file's size in copies, whatever the directory claims.
package pdb

import (
	"fmt"

	"github.com/dxscope/dxscope/decode/binread"
	"github.com/dxscope/dxscope/decode/report"
)

// Magic is the 32 bytes an MSF 7.00 file starts with.
const Magic = "Microsoft C/C++ MSF 7.00\r\n\x1aDS\x00\x00\x00"

// SuperBlockSize is the size of the fixed superblock fields (the block map
// addresses follow).
const SuperBlockSize = 56

// IsMSF says whether b starts with the MSF 7.00 magic.
func IsMSF(b []byte) bool { return len(b) >= len(Magic) && string(b[:len(Magic)]) == Magic }

// SuperBlock is the MSF header at offset 0 (LLVM's SuperBlock).
type SuperBlock struct {
	FileMagic         string
	BlockSize         uint32 // 512, 1024, 2048 or 4096
	FreeBlockMapBlock uint32 // 1 or 2: which of the two free block maps is current
	NumBlocks         uint32
	NumDirectoryBytes uint32
	Unknown           uint32
	// BlockMapAddr lists the blocks that hold the directory's block list:
	// the field LLVM names, then as many more as a directory of more than
	// BlockSize/4 blocks needs.
	BlockMapAddr []uint32
}

// Stream is one stream of the directory.
type Stream struct {
	Size   uint32   // bytes; 0xFFFFFFFF (a deleted stream) reads as 0
	Blocks []uint32 // the blocks holding its bytes, in order
	Role   string   `json:",omitempty"` // what the stream is: a fixed role, its name in the named-stream map, or a module
}

// Directory is the stream directory.
type Directory struct {
	NumStreams uint32
	Streams    []Stream
}

// nilStream is the size a deleted stream has in the directory.
const nilStream = 0xFFFFFFFF

// msf is the file system being read: the blocks that exist and who owns each.
type msf struct {
	r       *binread.Reader // the whole file
	bs      int
	nblocks int     // blocks present in the data
	owner   []int32 // per block: -1 free, -2 MSF structure, else the stream index
	dir     *Directory
	ok      []bool // per stream: every block exists and is its own
}

const (
	ownerFree = -1
	ownerMSF  = -2
)

// claim marks block b as the owner's, reporting a block that does not exist
// or belongs to someone else.
func (m *msf) claim(b uint32, who int32, what string) bool {
	if int64(b) >= int64(m.nblocks) {
		m.r.ProblemAt(report.Error, 0, what, "%s lists block %d, past the last block of the file (%d blocks of %d bytes present)", what, b, m.nblocks, m.bs)
		return false
	}
	if o := m.owner[b]; o != ownerFree {
		m.r.ProblemAt(report.Error, int(b)*m.bs, what, "%s lists block %d, which %s already uses", what, b, m.ownerName(o))
		return false
	}
	m.owner[b] = who
	return true
}

func (m *msf) ownerName(o int32) string {
	if o == ownerMSF {
		return "the MSF structure (superblock, free block map or directory)"
	}
	return fmt.Sprintf("stream %d", o)
}

// blockBytes is the file's bytes for a list of blocks holding size bytes,
// as one slice: a piece of the file when the blocks follow each other, else
// a copy. The blocks must have been claimed.
func (m *msf) blockBytes(blocks []uint32, size int) []byte {
	if len(blocks) == 0 || size <= 0 {
		return nil
	}
	contiguous := true
	for i := 1; i < len(blocks); i++ {
		if blocks[i] != blocks[0]+uint32(i) {
			contiguous = false
			break
		}
	}
	start := int(blocks[0]) * m.bs
	if contiguous {
		end := min(start+size, len(m.r.Data))
		return m.r.Data[start:end]
	}
	out := make([]byte, 0, size)
	for _, b := range blocks {
		at := int(b) * m.bs
		n := min(m.bs, size-len(out), len(m.r.Data)-at)
		out = append(out, m.r.Data[at:at+n]...)
	}
	return out
}

// fileOffset is where byte off of a stream laid on blocks is in the data,
// and how many bytes from there stay in the same block.
func (m *msf) fileOffset(blocks []uint32, off int64) (int64, int64) {
	k := off / int64(m.bs)
	if k < 0 || k >= int64(len(blocks)) {
		return -1, 0
	}
	in := off % int64(m.bs)
	return int64(blocks[k])*int64(m.bs) + in, int64(m.bs) - in
}

// remap moves what a stream's decoder recorded in tmp (offsets within the
// stream) to the file (offsets in the data, plus the reader's base), cutting
// each span at block boundaries, and hands it to the file's sink.
func (m *msf) remap(blocks []uint32, tmp *report.Sink) {
	out := m.r.Out
	for _, s := range tmp.Spans {
		off, left := s.Off, s.Size
		for left > 0 {
			at, room := m.fileOffset(blocks, off)
			if at < 0 {
				break
			}
			n := min(left, room)
			p := s
			p.Off, p.Size = m.r.Base+at, n
			out.Spans = append(out.Spans, p)
			off += n
			left -= n
		}
	}
	tmp.Summarize()
	for _, p := range tmp.Problems {
		if at, _ := m.fileOffset(blocks, p.Offset); at >= 0 {
			p.Offset = m.r.Base + at
		} else {
			p.Offset = m.r.Base
		}
		out.Problems = append(out.Problems, p)
	}
}

// streamReader is a reader over stream i's bytes whose spans and problems
// go to a sink of their own, for remap; nil when the stream cannot be read.
type streamReader struct {
	*binread.Reader
	blocks []uint32
	m      *msf
}

// stream opens stream i for decoding under path, or returns nil (the
// problem was reported when the directory was read).
func (m *msf) stream(i int, path, what string) *streamReader {
	if m.dir == nil || i < 0 || i >= len(m.dir.Streams) || !m.ok[i] {
		return nil
	}
	s := m.dir.Streams[i]
	data := m.blockBytes(s.Blocks, int(s.Size))
	r := binread.New(data, 0, path, m.r.Part, &report.Sink{Budget: m.r.Out.Budget})
	r.What = what
	return &streamReader{Reader: r, blocks: s.Blocks, m: m}
}

// done hands what the stream's decoder recorded to the file.
func (s *streamReader) done() {
	if s != nil {
		s.m.remap(s.blocks, s.Out)
	}
}

// readSuperBlock reads the superblock; false when the file cannot be read on.
func (f *File) readSuperBlock(m *msf) bool {
	r := m.r
	sb := &f.SuperBlock
	r.Begin("SuperBlock", "MSF superblock")
	defer r.End()
	sb.FileMagic = string(r.Bytes("FileMagic", len(Magic)))
	sb.BlockSize = r.U32("BlockSize")
	sb.FreeBlockMapBlock = r.U32("FreeBlockMapBlock")
	sb.NumBlocks = r.U32("NumBlocks")
	sb.NumDirectoryBytes = r.U32("NumDirectoryBytes")
	sb.Unknown = r.U32("Unknown")
	if r.Failed {
		return false
	}
	if sb.FileMagic != Magic {
		r.ProblemAt(report.Error, 0, "MSF superblock", "the file does not start with the MSF 7.00 magic \"Microsoft C/C++ MSF 7.00\\r\\n\\x1aDS\"")
		return false
	}
	switch sb.BlockSize {
	case 512, 1024, 2048, 4096:
	default:
		r.ProblemAt(report.Error, 32, "MSF superblock", "BlockSize is %d; MSF blocks are 512, 1024, 2048 or 4096 bytes", sb.BlockSize)
		return false
	}
	m.bs = int(sb.BlockSize)
	m.nblocks = len(r.Data) / m.bs
	if len(r.Data)%m.bs != 0 {
		r.ProblemAt(report.Warning, 0, "MSF superblock", "the file's %d bytes are not a whole number of %d-byte blocks: the last %d bytes belong to no block", len(r.Data), m.bs, len(r.Data)%m.bs)
	}
	if int64(sb.NumBlocks) != int64(m.nblocks) {
		r.ProblemAt(report.Warning, 40, "MSF superblock", "NumBlocks is %d, but the file holds %d blocks of %d bytes", sb.NumBlocks, m.nblocks, m.bs)
	}
	if sb.FreeBlockMapBlock != 1 && sb.FreeBlockMapBlock != 2 {
		r.ProblemAt(report.Warning, 36, "MSF superblock", "FreeBlockMapBlock is %d; only 1 and 2 name a free block map", sb.FreeBlockMapBlock)
	}
	m.owner = make([]int32, m.nblocks)
	for i := range m.owner {
		m.owner[i] = ownerFree
	}
	if m.nblocks > 0 {
		m.owner[0] = ownerMSF
	}
	// The two free block maps repeat every BlockSize blocks.
	for at := 1; at < m.nblocks; at += m.bs {
		for k := at; k < at+2 && k < m.nblocks; k++ {
			m.owner[k] = ownerMSF
		}
	}
	// The directory's block list takes ceil(dirBlocks*4/BlockSize) blocks,
	// listed from BlockMapAddr on; they must fit in block 0.
	dirBlocks := (int64(sb.NumDirectoryBytes) + int64(m.bs) - 1) / int64(m.bs)
	mapBlocks := (dirBlocks*4 + int64(m.bs) - 1) / int64(m.bs)
	if mapBlocks < 1 {
		mapBlocks = 1
	}
	if fit := int64(r.Remaining() / 4); mapBlocks > fit || dirBlocks > int64(m.nblocks) {
		r.ProblemAt(report.Error, 44, "MSF superblock", "NumDirectoryBytes is %d: %d directory blocks, more than the file's %d blocks can list", sb.NumDirectoryBytes, dirBlocks, m.nblocks)
		return false
	}
	sb.BlockMapAddr = make([]uint32, mapBlocks)
	for i := range sb.BlockMapAddr {
		sb.BlockMapAddr[i] = r.U32(fmt.Sprintf("BlockMapAddr[%d]", i))
	}
	return !r.Failed
}

// readFreeBlockMap records the current free block map's bits and marks the
// rest of the map blocks as padding.
func (f *File) readFreeBlockMap(m *msf) {
	r := m.r
	cur := int(f.SuperBlock.FreeBlockMapBlock)
	need := int64(m.nblocks+7) / 8 // bits for every block present
	if r.Short {
		// A file cut short: the map still covers the blocks the superblock
		// counts, and bits past the map bytes present are not in the file.
		need = max(need, (int64(f.SuperBlock.NumBlocks)+7)/8)
	}
	for at := 1; at < m.nblocks; at += m.bs {
		for k := at; k < at+2 && k < m.nblocks; k++ {
			start := k * m.bs
			n := m.bs
			if k-at+1 == cur && need > 0 {
				take := int(min(need, int64(m.bs)))
				f.FreeBlockMap = append(f.FreeBlockMap, r.Data[start:start+take]...)
				r.Out.Span(report.Span{Path: r.Join("FreeBlockMap"), Off: r.Base + int64(start), Size: int64(take), Kind: report.SpanField})
				need -= int64(take)
				start += take
				n -= take
			}
			if n > 0 {
				r.Out.Span(report.Span{Path: r.Join("FreeBlockMapPadding"), Off: r.Base + int64(start), Size: int64(n), Kind: report.SpanRaw})
			}
		}
	}
	if r.Short && need > 0 {
		r.Absent("FreeBlockMap")
	}
}

// readDirectory reads the stream directory through its block list.
func (f *File) readDirectory(m *msf) {
	r := m.r
	sb := &f.SuperBlock
	dirBlocks := int((int64(sb.NumDirectoryBytes) + int64(m.bs) - 1) / int64(m.bs))
	// The block list: dirBlocks u32s across the BlockMapAddr blocks.
	var list []uint32
	for i, b := range sb.BlockMapAddr {
		if !m.claim(b, ownerMSF, "the directory's block map") {
			return
		}
		n := min(m.bs/4, dirBlocks-len(list))
		br := r.Sub(int(b)*m.bs, n*4, r.Join(fmt.Sprintf("DirectoryBlocks")), "the directory's block map")
		br.Path = r.Path
		for k := 0; k < n; k++ {
			list = append(list, br.U32(fmt.Sprintf("DirectoryBlocks[%d]", len(list))))
		}
		if pad := m.bs - n*4; pad > 0 && i == len(sb.BlockMapAddr)-1 && int(b)*m.bs+m.bs <= len(r.Data) {
			r.Out.Span(report.Span{Path: r.Join("DirectoryBlocksPadding"), Off: r.Base + int64(int(b)*m.bs+n*4), Size: int64(pad), Kind: report.SpanRaw})
		}
	}
	f.DirectoryBlocks = list
	for _, b := range list {
		if !m.claim(b, ownerMSF, "the stream directory") {
			return
		}
	}
	data := m.blockBytes(list, int(sb.NumDirectoryBytes))
	tmp := &report.Sink{Budget: m.r.Out.Budget}
	dr := binread.New(data, 0, r.Join("Directory"), r.Part, tmp)
	dr.What = "stream directory"
	defer m.remap(list, tmp)
	d := &Directory{}
	f.Directory = d
	dr.Begin("", "stream directory")
	defer dr.End()
	d.NumStreams = dr.U32("NumStreams")
	if dr.Failed {
		return
	}
	n := int64(d.NumStreams)
	if fit := int64(dr.Remaining() / 4); n > fit {
		dr.ProblemAt(report.Error, 0, "stream directory", "NumStreams is %d, but the %d-byte directory has room for %d stream sizes", n, len(data), fit)
		n = fit
	}
	d.Streams = make([]Stream, n)
	for i := range d.Streams {
		d.Streams[i].Size = dr.U32(fmt.Sprintf("Streams[%d]/Size", i))
	}
	m.dir = d
	m.ok = make([]bool, n)
	for i := range d.Streams {
		s := &d.Streams[i]
		size := int64(s.Size)
		if s.Size == nilStream {
			size = 0
		}
		k := (size + int64(m.bs) - 1) / int64(m.bs)
		if k > int64(dr.Remaining()/4) {
			dr.ProblemAt(report.Error, dr.Pos, "stream directory", "stream %d holds %d bytes, %d blocks, but the directory lists only %d more block numbers: this and the later streams cannot be read", i, size, k, dr.Remaining()/4)
			return
		}
		s.Blocks = make([]uint32, k)
		good := true
		for j := range s.Blocks {
			s.Blocks[j] = dr.U32(fmt.Sprintf("Streams[%d]/Blocks[%d]", i, j))
			if good && !m.claim(s.Blocks[j], int32(i), fmt.Sprintf("stream %d", i)) {
				good = false
			}
		}
		m.ok[i] = good
		// The rest of a stream's last block is padding.
		if good && k > 0 && size%int64(m.bs) != 0 {
			last := int64(s.Blocks[k-1])*int64(m.bs) + size%int64(m.bs)
			end := min(int64(s.Blocks[k-1]+1)*int64(m.bs), int64(len(r.Data)))
			if end > last {
				r.Out.Span(report.Span{Path: r.Join(fmt.Sprintf("Directory/Streams[%d]/Padding", i)), Off: r.Base + last, Size: end - last, Kind: report.SpanRaw})
			}
		}
	}
	if dr.Remaining() > 0 {
		dr.ProblemAt(report.Warning, dr.Pos, "stream directory", "%d bytes after the last stream's block numbers belong to no stream", dr.Remaining())
	}
	// The rest of the directory's last block.
	if k := len(list); k > 0 && int(sb.NumDirectoryBytes)%m.bs != 0 {
		last := int64(list[k-1])*int64(m.bs) + int64(int(sb.NumDirectoryBytes)%m.bs)
		end := min(int64(list[k-1]+1)*int64(m.bs), int64(len(r.Data)))
		if end > last {
			r.Out.Span(report.Span{Path: r.Join("DirectoryPadding"), Off: r.Base + last, Size: end - last, Kind: report.SpanRaw})
		}
	}
}

// claimFree records the blocks no stream or MSF structure uses, so every
// byte of the file is accounted for.
func (f *File) claimFree(m *msf) {
	r := m.r
	for b := 0; b < m.nblocks; b++ {
		if m.owner[b] != ownerFree {
			continue
		}
		e := b
		for e+1 < m.nblocks && m.owner[e+1] == ownerFree {
			e++
		}
		f.FreeBlocks += e - b + 1
		r.Out.Span(report.Span{Path: r.Join("FreeBlocks"), Off: r.Base + int64(b*m.bs), Size: int64((e - b + 1) * m.bs), Kind: report.SpanRaw})
		b = e
	}
	if tail := len(r.Data) - m.nblocks*m.bs; tail > 0 {
		r.Out.Span(report.Span{Path: r.Join("TrailingPadding"), Off: r.Base + int64(m.nblocks*m.bs), Size: int64(tail), Kind: report.SpanRaw})
	}
	if b := m.nblocks; b > 0 && f.SuperBlock.NumBlocks != 0 {
		// Block 0 past the superblock and its block map addresses.
		used := SuperBlockSize - 4 + 4*len(f.SuperBlock.BlockMapAddr)
		if used < m.bs {
			r.Out.Span(report.Span{Path: r.Join("SuperBlockPadding"), Off: r.Base + int64(used), Size: int64(m.bs - used), Kind: report.SpanRaw})
		}
	}
}
