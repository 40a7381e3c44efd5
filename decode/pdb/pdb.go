package pdb

import (
	"fmt"
	"strings"

	"github.com/dxscope/dxscope/decode/binread"
	"github.com/dxscope/dxscope/decode/report"
)

// The fixed streams of a PDB.
const (
	StreamOldDirectory = 0
	StreamPDB          = 1 // the PDB info stream
	StreamTPI          = 2 // types
	StreamDBI          = 3 // debug info: modules, files
	StreamIPI          = 4 // ids: functions, build info
	// StreamContainer is where DXC's PDB files keep the shader's container
	// (DXC's DxilPDB.cpp, kDataStreamIndex).
	StreamContainer = 5
)

// File is a decoded PDB.
type File struct {
	SuperBlock      SuperBlock
	FreeBlockMap    []byte     `json:",omitempty"` // the current free block map: bit i set when block i is free
	DirectoryBlocks []uint32   `json:",omitempty"` // the blocks of the stream directory
	Directory       *Directory `json:",omitempty"`
	FreeBlocks      int        `json:",omitempty"` // blocks no stream uses

	Info    *InfoStream   `json:",omitempty"` // stream 1
	Names   *NameTable    `json:",omitempty"` // the /names stream
	Types   *TypeStream   `json:",omitempty"` // stream 2 (TPI)
	IDs     *TypeStream   `json:",omitempty"` // stream 4 (IPI)
	DBI     *DBIStream    `json:",omitempty"` // stream 3
	Modules []Module      `json:",omitempty"` // the module streams the DBI lists
	Globals *SymbolStream `json:",omitempty"` // the DBI's global symbol records
	Sources []SourceFile  `json:",omitempty"` // the /src/files/ streams
	// HeaderBlock is FXC's /src/headerblock stream: an index of the source files.
	HeaderBlock *HeaderBlock `json:",omitempty"`

	// Container is where stream 5 lies when it starts with "DXBC" (a DXC
	// PDB): its stream index, size and whether its blocks follow each
	// other in the file.
	Container *ContainerStream `json:",omitempty"`

	m *msf
}

// ContainerStream is the stream of a DXC PDB that holds the container.
type ContainerStream struct {
	Stream     int
	Size       uint32
	Offset     int64 // file offset of its first byte (when Contiguous)
	Contiguous bool
	data       []byte
}

// Data returns the container's bytes (a piece of the file, or a copy of its
// blocks when they do not follow each other).
func (c *ContainerStream) Data() []byte { return c.data }

// SourceFile is one source file FXC embedded, from a /src/files/NAME stream.
type SourceFile struct {
	Stream int
	Name   string // the stream name after /src/files/ (FXC writes it in lower case)
	Text   string
}

// Decode reads the PDB in r's data (an SPDB part, or a whole .pdb file).
// Problems and spans go where r sends them; the spans are file offsets.
// HoldsContainer reports whether an MSF file keeps a shader container in
// stream 5, as DXC's PDB files do and FXC's do not. It reads what Decode
// reads first (the superblock, the free block map, the directory) and the
// stream's first bytes, none of the other streams.
func HoldsContainer(r *binread.Reader) bool {
	f := &File{}
	m := &msf{r: r}
	if !f.readSuperBlock(m) {
		return false
	}
	f.readFreeBlockMap(m)
	f.readDirectory(m)
	_, ok := f.containerStream(m)
	return ok
}

// containerStream is stream 5 when the directory lists it whole and it
// starts with a container's magic.
func (f *File) containerStream(m *msf) (Stream, bool) {
	if f.Directory == nil || len(f.Directory.Streams) <= StreamContainer || !m.ok[StreamContainer] {
		return Stream{}, false
	}
	s := f.Directory.Streams[StreamContainer]
	head := m.blockBytes(s.Blocks, int(min(s.Size, 4)))
	return s, string(head) == "DXBC"
}

