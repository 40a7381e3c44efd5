package app

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path"
	"strings"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/text"
	"github.com/dxscope/dxscope/views"
	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// ExportJSON is the whole decode as `dxscope json` writes it: the File
// indented by two spaces, with a final newline, and no raw DEL, C1 or bidi
// control in its strings (text.EscapeJSON).
func ExportJSON(f *decode.File) ([]byte, error) {
	b, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return nil, err
	}
	return text.EscapeJSON(append(b, '\n')), nil
}

// ExportParts is the part list and problems as `dxscope parts` writes them:
// its standard output (the list), then its standard error (the problems).
func ExportParts(f *decode.File) []byte {
	var b bytes.Buffer
	text.WriteParts(&b, f)
	text.WriteProblems(&b, f.Problems)
	return b.Bytes()
}

// HexText writes bytes as spaced lowercase hex, 16 a line.
func HexText(data []byte) string { return model.CopyText(model.CopyHex, "", 0, data) }

// CArray writes bytes as a C array definition, 12 bytes a line, with a
// comment saying where they came from.
func CArray(name string, off int64, data []byte) string {
	var b strings.Builder
	// The name comes from the file: it must not end the comment or the line.
	comment := strings.ReplaceAll(text.Safe(name), "*/", "* /")
	fmt.Fprintf(&b, "/* %s: %d bytes at 0x%x */\n", comment, len(data), off)
	fmt.Fprintf(&b, "static const unsigned char %s[%d] = {", cIdent(name), len(data))
	for i, c := range data {
		if i%12 == 0 {
			b.WriteString("\n   ")
		}
		fmt.Fprintf(&b, " 0x%02x", c)
		if i < len(data)-1 {
			b.WriteByte(',')
		}
	}
	b.WriteString("\n};\n")
	return b.String()
}

// cIdent turns a span's label into a C identifier ("PSV0/PSVInfo/Sig[2]" → "PSV0_PSVInfo_Sig_2").
func cIdent(s string) string {
	var b strings.Builder
	for _, c := range s {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9' && b.Len() > 0, c == '_':
			b.WriteRune(c)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "_"):
			b.WriteByte('_')
		}
	}
	id := strings.TrimSuffix(b.String(), "_")
	if id == "" {
		id = "bytes"
	}
	return id
}

// baseName is the file name without directories and extension, for download names.
func baseName(name string) string {
	name = path.Base(strings.ReplaceAll(name, "\\", "/"))
	if ext := path.Ext(name); ext != "" && len(ext) < len(name) {
		name = strings.TrimSuffix(name, ext)
	}
	if name == "" || name == "." || name == "/" {
		name = "container"
	}
	return name
}

// export runs one of the share bar's download or copy buttons.
func (in *Inspector) export(ctx app.Context, kind string) {
	st := in.state()
	m := st.Model
	if m == nil || m.File == nil {
		return
	}
	base := baseName(m.Name)
	switch kind {
	case views.ExportJSON:
		b, err := ExportJSON(m.File)
		if err != nil {
			in.copied = "could not write the JSON: " + err.Error()
			return
		}
		views.Download(base+".json", "application/json", b)
	case views.ExportParts:
		views.Download(base+".parts.txt", "text/plain", ExportParts(m.File))
	case views.ExportPart:
		pv := st.PartView()
		if pv == nil || pv.Index == 0 {
			return
		}
		nth := 0
		for _, q := range m.Parts[1:pv.Index] {
			if q.Name == pv.Name {
				nth++
			}
		}
		b, err := decode.ExtractPart(m.File, fmt.Sprintf("%s#%d", pv.Name, nth))
		if err != nil {
			in.copied = err.Error()
			return
		}
		views.Download(base+"."+cIdent(pv.Name)+".bin", "application/octet-stream", b)
	case views.ExportBitcode:
		b, err := decode.ExtractPart(m.File, "dxil")
		if err != nil {
			in.copied = "no bitcode to download: " + err.Error()
			return
		}
		views.Download(base+".bc", "application/octet-stream", b)
	case views.ExportHex, views.ExportCArray, views.ExportBase64:
		s := st.Sel
		if s.Size <= 0 || s.Off < 0 || s.Off >= int64(len(m.Data)) {
			return
		}
		data := m.Data[s.Off:min(s.End(), int64(len(m.Data)))]
		switch kind {
		case views.ExportHex:
			in.copyText(ctx, HexText(data), fmt.Sprintf("copied %d bytes as hex", len(data)))
		case views.ExportBase64:
			in.copyText(ctx, model.CopyText(model.CopyBase64, "", 0, data), fmt.Sprintf("copied %d bytes as base64", len(data)))
		default:
			in.copyText(ctx, CArray(model.SpanLabel(s), s.Off, data), fmt.Sprintf("copied %d bytes as a C array", len(data)))
		}
	}
}
