package model

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode"
)

// RDATView is the RDAT part as tables: functions, resources, subobjects and
// work-graph nodes, strings resolved and references between records as links.
// (The whole dump is `dxscope rdat`'s; the page leaves it out to keep
// app.wasm under 2 MB, and the tree below holds every record.)
type RDATView struct {
	Tables []*Table
}

// RuntimeData builds the view of an RDAT part, or nil for another part.
func (pv *PartView) RuntimeData() *RDATView {
	if pv.Part == nil || pv.Part.RuntimeData == nil {
		return nil
	}
	rd := pv.Part.RuntimeData
	find := pv.locator()
	row := func(table string, i int, cells []TableCell) TableRow {
		off, size, node := find(fmt.Sprintf("%s/Records/%d", table, i))
		return TableRow{Cells: cells, Off: off, Size: size, Node: node}
	}
	ref := func(table string, i int, name string) TableRef {
		off, _, node := find(fmt.Sprintf("%s/Records/%d", table, i))
		return TableRef{Text: Shown(name), Off: off, Node: node}
	}
	none := func(text string) TableRef { return TableRef{Text: text, Off: -1, Node: -1} }
	v := &RDATView{}

	// Functions call each other and subobjects export them by name: mangled
	// in the dependency list, either spelling in an association.
	funcRow := map[string]int{}
	if t := rd.FunctionTable; t != nil {
		for i := len(t.Records) - 1; i >= 0; i-- {
			funcRow[t.Records[i].Name] = i
			if u := t.Records[i].UnmangledName; u != "" {
				funcRow[u] = i
			}
		}
	}
	funcRefs := func(names []string) TableCell {
		var c TableCell
		for _, n := range names {
			if i, ok := funcRow[n]; ok {
				c.Refs = append(c.Refs, ref("FunctionTable", i, n))
			} else {
				c.Refs = append(c.Refs, none(Shown(n)))
			}
		}
		return c
	}
	resourceName := func(i uint32) string {
		if t := rd.ResourceTable; t != nil && int(i) < len(t.Records) {
			r := t.Records[i]
			reg := Register(RegisterLetter(r.ClassName), r.LowerBound, RangeCount(r.LowerBound, r.UpperBound), r.Space)
			if r.Name != "" {
				return r.Name + " (" + reg + ")"
			}
			return reg
		}
		return fmt.Sprintf("row %d (missing)", i)
	}

	// A resource is named by every function listing it, and functions share
	// lists: each row's link is made once.
	resourceRefs := map[uint32]TableRef{}
	resourceRef := func(r uint32) TableRef {
		if x, ok := resourceRefs[r]; ok {
			return x
		}
		x := ref("ResourceTable", int(r), resourceName(r))
		resourceRefs[r] = x
		return x
	}

	if t := rd.FunctionTable; t != nil && len(t.Records) > 0 {
		tab := &Table{Part: pv.Index, ID: "rdat-functions", Title: fmt.Sprintf("Functions (%d)", len(t.Records)),
			Columns: []string{"#", "function", "kind", "min target", "resources", "calls", "features"}}
		for i, f := range t.Records {
			name := f.UnmangledName
			if name == "" {
				name = Unmangled(f.Name)
			}
			var res TableCell
			for _, r := range f.Resources {
				res.Refs = append(res.Refs, resourceRef(r))
			}
			feats := strings.Join(f.FeatureFlagNames, ", ")
			if feats == "" {
				feats = "—"
			}
			cells := append(Cells(fmt.Sprint(i), Shown(name), f.ShaderKindName, f.MinShaderTargetName), res, funcRefs(f.FunctionDependencies), TableCell{Text: feats})
			tab.Rows = append(tab.Rows, row("FunctionTable", i, cells))
		}
		v.Tables = append(v.Tables, tab)
	}

	if t := rd.ResourceTable; t != nil && len(t.Records) > 0 {
		tab := &Table{Part: pv.Index, ID: "rdat-resources", Title: fmt.Sprintf("Resources (%d)", len(t.Records)),
			Columns: []string{"#", "binding", "name", "class", "kind", "flags"}}
		for i, r := range t.Records {
			name := Shown(r.Name)
			if name == "" {
				name = "—"
			}
			tab.Rows = append(tab.Rows, row("ResourceTable", i, Cells(fmt.Sprint(i),
				Register(RegisterLetter(r.ClassName), r.LowerBound, RangeCount(r.LowerBound, r.UpperBound), r.Space),
				name, r.ClassName, r.KindName, r.FlagsNames.String())))
		}
		v.Tables = append(v.Tables, tab)
	}

	if t := rd.SubobjectTable; t != nil && len(t.Records) > 0 {
		subRow := map[string]int{}
		for i := len(t.Records) - 1; i >= 0; i-- {
			subRow[t.Records[i].Name] = i
		}
		tab := &Table{Part: pv.Index, ID: "rdat-subobjects", Title: fmt.Sprintf("Subobjects (%d)", len(t.Records)),
			Columns: []string{"#", "name", "kind", "value"}}
		for i, s := range t.Records {
			val := TableCell{Text: subobjectValue(s)}
			if a := s.SubobjectToExportsAssociation; a != nil {
				val = funcRefs(a.Exports)
				sub := none(Shown(a.Subobject))
				if j, ok := subRow[a.Subobject]; ok {
					sub = ref("SubobjectTable", j, a.Subobject)
				}
				val.Refs = append([]TableRef{sub, none("→")}, val.Refs...)
			}
			if h := s.HitGroup; h != nil {
				val = funcRefs(nonEmpty(h.AnyHit, h.ClosestHit, h.Intersection))
				val.Refs = append([]TableRef{none(h.TypeName + ":")}, val.Refs...)
			}
			tab.Rows = append(tab.Rows, row("SubobjectTable", i, append(Cells(fmt.Sprint(i), Shown(s.Name), s.KindName), val)))
		}
		v.Tables = append(v.Tables, tab)
	}

	if len(rd.Nodes) > 0 {
		tab := &Table{Part: pv.Index, ID: "rdat-nodes", Title: fmt.Sprintf("Work-graph nodes (%d)", len(rd.Nodes)),
			Columns: []string{"function", "launch", "node ID", "threads", "inputs", "outputs"}}
		for _, n := range rd.Nodes {
			fn := TableCell{Text: Shown(n.Function)}
			rec := -1
			if i, ok := funcRow[n.Function]; ok {
				fn = TableCell{Refs: []TableRef{ref("FunctionTable", i, n.Function)}}
				if f := rd.FunctionTable.Records[i]; f.FunctionInfo2 != nil && f.Node != nil {
					rec = int(*f.Node)
				}
			}
			cells := []TableCell{fn}
			cells = append(cells, Cells(n.LaunchType, Shown(n.ID), dims(n.NumThreads), ioNodes(n.Inputs), ioNodes(n.Outputs))...)
			tab.Rows = append(tab.Rows, row("NodeShaderInfoTable", rec, cells))
		}
		v.Tables = append(v.Tables, tab)
	}

	return v
}

