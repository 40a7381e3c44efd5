package hostile

// MSF lays streams out as an MSF 7.00 file the way DXC's PDB writer does
// (MsfFile in LLVM's PDB documentation): the superblock in block 0, the two
// free block maps in blocks 1 and 2, the directory's block list in block 3,
// the directory, then each stream's blocks in order.
func MSF(blockSize int, streams [][]byte) []byte {
	blocks := func(n int) int { return (n + blockSize - 1) / blockSize }
	dirSize := 4 + 4*len(streams)
	for _, s := range streams {
		dirSize += 4 * blocks(len(s))
	}
	dirBlocks := blocks(dirSize)
	next := 4 + dirBlocks
	total := next
	for _, s := range streams {
		total += blocks(len(s))
	}
	b := make([]byte, total*blockSize)
	copy(b, "Microsoft C/C++ MSF 7.00\r\n\x1aDS\x00\x00\x00")
	le.PutUint32(b[32:], uint32(blockSize))
	le.PutUint32(b[36:], 1)
	le.PutUint32(b[40:], uint32(total))
	le.PutUint32(b[44:], uint32(dirSize))
	le.PutUint32(b[52:], 3)
	for i := 0; i < dirBlocks; i++ {
		le.PutUint32(b[3*blockSize+4*i:], uint32(4+i))
	}
	dir := make([]byte, dirBlocks*blockSize)
	le.PutUint32(dir, uint32(len(streams)))
	at := 4
	for _, s := range streams {
		le.PutUint32(dir[at:], uint32(len(s)))
		at += 4
	}
	for _, s := range streams {
		for k := 0; k < blocks(len(s)); k++ {
			le.PutUint32(dir[at:], uint32(next))
			copy(b[next*blockSize:], s[k*blockSize:min(len(s), (k+1)*blockSize)])
			next++
			at += 4
		}
	}
	copy(b[4*blockSize:], dir)
	// Every block is used: the free block map's bits are all clear.
	return b
}

// PDBInfo is a PDB info stream as DXC writes it: version VC70, age 1, the
// GUID, and an empty named-stream map.
func PDBInfo(guid []byte) []byte {
	b := make([]byte, 28+4*7)
	le.PutUint32(b, 20000404)
	le.PutUint32(b[8:], 1)
	copy(b[12:28], guid)
	le.PutUint32(b[36:], 1) // capacity
	return b
}

// DXCPDB wraps a container as dxc -Fd does: empty streams 0, 2, 3 and 4,
// the info stream (its GUID the shader hash) and the container in stream 5.
func DXCPDB(container, hash []byte) []byte {
	return MSF(512, [][]byte{nil, PDBInfo(hash), nil, nil, nil, container})
}

// MSFManyStreams is an MSF file of n bytes whose directory claims four
// billion streams, and lists as many stream sizes as fit.
func MSFManyStreams(n int) []byte {
	b := MSF(512, [][]byte{nil, PDBInfo(nil)})
	if n > len(b) {
		b = append(b, make([]byte, n-len(b))...)
	}
	// The directory claims all the blocks after it, each full of 0xFF sizes.
	nblocks := len(b) / 512
	le.PutUint32(b[40:], uint32(nblocks))
	dirBlocks := min(nblocks-5, 128) // what one block of the block map lists
	le.PutUint32(b[44:], uint32(dirBlocks*512))
	for i := 0; i < dirBlocks && 4*i < 512; i++ {
		le.PutUint32(b[3*512+4*i:], uint32(4+i))
	}
	le.PutUint32(b[4*512:], 0xFFFFFFFF)
	for i := 4*512 + 4; i < (4+dirBlocks)*512; i++ {
		b[i] = 0x10
	}
	return b
}

// MSFSharedBlocks is an MSF file whose k streams each list every data
// block of the file: read naively, k copies of the file.
func MSFSharedBlocks(k, dataBlocks int) []byte {
	const bs = 512
	dirSize := 4 + 4*k + 4*k*dataBlocks
	dirBlocks := (dirSize + bs - 1) / bs
	first := 4 + dirBlocks
	total := first + dataBlocks
	b := make([]byte, total*bs)
	copy(b, "Microsoft C/C++ MSF 7.00\r\n\x1aDS\x00\x00\x00")
	le.PutUint32(b[32:], bs)
	le.PutUint32(b[36:], 1)
	le.PutUint32(b[40:], uint32(total))
	le.PutUint32(b[44:], uint32(dirSize))
	// A directory of more than bs/4 blocks needs more block-map blocks than block 0 can list: keep it small.
	le.PutUint32(b[52:], 3)
	for i := 0; i < dirBlocks && i < bs/4; i++ {
		le.PutUint32(b[3*bs+4*i:], uint32(4+i))
	}
	dir := make([]byte, dirBlocks*bs)
	le.PutUint32(dir, uint32(k))
	at := 4
	for i := 0; i < k; i++ {
		le.PutUint32(dir[at:], uint32(dataBlocks*bs))
		at += 4
	}
	for i := 0; i < k; i++ {
		for j := 0; j < dataBlocks; j++ {
			le.PutUint32(dir[at:], uint32(first+j))
			at += 4
		}
	}
	copy(b[4*bs:], dir)
	return b
}

// MSFBlocksOutside is an MSF file whose streams list blocks far past its end.
func MSFBlocksOutside() []byte {
	b := MSF(512, [][]byte{nil, PDBInfo(nil), make([]byte, 512), make([]byte, 2048)})
	// The directory is block 4: stream sizes at 4..20, then the block lists.
	dir := 4 * 512
	le.PutUint32(b[dir+4+4*4:], 0x7FFFFFFF) // after the 4 sizes: stream 1's block
	le.PutUint32(b[dir+4+4*4+4:], 0xFFFFFFF0)
	return b
}
