package sqlite

import (
	"encoding/binary"
	"fmt"

	"github.com/dxscope/dxscope/decode/report"
)

// PageType is the b-tree page type flag (the first byte of the page header).
type PageType uint8

// The four b-tree page types.
const (
	InteriorIndex PageType = 2
	InteriorTable PageType = 5
	LeafIndex     PageType = 10
	LeafTable     PageType = 13
)

var pageTypeNames = []string{InteriorIndex: "index interior page", InteriorTable: "table interior page",
	LeafIndex: "index leaf page", LeafTable: "table leaf page"}

func (t PageType) String() string { return report.EnumName(pageTypeNames, uint64(t), "PageType") }

func (t PageType) leaf() bool  { return t == LeafIndex || t == LeafTable }
func (t PageType) table() bool { return t == InteriorTable || t == LeafTable }

// varint reads a SQLite variable-length integer (1 to 9 bytes, big-endian,
// seven bits a byte with the ninth byte whole). n is 0 when b is too short.
func varint(b []byte) (v uint64, n int) {
	for i := 0; i < 8; i++ {
		if i >= len(b) {
			return 0, 0
		}
		c := b[i]
		v = v<<7 | uint64(c&0x7f)
		if c < 0x80 {
			return v, i + 1
		}
	}
	if len(b) < 9 {
		return 0, 0
	}
	return v<<8 | uint64(b[8]), 9
}

// btreePage is one decoded b-tree page header.
type btreePage struct {
	no        uint32
	b         []byte // the whole page
	hdr       int    // offset of the b-tree header in b (100 on page 1)
	typ       PageType
	cells     int
	rightmost uint32
	ptrs      int // offset of the cell pointer array
}

// readBtreePage checks page n's header and cell pointer array.
func (db *DB) readBtreePage(n uint32, from string) (*btreePage, bool) {
	b := db.page(n, from)
	if b == nil {
		return nil, false
	}
	p := &btreePage{no: n, b: b}
	if n == 1 {
		p.hdr = HeaderSize
	}
	base := db.PageOffset(n)
	p.typ = PageType(b[p.hdr])
	switch p.typ {
	case InteriorIndex, InteriorTable, LeafIndex, LeafTable:
	default:
		db.problem(report.Error, n, base+int64(p.hdr), "b-tree page", "page %d (reached from %s) has page type %d, not a b-tree page type (2, 5, 10 or 13): its subtree cannot be read", n, from, b[p.hdr])
		return nil, false
	}
	hs := 8
	if !p.typ.leaf() {
		hs = 12
		p.rightmost = binary.BigEndian.Uint32(b[p.hdr+8:])
	}
	p.cells = int(binary.BigEndian.Uint16(b[p.hdr+3:]))
	p.ptrs = p.hdr + hs
	if p.ptrs+2*p.cells > db.usable {
		fit := (db.usable - p.ptrs) / 2
		db.problem(report.Error, n, base+int64(p.hdr+3), p.typ.String(), "the page claims %d cells but only %d cell pointers fit in the page; reading %d", p.cells, fit, fit)
		p.cells = fit
	}
	return p, true
}

// cellStart returns the offset of cell i in the page, or -1 with a problem.
func (db *DB) cellStart(p *btreePage, i int) int {
	at := p.ptrs + 2*i
	c := int(binary.BigEndian.Uint16(p.b[at:]))
	if c < p.ptrs+2*p.cells || c >= db.usable {
		db.problem(report.Error, p.no, db.PageOffset(p.no)+int64(at), p.typ.String(), "cell %d's pointer 0x%x points outside the cell content area (0x%x-0x%x): the cell is skipped", i, c, p.ptrs+2*p.cells, db.usable)
		return -1
	}
	return c
}

// localSize returns how many payload bytes of a P-byte payload are stored on
// the b-tree page itself (the rest go to overflow pages), per the format's rule.
func (db *DB) localSize(P int64, table bool) int64 {
	U := int64(db.usable)
	var X int64
	if table {
		X = U - 35
	} else {
		X = (U-12)*64/255 - 23
	}
	if P <= X {
		return P
	}
	M := (U-12)*32/255 - 23
	K := M + (P-M)%(U-4)
	if K <= X {
		return K
	}
	return M
}

// payload is a cell's payload: the part on the b-tree page and, when it does
// not fit, an overflow chain. Its bytes are read only when asked for.
type payload struct {
	db       *DB
	page     uint32
	local    []byte // the bytes on the b-tree page
	localOff int64  // absolute offset of local[0]
	size     int64  // the whole payload
	overflow uint32 // first overflow page, 0 when none

	// The overflow chain, walked once on the first read that needs it:
	// each page's content, and why the walk stopped short (nil when whole).
	chain     [][]byte
	chainErr  error
	chainRead bool
}

