package ir

import "sort"

// typeOrder is what LLVM's TypeFinder finds, as the assembly writer
// numbers and lists identified structs; worked out once per module.
type typeOrder struct {
	found    bool
	order    []uint32       // identified structs: the unnamed ones (numbered) first, then the named
	numbered map[uint32]int // unnamed identified structs: their number
}

// IdentifiedStructs lists the module's identified structs (and opaque
// types) in the order LLVM 3.7's assembly writer prints their definitions:
// walking the module as its TypeFinder does (globals, functions and their
// instructions, constants and metadata operands, named metadata), the
// unnamed ones, which it numbers %0, %1, … in that order, before the named.
func (m *Module) IdentifiedStructs() []uint32 {
	m.findTypes()
	return m.order
}

// structNumber is the number LLVM gives an unnamed identified struct.
func (m *Module) structNumber(id uint32) int {
	m.findTypes()
	return m.numbered[id]
}

func (m *Module) findTypes() {
	if m.found {
		return
	}
	m.found = true
	m.numbered = map[uint32]int{}
	var order []uint32
	seenT := map[uint32]bool{}
	type constKey struct {
		fn int
		id uint32
	}
	seenC := map[constKey]bool{}
	curFn := -1
	seenMD := map[uint32]bool{}
	incType := func(id uint32) {
		if seenT[id] {
			return
		}
		seenT[id] = true
		stack := []uint32{id}
		for len(stack) > 0 {
			t := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			tt := m.TypeAt(t)
			if tt == nil {
				continue
			}
			if (tt.Kind == TypeStruct || tt.Kind == TypeOpaque) && tt.Named {
				order = append(order, t)
			}
			for i := len(tt.Elems) - 1; i >= 0; i-- {
				if !seenT[tt.Elems[i]] {
					seenT[tt.Elems[i]] = true
					stack = append(stack, tt.Elems[i])
				}
			}
		}
	}
	var incValue func(f *Function, id uint32)
	var incMD func(f *Function, id uint32)
	depth := 0
	incValue = func(f *Function, id uint32) {
		if depth > 256 {
			return // hostile constant chains: LLVM would recurse, we stop
		}
		depth++
		defer func() { depth-- }()
		v := m.Value(f, id)
		if v == nil || v.Kind != ValueConstant {
			return
		}
		// A function's constants are its own values: the same id in two bodies is two constants.
		key := constKey{-1, id}
		if f != nil && id >= f.LocalBase {
			key = constKey{curFn, id}
		}
		if seenC[key] {
			return
		}
		seenC[key] = true
		incType(v.Type)
		if v.Const != nil {
			for _, op := range v.Const.Operands {
				incValue(f, op)
			}
		}
	}
	incMD = func(f *Function, id uint32) {
		if seenMD[id] || depth > 256 {
			return
		}
		depth++
		defer func() { depth-- }()
		seenMD[id] = true
		e := m.MD(f, id)
		if e == nil {
			return
		}
		if e.Code == MetadataValue {
			incValue(f, e.Value)
			return
		}
		if e.Code != MetadataNode && e.Code != MetadataSubprogram && e.Code != MetadataGlobalVar && e.Code != MetadataTemplateValue {
			for _, r := range e.MDNodeRefs() {
				if r >= 0 {
					if x := m.MD(f, uint32(r)); x != nil && x.Code != MetadataString && x.Code != MetadataValue {
						incMD(f, uint32(r))
					}
				}
			}
			return
		}
		for _, r := range e.MDNodeRefs() {
			if r < 0 {
				continue
			}
			x := m.MD(f, uint32(r))
			if x == nil || x.Code == MetadataString {
				continue
			}
			incMD(f, uint32(r))
		}
	}
	for _, g := range m.Globals {
		incType(g.Type)
		if g.Init >= 0 {
			incValue(nil, uint32(g.Init))
		}
	}
	for fi := range m.Functions {
		f := &m.Functions[fi]
		curFn = fi
		incType(f.PtrType)
		for _, in := range f.Insts {
			incType(in.Type)
			for k, a := range in.Args {
				if in.MDArgs != nil && k < len(in.MDArgs) && in.MDArgs[k] >= 0 {
					incMD(f, uint32(in.MDArgs[k]))
					continue
				}
				incValue(f, a)
			}
			if in.Op == "switch" {
				for _, c := range in.Indices {
					incValue(f, uint32(c))
				}
			}
			for _, a := range in.SortedAttach() {
				incMD(f, a.Node)
			}
		}
	}
	for _, n := range m.NamedMetadata {
		for _, id := range n.Nodes {
			incMD(nil, id)
		}
	}
	k := 0
	var named []uint32
	for _, t := range order {
		if m.Types[t].Name == "" && m.Types[t].Kind == TypeStruct {
			m.numbered[t] = k
			k++
		} else {
			named = append(named, t)
		}
	}
	var out []uint32
	for _, t := range order {
		if _, ok := m.numbered[t]; ok {
			out = append(out, t)
		}
	}
	m.order = append(out, named...)
}

// SortedAttach is the instruction's metadata attachments by kind, as the
// assembly writer lists them (the order among one kind kept).
func (in *Inst) SortedAttach() []Attachment {
	a := in.Attach
	if len(a) < 2 {
		return a
	}
	b := append([]Attachment(nil), a...)
	sort.SliceStable(b, func(i, j int) bool { return b[i].Kind < b[j].Kind })
	return b
}
