package pdb

import (
	"fmt"

	"github.com/dxscope/dxscope/decode/binread"
	"github.com/dxscope/dxscope/decode/report"
)

// DBIHeader is the DBI stream's header (LLVM's DbiStreamHeader).
type DBIHeader struct {
	VersionSignature        int32
	VersionHeader           uint32 // 19990903 (V70)
	Age                     uint32
	GlobalStreamIndex       uint16
	BuildNumber             uint16
	PublicStreamIndex       uint16
	PdbDllVersion           uint16
	SymRecordStream         uint16
	PdbDllRbld              uint16
	ModInfoSize             int32
	SectionContributionSize int32
	SectionMapSize          int32
	SourceInfoSize          int32
	TypeServerMapSize       int32
	MFCTypeServerIndex      uint32
	OptionalDbgHeaderSize   int32
	ECSubstreamSize         int32
	Flags                   uint16
	Machine                 uint16 // 0x8C0A-ish values; FXC writes 0
	Padding                 uint32
}

// DBIStream is the DBI stream: the header and its substreams.
type DBIStream struct {
	Header               DBIHeader
	Modules              []ModuleInfo
	SectionContributions *SectionContributions `json:",omitempty"`
	SectionMap           *SectionMap           `json:",omitempty"`
	FileInfo             *FileInfo             `json:",omitempty"`
	TypeServerMap        []byte                `json:",omitempty"` // kept raw: FXC writes none
	EC                   *NameTable            `json:",omitempty"` // edit-and-continue names
	DbgStreams           []uint16              `json:",omitempty"` // the optional debug header's stream numbers
}

// SectionContrib is one section contribution (LLVM's SectionContrib).
type SectionContrib struct {
	Section         uint16
	Offset          int32
	Size            int32
	Characteristics uint32
	ModuleIndex     uint16
	DataCrc         uint32
	RelocCrc        uint32
}

// ModuleInfo is one module of the DBI (LLVM's ModuleInfoHeader, MODI).
type ModuleInfo struct {
	Mod           uint32
	SC            SectionContrib
	Flags         uint16
	ModDiStream   uint16 // the module's stream, 0xFFFF for none
	SymBytes      uint32
	C11Bytes      uint32
	C13Bytes      uint32
	NumFiles      uint16
	FileNameOffs  uint32
	SrcFileNameNI uint32
	PdbFilePathNI uint32
	ModuleName    string
	ObjFileName   string
}

// SectionContributions is the section contribution substream.
type SectionContributions struct {
	Version uint32
	Entries []SectionContrib
}

// SectionMapEntry is one entry of the section map (LLVM's SecMapEntry).
type SectionMapEntry struct {
	Flags         uint16
	Ovl           uint16
	Group         uint16
	Frame         uint16
	SectionName   uint16
	ClassName     uint16
	Offset        uint32
	SectionLength uint32
}

// SectionMap is the section map substream.
type SectionMap struct {
	Count    uint16
	LogCount uint16
	Entries  []SectionMapEntry
}

// FileInfo is the file info substream: which source files each module has.
type FileInfo struct {
	NumModules      uint16
	NumSourceFiles  uint16
	ModIndices      []uint16
	ModFileCounts   []uint16
	FileNameOffsets []uint32
	FileNames       []string // the names the offsets point at
}

