package decode

import "github.com/dxscope/dxscope/decode/llvm/bitstream"

// Metadata blocks (LLVM 3.7): one id per record except NAME, KIND and
// NAMED_NODE; DI records keep their operands, which decode/text reads by
// record layout. DEBUG_LOC locations become LOCATION entries, uniqued as
// LLVM's DILocation::get does.

func (r *irReader) readMetadata(b *bitstream.Block, list []IRMetadata, module bool, f *IRFunction) []IRMetadata {
	m := r.m
	name, haveName := "", false
	for _, rec := range b.Records {
		switch rec.Code {
		case MDName:
			name, haveName = opsText(rec.Ops), true
			continue
		case MDNamedNode:
			if !haveName {
				m.problem(Warning, r.bit(rec.Start), "METADATA_NAMED_NODE", "expected a NAME record before the named node")
				continue
			}
			m.NamedMetadata = append(m.NamedMetadata, IRNamedMD{Name: name, Nodes: bcU32s(rec.Ops)})
			haveName = false
			continue
		case MDKind:
			if len(rec.Ops) > 0 {
				m.MDKinds[uint32(rec.Ops[0])] = opsText(rec.Ops[1:])
			}
			continue
		}
		e := IRMetadata{Code: rec.Code, Bit: r.bit(rec.Start)}
		switch rec.Code {
		case MDString:
			e.Str = opsText(rec.Ops)
		case MDValue:
			e.Type, e.Value = NoType, ^uint32(0)
			if len(rec.Ops) >= 2 {
				e.Type, e.Value = uint32(rec.Ops[0]), uint32(rec.Ops[1])
			}
			e.Local = !module
		case MDNode, MDDistinctNode:
			e.Distinct = rec.Code == MDDistinctNode
			e.Code = MDNode
			e.Ops = rec.Ops
		case 8, 9: // OLD_NODE, OLD_FN_NODE: [ty, val]* pairs (pre-3.6)
			e.Code = MDNode
			for i := 0; i+1 < len(rec.Ops); i += 2 {
				e.Ops = append(e.Ops, 0) // values in old nodes are not shown
			}
		default:
			if rec.Code >= MDLocation && rec.Code <= MDModule && rec.Code != MDNamedNode && rec.Code != 11 {
				if len(rec.Ops) > 0 {
					e.Distinct = rec.Ops[0]&1 != 0
					e.Ops = rec.Ops[1:]
				}
			} else {
				m.problem(Warning, r.bit(rec.Start), "METADATA_BLOCK", "metadata code %d is not an LLVM 3.7 record", rec.Code)
			}
		}
		if rec.Code == MDLocation && len(e.Ops) >= 4 && !e.Distinct && module {
			r.indexLoc(uint32(e.Ops[0]), uint32(e.Ops[1]), uint32(e.Ops[2]), uint32(e.Ops[3]), uint32(len(list)))
		}
		list = append(list, e)
	}
	return list
}

func (r *irReader) indexLoc(line, col, scope, ia, id uint32) {
	if r.m.locIndex == nil {
		r.m.locIndex = map[[4]uint32]uint32{}
	}
	k := [4]uint32{line, col, scope, ia}
	if _, ok := r.m.locIndex[k]; !ok {
		r.m.locIndex[k] = id
	}
}

// location returns the metadata id of the DILocation (line, col, scope id,
// inlinedAt id+1), adding it to the module's metadata when it is new.
func (r *irReader) location(line, col, scope, ia uint32, bit uint64) int64 {
	m := r.m
	k := [4]uint32{line, col, scope, ia}
	if id, ok := m.locIndex[k]; ok {
		return int64(id)
	}
	id := LocationBase + uint32(len(m.Locations))
	m.Locations = append(m.Locations, IRMetadata{Code: MDLocation, Ops: []uint64{uint64(line), uint64(col), uint64(scope), uint64(ia)}, Bit: bit})
	r.indexLoc(line, col, scope, ia, id)
	return int64(id)
}

// MDNodeRefs lists a metadata node's operands that may be nodes, as metadata
// ids (-1 for null), in LLVM's MDNode operand order (the order its slot
// numbering walks them).
func (e *IRMetadata) MDNodeRefs() []int64 {
	o := e.Ops
	ref := func(i int) int64 { // an id+1 operand
		if i < len(o) && o[i] != 0 {
			return int64(o[i] - 1)
		}
		return -1
	}
	var pos []int
	switch e.Code {
	case MDNode:
		out := make([]int64, len(o))
		for i := range o {
			out[i] = ref(i)
		}
		return out
	case MDLocation: // scope is a plain id
		out := []int64{-1, ref(3)}
		if len(o) > 2 {
			out[0] = int64(o[2])
		}
		return out
	case MDGenericDebug:
		out := []int64{}
		for i := 2; i < len(o); i++ {
			out = append(out, ref(i))
		}
		return out
	case MDDerivedType:
		pos = []int{2, 4, 1, 5, 10}
	case MDCompositeType:
		pos = []int{2, 4, 1, 5, 10, 12, 13, 14}
	case MDSubroutine:
		pos = []int{1}
	case MDCompileUnit:
		pos = []int{1, 2, 4, 6, 8, 9, 10, 11, 12}
	case MDSubprogram:
		pos = []int{3, 0, 1, 1, 2, 5, 9, 14, 15, 16, 17}
	case MDLexicalBlock, MDLexicalFile:
		pos = []int{1, 0}
	case MDNamespace:
		pos = []int{1, 0, 2}
	case MDTemplateType:
		pos = []int{0, 1}
	case MDTemplateValue:
		pos = []int{1, 2, 3}
	case MDGlobalVar:
		pos = []int{0, 1, 3, 5, 1, 2, 8, 9}
	case MDLocalVar:
		pos = []int{1, 2, 3, 5}
	case MDImported:
		pos = []int{1, 2, 4}
	case MDEnumerator:
		pos = []int{1}
	case MDBasicType:
		pos = []int{1}
	case MDFile:
		pos = []int{0, 1}
	case MDObjCProperty:
		pos = []int{1, 5}
	}
	out := make([]int64, len(pos))
	for i, p := range pos {
		out[i] = ref(p)
	}
	return out
}
