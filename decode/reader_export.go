package decode

// Reader is the bounds-checked cursor a part decoder reads with. Every value
// it reads is recorded as a span whose path is the part name plus the JSON
// key path (Begin/End nest it), so the hex view can light the value up; a read
// past the end records a problem and returns zero instead of panicking.
type Reader struct{ r *reader }

// U8 reads a byte named name.
func (x *Reader) U8(name string) uint8 { return x.r.u8(name) }

// U16 reads a little-endian uint16 named name.
func (x *Reader) U16(name string) uint16 { return x.r.u16(name) }

// U32 reads a little-endian uint32 named name.
func (x *Reader) U32(name string) uint32 { return x.r.u32(name) }

// U64 reads a little-endian uint64 named name.
func (x *Reader) U64(name string) uint64 { return x.r.u64(name) }

// F32 reads a little-endian float32 named name.
func (x *Reader) F32(name string) float32 { return x.r.f32(name) }

// Bytes reads n bytes named name (a reference into the file, not a copy).
func (x *Reader) Bytes(name string, n int) []byte { return x.r.bytes(name, n) }

// Raw records the next n bytes as raw data named name and returns them.
func (x *Reader) Raw(name string, n int) []byte { return x.r.raw(name, n) }

// CString reads a NUL-terminated string named name.
func (x *Reader) CString(name string) string { return x.r.cstring(name) }

// Begin starts a nested structure: the names read until End are under name
// in the path; what names the structure in problems.
func (x *Reader) Begin(name, what string) { x.r.begin(name, what) }

// End closes the structure Begin opened.
func (x *Reader) End() { x.r.end() }

// Problem reports a problem at the cursor, naming the structure being read.
func (x *Reader) Problem(sev Severity, format string, args ...any) { x.r.problem(sev, format, args...) }

// Remaining is the number of bytes after the cursor.
func (x *Reader) Remaining() int { return x.r.remaining() }

// Len is the size of the data being read.
func (x *Reader) Len() int { return x.r.len() }

// Pos is the cursor's position in the data; Offset its absolute file offset.
func (x *Reader) Pos() int { return x.r.pos }

// Offset is the cursor's absolute offset in the file.
func (x *Reader) Offset() int64 { return x.r.abs() }
