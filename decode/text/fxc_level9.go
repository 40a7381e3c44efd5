package text

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/dxscope/dxscope/decode"
)

// level9 adds the Aon9 section to the listing.
func (l *lister) level9(a *decode.Aon9) {
	for _, ln := range Level9Listing(a) {
		l.push(ln)
	}
}

// Level9Listing is the Aon9 part as FXC lists it: the register mapping
// tables and "Level9 shader bytecode" as "//" comments, then the D3D9 code,
// its #line lines and register comments bare, as FXC writes them (its /Fh
// headers and /Fc listings alike), then its slot count as a comment.
func Level9Listing(a *decode.Aon9) []Line {
	l := &lister{}
	if len(a.ConstantBufferMappings) > 0 || len(a.LoopRegisterMappings) > 0 {
		l.comment("Constant buffer to DX9 shader constant mappings:")
		l.comment("")
		if len(a.LoopRegisterMappings) > 0 {
			l.comment("Target Reg Buffer  Source Reg Component")
			l.comment("---------- ------- ---------- ---------")
			for i, m := range a.LoopRegisterMappings {
				l.row(fmt.Sprintf("i%-9d cb%-5d %10d %9d", m.TargetRegister, m.Buffer, m.SourceRegister, m.Component), "Level9/LoopRegisterMappings/"+strconv.Itoa(i), m.Offset, 8)
			}
			l.comment("")
		}
		if len(a.ConstantBufferMappings) > 0 {
			l.comment("Target Reg Buffer  Start Reg # of Regs        Data Conversion")
			l.comment("---------- ------- --------- --------- ----------------------")
			for i, m := range a.ConstantBufferMappings {
				c := m.DataConversion
				l.row(fmt.Sprintf("c%-9d cb%-5d %9d %9d  (%4s,%4s,%4s,%4s)", m.TargetRegister, m.Buffer, m.StartRegister, m.RegisterCount, c[0], c[1], c[2], c[3]), "Level9/ConstantBufferMappings/"+strconv.Itoa(i), m.Offset, 12)
			}
			l.comment("")
		}
		l.comment("")
	}
	if len(a.SamplerMappings) > 0 {
		l.comment("Sampler/Resource to DX9 shader sampler mappings:")
		l.comment("")
		l.comment("Target Sampler Source Sampler  Source Resource")
		l.comment("-------------- --------------- ----------------")
		// FXC lists them by target sampler.
		idx := make([]int, len(a.SamplerMappings))
		for i := range idx {
			idx[i] = i
		}
		sort.SliceStable(idx, func(x, y int) bool {
			return a.SamplerMappings[idx[x]].TargetSampler < a.SamplerMappings[idx[y]].TargetSampler
		})
		for _, i := range idx {
			m := a.SamplerMappings[i]
			l.row(fmt.Sprintf("s%-13d s%-14d t%-16d", m.TargetSampler, m.SourceSampler, m.SourceResource), "Level9/SamplerMappings/"+strconv.Itoa(i), m.Offset, 4)
		}
		l.comment("")
		l.comment("")
	}
	if len(a.RuntimeConstantMappings) > 0 {
		l.comment("Runtime generated constant mappings:")
		l.comment("")
		l.comment("Target Reg                               Constant Description")
		l.comment("---------- --------------------------------------------------")
		for i, m := range a.RuntimeConstantMappings {
			l.row(fmt.Sprintf("c%-9d %50s", m.TargetRegister, m.ConstantDescription), "Level9/RuntimeConstantMappings/"+strconv.Itoa(i), m.Offset, 4)
		}
		l.comment("")
		l.comment("")
	}
	l.comment("Level9 shader bytecode:")
	l.comment("")
	code := Level9Code(&a.Shader, "Level9/Shader")
	for i, ln := range code {
		// FXC writes the D3D9 code, its #line lines and the blank lines
		// between them bare, and only the slot count as a comment.
		if i == len(code)-1 {
			ln.Text = "// " + ln.Text
		}
		if ln.Path != "" {
			ln.Part = "Aon9"
		}
		l.push(ln)
	}
	return l.out
}

// row adds a "// " line made of the bytes [off, off+size).
func (l *lister) row(t, path string, off, size int64) {
	l.push(Line{Text: "// " + t, Part: "Aon9", Path: path, Off: off, Size: size})
}

// Level9Code is the D3D9 listing of an SM 2.x shader as FXC prints it inside
// its level-9 section (without comment markers): the version, each
// instruction with the variables it writes, "#line" before each change of
// source position, and the slot count. path is the span path of the shader in
// its part ("Level9/Shader" in Aon9); the lines name no part.
func Level9Code(s *decode.D3D9Shader, path string) []Line {
	var out []Line
	out = append(out, Line{Text: "    " + s.Profile(), Path: path + "/Version", Off: s.Offset, Size: 4})
	// FXC writes a #line when the source file changes or the line moves by
	// more than two from the previous instruction's (measured on the corpus:
	// 1,008 printed, 544 moves of one or two lines left out).
	prevFile, prevLine, printedFile := -1, -1, -1
	dbugIndex := map[uint32]int{} // instruction offset from the version token -> DBUG entry
	if s.Debug != nil {
		for k, di := range s.Debug.Instructions {
			if _, ok := dbugIndex[di.Offset]; !ok {
				dbugIndex[di.Offset] = k
			}
		}
	}
	slots, tex := 0, 0
	for i := range s.Instructions {
		in := &s.Instructions[i]
		if in.File >= 0 {
			d := int(in.Line) - prevLine
			if in.File != prevFile || d > 2 || d < -2 {
				t := "#line " + strconv.Itoa(int(in.Line))
				if in.File != printedFile && s.Debug != nil && in.File < len(s.Debug.Files) {
					t += " \"" + Safe(s.Debug.Files[in.File]) + "\""
				}
				lp := ""
				if k, ok := dbugIndex[uint32(in.Offset-s.Offset)]; ok {
					lp = path + "/Debug/Instructions/" + strconv.Itoa(k)
				}
				out = append(out, Line{}, Line{Text: t, Path: lp})
				printedFile = in.File
			}
			prevFile, prevLine = in.File, int(in.Line)
		}
		t := "    " + in.Text
		if in.Comment != "" {
			t += "  // " + Safe(in.Comment)
		}
		out = append(out, Line{Text: t, Path: path + "/Instructions/" + strconv.Itoa(i), Off: in.Offset, Size: in.Size})
		n, isTex := in.Opcode.Slots()
		slots += n
		if isTex {
			tex += n
		}
	}
	word := "slots"
	if slots == 1 {
		word = "slot"
	}
	t := fmt.Sprintf("approximately %d instruction %s used", slots, word)
	if s.ProgramType == "ps" && tex > 0 {
		t += fmt.Sprintf(" (%d texture, %d arithmetic)", tex, slots-tex)
	}
	out = append(out, Line{}, Line{Text: t})
	return out
}
