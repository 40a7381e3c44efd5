package views

import (
	"fmt"

	"github.com/dxscope/dxscope/views/model"
)

// DemoGrid is a made-up 32×32-vector dependency table (128×128 components)
// shown at /#demo=grid, so the grid can be judged at the largest size a
// signature allows without a file that large.
func DemoGrid() *model.GridData {
	name := func(prefix string, v int) string {
		if v == 0 && prefix == "out" {
			return "SV_Position0"
		}
		return fmt.Sprintf("TEXCOORD%d", v)
	}
	g := &model.GridData{Title: "Inputs → outputs (demo: 32 × 32 vectors)", Sentence: "input %s affects output %s",
		NotSentence: "input %s does not affect output %s"}
	for v := 0; v < 32; v++ {
		for c := 0; c < 4; c++ {
			g.Rows = append(g.Rows, fmt.Sprintf("%s.%c", name("in", v), "xyzw"[c]))
			g.Cols = append(g.Cols, fmt.Sprintf("%s.%c", name("out", v), "xyzw"[c]))
		}
	}
	g.Cells = make([][]bool, len(g.Rows))
	for r := range g.Cells {
		g.Cells[r] = make([]bool, len(g.Cols))
		g.Cells[r][r] = true                       // each input feeds its own output
		g.Cells[r][(r*7+3)%len(g.Cols)] = r%3 == 0 // and a few others
		if r < 12 {
			for c := 0; c < 4; c++ {
				g.Cells[r][c] = true // the first inputs feed the position
			}
		}
	}
	return g
}

// DemoSignature is a made-up input signature for the same demo page.
func DemoSignature() []model.SignatureRow {
	return []model.SignatureRow{
		{Name: "POSITION", Index: 0, Mask: 7, Register: 0, SystemValue: "NONE", Format: "float", Used: 7},
		{Name: "TEXCOORD", Index: 0, Mask: 3, Register: 1, SystemValue: "NONE", Format: "float", Used: 3},
		{Name: "SV_VertexID", Index: 0, Mask: 1, Register: 2, SystemValue: "VERTID", Format: "uint", Used: 0},
	}
}
