package text

import (
	"fmt"
	"io"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/rootsig"
)

// WriteRootSignature prints the part's summary as a comment, then the root
// signature as an HLSL #define, the form shader sources declare it in.
func WriteRootSignature(w io.Writer, p *decode.Part) {
	fmt.Fprintf(w, "// %s: %s\n", Safe(p.Name), Safe(p.Summary))
	rs := p.RootSignature
	if rs == nil {
		return
	}
	fmt.Fprintf(w, "// compile with -T rootsig_%s\n", map[uint32]string{1: "1_0", 2: "1_1", 3: "1_2"}[rs.Version])
	writeCost(w, rs)
	fmt.Fprintln(w, "#define RS \\")
	lines := splitLines(rs.HLSL())
	if len(lines) == 0 {
		fmt.Fprintln(w, "    \"\"")
		return
	}
	for i, l := range lines {
		end := " \\"
		if i == len(lines)-1 {
			end = ""
		}
		fmt.Fprintf(w, "    %q%s\n", l, end)
	}
}

// WriteRootSignatureCPP prints an RTS0 part as C++ that fills D3D12's
// structures for it (rootsig.RootSignature.CPP), under the same summary and
// cost lines as the HLSL text.
func WriteRootSignatureCPP(w io.Writer, p *decode.Part) {
	fmt.Fprintf(w, "// %s: %s\n", Safe(p.Name), Safe(p.Summary))
	rs := p.RootSignature
	if rs == nil {
		return
	}
	writeCost(w, rs)
	fmt.Fprintln(w, "// D3D12's structures (d3d12.h); D3D12SerializeVersionedRootSignature takes the desc.")
	io.WriteString(w, rs.CPP())
}

// writeCost writes what D3D12 counts against its limit: a table 1 DWORD, a
// root descriptor 2, root constants 1 each (rootsig.RootSignature.Cost).
func writeCost(w io.Writer, rs *rootsig.RootSignature) {
	over := ""
	if rs.Cost() > rootsig.MaxCost {
		over = ": more than D3D12 takes"
	}
	fmt.Fprintf(w, "// cost: %d of %d DWORDs%s\n", rs.Cost(), rootsig.MaxCost, over)
}

func splitLines(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}