func nonEmpty(ss ...string) []string {
	var out []string
	for _, s := range ss {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// dims writes "8, 1, 1" (or "—").
func dims(v []uint32) string {
	if len(v) == 0 {
		return "—"
	}
	return JoinU32(v, ", ")
}

// JoinU32 writes numbers with sep between them.
func JoinU32(v []uint32, sep string) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.FormatUint(uint64(x), 10)
	}
	return strings.Join(s, sep)
}

// ioNodes writes a node's inputs or outputs, one kind each.
func ioNodes(ns []decode.ResolvedIONode) string {
	if len(ns) == 0 {
		return "—"
	}
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = n.Kind
	}
	return strings.Join(s, "; ")
}

// subobjectValue is a subobject's value in one line.
func subobjectValue(s decode.RuntimeDataSubobjectInfo) string {
	switch {
	case s.StateObjectConfig != nil:
		return "flags " + s.StateObjectConfig.FlagsNames.String()
	case s.RootSignature != nil:
		return fmt.Sprintf("root signature, %d bytes", s.RootSignature.Data.Size)
	case s.RaytracingShaderConfig != nil:
		return fmt.Sprintf("payload %d bytes, attributes %d bytes", s.RaytracingShaderConfig.MaxPayloadSizeInBytes, s.RaytracingShaderConfig.MaxAttributeSizeInBytes)
	case s.RaytracingPipelineConfig != nil:
		return fmt.Sprintf("max recursion %d", s.RaytracingPipelineConfig.MaxTraceRecursionDepth)
	case s.RaytracingPipelineConfig1 != nil:
		return fmt.Sprintf("max recursion %d, flags %s", s.RaytracingPipelineConfig1.MaxTraceRecursionDepth, s.RaytracingPipelineConfig1.FlagsNames)
	}
	return "—"
}
