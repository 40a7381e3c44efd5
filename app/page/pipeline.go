// Pipeline: shaders opened together, checked as one pipeline.
package page

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dxscope/dxscope/app/linkstate"
	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/rootsig"
	"github.com/dxscope/dxscope/views/model"
)

// MaxPipeline is the most shaders a pipeline has: vertex, hull, domain,
// geometry and pixel.
const MaxPipeline = 1 + linkstate.MaxStages

// Stages is the pipeline view's state: three to five files opened
// together, checked as one pipeline (decode/linkage CheckPipelineWith).
type Stages struct {
	// Models are the files in the order they were opened. Models[0] is the
	// link's first file, shown as State.Model while the pipeline is.
	Models []*model.Model
	View   *model.PipelineView
	// RootSig is the root signature the pipeline is created with, as HLSL
	// text: the one the first shader that carries one carries, else
	// dxscope's suggestion for all; RootSigGiven says View was checked
	// with it rather than with the shaders' own.
	RootSig      RootSigText
	RootSigGiven bool
	checked      RootSigText // the text View was last checked with (the link's rs=)

	sha0 string     // Models[0]'s SHA-256
	refs []*fileRef // Models[1:]'s link data
}

// TooManyFiles is why n files cannot be opened together ("" when they can).
func TooManyFiles(n int) string {
	if n <= MaxPipeline {
		return ""
	}
	return fmt.Sprintf("%d files were opened together: a pipeline has at most %d shaders (vertex, hull, domain, geometry, pixel). Open up to five to check them as one pipeline, or one at a time.", n, MaxPipeline)
}

// OpenFiles opens files the user gave together (picked or dropped at
// once): one as Open does, two as the first compared with the second, three
// to five as one pipeline. A new history entry.
func (s *State) OpenFiles(names []string, datas [][]byte) Effects {
	switch {
	case len(datas) == 0:
		return Effects{}
	case len(datas) == 1:
		return s.Open(names[0], datas[0])
	case TooManyFiles(len(datas)) != "":
		s.Status = ""
		s.Link.Err = TooManyFiles(len(datas))
		return s.take()
	}
	datas = slices.Clone(datas)
	for i := range datas {
		if b, _, ok := model.AsContainer(names[i], datas[i]); ok {
			datas[i] = b // an -Fh header's container, or an FXC PDB's
		}
	}
	if p := s.pendingPipeline(); p != nil {
		if s.gatherStages(p, names, datas) == notTheLinks {
			s.refuseStages(p, names, datas)
		}
		return s.take()
	}
	ms := make([]*model.Model, len(datas))
	for i := range datas {
		ms[i] = s.build(names[i], datas[i], 0)
		if ms[i].File == nil {
			s.Status = ""
			s.Link.Err = fmt.Sprintf("%s is not a DirectX shader container: the %d files opened together were not checked as a pipeline (open it alone to look inside it).", model.Shown(names[i]), len(datas))
			return s.take()
		}
	}
	s.leaveFor(ms[0])
	if len(ms) == 2 {
		s.startCompareWith(ms[1], datas[1])
	} else {
		s.startPipeline(ms, datas)
	}
	s.note()
	return s.take()
}

// pendingPipeline is a pipeline link's state waiting for its files: after
// its first file was shown (Link.Stages), or before (Link.Pending).
func (s *State) pendingPipeline() *linkstate.State {
	if p := s.Link.Stages; p != nil && s.Model != nil {
		return p
	}
	if p := s.Link.Pending; p != nil && p.Tab == "pipeline" && len(p.StageSHA256) > 0 && len(p.StageSHA256) == len(p.Stages) {
		return p
	}
	return nil
}

// pipelineFirst is the SHA-256 of the first file of the pipeline a link
// waits for: its sha=, else (the link carried it) the file shown.
func (s *State) pipelineFirst(p *linkstate.State) string {
	if p.SHA256 == "" && s.fileRef() != nil {
		return s.fileRef().sha
	}
	return p.SHA256
}

// refuseStages says why files opened together are not the pipeline a link
// names by hash: which of its files none of them is.
func (s *State) refuseStages(p *linkstate.State, names []string, datas [][]byte) {
	_, err := linkstate.CheckStageFiles(*p, s.pipelineFirst(p), datas)
	s.Status = ""
	s.Link.Err = fmt.Sprintf("%s were not opened as the link's pipeline: %v", model.Shown(strings.Join(names, ", ")), err)
}

// gatheredStages are the files of the pipeline a link names by hash,
// gathered while the user opens them one at a time or a few together.
type gatheredStages struct {
	key   string   // the link's hashes, first file's first: whose files these are
	names []string // by place in the link's order ("" while missing)
	datas [][]byte
}

