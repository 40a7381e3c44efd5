package views

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// SignatureRow is one element of an I/O signature as the table shows it.
type SignatureRow struct {
	Name        string // semantic name, e.g. TEXCOORD
	Index       int    // semantic index
	Mask        uint8  // components present: x=1 y=2 z=4 w=8
	Register    int64  // -1 when not in a register
	SystemValue string // e.g. "Position", "NONE"
	Format      string // component type, e.g. "float"
	Used        uint8  // components read (inputs) or written (outputs)
}

// MaskText prints a component mask as dumpbin does: "xy  ", a letter per
// component present and a space for each one absent.
func MaskText(m uint8) string {
	var b strings.Builder
	for i, c := range "xyzw" {
		if m&(1<<i) != 0 {
			b.WriteRune(c)
		} else {
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// SignatureTable draws signature elements like the compiler's listing.
type SignatureTable struct {
	app.Compo
	Title string
	Rows  []SignatureRow
}

// Render draws the table.
func (s *SignatureTable) Render() app.UI {
	return app.Div().Class("special signature").Body(
		app.H3().Text(s.Title),
		app.Table().Class("sig-table").Body(
			app.THead().Body(app.Tr().Body(
				app.Th().Text("name"), app.Th().Text("index"), app.Th().Text("mask"), app.Th().Text("register"),
				app.Th().Text("system value"), app.Th().Text("format"), app.Th().Text("used"),
			)),
			app.TBody().Body(app.Range(s.Rows).Slice(func(i int) app.UI {
				r := s.Rows[i]
				reg := "N/A"
				if r.Register >= 0 {
					reg = fmt.Sprint(r.Register)
				}
				return app.Tr().Body(
					app.Td().Text(r.Name), app.Td().Class("num").Text(fmt.Sprint(r.Index)),
					app.Td().Class("mask").Text(MaskText(r.Mask)), app.Td().Class("num").Text(reg),
					app.Td().Text(r.SystemValue), app.Td().Text(r.Format), app.Td().Class("mask").Text(MaskText(r.Used)),
				)
			})),
		),
	)
}

// ---- reading view-model data from a part's tree (its JSON) ----

// Child returns the child with the given key, or nil.
func (n *Node) Child(key string) *Node {
	if n == nil {
		return nil
	}
	for _, c := range n.Children {
		if c.Key == key {
			return c
		}
	}
	return nil
}

// Path follows keys separated by "/" ("Signature/Parameters").
func (n *Node) Path(p string) *Node {
	for _, k := range strings.Split(p, "/") {
		n = n.Child(k)
	}
	return n
}

// Int reads a number (or a numeric string); ok is false otherwise.
func (n *Node) Int() (int64, bool) {
	if n == nil || (n.Kind != KindNumber && n.Kind != KindString) {
		return 0, false
	}
	v, err := strconv.ParseInt(n.Full, 0, 64)
	if err != nil {
		u, err2 := strconv.ParseUint(n.Full, 0, 64)
		if err2 != nil {
			return 0, false
		}
		v = int64(u)
	}
	return v, true
}

// Text reads a scalar as text.
func (n *Node) Text() string {
	if n == nil {
		return ""
	}
	if n.Kind == KindBool || n.Kind == KindNumber || n.Kind == KindString {
		return n.Full
	}
	return ""
}

// enumText reads an enum the way obj2yaml-style JSON writes it: a name, or
// a number with the name beside it under <Key>Name.
func enumText(parent *Node, key string) string {
	n := parent.Child(key)
	if n == nil {
		return ""
	}
	if name := parent.Child(key + "Name").Text(); name != "" {
		return name
	}
	return n.Text()
}

var compTypeText = map[string]string{
	"Unknown": "unknown", "UInt32": "uint", "SInt32": "int", "Float32": "float", "UInt16": "uint16",
	"SInt16": "int16", "Float16": "fp16", "UInt64": "uint64", "SInt64": "int64", "Float64": "double",
	"0": "unknown", "1": "uint", "2": "int", "3": "float", "4": "uint16", "5": "int16", "6": "fp16", "7": "uint64", "8": "int64", "9": "double",
}

// SignatureRowsFromTree reads the elements of a signature part from its
// tree, tolerating names or numbers for enums. output says whether the
// "used" column is the complement of the never-writes mask.
func SignatureRowsFromTree(t *Tree, output bool) ([]SignatureRow, bool) {
	if t == nil {
		return nil, false
	}
	params := t.Root.Path("Signature/Parameters")
	if params == nil {
		params = t.Root.Path("Signature/Elements")
	}
	if params == nil || params.Kind != KindArray {
		return nil, false
	}
	var rows []SignatureRow
	for _, e := range params.Children {
		r := SignatureRow{Name: e.Child("Name").Text(), Register: -1}
		if r.Name == "" {
			r.Name = e.Child("SemanticName").Text()
		}
		if v, ok := e.Child("Index").Int(); ok {
			r.Index = int(v)
		} else if v, ok := e.Child("SemanticIndex").Int(); ok {
			r.Index = int(v)
		}
		if v, ok := e.Child("Register").Int(); ok && v != 0xffffffff && v >= 0 {
			r.Register = v
		}
		mask, _ := e.Child("Mask").Int()
		r.Mask = uint8(mask)
		ex, _ := e.Child("ExclusiveMask").Int()
		if output {
			r.Used = r.Mask &^ uint8(ex)
		} else {
			r.Used = uint8(ex)
		}
		r.SystemValue = enumText(e, "SystemValue")
		if r.SystemValue == "Undefined" || r.SystemValue == "0" {
			r.SystemValue = "NONE"
		}
		ct := enumText(e, "CompType")
		if s, ok := compTypeText[ct]; ok {
			ct = s
		}
		r.Format = ct
		rows = append(rows, r)
	}
	return rows, true
}
