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

// InlineSitesPDB is an MSF file (an FXC SPDB's layout: one module) whose
// module has a line table of lines code offsets and sites inline sites,
// each of a function of its own and each saying, in its binary
// annotations, that it covers all the code. Given naively, every site walks
// every line and names itself on it: sites × lines.
func InlineSitesPDB(sites, lines int) []byte { return inlineSitesPDB(sites, lines, 1) }

// SharedModulePDB is InlineSitesPDB's file with one inline site and the
// one module stream named by modules module infos.
func SharedModulePDB(modules, lines int) []byte { return inlineSitesPDB(1, lines, modules) }

func inlineSitesPDB(sites, lines, modules int) []byte {
	u32s := func(b []byte, vs ...uint32) []byte {
		for _, v := range vs {
			b = le.AppendUint32(b, v)
		}
		return b
	}
	u16s := func(b []byte, vs ...uint16) []byte {
		for _, v := range vs {
			b = le.AppendUint16(b, v)
		}
		return b
	}
	// Symbols: the entry point (S_GPROC32 at code offset 0), then the sites
	// (S_INLINESITE; annotations: ChangeCodeLengthAndCodeOffset with a length of 2^29 - 1).
	sym := u16s(nil, 2+40, 0x1110)
	sym = u32s(sym, 0, 0, 0, uint32(4*lines), 0, 0, 0, 0)
	sym = u16s(sym, 0)
	sym = append(sym, 0, 'm', 'a', 'i', 'n', 0)
	for i := range sites {
		sym = u16s(sym, 2+20, 0x114d)
		sym = u32s(sym, 0, 0, uint32(0x1000+i))
		sym = append(sym, 0x0C, 0xDF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00)
	}
	// C13: one line block of lines lines, 4 bytes of code apart; the sites' inlinee lines.
	c13 := u32s(nil, 0xF2, uint32(12+12+8*lines), 0, 0, uint32(4*lines), 0, uint32(lines), uint32(12+8*lines))
	for i := range lines {
		c13 = u32s(c13, uint32(4*i), 1)
	}
	c13 = u32s(c13, 0xF6, uint32(4+12*sites), 0)
	for i := range sites {
		c13 = u32s(c13, uint32(0x1000+i), 0, 1)
	}
	module := append(u32s(nil, 4), sym...)
	module = append(module, c13...)
	// DBI: the header, then one module info of 64 bytes and two names, the module in stream 5.
	mi := u32s(nil, 0)
	mi = append(mi, make([]byte, 28)...) // section contribution
	mi = u16s(mi, 0, 5)
	mi = u32s(mi, uint32(4+len(sym)), 0, uint32(len(c13)))
	mi = append(mi, make([]byte, 16)...)
	mi = append(mi, 'm', 0, 0, 0)
	dbi := u32s(nil, 0xFFFFFFFF, 19990903, 1)
	dbi = u16s(dbi, 0xFFFF, 0, 0xFFFF, 0, 0xFFFF, 0)
	dbi = u32s(dbi, uint32(modules*len(mi)), 0, 0, 0, 0, 0, 0, 0)
	dbi = u16s(dbi, 0, 0)
	dbi = u32s(dbi, 0)
	for range modules {
		dbi = append(dbi, mi...)
	}
	return MSF(512, [][]byte{nil, PDBInfo(nil), nil, dbi, nil, module})
}

// SharedSourcePDB is an MSF file (an FXC SPDB's layout) whose named-stream
// map names one embedded source file of size bytes names times, each entry
// "/src/files/a.hlsl" in stream 5.
func SharedSourcePDB(names, size int) []byte {
	str := []byte("/src/files/a.hlsl\x00")
	info := le.AppendUint32(nil, 20000404)
	info = le.AppendUint32(info, 0)
	info = le.AppendUint32(info, 1)
	info = append(info, make([]byte, 16)...)
	info = le.AppendUint32(info, uint32(len(str)))
	info = append(info, str...)
	words := (names + 31) / 32
	info = le.AppendUint32(info, uint32(names)) // Size
	info = le.AppendUint32(info, uint32(32*words))
	info = le.AppendUint32(info, uint32(words)) // Present
	for i := range words {
		w := uint32(0xFFFFFFFF)
		if i == words-1 && names%32 != 0 {
			w = 1<<(names%32) - 1
		}
		info = le.AppendUint32(info, w)
	}
	info = le.AppendUint32(info, 0) // Deleted
	for range names {
		info = le.AppendUint32(le.AppendUint32(info, 0), 5)
	}
	const line = "float4 main() : SV_Target { return 1; }\n"
	src := make([]byte, size)
	for i := range src {
		src[i] = line[i%len(line)]
	}
	return MSF(512, [][]byte{nil, info, nil, nil, nil, src})
}

// SPDBShader wraps an MSF file as the SPDB part of a pixel shader
// container with a two-token SHEX part, as FXC's /Zi builds keep it.
func SPDBShader(msf []byte) []byte {
	shex := le.AppendUint32(le.AppendUint32(nil, 5<<4), 2) // ps_5_0, two dwords
	return Container(Part{"SHEX", shex}, Part{"SPDB", msf})
}