// gathering is what gatherStages did with the files it was given.
type gathering int

const (
	gathered    gathering = iota // each put in its place (the pipeline opened, or waits for more)
	firstAlone                   // the link's first file alone, nothing else gathered: shown as it always was
	notTheLinks                  // one of them is none of the link's files: nothing taken
)

// gatherStages takes files opened while a pipeline link waits for its
// files, when each of them is one the link names: each goes in its place,
// and once every place is filled the pipeline opens. Until then a note
// says which files it still waits for. The first file may be opened alone,
// before or after the others: while it is the only one, it is left to be
// shown as the link's first file.
func (s *State) gatherStages(p *linkstate.State, names []string, datas [][]byte) gathering {
	want := append([]string{s.pipelineFirst(p)}, p.StageSHA256...)
	g := &s.Link.gathered
	if key := strings.Join(want, ","); g.key != key {
		*g = gatheredStages{key: key, names: make([]string, len(want)), datas: make([][]byte, len(want))}
	}
	if p == s.Link.Stages && g.datas[0] == nil {
		g.names[0], g.datas[0] = s.Model.Name, s.Model.Data // the link carried it: it is shown
	}
	// Each file's place: the first empty one of its hash, else (opened
	// again) one it fills already.
	places := make([]int, len(datas))
	taken := make([]bool, len(want))
	for j, d := range datas {
		h := linkstate.SHA256(d)
		places[j] = -1
		for i, w := range want {
			if w != h {
				continue
			}
			if g.datas[i] == nil && !taken[i] {
				places[j], taken[i] = i, true
				break
			}
			if places[j] < 0 {
				places[j] = i
			}
		}
		if places[j] < 0 {
			return notTheLinks
		}
	}
	if len(datas) == 1 && places[0] == 0 && p == s.Link.Pending && !g.any(1) {
		return firstAlone
	}
	for j, i := range places {
		g.names[i], g.datas[i] = names[j], datas[j]
	}
	var missing []string
	for i, d := range g.datas {
		if d == nil {
			missing = append(missing, pipelineName(p, i))
		}
	}
	s.Status, s.Link.Err = "", ""
	if len(missing) > 0 {
		s.Link.Note = fmt.Sprintf("%d of the %d files of the link's pipeline are here; it waits for %s. Open them one at a time or together: each is checked against the link.",
			len(want)-len(missing), len(want), model.Shown(strings.Join(missing, ", ")))
		return gathered
	}
	all := *g
	*g = gatheredStages{}
	s.openStagesInOrder(p, all.names, all.datas)
	return gathered
}

// any says whether a file is gathered at place from or after it.
func (g *gatheredStages) any(from int) bool {
	for _, d := range g.datas[from:] {
		if d != nil {
			return true
		}
	}
	return false
}

// pipelineName is the name the link gives the file at place i of its
// pipeline (0 the first).
func pipelineName(p *linkstate.State, i int) string {
	if i == 0 {
		return p.Name
	}
	return p.Stages[i-1]
}

// openStagesInOrder opens the files of the pipeline a link names, in its
// order, then checks it with the link's root signature.
func (s *State) openStagesInOrder(p *linkstate.State, names []string, ordered [][]byte) {
	st := *p
	ms := make([]*model.Model, len(ordered))
	for i, d := range ordered {
		if ms[i] = s.build(names[i], d, 0); ms[i].File == nil {
			s.Link.Err = fmt.Sprintf("%s is not a DirectX shader container.", model.Shown(names[i]))
			return
		}
	}
	s.leaveFor(ms[0])
	s.startPipeline(ms, ordered)
	if st.RootSig != "" {
		s.pipelineRootSig(st.RootSig, rootSigVersion(st.RootSigVersion))
		s.Stages.RootSig.Rev++
	}
	s.note()
}

// leaveFor ends what the page showed (edit mode, a link waiting for its
// file, a comparison, a pipeline) and shows m, the first of files opened
// together.
func (s *State) leaveFor(m *model.Model) {
	s.Link.Err, s.Link.Note = "", ""
	s.Edit = Editing{}
	s.Link.Pending, s.Link.Stages = nil, nil
	s.Link.gathered = gatheredStages{}
	s.Next = OpenAsNew
	s.Cmp, s.Stages = nil, nil
	s.Link.Row = 0
	s.Tab = OwnView
	s.quietly(func() { s.show(m) })
}

// startPipeline shows the pipeline view of ms (ms[0] shown already), datas
// their bytes.
func (s *State) startPipeline(ms []*model.Model, datas [][]byte) {
	p := &Stages{Models: ms, View: model.PipelineLinkage(ms, nil), sha0: s.fileRef().sha}
	for _, d := range datas[1:] {
		p.refs = append(p.refs, newFileRef(d))
	}
	files := make([]*decode.File, len(ms))
	for i, m := range ms {
		files[i] = m.File
	}
	p.RootSig = startingRootSig(true, files...)
	s.Stages, s.Screen = p, Pipeline
}

