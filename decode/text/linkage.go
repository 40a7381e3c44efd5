package text

import (
	"fmt"
	"io"
	"strings"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/linkage"
)

// WriteLinkage prints a linkage.Result: a line that says whether the two
// stages link, a row per input of the later stage beside the output that
// feeds it, then every problem with its rule.
func WriteLinkage(w io.Writer, r *linkage.Result) {
	fmt.Fprintf(w, "%s → %s: %s\n", LinkageSide(r.Up), LinkageSide(r.Down), LinkageVerdict(r))
	if r.Swapped {
		fmt.Fprintln(w, "(the files were given later stage first)")
	}
	if len(r.Rows) > 0 {
		width := len("Input")
		for _, row := range r.Rows {
			width = max(width, min(len(Safe(LinkageCells(row.Input)[0])), 40))
		}
		head := fmt.Sprintf("%-*s %3s %-4s %-7s   %-*s %3s %-4s %-7s", width, "Input", "Reg", "Mask", "Type", width, "Output", "Reg", "Mask", "Type")
		fmt.Fprintf(w, "\n%s\n", strings.TrimRight(head, " "))
		for _, row := range r.Rows {
			fmt.Fprintf(w, "%s   %s  %s\n", linkageElement(row.Input, width), linkageOutput(row, width), LinkageRules(row))
		}
	}
	if len(r.Problems) > 0 {
		fmt.Fprintln(w, "\nProblems:")
		for _, p := range r.Problems {
			fmt.Fprintf(w, "  %s %s: %s\n", p.Severity, p.Rule, Safe(p.Message))
		}
	}
}

// LinkageSide names one shader of a linkage ("Vertex vs_5_0 (OSGN)").
func LinkageSide(s linkage.Side) string {
	out := s.Stage
	if out == "" {
		out = "unknown stage"
	}
	if s.Profile != "" {
		out += " " + s.Profile
	}
	switch {
	case s.Part != "" && s.PatchPart != "":
		out += " (" + Safe(s.Part) + ", " + Safe(s.PatchPart) + ")"
	case s.Part != "":
		out += " (" + Safe(s.Part) + ")"
	}
	return out
}

// LinkageVerdict says in a few words whether the pipeline links.
func LinkageVerdict(r *linkage.Result) string {
	errors := 0
	for _, p := range r.Problems {
		if p.Severity == decode.Error {
			errors++
		}
	}
	switch {
	case !r.Adjacent:
		return "not adjacent stages"
	case errors == 1:
		return "does not link (1 error)"
	case errors > 0:
		return fmt.Sprintf("does not link (%d errors)", errors)
	}
	return "links"
}

// LinkageCells are an element's columns as the linkage shows them: its
// semantic with index, its register ("-" for none), mask and component type.
// The semantic is the file's, not yet made safe to show.
func LinkageCells(e *decode.SignatureParameter) [4]string {
	reg := "-"
	if e.Register != 0xFFFFFFFF {
		reg = fmt.Sprint(e.Register)
	}
	return [4]string{linkage.Semantic(e), reg, decode.MaskString(e.Mask), e.CompType.String()}
}

// LinkageRules is a row's verdict: "ok", or the rules it breaks or notes,
// and "(patch constant)" after a patch constant's.
func LinkageRules(row linkage.Row) string {
	v := "ok"
	if len(row.Rules) > 0 {
		v = strings.Join(row.Rules, " ")
	}
	if row.Patch {
		v += " (patch constant)"
	}
	return v
}

func linkageElement(e *decode.SignatureParameter, width int) string {
	c := LinkageCells(e)
	return fmt.Sprintf("%-*s %3s %-4s %-7s", width, Safe(c[0]), c[1], c[2], c[3])
}

func linkageOutput(row linkage.Row, width int) string {
	if row.Output == nil {
		return fmt.Sprintf("%-*s %3s %-4s %-7s", width, "(none)", "", "", "")
	}
	return linkageElement(row.Output, width)
}
