package hostile

// RDAT is a container whose RDAT part (runtime data, validator 1.3 layout)
// is about size bytes: a StringBuffer holding one long string, an index
// array listing every resource, a ResourceTable whose records are named at
// different offsets into the long string, and a FunctionTable whose records
// all name that string, all list every resource through the one index array
// and all depend on the same functions. Each reference is small; what they
// resolve to is not.
func RDAT(size int) []byte {
	const (
		resStride = 32 // RuntimeDataResourceInfo
		fnStride  = 44 // RuntimeDataFunctionInfo
	)
	res := size / 4 / resStride
	fns := size / 4 / fnStride
	strLen := size / 4
	u32s := func(vs ...uint32) []byte {
		var b []byte
		for _, v := range vs {
			b = le.AppendUint32(b, v)
		}
		return b
	}
	// StringBuffer: one long string, NUL, padded.
	str := make([]byte, strLen+1)
	for i := 0; i < strLen; i++ {
		str[i] = 'a' + byte(i%26)
	}
	for len(str)%4 != 0 {
		str = append(str, 0)
	}
	// IndexArrays: [res, 0, 1, ..., res-1] at element 0 (resources), then
	// [res, 0, 7, 14, ...] at element res+1 (string offsets: dependencies).
	idx := []uint32{uint32(res)}
	for i := 0; i < res; i++ {
		idx = append(idx, uint32(i))
	}
	deps := uint32(len(idx))
	idx = append(idx, uint32(res))
	for i := 0; i < res; i++ {
		idx = append(idx, uint32(i*7%strLen))
	}
	resTable := u32s(uint32(res), resStride)
	for i := 0; i < res; i++ {
		// Class SRV, Kind Texture2D, ID, Space, bounds, Name, Flags.
		resTable = append(resTable, u32s(0, 2, uint32(i), 0, uint32(i), uint32(i), uint32(i%strLen), 0)...)
	}
	fnTable := u32s(uint32(fns), fnStride)
	for i := 0; i < fns; i++ {
		// Name, UnmangledName, Resources, FunctionDependencies, ShaderKind
		// (library), payload and attribute sizes, feature infos, stage
		// flags, minimum target lib_6_3.
		fnTable = append(fnTable, u32s(0, 0, 0, deps, 6, 0, 0, 0, 0, 0x1fff, 6<<16|0x63)...)
	}
	return Container(Part{"RDAT", RDATPart(RDATTable{1, str}, RDATTable{2, u32s(idx...)}, RDATTable{3, resTable}, RDATTable{4, fnTable})})
}

// RDATTable is one sub-part of an RDAT part: its type (1 StringBuffer,
// 2 IndexArrays, 3 ResourceTable, 4 FunctionTable, …) and its data.
type RDATTable struct {
	Type uint32
	Data []byte
}

// RDATPart lays out an RDAT part's data as validator 1.3 writes it: the
// header (version 0x10, table count), the tables' offsets, then each table
// as its type, size and data.
func RDATPart(tables ...RDATTable) []byte {
	b := le.AppendUint32(le.AppendUint32(nil, 0x10), uint32(len(tables)))
	off := len(b) + 4*len(tables)
	var body []byte
	for _, t := range tables {
		b = le.AppendUint32(b, uint32(off))
		body = le.AppendUint32(le.AppendUint32(body, t.Type), uint32(len(t.Data)))
		body = append(body, t.Data...)
		off += 8 + len(t.Data)
	}
	return append(b, body...)
}

// RDATSharedResources is a container whose RDAT part lists resources
// resources and functions library functions that all name one index array
// of every resource (DXC writes a list once and lets records share it).
// Each function is 44 bytes and each resource 36, yet every consumer that
// writes a function's resources out (the JSON, the page's tree and table,
// the reflection) writes functions × resources of them.
func RDATSharedResources(functions, resources int) []byte {
	u32s := func(b []byte, vs ...uint32) []byte {
		for _, v := range vs {
			b = le.AppendUint32(b, v)
		}
		return b
	}
	idx := u32s(nil, uint32(resources))
	res := u32s(nil, uint32(resources), 32)
	for i := range resources {
		idx = u32s(idx, uint32(i))
		// Class SRV, Kind Texture2D, ID, Space 0, register i, named "r".
		res = u32s(res, 0, 2, uint32(i), 0, uint32(i), uint32(i), 1, 0)
	}
	fns := u32s(nil, uint32(functions), 44)
	for range functions {
		// Named "r"; every resource (index array 0); no dependencies; a
		// library function (6) needing lib_6_3.
		fns = u32s(fns, 1, 1, 0, 0xFFFFFFFF, 6, 0, 0, 0, 0, 0x1fff, 6<<16|0x63)
	}
	return Container(Part{"RDAT", RDATPart(RDATTable{1, []byte("\x00r\x00\x00")}, RDATTable{2, idx}, RDATTable{3, res}, RDATTable{4, fns})})
}