// PipelineRootSig checks the pipeline as one created with the root
// signature text (HLSL, compiled to version): D3D12 then uses it, not the
// shaders' own. A text that does not parse keeps the check as it was and
// says where; an empty text goes back to the shaders' own.
func (s *State) PipelineRootSig(text string, version uint32) Effects {
	if !s.Pipelining() {
		return Effects{Unchanged: true}
	}
	s.pipelineRootSig(text, version)
	s.note()
	return s.take()
}

func (s *State) pipelineRootSig(text string, version uint32) {
	p := s.Stages
	rts0, ok := p.RootSig.compile(text, version)
	if !ok {
		return
	}
	p.View, p.RootSigGiven = model.PipelineLinkage(p.Models, rts0), rts0 != nil
	p.checked = RootSigText{Text: text, Version: version}
}

// PipelineOpen inspects file i of the pipeline (in the order opened): a
// history entry of its own, and Back returns to the pipeline.
func (s *State) PipelineOpen(i int) Effects {
	p := s.Stages
	if !s.Pipelining() || i < 0 || i >= len(p.Models) {
		return Effects{Unchanged: true}
	}
	s.Link.Row = 0
	s.Tab = OwnView
	s.quietly(func() { s.show(p.Models[i]) })
	s.note()
	return s.take()
}

// pipelineLinkState is the link state of the pipeline view: the first
// file's name, the others' (stage=), and the root signature checked with.
func (s *State) pipelineLinkState() linkstate.State {
	p := s.Stages
	st := linkstate.State{Name: s.Model.Name, Tab: "pipeline"}
	for _, m := range p.Models[1:] {
		st.Stages = append(st.Stages, m.Name)
	}
	if p.RootSigGiven {
		st.RootSig, st.RootSigVersion = p.checked.Text, rootsig.VersionName(p.checked.Version)
	}
	return st
}

// applyPipeline restores the pipeline a link names (tab=pipeline) on the
// shown file: the one open when the link's files are its files, else the
// one the link carries. A link that names the other files without carrying
// them (too large for a link) shows the first file and says so.
func (s *State) applyPipeline(st linkstate.State, stages [][]byte) {
	if p := s.Stages; p != nil && s.samePipeline(p, st, stages) {
		p.Models[0] = s.Model
		s.Screen = Pipeline
	} else if len(stages) == len(st.Stages) && len(stages) > 0 {
		ms := []*model.Model{s.Model}
		datas := [][]byte{s.Model.Data}
		for i, d := range stages {
			m := s.build(st.Stages[i], d, 0)
			if m.File == nil {
				s.Link.Note = fmt.Sprintf("This link's pipeline file %s is not a shader container: showing the first file alone.", model.Shown(st.Stages[i]))
				s.Screen = File
				return
			}
			ms, datas = append(ms, m), append(datas, d)
		}
		if len(ms) == 2 {
			s.startCompareWith(ms[1], datas[1])
			return
		}
		s.startPipeline(ms, datas)
	} else {
		s.Screen = File
		if len(st.Stages) > 0 {
			s.Link.Note = fmt.Sprintf("This link shows a pipeline of %d files, too large for a link to carry: open them (%s), one at a time or together, to see it; each is checked against the link.",
				len(st.Stages)+1, model.Shown(strings.Join(append([]string{st.Name}, st.Stages...), ", ")))
			if len(st.StageSHA256) == len(st.Stages) {
				p := st
				s.Link.Stages = &p
			}
		}
		return
	}
	if st.RootSig != "" || s.Stages.RootSigGiven {
		s.pipelineRootSig(st.RootSig, rootSigVersion(st.RootSigVersion))
		s.Stages.RootSig.Rev++ // the link set the text: the text box shows it
	}
}

// samePipeline says whether p holds the shown file and, after it, the
// files the link names: stages by content, or (when the link does not carry
// them) by name.
func (s *State) samePipeline(p *Stages, st linkstate.State, stages [][]byte) bool {
	if len(p.Models) == 0 || s.fileRef() == nil || p.sha0 != s.fileRef().sha || len(st.Stages) != len(p.refs) {
		return false
	}
	if stages == nil {
		for i, m := range p.Models[1:] {
			if m.Name != st.Stages[i] {
				return false
			}
		}
		return true
	}
	if len(stages) != len(p.refs) {
		return false
	}
	for i, d := range stages {
		if linkstate.SHA256(d) != p.refs[i].sha {
			return false
		}
	}
	return true
}