// PieceNamesPDB is an MSF file (an FXC SPDB's layout) with a type stream
// holding one struct type of members members, the last of them the struct
// itself, each named with n bytes, and a module whose one local variable of
// that type has defranges S_DEFRANGE_HLSL records, each placing the piece at
// byte 65,532: naming the piece walks the member list at every level of
// the struct inside itself.
func PieceNamesPDB(defranges, members, n int) []byte {
	name := make([]byte, n+1)
	for i := range n {
		name[i] = 'a' + byte(i%26)
	}
	var fl []byte
	for i := range members {
		ty := uint32(0x40) // float
		if i == members-1 {
			ty = 0x1001
		}
		fl = le.AppendUint16(fl, 0x150d)
		fl = le.AppendUint16(fl, 3)
		fl = le.AppendUint32(fl, ty)
		fl = le.AppendUint16(fl, 0x8004) // LF_ULONG
		fl = le.AppendUint32(fl, uint32(4*i))
		fl = append(fl, name...)
		for len(fl)%4 != 0 {
			fl = append(fl, 0xF0|byte(4-len(fl)%4))
		}
	}
	recs := pdbRecord(nil, 0x1203, fl)
	st := le.AppendUint16(nil, uint16(members))
	st = le.AppendUint16(st, 0)
	st = le.AppendUint32(st, 0x1000) // FieldList
	st = le.AppendUint32(st, 0)
	st = le.AppendUint32(st, 0)
	st = le.AppendUint16(st, 0x8004)
	st = le.AppendUint32(st, 0xFFFFFFFF) // Size
	st = append(st, 's', 0)
	recs = pdbRecord(recs, 0x1505, st)
	return localPDB(recs, 0x1001, defranges)
}

// SelfArrayPDB is PieceNamesPDB's file whose one type is an array of
// itself, and whose variable has one piece.
func SelfArrayPDB() []byte {
	a := le.AppendUint32(nil, 0x1000) // ElementType: itself
	a = le.AppendUint32(a, 0x75)
	a = le.AppendUint16(a, 16)
	a = append(a, 0, 0)
	return localPDB(pdbRecord(nil, 0x1503, a), 0x1000, 1)
}

// pdbRecord appends a CodeView record of kind and body to b.
func pdbRecord(b []byte, kind uint16, body []byte) []byte {
	b = le.AppendUint16(b, uint16(2+len(body)))
	return append(le.AppendUint16(b, kind), body...)
}

// localPDB lays out type records recs (from index 0x1000) as the type
// stream of an MSF file whose module has an entry point with one local
// variable of type local and defranges S_DEFRANGE_HLSL records placing the
// piece at byte 65,532 in r0.
func localPDB(recs []byte, local uint32, defranges int) []byte {
	n := uint32(0)
	for at := 0; at+2 <= len(recs); at += 2 + int(le.Uint16(recs[at:])) {
		n++
	}
	tpi := le.AppendUint32(nil, 20040203)
	for _, v := range []uint32{56, 0x1000, 0x1000 + n, uint32(len(recs))} {
		tpi = le.AppendUint32(tpi, v)
	}
	tpi = le.AppendUint16(le.AppendUint16(tpi, 0xFFFF), 0xFFFF)
	tpi = append(tpi, make([]byte, 32)...)
	tpi = append(tpi, recs...)
	// The module: S_GPROC32 main, S_LOCAL v, the defranges.
	sym := le.AppendUint16(nil, 2+40)
	sym = le.AppendUint16(sym, 0x1110)
	sym = append(sym, make([]byte, 34)...)
	sym = append(sym, 0, 'm', 'a', 'i', 'n', 0)
	sym = le.AppendUint16(le.AppendUint16(sym, 2+8), 0x113e) // S_LOCAL
	sym = le.AppendUint32(sym, local)
	sym = le.AppendUint16(sym, 0)
	sym = append(sym, 'v', 0)
	for range defranges {
		sym = le.AppendUint16(le.AppendUint16(sym, 2+20), 0x1150) // S_DEFRANGE_HLSL: r#, one index
		sym = le.AppendUint16(le.AppendUint16(sym, 0), 1)
		sym = le.AppendUint16(le.AppendUint16(sym, 65532), 4)
		sym = le.AppendUint32(sym, 0)
		sym = le.AppendUint16(le.AppendUint16(sym, 0), 4)
		sym = le.AppendUint32(sym, 0)
	}
	module := append(le.AppendUint32(nil, 4), sym...)
	mi := make([]byte, 32)
	mi = le.AppendUint16(le.AppendUint16(mi, 0), 5)
	mi = le.AppendUint32(le.AppendUint32(le.AppendUint32(mi, uint32(len(module))), 0), 0)
	mi = append(mi, make([]byte, 16)...)
	mi = append(mi, 'm', 0, 0, 0)
	dbi := le.AppendUint32(nil, 0xFFFFFFFF)
	dbi = le.AppendUint32(le.AppendUint32(dbi, 19990903), 1)
	for _, v := range []uint16{0xFFFF, 0, 0xFFFF, 0, 0xFFFF, 0} {
		dbi = le.AppendUint16(dbi, v)
	}
	dbi = le.AppendUint32(dbi, uint32(len(mi)))
	dbi = append(dbi, make([]byte, 36)...)
	dbi = append(dbi, mi...)
	return MSF(512, [][]byte{nil, PDBInfo(nil), tpi, dbi, nil, module})
}
