package model

import (
	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/shaderdb"
	"github.com/dxscope/dxscope/decode/text"
)

// The decoder's plain values the components read as they are. Naming them
// here keeps the components free of decode imports: what they may read of
// the decoder is exactly this list, and a change to it shows up in one file.
type (
	Span     = decode.Span
	SpanKind = decode.SpanKind
	Problem  = decode.Problem
	Severity = decode.Severity
	Embedded = decode.Embedded

	// The code of two files compared as text (decode/text's DiffCode).
	CodeHunk     = text.CodeHunk
	CodeDiffLine = text.CodeDiffLine
	CodeLine     = text.CodeLine
)

// Span kinds and severities.
const (
	SpanField, SpanStruct, SpanUnknown, SpanRaw = decode.SpanField, decode.SpanStruct, decode.SpanUnknown, decode.SpanRaw
	Error, Warning, Note                        = decode.Error, decode.Warning, decode.Note
)

// The shader-database values the database view reads.
type (
	DBBlobRef       = shaderdb.BlobRef
	DBContainer     = shaderdb.Container
	Database        = shaderdb.Database
	DBDesc          = shaderdb.Desc
	DBField         = shaderdb.Field
	DBGroup         = shaderdb.Group
	DBGroupLink     = shaderdb.GroupLink
	DBKey           = shaderdb.Key
	DBKind          = shaderdb.Kind
	PSDB            = shaderdb.PSDB
	PSDBGroup       = shaderdb.PSDBGroup
	DBPipelineState = shaderdb.PipelineState
	DBRootSignature = shaderdb.RootSignature
	SODB            = shaderdb.SODB
	DBStateObject   = shaderdb.StateObject
)

// Database kinds.
const PSDBKind, SODBKind = shaderdb.PSDBKind, shaderdb.SODBKind

// Unmangled is the HLSL name inside a mangled DXIL function name.
func Unmangled(name string) string { return decode.Unmangled(name) }
