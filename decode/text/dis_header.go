package text

import (
	"io"
	"strings"

	"github.com/dxscope/dxscope/decode"
)

// WriteDisassembly writes what `dxc -dumpbin` prints for a container: the
// header comments from the other parts, then the module's IR.
func WriteDisassembly(w io.Writer, f *decode.File, m *decode.IRModule) error {
	var sb strings.Builder
	for _, l := range DisassemblyHeader(f) {
		sb.WriteString(l)
		sb.WriteByte('\n')
	}
	if _, err := io.WriteString(w, sb.String()); err != nil {
		return err
	}
	return WriteIR(w, m)
}

// DisassemblyHeader returns the comment lines dxc -dumpbin prints above the IR.
func DisassemblyHeader(f *decode.File) []string {
	return nil
}
