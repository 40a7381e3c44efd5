package model

import (
	"strings"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/linkage"
	"github.com/dxscope/dxscope/decode/text"
)

// LinkageView is how two compared shaders of adjacent stages link, as the
// compare view shows it (decode/linkage; `dxscope link` prints the same).
type LinkageView struct {
	Title string // "Vertex vs_6_0 (OSG1) → Pixel ps_6_0 (ISG1): links"
	Links bool
	// EarlierIsB: B is the earlier stage (its outputs are on the right of
	// each row's input, and its bytes in B's hex view).
	EarlierIsB bool
	Rows       []LinkageRow
	Problems   []LinkageProblem
	// GivenRootSig: the pipeline is created with a root signature of its
	// own (CompareLinkageWith), not the ones the shaders carry.
	GivenRootSig bool
}

// LinkageRow is one input of the later stage beside the output that feeds
// it; each element's bytes are where its side's hex view shows them.
type LinkageRow struct {
	Input, Output   [4]string // semantic, register, mask, type ("" for a missing output)
	Verdict         string    // "ok", or the rules broken or noted, and "(patch constant)" after a patch constant's
	OK              bool
	InOff, InSize   int64
	OutOff, OutSize int64 // OutSize 0: no output
}

// LinkageProblem is one sentence of what the check found.
type LinkageProblem struct {
	Severity string // "error", "warning", "note"
	Rule     string
	Text     string
}

// CompareLinkage checks how a's and b's signatures link when their stages
// meet in a pipeline (either may be the earlier); nil when they do not, as
// for two builds of one shader, the usual comparison.
func CompareLinkage(a, b *Model) *LinkageView { return CompareLinkageWith(a, b, nil) }

// CompareLinkageWith is CompareLinkage for a pipeline created with the root
// signature rts0 (serialized; nil: the shaders' own), as linkage.CheckWith
// checks it.
func CompareLinkageWith(a, b *Model, rts0 []byte) *LinkageView {
	if a == nil || b == nil || a.File == nil || b.File == nil {
		return nil
	}
	r := linkage.CheckWith(a.File, b.File, rts0)
	if !r.Adjacent {
		return nil
	}
	up, down := a, b
	if r.Swapped {
		up, down = b, a
	}
	return linkageView(r, up, down, rts0 != nil)
}

// linkageView lays out a pair's linkage r, up the earlier shader's model and
// down the later one's (where each row's bytes are).
func linkageView(r *linkage.Result, up, down *Model, given bool) *LinkageView {
	v := &LinkageView{Title: text.LinkageSide(r.Up) + " → " + text.LinkageSide(r.Down) + ": " + text.LinkageVerdict(r),
		Links: r.Links(), EarlierIsB: r.Swapped, GivenRootSig: given}
	for _, row := range r.Rows {
		lr := LinkageRow{Input: elementCells(row.Input), Verdict: text.LinkageRules(row), OK: len(row.Rules) == 0,
			InOff: down.Base + row.Input.Offset, InSize: int64(row.InputSize)}
		if row.Output != nil {
			lr.Output = elementCells(row.Output)
			lr.OutOff, lr.OutSize = up.Base+row.Output.Offset, int64(row.OutputSize)
		}
		v.Rows = append(v.Rows, lr)
	}
	v.Problems = linkageProblems(r.Problems)
	return v
}

func linkageProblems(ps []linkage.Problem) []LinkageProblem {
	var out []LinkageProblem
	for _, p := range ps {
		out = append(out, LinkageProblem{Severity: p.Severity.String(), Rule: p.Rule, Text: ShownMessage(p.Message)})
	}
	return out
}

// PipelineView is a whole pipeline's linkage, as the pipeline view shows it
// (decode/linkage CheckPipelineWith; `dxscope link` with three to five
// files prints the same).
type PipelineView struct {
	Title    string // "Pipeline: vs.cso → gs.cso → ps.cso: links"
	Links    bool
	Stages   []PipelineStage // in the order the pipeline runs them
	Problems []LinkageProblem
	// Pairs[i] links Stages[i] to Stages[i+1]; nil between an
	// amplification and a mesh shader (a payload, not a signature).
	Pairs []*LinkageView
	// GivenRootSig: the pipeline is created with a root signature of its
	// own, not the ones the shaders carry.
	GivenRootSig bool
}

// PipelineStage is one shader of a pipeline.
type PipelineStage struct {
	File    int    // the index of its file among those opened together
	Name    string // the file's name, made safe to show
	Stage   string // "Vertex vs_6_0"
	RootSig bool   // it carries a root signature (RTS0)
}

// PipelineLinkage checks the models' shaders as one pipeline (in any order)
// created with the root signature rts0 (serialized; nil: the shaders' own).
func PipelineLinkage(ms []*Model, rts0 []byte) *PipelineView {
	files := make([]*decode.File, len(ms))
	for i, m := range ms {
		files[i] = m.File
	}
	p := linkage.CheckPipelineWith(files, rts0)
	v := &PipelineView{Links: p.Links(), Problems: linkageProblems(p.Problems), GivenRootSig: rts0 != nil}
	names := make([]string, len(p.Order))
	for n, i := range p.Order {
		f := ms[i].File
		id := f.Identity()
		stage := id.Stage
		if stage == "" { // no program header: the kind PSV0 gives
			stage = f.Kind().String()
		}
		names[n] = Shown(ms[i].Name)
		v.Stages = append(v.Stages, PipelineStage{File: i, Name: names[n], Stage: strings.TrimSpace(stage + " " + id.Profile), RootSig: f.Part("RTS0") != nil})
	}
	verdict := "links"
	if !v.Links {
		verdict = "does not link"
	}
	v.Title = "Pipeline: " + strings.Join(names, " → ") + ": " + verdict
	for n, r := range p.Pairs {
		if r == nil {
			v.Pairs = append(v.Pairs, nil)
			continue
		}
		up, down := ms[p.Order[n]], ms[p.Order[n+1]]
		if r.Swapped {
			up, down = down, up
		}
		v.Pairs = append(v.Pairs, linkageView(r, up, down, rts0 != nil))
	}
	return v
}

// elementCells are text.LinkageCells with the semantic made safe to show.
func elementCells(e *decode.SignatureParameter) [4]string {
	c := text.LinkageCells(e)
	c[0] = Shown(c[0])
	return c
}
