package sqlite

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math"
	"strconv"
	"unicode/utf16"

	"github.com/dxscope/dxscope/decode/report"
)

// ValueType is the storage class of a value.
type ValueType uint8

// The storage classes of the record format.
const (
	Null ValueType = iota
	Integer
	Float
	Text
	Blob
)

var valueTypeNames = [...]string{"NULL", "INTEGER", "REAL", "TEXT", "BLOB"}

func (t ValueType) String() string {
	if int(t) < len(valueTypeNames) {
		return valueTypeNames[t]
	}
	return fmt.Sprintf("ValueType(%d)", uint8(t))
}

// Value is one column of one row. Integers and floats are read with the row;
// text and blob contents are read only when Bytes or Text is called.
type Value struct {
	Type       ValueType
	SerialType uint64 // as stored in the record header
	Int        int64
	Float      float64
	Size       int64 // bytes of a TEXT or BLOB value
	Offset     int64 // absolute file offset of the value's first byte (-1 for NULL and constants)
	Contiguous bool  // the whole value lies on one page, at [Offset, Offset+Size)

	pl  *payload
	off int64 // offset in the payload
}

// Bytes returns a TEXT or BLOB value's bytes: a slice of the file when the
// value is contiguous, else assembled from its overflow pages. A broken
// overflow chain returns what could be read and the problem.
func (v Value) Bytes() ([]byte, error) {
	if v.pl == nil || (v.Type != Text && v.Type != Blob) {
		return nil, nil
	}
	return v.pl.read(v.off, v.Size)
}

// Range returns bytes [off, off+n) of a TEXT or BLOB value, clipped to its
// size: a slice of the file when they lie on the b-tree page, else assembled
// from just the overflow pages needed. It lets a caller look at a large
// value's header without reading all of it.
func (v Value) Range(off, n int64) ([]byte, error) {
	if v.pl == nil || (v.Type != Text && v.Type != Blob) || off < 0 || off >= v.Size || n <= 0 {
		return nil, nil
	}
	n = min(n, v.Size-off)
	return v.pl.read(v.off+off, n)
}

// Text returns a TEXT value as a Go string, decoding UTF-16 databases.
func (v Value) Text() string {
	b, _ := v.Bytes()
	if v.pl == nil {
		return ""
	}
	return decodeText(b, v.pl.db.Header.TextEncoding)
}

func decodeText(b []byte, enc TextEncoding) string {
	if enc != UTF16le && enc != UTF16be {
		return string(b)
	}
	u := make([]uint16, len(b)/2)
	for i := range u {
		if enc == UTF16le {
			u[i] = binary.LittleEndian.Uint16(b[2*i:])
		} else {
			u[i] = binary.BigEndian.Uint16(b[2*i:])
		}
	}
	return string(utf16.Decode(u))
}

// String renders the value for listings: numbers as numbers, text quoted,
// blobs as their size and first bytes in hex.
func (v Value) String() string {
	switch v.Type {
	case Null:
		return "NULL"
	case Integer:
		return strconv.FormatInt(v.Int, 10)
	case Float:
		return strconv.FormatFloat(v.Float, 'g', -1, 64)
	case Text:
		s := v.Text()
		if len(s) > 60 {
			s = s[:60] + "..."
		}
		return strconv.Quote(s)
	case Blob:
		b, _ := v.Bytes()
		if len(b) > 16 {
			return fmt.Sprintf("x'%s...' (%d bytes)", hex.EncodeToString(b[:16]), v.Size)
		}
		return fmt.Sprintf("x'%s'", hex.EncodeToString(b))
	}
	return v.Type.String()
}

// Row is one table row (or one index entry, with Rowid 0).
type Row struct {
	Rowid  int64
	Values []Value // one per column of the table, in declaration order
	Page   uint32  // the leaf page holding the cell
	Offset int64   // absolute offset of the cell

	table *Table
}

// Col returns the value of the named column (case-insensitive), or a NULL value.
func (r *Row) Col(name string) Value {
	if r.table != nil {
		if i := r.table.ColumnIndex(name); i >= 0 && i < len(r.Values) {
			return r.Values[i]
		}
	}
	return Value{Offset: -1}
}

// decodeRecord reads the record format from a payload: a header of serial
// types followed by the values.
func decodeRecord(pl *payload) ([]Value, bool) {
	db := pl.db
	head, err := pl.read(0, min(pl.size, 9))
	if err != nil {
		return nil, false
	}
	hs, n := varint(head)
	if n == 0 || hs < uint64(n) || hs > uint64(pl.size) {
		db.problem(report.Error, pl.page, pl.localOff, "record", "the record header size %d does not fit the %d-byte payload: the row is skipped", hs, pl.size)
		return nil, false
	}
	hdr, err := pl.read(0, int64(hs))
	if err != nil {
		return nil, false
	}
	var vals []Value
	body := int64(hs)
	for at := n; at < len(hdr); {
		st, k := varint(hdr[at:])
		if k == 0 {
			db.problem(report.Error, pl.page, pl.localOff+int64(at), "record", "a serial type at record header offset %d runs past the header's %d bytes", at, hs)
			return vals, false
		}
		at += k
		v := Value{SerialType: st, Offset: -1, pl: pl, off: body}
		var size int64
		switch {
		case st == 0:
			v.Type = Null
		case st <= 6:
			v.Type = Integer
			size = [...]int64{0, 1, 2, 3, 4, 6, 8}[st]
		case st == 7:
			v.Type = Float
			size = 8
		case st == 8 || st == 9:
			v.Type = Integer
			v.Int = int64(st - 8)
		case st == 10 || st == 11:
			db.problem(report.Error, pl.page, pl.localOff, "record", "serial type %d is reserved and never written by SQLite: the rest of the row is unreadable", st)
			return vals, false
		default:
			if st > uint64(pl.size)*2+13 {
				db.problem(report.Error, pl.page, pl.localOff, "record", "column %d's serial type %d claims a %d-byte value in a %d-byte payload: the rest of the row is unreadable", len(vals), st, (st-12)/2, pl.size)
				return vals, false
			}
			size = int64((st - 12) / 2)
			v.Type = Blob
			if st%2 == 1 {
				v.Type = Text
			}
		}
		if body+size > pl.size {
			db.problem(report.Error, pl.page, pl.localOff, "record", "column %d (%d bytes at payload offset %d) runs past the %d-byte payload: the rest of the row is unreadable", len(vals), size, body, pl.size)
			return vals, false
		}
		if size > 0 {
			if pl.contiguous(body, size) {
				v.Contiguous = true
				v.Offset = pl.localOff + body
			}
			if v.Type == Integer || v.Type == Float {
				b, err := pl.read(body, size)
				if err != nil {
					return vals, false
				}
				var u uint64
				for _, c := range b {
					u = u<<8 | uint64(c)
				}
				if v.Type == Float {
					v.Float = math.Float64frombits(u)
				} else {
					// Sign-extend from size bytes.
					shift := uint(64 - 8*size)
					v.Int = int64(u<<shift) >> shift
				}
			} else {
				v.Size = size
			}
		} else if v.Type == Text || v.Type == Blob {
			v.Contiguous = true
			v.Offset = pl.localOff + body
		}
		vals = append(vals, v)
		body += size
	}
	return vals, true
}