func Decode(r *binread.Reader) *File {
	f := &File{}
	m := &msf{r: r}
	f.m = m
	if !f.readSuperBlock(m) {
		return f
	}
	f.readFreeBlockMap(m)
	f.readDirectory(m)
	if f.Directory == nil {
		f.claimFree(m)
		return f
	}
	roles := map[int]string{StreamOldDirectory: "old directory", StreamPDB: "PDB info", StreamTPI: "TPI (types)", StreamDBI: "DBI (debug info)", StreamIPI: "IPI (ids)"}
	named := map[string]int{}
	if s := m.stream(StreamPDB, r.Join("Info"), "PDB info stream"); s != nil {
		f.Info = readInfo(s.Reader)
		s.done()
		for _, e := range f.Info.NamedStreams {
			named[e.Name] = int(e.Stream)
			roles[int(e.Stream)] = e.Name
		}
	}
	if i, ok := named["/names"]; ok {
		if s := m.stream(i, r.Join("Names"), "/names string table"); s != nil {
			f.Names = readNameTable(s.Reader)
			s.done()
		}
	}
	if s := m.stream(StreamTPI, r.Join("Types"), "TPI stream"); s != nil && s.Len() > 0 {
		f.Types = readTypeStream(s.Reader)
		s.done()
	}
	if s := m.stream(StreamIPI, r.Join("IDs"), "IPI stream"); s != nil && s.Len() > 0 {
		f.IDs = readTypeStream(s.Reader)
		s.done()
	}
	if s := m.stream(StreamDBI, r.Join("DBI"), "DBI stream"); s != nil && s.Len() > 0 {
		f.DBI = readDBI(s.Reader)
		s.done()
	}
	// A stream is decoded once, whatever names it: every module of a real
	// PDB has a stream of its own, and thousands of module infos or named
	// streams naming one stream cost that stream once each.
	decodedAs := map[int]string{}
	once := func(st int, as string) bool {
		prev, ok := decodedAs[st]
		if !ok {
			decodedAs[st] = as
			return true
		}
		at := 0
		if st >= 0 && st < len(f.Directory.Streams) && len(f.Directory.Streams[st].Blocks) > 0 {
			at = int(f.Directory.Streams[st].Blocks[0]) * m.bs
		}
		r.ProblemAt(report.Warning, at, "stream directory", "%s names stream %d, which %s names too: the stream is decoded once, for the first", as, st, prev)
		return false
	}
	if f.DBI != nil {
		for i, mi := range f.DBI.Modules {
			st := int(mi.ModDiStream)
			if mi.ModDiStream == 0xFFFF || !once(st, fmt.Sprintf("module info %d", i)) {
				continue
			}
			roles[st] = "module " + mi.ModuleName
			if s := m.stream(st, r.Join(fmt.Sprintf("Modules[%d]", len(f.Modules))), "module stream"); s != nil {
				mod := readModule(s.Reader, &f.DBI.Modules[i])
				mod.Stream = st
				f.Modules = append(f.Modules, mod)
				s.done()
			}
		}
		if st := int(f.DBI.Header.SymRecordStream); f.DBI.Header.SymRecordStream != 0xFFFF && once(st, "the DBI's SymRecordStream") {
			roles[st] = "global symbol records"
			if s := m.stream(st, r.Join("Globals"), "global symbol records"); s != nil {
				s.Begin("", "global symbol records")
				f.Globals = &SymbolStream{Stream: st, Symbols: readSymbols(s.Reader, "Symbols", s.Len())}
				s.End()
				s.done()
			}
		}
		if st := f.DBI.Header.GlobalStreamIndex; st != 0xFFFF {
			roles[int(st)] = "global symbol hash"
		}
		if st := f.DBI.Header.PublicStreamIndex; st != 0xFFFF {
			roles[int(st)] = "public symbol hash"
		}
	}
	if f.Info != nil {
		for k, e := range f.Info.NamedStreams {
			name, ok := strings.CutPrefix(e.Name, "/src/files/")
			if (ok || e.Name == "/src/headerblock") && !once(int(e.Stream), fmt.Sprintf("named stream %d (%s)", k, e.Name)) {
				continue
			}
			if ok {
				if s := m.stream(int(e.Stream), r.Join(fmt.Sprintf("Sources[%d]", len(f.Sources))), "embedded source file"); s != nil {
					s.Begin("", "source file")
					text := string(s.Bytes("Text", s.Len()))
					s.End()
					f.Sources = append(f.Sources, SourceFile{Stream: int(e.Stream), Name: name, Text: text})
					s.done()
				}
			}
			if e.Name == "/src/headerblock" {
				if s := m.stream(int(e.Stream), r.Join("HeaderBlock"), "/src/headerblock"); s != nil {
					f.HeaderBlock = readHeaderBlock(s.Reader)
					s.done()
				}
			}
		}
	}
	if s, ok := f.containerStream(m); ok {
		data := m.blockBytes(s.Blocks, int(s.Size))
		c := &ContainerStream{Stream: StreamContainer, Size: s.Size, data: data, Contiguous: true}
		for i := 1; i < len(s.Blocks); i++ {
			if s.Blocks[i] != s.Blocks[0]+uint32(i) {
				c.Contiguous = false
			}
		}
		c.Offset = r.Base + int64(s.Blocks[0])*int64(m.bs)
		f.Container = c
		roles[StreamContainer] = "DXBC container"
		r.Out.Span(report.Span{Path: r.Join("Container"), Off: c.Offset, Size: int64(len(data)), Kind: report.SpanRaw})
	}
	for i := range f.Directory.Streams {
		f.Directory.Streams[i].Role = roles[i]
	}
	f.claimUndecoded(m)
	f.claimFree(m)
	return f
}

