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
			width = max(width, min(len(Safe(semanticOf(row.Input))), 40))
		}
		head := fmt.Sprintf("%-*s %3s %-4s %-7s   %-*s %3s %-4s %-7s", width, "Input", "Reg", "Mask", "Type", width, "Output", "Reg", "Mask", "Type")
		fmt.Fprintf(w, "\n%s\n", strings.TrimRight(head, " "))
		for _, row := range r.Rows {
			fmt.Fprintf(w, "%s   %s  %s\n", linkageElement(row.Input, width), linkageOutput(row, width), rowVerdict(row))
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

func semanticOf(e *decode.SignatureParameter) string { return fmt.Sprintf("%s%d", e.Name, e.Index) }

func linkageElement(e *decode.SignatureParameter, width int) string {
	reg := "-"
	if e.Register != 0xFFFFFFFF {
		reg = fmt.Sprint(e.Register)
	}
	return fmt.Sprintf("%-*s %3s %-4s %-7s", width, Safe(semanticOf(e)), reg, decode.MaskString(e.Mask), e.CompType)
}

func linkageOutput(row linkage.Row, width int) string {
	if row.Output == nil {
		return fmt.Sprintf("%-*s %3s %-4s %-7s", width, "(none)", "", "", "")
	}
	return linkageElement(row.Output, width)
}

func rowVerdict(row linkage.Row) string {
	s := strings.Join(row.Rules, " ")
	if s == "" {
		s = "ok"
	}
	if row.Patch {
		s += " (patch constant)"
	}
	return s
}
