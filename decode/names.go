package decode

import (
	"fmt"
	"strings"

	"github.com/dxscope/dxscope/decode/dxil"
)

// partSummary is the one-line summary for parts whose decoder set none.
func partSummary(p *Part) string {
	switch {
	case p.Flags != nil:
		n := p.Flags.Names()
		if len(n) == 0 {
			return "no optional features"
		}
		return strings.Join(n, ", ")
	case p.Hash != nil:
		s := "MD5 " + p.Hash.Digest.String()
		if p.Hash.IncludesSource {
			s += " (includes source)"
		}
		return s
	case p.Program != nil:
		h := p.Program
		return fmt.Sprintf("%s, %s, DXIL %d.%d, %d bytes of bitcode", h.ShaderKindName, dxil.Profile(h.ShaderKind, h.MajorVersion, h.MinorVersion), h.DXILMajorVersion, h.DXILMinorVersion, h.DXILSize)
	case p.DebugName != nil:
		return p.DebugName.DebugName
	case p.CompilerVersion != nil:
		v := p.CompilerVersion
		s := fmt.Sprintf("%d.%d, %d commits", v.Major, v.Minor, v.CommitCount)
		if v.CommitSha != "" {
			s += " (" + v.CommitSha + ")"
		}
		if v.CustomVersionString != "" {
			s += " " + v.CustomVersionString
		}
		return s
	case p.SourceInfo != nil:
		s := p.SourceInfo
		var files, args int
		if s.Names != nil {
			files = len(s.Names.Entries)
		}
		if s.Args != nil {
			args = len(s.Args.Args)
		}
		return fmt.Sprintf("%d source files, %d arguments", files, args)
	case p.PDBInfo != nil:
		c := "uncompressed"
		if p.PDBInfo.CompressionType == 1 {
			c = "zlib"
		}
		return fmt.Sprintf("%s, %d bytes (%d inflated)", c, p.PDBInfo.SizeInBytes, p.PDBInfo.UncompressedSizeInBytes)
	case p.Statistics != nil:
		if len(p.Statistics.Fields) > 0 {
			return fmt.Sprintf("%d instructions", p.Statistics.Fields[0].Value)
		}
	}
	return fmt.Sprintf("%d bytes, raw", len(p.data))
}