// claimUndecoded shows the streams no decoder read as raw bytes.
func (f *File) claimUndecoded(m *msf) {
	read := map[int]bool{StreamPDB: f.Info != nil, StreamTPI: f.Types != nil, StreamIPI: f.IDs != nil, StreamDBI: f.DBI != nil}
	for _, mod := range f.Modules {
		read[mod.Stream] = true
	}
	if f.Globals != nil {
		read[f.Globals.Stream] = true
	}
	for _, s := range f.Sources {
		read[s.Stream] = true
	}
	if f.Info != nil {
		for _, e := range f.Info.NamedStreams {
			if e.Name == "/names" && f.Names != nil || e.Name == "/src/headerblock" && f.HeaderBlock != nil {
				read[int(e.Stream)] = true
			}
		}
	}
	if f.Container != nil {
		read[f.Container.Stream] = true
	}
	for i, s := range f.Directory.Streams {
		if read[i] || !m.ok[i] || s.Size == 0 || s.Size == nilStream {
			continue
		}
		tmp := &report.Sink{Budget: m.r.Out.Budget}
		tmp.Span(report.Span{Path: m.r.Join(fmt.Sprintf("Directory/Streams[%d]", i)), Off: 0, Size: int64(s.Size), Kind: report.SpanRaw})
		m.remap(s.Blocks, tmp)
	}
}

// StreamData returns the bytes of stream i (nil when the directory does not
// list it or its blocks are damaged).
func (f *File) StreamData(i int) []byte {
	if f.m == nil || f.m.dir == nil || i < 0 || i >= len(f.m.dir.Streams) || !f.m.ok[i] {
		return nil
	}
	s := f.m.dir.Streams[i]
	return f.m.blockBytes(s.Blocks, int(s.Size))
}

// InfoStream is the PDB info stream (stream 1): version, signature, age,
// GUID, the map from stream names to stream numbers, and feature codes.
type InfoStream struct {
	Version      PdbVersion
	Signature    uint32
	Age          uint32
	UniqueID     GUID // DXC writes the shader hash here
	NamedStreams []NamedStream
	// The named-stream map is a hash table: the names, then its size,
	// capacity and the bit vectors of present and deleted buckets.
	StringsSize  uint32
	Size         uint32
	Capacity     uint32
	PresentWords uint32
	Present      []uint32
	DeletedWords uint32
	Deleted      []uint32
	Features     []PdbFeature `json:",omitempty"`
}

// NamedStream is one entry of the named-stream map.
type NamedStream struct {
	Name   string
	Key    uint32 // the name's offset in the map's string buffer
	Stream uint32
}

// GUID is 16 bytes printed the Windows way.
type GUID [16]byte