func readDBI(r *binread.Reader) *DBIStream {
	d := &DBIStream{}
	h := &d.Header
	r.Begin("Header", "DBI header")
	h.VersionSignature = int32(r.U32("VersionSignature"))
	h.VersionHeader = r.U32("VersionHeader")
	h.Age = r.U32("Age")
	h.GlobalStreamIndex = r.U16("GlobalStreamIndex")
	h.BuildNumber = r.U16("BuildNumber")
	h.PublicStreamIndex = r.U16("PublicStreamIndex")
	h.PdbDllVersion = r.U16("PdbDllVersion")
	h.SymRecordStream = r.U16("SymRecordStream")
	h.PdbDllRbld = r.U16("PdbDllRbld")
	h.ModInfoSize = int32(r.U32("ModInfoSize"))
	h.SectionContributionSize = int32(r.U32("SectionContributionSize"))
	h.SectionMapSize = int32(r.U32("SectionMapSize"))
	h.SourceInfoSize = int32(r.U32("SourceInfoSize"))
	h.TypeServerMapSize = int32(r.U32("TypeServerMapSize"))
	h.MFCTypeServerIndex = r.U32("MFCTypeServerIndex")
	h.OptionalDbgHeaderSize = int32(r.U32("OptionalDbgHeaderSize"))
	h.ECSubstreamSize = int32(r.U32("ECSubstreamSize"))
	h.Flags = r.U16("Flags")
	h.Machine = r.U16("Machine")
	h.Padding = r.U32("Padding")
	r.End()
	if r.Failed {
		return d
	}
	if h.VersionSignature != -1 {
		r.ProblemAt(report.Warning, 0, "DBI header", "VersionSignature is %d; every known writer writes -1", h.VersionSignature)
	}
	// The substreams follow each other in this order; a size that runs past
	// the stream is cut to what remains.
	sub := func(size int32, name, what string) *binread.Reader {
		n := int(size)
		if size < 0 {
			r.Problem(report.Error, "the %s size is negative (%d)", what, size)
			n = 0
		}
		n = r.Fit(n, r.Pos, what, "the %s claims %d bytes; %d remain in the DBI stream", what, size, r.Remaining())
		s := r.Sub(r.Pos, n, r.Join(name), what)
		r.Pos += n
		return s
	}
	d.Modules = readModuleInfos(sub(h.ModInfoSize, "Modules", "module info substream"))
	if s := sub(h.SectionContributionSize, "SectionContributions", "section contribution substream"); s.Len() > 0 {
		d.SectionContributions = readSectionContributions(s)
	}
	if s := sub(h.SectionMapSize, "SectionMap", "section map substream"); s.Len() > 0 {
		d.SectionMap = readSectionMap(s)
	}
	if s := sub(h.SourceInfoSize, "FileInfo", "file info substream"); s.Len() > 0 {
		d.FileInfo = readFileInfo(s)
	}
	if s := sub(h.TypeServerMapSize, "TypeServerMap", "type server map"); s.Len() > 0 {
		d.TypeServerMap = s.Raw("", s.Len())
	}
	if s := sub(h.ECSubstreamSize, "EC", "edit-and-continue substream"); s.Len() > 0 {
		d.EC = readNameTable(s)
	}
	if s := sub(h.OptionalDbgHeaderSize, "DbgStreams", "optional debug header"); s.Len() > 0 {
		for s.Remaining() >= 2 {
			d.DbgStreams = append(d.DbgStreams, s.U16(fmt.Sprintf("[%d]", len(d.DbgStreams))))
		}
		if s.Remaining() > 0 {
			s.Raw("Padding", s.Remaining())
		}
	}
	if r.Remaining() > 0 {
		r.ProblemAt(report.Warning, r.Pos, "DBI stream", "%d bytes after the DBI substreams belong to none", r.Remaining())
		r.Raw("Padding", r.Remaining())
	}
	return d
}

func readSectionContrib(r *binread.Reader, c *SectionContrib) {
	c.Section = r.U16("Section")
	r.Raw("Padding", 2)
	c.Offset = int32(r.U32("Offset"))
	c.Size = int32(r.U32("Size"))
	c.Characteristics = r.U32("Characteristics")
	c.ModuleIndex = r.U16("ModuleIndex")
	r.Raw("Padding", 2)
	c.DataCrc = r.U32("DataCrc")
	c.RelocCrc = r.U32("RelocCrc")
}