// read returns payload bytes [off, off+n). Bytes on the page are returned
// without copying; bytes that run into overflow pages are assembled.
func (pl *payload) read(off, n int64) ([]byte, error) {
	if off < 0 || n < 0 || off+n > pl.size {
		p := pl.db.problem(report.Error, pl.page, pl.localOff, "record", "a value at payload offset %d, %d bytes long, runs past the %d-byte payload", off, n, pl.size)
		return nil, p
	}
	L := int64(len(pl.local))
	if off+n <= L {
		return pl.local[off : off+n], nil
	}
	chain, chainErr := pl.overflowPages()
	per := int64(pl.db.usable - 4)
	buf := make([]byte, 0, n)
	if off < L {
		buf = append(buf, pl.local[off:]...)
	}
	for int64(len(buf)) < n {
		want := off + int64(len(buf)) // the next payload offset needed, past the local bytes
		k := (want - L) / per
		if k >= int64(len(chain)) {
			return buf, chainErr
		}
		from := want - L - k*per
		to := min(per, off+n-L-k*per)
		buf = append(buf, chain[k][from:to]...)
	}
	return buf, nil
}

// overflowPages walks the payload's overflow chain once and keeps each
// page's content, so a row of 200,000 columns reads its chain once, not once
// per column. Each page holds a 4-byte next pointer and U-4 bytes.
func (pl *payload) overflowPages() ([][]byte, error) {
	if pl.chainRead {
		return pl.chain, pl.chainErr
	}
	pl.chainRead = true
	L := int64(len(pl.local))
	per := int64(pl.db.usable - 4)
	need := (pl.size - L + per - 1) / per // pages the payload must have
	pg := pl.overflow
	visited := map[uint32]bool{}
	fail := func(p error) ([][]byte, error) {
		pl.chainErr = p
		return pl.chain, p
	}
	for k := int64(0); k < need; k++ {
		if pg == 0 {
			return fail(pl.db.problem(report.Error, pl.page, pl.localOff, "overflow chain", "the overflow chain ends after %d pages; a %d-byte payload needs %d: %d bytes are missing", k, pl.size, need, pl.size-L-k*per))
		}
		if visited[pg] {
			return fail(pl.db.problem(report.Error, pg, pl.db.PageOffset(pg), "overflow chain", "the overflow chain of the cell on page %d returns to page %d: it loops", pl.page, pg))
		}
		visited[pg] = true
		if prev, ok := pl.db.claim(pg, pl.localOff); !ok && pg <= pl.db.pageCount {
			return fail(pl.db.problem(report.Error, pg, pl.db.PageOffset(pg), "overflow chain", "overflow page %d of the cell at 0x%x already belongs to %s: a page serves one chain only, so the value is cut short", pg, pl.localOff, ownerName(prev)))
		}
		b := pl.db.page(pg, fmt.Sprintf("the overflow chain of page %d", pl.page))
		if b == nil {
			return fail(pl.db.problem(report.Error, pl.page, pl.localOff, "overflow chain", "the overflow chain points to page %d, which does not exist", pg))
		}
		pl.chain = append(pl.chain, b[4:4+per])
		pg = binary.BigEndian.Uint32(b)
	}
	return pl.chain, nil
}

// contiguous reports whether payload bytes [off, off+n) lie on the b-tree page.
func (pl *payload) contiguous(off, n int64) bool { return off >= 0 && off+n <= int64(len(pl.local)) }

// cell is one decoded b-tree cell.
type cell struct {
	rowid   int64
	hasRow  bool
	child   uint32 // interior pages: left child
	pl      *payload
	page    uint32
	offset  int64 // absolute offset of the cell
	hasData bool  // the cell carries a payload (all but table interior cells)
}