func (g GUID) String() string {
	le32 := uint32(g[0]) | uint32(g[1])<<8 | uint32(g[2])<<16 | uint32(g[3])<<24
	return fmt.Sprintf("{%08X-%02X%02X-%02X%02X-%X-%X}", le32, g[5], g[4], g[7], g[6], g[8:10], g[10:16])
}

// MarshalText writes the GUID as String does.
func (g GUID) MarshalText() ([]byte, error) { return []byte(g.String()), nil }

// Hex is the 16 bytes in file order, as lowercase hex (DXC's shader hash).
func (g GUID) Hex() string { return fmt.Sprintf("%x", g[:]) }

// codeName is String for the codes this package names from a map (their
// values are sparse, so report.EnumName's slices do not fit): the name, or
// the value in unnamed's format (a type name and a verb) when nobody named it.
func codeName[K ~uint16 | ~uint32](names map[K]string, k K, unnamed string) string {
	if s, ok := names[k]; ok {
		return s
	}
	return fmt.Sprintf(unnamed, uint64(k)) // not k: its String would call back here
}

// PdbVersion is the info stream's version (LLVM's PdbRaw_ImplVer).
type PdbVersion uint32

var pdbVersions = map[PdbVersion]string{19941610: "VC2", 19950623: "VC4", 19950814: "VC41", 19960307: "VC50",
	19970604: "VC98", 19990604: "VC70Dep", 20000404: "VC70", 20030901: "VC80", 20091201: "VC110", 20140508: "VC140"}

// String is the version's name in LLVM's PdbRaw_ImplVer.
func (v PdbVersion) String() string { return codeName(pdbVersions, v, "PdbVersion(%d)") }

// MarshalText writes the version's name.
func (v PdbVersion) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// PdbFeature is a feature code after the named-stream map (LLVM's PdbRaw_FeatureSig).
type PdbFeature uint32

var pdbFeatures = map[PdbFeature]string{0: "None", 20091201: "VC110", 20140508: "VC140", 0x4D544F4E: "NoTypeMerge", 0x494E494D: "MinimalDebugInfo"}

// String is the feature's name in LLVM's PdbRaw_FeatureSig.
func (v PdbFeature) String() string { return codeName(pdbFeatures, v, "PdbFeature(0x%x)") }

// MarshalText writes the feature's name.
func (v PdbFeature) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

func readInfo(r *binread.Reader) *InfoStream {
	s := &InfoStream{}
	s.Version = PdbVersion(r.U32("Version"))
	s.Signature = r.U32("Signature")
	s.Age = r.U32("Age")
	copy(s.UniqueID[:], r.Bytes("UniqueID", 16))
	s.StringsSize = r.U32("StringsSize")
	if r.Failed {
		return s
	}
	n := r.Fit(int(s.StringsSize), r.Pos, "named-stream map", "the named-stream map's strings claim %d bytes; %d remain", s.StringsSize, r.Remaining())
	strs := binread.StringTable{Data: r.Raw("NamedStreams", n)}
	s.Size = r.U32("Size")
	s.Capacity = r.U32("Capacity")
	s.PresentWords, s.Present = bitVector(r, "Present")
	s.DeletedWords, s.Deleted = bitVector(r, "Deleted")
	if r.Failed {
		return s
	}
	for i, w := range s.Present {
		for b := 0; b < 32; b++ {
			if w&(1<<b) == 0 {
				continue
			}
			if r.Remaining() < 8 {
				r.Problem(report.Error, "the named-stream map's present bit %d has no key and value: the stream ends", i*32+b)
				return s
			}
			k := len(s.NamedStreams)
			r.Begin(fmt.Sprintf("NamedStreams[%d]", k), "named stream")
			e := NamedStream{Key: r.U32("Key"), Stream: r.U32("Stream")}
			r.End()
			name, ok := strs.At(e.Key)
			if !ok {
				r.Problem(report.Warning, "named stream %d's name offset %d is not a string of the map's %d-byte buffer", k, e.Key, len(strs.Data))
			}
			e.Name = strs.Name(name)
			s.NamedStreams = append(s.NamedStreams, e)
		}
	}
	if int(s.Size) != len(s.NamedStreams) {
		r.Problem(report.Warning, "the named-stream map says it holds %d names, but %d buckets are present", s.Size, len(s.NamedStreams))
	}
	// LLVM's writer adds a zero word (the map's unused "number of names")
	// before the feature codes; FXC writes none.
	for r.Remaining() >= 4 {
		s.Features = append(s.Features, PdbFeature(r.U32(fmt.Sprintf("Features[%d]", len(s.Features)))))
	}
	if r.Remaining() > 0 {
		r.Raw("Padding", r.Remaining())
	}
	return s
}

