package model

import (
	"strconv"
	"strings"

	"github.com/dxscope/dxscope/decode"
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
	Off, Size   int64  // the element's record (absolute; Size 0: unknown)
}

// MaskText prints a component mask as dumpbin does: "xy  ", a letter per
// component present and a space for each one absent.
func MaskText(m uint8) string { return decode.MaskColumns(m) }

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

var compTypeText = map[string]string{
	"Unknown": "unknown", "UInt32": "uint", "SInt32": "int", "Float32": "float", "UInt16": "uint16",
	"SInt16": "int16", "Float16": "fp16", "UInt64": "uint64", "SInt64": "int64", "Float64": "double",
	"0": "unknown", "1": "uint", "2": "int", "3": "float", "4": "uint16", "5": "int16", "6": "fp16", "7": "uint64", "8": "int64", "9": "double",
}

// SignatureRows builds the table rows of a signature part from its decoded
// elements: the "used" column is the decoder's (inputs as read, outputs as
// the complement of never-writes), system values as the listings name them.
func SignatureRows(sig *decode.Signature, base int64) []SignatureRow {
	if sig == nil {
		return nil
	}
	rows := make([]SignatureRow, 0, len(sig.Parameters))
	for _, e := range sig.Parameters {
		r := SignatureRow{Name: e.Name, Index: int(e.Index), Mask: e.Mask, Used: e.Used, Register: -1,
			SystemValue: e.SystemValueName, Format: e.CompType.String(), Off: e.Offset + base, Size: int64(sig.ElementSize)}
		if e.Register != decode.NoRegister {
			r.Register = int64(e.Register)
		}
		if r.SystemValue == "" {
			r.SystemValue = "NONE"
		}
		if t, ok := compTypeText[r.Format]; ok {
			r.Format = t
		}
		rows = append(rows, r)
	}
	return rows
}