// readCell decodes cell i of page p.
func (db *DB) readCell(p *btreePage, i int) (cell, bool) {
	c := db.cellStart(p, i)
	if c < 0 {
		return cell{}, false
	}
	base := db.PageOffset(p.no)
	out := cell{page: p.no, offset: base + int64(c)}
	b := p.b[:db.usable]
	at := c
	if !p.typ.leaf() {
		if at+4 > len(b) {
			db.problem(report.Error, p.no, base+int64(at), p.typ.String(), "cell %d is cut off by the end of the page", i)
			return cell{}, false
		}
		out.child = binary.BigEndian.Uint32(b[at:])
		at += 4
	}
	// varintField reads the cell's next varint; false when the page ends inside it.
	varintField := func(what string) (uint64, bool) {
		v, n := varint(b[at:])
		if n == 0 {
			db.problem(report.Error, p.no, base+int64(at), p.typ.String(), "cell %d's %s is cut off by the end of the page", i, what)
			return 0, false
		}
		at += n
		return v, true
	}
	// A table leaf cell is payload size, rowid, payload; a table interior
	// cell (after its child) has the rowid alone.
	var P uint64
	if p.typ != InteriorTable {
		var ok bool
		if P, ok = varintField("payload size"); !ok {
			return cell{}, false
		}
	}
	if p.typ.table() {
		v, ok := varintField("rowid")
		if !ok {
			return cell{}, false
		}
		out.rowid, out.hasRow = int64(v), true
		if p.typ == InteriorTable {
			return out, true
		}
	}
	// A payload cannot be larger than the whole file's usable bytes.
	limit := int64(db.pageCount) * int64(db.usable)
	if P > uint64(limit) {
		db.problem(report.Error, p.no, base+int64(c), p.typ.String(), "cell %d claims a %d-byte payload, more than the whole database holds (%d bytes): the cell is skipped", i, P, limit)
		return cell{}, false
	}
	size := int64(P)
	L := db.localSize(size, p.typ.table())
	if int64(at)+L > int64(len(b)) {
		db.problem(report.Error, p.no, base+int64(at), p.typ.String(), "cell %d's %d local payload bytes run past the end of the page: the cell is skipped", i, L)
		return cell{}, false
	}
	pl := &payload{db: db, page: p.no, local: b[at : at+int(L)], localOff: base + int64(at), size: size}
	if L < size {
		o := at + int(L)
		if o+4 > len(b) {
			db.problem(report.Error, p.no, base+int64(o), p.typ.String(), "cell %d's overflow page number is cut off by the end of the page", i)
			return cell{}, false
		}
		pl.overflow = binary.BigEndian.Uint32(b[o:])
	}
	out.pl, out.hasData = pl, true
	return out, true
}

// frame is one page on the iterator's path from the root.
type frame struct {
	p       *btreePage
	idx     int  // next cell (leaf) or next child (interior)
	pending bool // index interior: cell idx-1's own entry is still to be returned
}

// walker visits the cells of one b-tree in key order, one page at a time.
type walker struct {
	db      *DB
	root    uint32
	table   bool // expect table pages (else index pages)
	what    string
	stack   []frame
	visited map[uint32]bool
	started bool
	done    bool
}

func (db *DB) newWalker(root uint32, table bool, what string) *walker {
	return &walker{db: db, root: root, table: table, what: what, visited: map[uint32]bool{}}
}

// push enters page n, checking range, cycles, depth and page type.
func (w *walker) push(n uint32, from string) {
	db := w.db
	if len(w.stack) >= maxTreeDepth {
		db.problem(report.Error, n, 0, w.what, "the b-tree of %s is more than %d levels deep at page %d: the subtree is skipped (a real tree is far shallower)", w.what, maxTreeDepth, n)
		return
	}
	if w.visited[n] {
		db.problem(report.Error, n, db.PageOffset(n), w.what, "page %d is reached a second time from %s: the b-tree of %s has a cycle; the repeat is skipped", n, from, w.what)
		return
	}
	w.visited[n] = true
	if prev, ok := db.claim(n, -int64(w.root)); !ok && n <= db.pageCount {
		db.problem(report.Error, n, db.PageOffset(n), w.what, "page %d, reached from %s in the b-tree of %s, already belongs to %s: a page serves one b-tree only, so the subtree is skipped", n, from, w.what, ownerName(prev))
		return
	}
	p, ok := db.readBtreePage(n, from)
	if !ok {
		return
	}
	if p.typ.table() != w.table {
		kind := "index"
		if w.table {
			kind = "table"
		}
		db.problem(report.Error, n, db.PageOffset(n)+int64(p.hdr), w.what, "page %d is a %s inside the %s b-tree of %s: the subtree is skipped", n, p.typ, kind, w.what)
		return
	}
	w.stack = append(w.stack, frame{p: p})
}

// next returns the next cell that holds data (a table row or an index entry).
func (w *walker) next() (cell, bool) {
	if !w.started {
		w.started = true
		w.push(w.root, "the schema")
	}
	for len(w.stack) > 0 {
		f := &w.stack[len(w.stack)-1]
		p := f.p
		if p.typ.leaf() {
			if f.idx >= p.cells {
				w.stack = w.stack[:len(w.stack)-1]
				continue
			}
			i := f.idx
			f.idx++
			if c, ok := w.db.readCell(p, i); ok {
				return c, true
			}
			continue
		}
		if f.pending {
			// Index interior cells hold an entry that sorts after their left subtree.
			f.pending = false
			if c, ok := w.db.readCell(p, f.idx-1); ok && c.hasData {
				return c, true
			}
			continue
		}
		if f.idx < p.cells {
			i := f.idx
			f.idx++
			c, ok := w.db.readCell(p, i)
			if !ok {
				continue
			}
			if p.typ == InteriorIndex {
				f.pending = true
			}
			w.push(c.child, fmt.Sprintf("cell %d of page %d", i, p.no))
			continue
		}
		if f.idx == p.cells {
			f.idx++
			w.push(p.rightmost, fmt.Sprintf("the right-most pointer of page %d", p.no))
			continue
		}
		w.stack = w.stack[:len(w.stack)-1]
	}
	w.done = true
	return cell{}, false
}