func readModuleInfos(r *binread.Reader) []ModuleInfo {
	var out []ModuleInfo
	for r.Remaining() >= 64 {
		r.Begin(fmt.Sprintf("[%d]", len(out)), "module info")
		var m ModuleInfo
		m.Mod = r.U32("Mod")
		r.Begin("SC", "section contribution")
		readSectionContrib(r, &m.SC)
		r.End()
		m.Flags = r.U16("Flags")
		m.ModDiStream = r.U16("ModDiStream")
		m.SymBytes = r.U32("SymBytes")
		m.C11Bytes = r.U32("C11Bytes")
		m.C13Bytes = r.U32("C13Bytes")
		m.NumFiles = r.U16("NumFiles")
		r.Raw("Padding", 2)
		m.FileNameOffs = r.U32("FileNameOffs")
		m.SrcFileNameNI = r.U32("SrcFileNameNI")
		m.PdbFilePathNI = r.U32("PdbFilePathNI")
		m.ModuleName = text(r, "ModuleName")
		m.ObjFileName = text(r, "ObjFileName")
		if pad := (4 - r.Pos%4) % 4; pad > 0 && r.Remaining() >= pad {
			r.Raw("Padding2", pad)
		}
		r.End()
		out = append(out, m)
	}
	if r.Remaining() > 0 {
		r.ProblemAt(report.Warning, r.Pos, "module info substream", "%d bytes at the end of the module info substream are too few for a module", r.Remaining())
		r.Raw("Padding", r.Remaining())
	}
	return out
}

func readSectionContributions(r *binread.Reader) *SectionContributions {
	s := &SectionContributions{Version: r.U32("Version")}
	size := 28
	if s.Version == 0xeffe0000+20140516 { // V2 adds the COFF section index
		size = 32
	}
	for r.Remaining() >= size {
		r.Begin(fmt.Sprintf("Entries[%d]", len(s.Entries)), "section contribution")
		var c SectionContrib
		readSectionContrib(r, &c)
		if size == 32 {
			r.Raw("Padding", 4)
		}
		r.End()
		s.Entries = append(s.Entries, c)
	}
	if r.Remaining() > 0 {
		r.Raw("Padding", r.Remaining())
	}
	return s
}

func readSectionMap(r *binread.Reader) *SectionMap {
	s := &SectionMap{Count: r.U16("Count"), LogCount: r.U16("LogCount")}
	for i := 0; i < int(s.Count) && r.Remaining() >= 20; i++ {
		r.Begin(fmt.Sprintf("Entries[%d]", i), "section map entry")
		s.Entries = append(s.Entries, SectionMapEntry{Flags: r.U16("Flags"), Ovl: r.U16("Ovl"), Group: r.U16("Group"), Frame: r.U16("Frame"),
			SectionName: r.U16("SectionName"), ClassName: r.U16("ClassName"), Offset: r.U32("Offset"), SectionLength: r.U32("SectionLength")})
		r.End()
	}
	if len(s.Entries) < int(s.Count) {
		r.Problem(report.Error, "the section map lists %d entries; %d fit", s.Count, len(s.Entries))
	}
	if r.Remaining() > 0 {
		r.Raw("Padding", r.Remaining())
	}
	return s
}

func readFileInfo(r *binread.Reader) *FileInfo {
	fi := &FileInfo{NumModules: r.U16("NumModules"), NumSourceFiles: r.U16("NumSourceFiles")}
	if r.Failed {
		return fi
	}
	if int(fi.NumModules)*4 > r.Remaining() {
		r.Problem(report.Error, "the file info lists %d modules; %d bytes remain", fi.NumModules, r.Remaining())
		return fi
	}
	fi.ModIndices = make([]uint16, fi.NumModules)
	for i := range fi.ModIndices {
		fi.ModIndices[i] = r.U16(fmt.Sprintf("ModIndices[%d]", i))
	}
	fi.ModFileCounts = make([]uint16, fi.NumModules)
	total := 0
	for i := range fi.ModFileCounts {
		fi.ModFileCounts[i] = r.U16(fmt.Sprintf("ModFileCounts[%d]", i))
		total += int(fi.ModFileCounts[i])
	}
	// NumSourceFiles is 16 bits and can wrap; the counts decide.
	if total*4 > r.Remaining() {
		r.Problem(report.Error, "the file info's modules name %d files; %d bytes remain", total, r.Remaining())
		total = r.Remaining() / 4
	}
	fi.FileNameOffsets = make([]uint32, total)
	for i := range fi.FileNameOffsets {
		fi.FileNameOffsets[i] = r.U32(fmt.Sprintf("FileNameOffsets[%d]", i))
	}
	names := binread.StringTable{Data: r.Raw("FileNames", r.Remaining())}
	for _, off := range fi.FileNameOffsets {
		s, _ := names.At(off)
		fi.FileNames = append(fi.FileNames, names.Name(s))
	}
	return fi
}
