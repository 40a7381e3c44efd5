// Keys: moving through parts and tree nodes from the keyboard.
package page

import "github.com/dxscope/dxscope/views/model"

// KeyPlace is where the keyboard's focus is when a key is pressed.
type KeyPlace int

const (
	Elsewhere KeyPlace = iota
	InPartList
	InTree
)

// Key answers a key pressed outside text fields and buttons, without
// modifiers; handled says whether the page used it (the browser's default
// action is then prevented).
func (s *State) Key(key string, where KeyPlace) (fx Effects, handled bool) {
	if key == "?" || key == "Escape" && s.ShowKeys {
		s.ShowKeys = key == "?" && !s.ShowKeys
		return s.take(), true
	}
	m := s.Model
	if m == nil || m.File == nil || s.Screen != File {
		return Effects{}, false
	}
	handled = true
	switch {
	case key == "[":
		s.selectPart(max(0, s.Part-1))
	case key == "]":
		s.selectPart(min(len(m.Parts)-1, s.Part+1))
	case key == "g":
		s.fx.Focus = "hex-goto"
	case key == "h":
		s.revealHex(s.Sel.Off)
		s.fx.Focus = "hex-scroll"
	case where == InPartList && (key == "ArrowDown" || key == "j"):
		s.selectPart(min(len(m.Parts)-1, s.Part+1))
	case where == InPartList && (key == "ArrowUp" || key == "k"):
		s.selectPart(max(0, s.Part-1))
	case where == InPartList && (key == "ArrowRight" || key == "Enter"):
		s.Tab = Tree
		s.fx.Focus = "tree"
	case where == InTree:
		handled = s.treeKey(key)
	default:
		handled = false
	}
	if !handled {
		return s.take(), false
	}
	if where == InPartList || key == "[" || key == "]" {
		s.fx.RevealPart = true
	}
	s.note()
	return s.take(), true
}

// CommandKey answers a key pressed with Ctrl (⌘ on a Mac) outside text
// fields: in edit mode Z undoes the last edit, Shift+Z and Y redo one.
// Anything else belongs to the browser (handled false).
func (s *State) CommandKey(key string, shift bool) (fx Effects, handled bool) {
	if !s.Editing() {
		return Effects{}, false
	}
	switch {
	case (key == "z" || key == "Z") && !shift:
		return s.Undo(), true
	case (key == "z" || key == "Z") && shift, key == "y" || key == "Y":
		return s.Redo(), true
	}
	return Effects{}, false
}

func (s *State) treeKey(key string) bool {
	t := s.TreeOf()
	if t == nil {
		return false
	}
	s.resolveNode()
	s.initOpen(s.Part)
	open := s.Expanded[s.Part]
	vis := model.VisibleNodes(t, open)
	at := 0
	for i, n := range vis {
		if n.ID == s.Node {
			at = i
		}
	}
	cur := vis[at]
	container := cur.Kind == model.KindObject || cur.Kind == model.KindArray
	move := func(id int) {
		s.selectNode(s.Part, id)
		s.revealHex(s.Sel.Off)
		s.fx.RevealNode = true
	}
	switch key {
	case "ArrowDown", "j":
		at = min(len(vis)-1, at+1)
	case "ArrowUp", "k":
		at = max(0, at-1)
	case "ArrowRight":
		if container && !open[cur.ID] {
			open[cur.ID] = true
			s.ExpandedRev++
		} else if container && len(cur.Children) > 0 {
			move(cur.Children[0].ID)
		}
		return true
	case "ArrowLeft":
		if container && open[cur.ID] {
			open[cur.ID] = false
			s.ExpandedRev++
		} else if cur.Parent != nil {
			move(cur.Parent.ID)
		}
		return true
	case "Enter", " ":
		if container {
			open[cur.ID] = !open[cur.ID]
			s.ExpandedRev++
		}
		return true
	case "Home":
		at = 0
	case "End":
		at = len(vis) - 1
	default:
		return false
	}
	move(vis[at].ID)
	return true
}

// CloseKeys closes the ? panel.
func (s *State) CloseKeys() { s.ShowKeys = false }

// HexRow records the first row the hex view shows (row= in the link; the
// page writes the link once scrolling stops, with Note).
func (s *State) HexRow(row int64) { s.Link.Row = row }