// bitVector reads a word count and that many words.
func bitVector(r *binread.Reader, name string) (uint32, []uint32) {
	n := r.U32(name + "Words")
	if r.Failed {
		return n, nil
	}
	if int64(n) > int64(r.Remaining()/4) {
		r.Problem(report.Error, "the %s bit vector claims %d words; %d bytes remain", name, n, r.Remaining())
		r.Failed = true
		return n, nil
	}
	out := make([]uint32, n)
	for i := range out {
		out[i] = r.U32(fmt.Sprintf("%s[%d]", name, i))
	}
	return n, out
}

// NameTable is the /names stream: a string table that line tables and
// file checksums refer to by offset.
type NameTable struct {
	Signature   uint32 // 0xEFFEEFFE
	HashVersion uint32
	StringsSize uint32
	Strings     []NameEntry
	HashCount   uint32
	Hashes      []uint32
	NameCount   uint32
	strs        binread.StringTable
}

// maxListed is how many strings of one table a decoded value lists; the
// rest are its bytes. Real tables hold a few dozen.
const maxListed = 4096

// NameEntry is one string of the name table, at its offset.
type NameEntry struct {
	Offset uint32
	Name   string
}

// Name returns the string at offset off.
func (t *NameTable) Name(off uint32) (string, bool) {
	if t == nil {
		return "", false
	}
	s, ok := t.strs.At(off)
	return t.strs.Name(s), ok
}

func readNameTable(r *binread.Reader) *NameTable {
	t := &NameTable{}
	t.Signature = r.U32("Signature")
	t.HashVersion = r.U32("HashVersion")
	t.StringsSize = r.U32("StringsSize")
	if r.Failed {
		return t
	}
	if t.Signature != 0xEFFEEFFE {
		r.ProblemAt(report.Warning, 0, "", "the /names stream's signature is 0x%x, not 0xEFFEEFFE", t.Signature)
	}
	n := r.Fit(int(t.StringsSize), r.Pos, "", "the /names strings claim %d bytes; %d remain", t.StringsSize, r.Remaining())
	start := r.Pos
	t.strs = binread.StringTable{Data: r.Data[start : start+n]}
	for r.Pos < start+n {
		if len(t.Strings) == maxListed {
			r.Raw("Strings", start+n-r.Pos) // the rest, unlisted
			break
		}
		at := r.Pos
		r.Begin(fmt.Sprintf("Strings[%d]", len(t.Strings)), "name")
		sub := r.Sub(r.Pos, start+n-r.Pos, r.Path, "name")
		s := sub.CString("Name")
		r.Pos += sub.Pos
		r.End()
		t.Strings = append(t.Strings, NameEntry{Offset: uint32(at - start), Name: t.strs.Name(s)})
	}
	t.HashCount = r.U32("HashCount")
	if r.Failed {
		return t
	}
	if int64(t.HashCount) > int64(r.Remaining()/4) {
		r.Problem(report.Error, "the /names hash table claims %d buckets; %d bytes remain", t.HashCount, r.Remaining())
		return t
	}
	t.Hashes = make([]uint32, t.HashCount)
	for i := range t.Hashes {
		t.Hashes[i] = r.U32(fmt.Sprintf("Hashes[%d]", i))
	}
	t.NameCount = r.U32("NameCount")
	if r.Remaining() > 0 {
		r.Raw("Padding", r.Remaining())
	}
	return t
}

// HeaderBlock is FXC's /src/headerblock stream. Its layout is not
// documented; dxscope shows its bytes.
type HeaderBlock struct {
	Size int
}

func readHeaderBlock(r *binread.Reader) *HeaderBlock {
	h := &HeaderBlock{Size: r.Len()}
	r.Raw("Size", r.Len())
	return h
}
