package model

import "strings"

// MaxUses bounds the uses listed for one value: a value used on every line of
// a huge function lists its first uses and the count.
const MaxUses = 500

// Ref is one value of a disassembly (%12 in a function, @global, !7) with
// the line that defines it and the lines that use it.
type Ref struct {
	Name  string
	Def   int   // the defining line, -1 when the listing has none (a parameter, an intrinsic)
	Uses  []int // lines using it (at most MaxUses), in order
	Count int   // every use, listed or not
	// Scope is where Def and Uses were looked for when not the whole
	// listing ("its basic block" for an SHDR/SHEX register).
	Scope string
}

// refKey names a value within its scope: %values belong to their function,
// @globals and !metadata to the module.
type refKey struct {
	fn   int
	name string
}

// Refs is the definitions and uses of every value of the disassembly, found
// once from its text (the printer's own words: what the reader sees is what
// is linked).
type Refs struct {
	m map[refKey]*Ref
}

// Refs returns the disassembly's values, scanned on first use.
func (d *Disassembly) Refs() *Refs {
	if d.refs != nil {
		return d.refs
	}
	r := &Refs{m: map[refKey]*Ref{}}
	for i, l := range d.Lines {
		def := definedName(l.Text)
		for _, name := range valueNames(l.Text) {
			k := r.key(l.Func, name)
			ref := r.m[k]
			if ref == nil {
				ref = &Ref{Name: name, Def: -1}
				r.m[k] = ref
			}
			if name == def && ref.Def < 0 {
				ref.Def = i
				continue
			}
			if n := len(ref.Uses); n > 0 && ref.Uses[n-1] == i {
				continue // used twice on one line: listed once
			}
			ref.Count++
			if len(ref.Uses) < MaxUses {
				ref.Uses = append(ref.Uses, i)
			}
		}
	}
	d.refs = r
	return r
}

func (r *Refs) key(fn int, name string) refKey {
	if name[0] != '%' {
		fn = -1
	}
	return refKey{fn, name}
}

// Of returns the value name used on line (of function fn), or nil.
func (r *Refs) Of(fn int, name string) *Ref {
	if name == "" {
		return nil
	}
	return r.m[r.key(fn, name)]
}

// definedName is the value a line defines: "%12 = …", "@g = …", "!7 = …",
// "define … @f(", "declare … @f(".
func definedName(line string) string {
	t := strings.TrimLeft(line, " ")
	if strings.HasPrefix(t, "define ") || strings.HasPrefix(t, "declare ") {
		if i := strings.IndexByte(t, '@'); i >= 0 {
			return ScanName(t[i:])
		}
		return ""
	}
	if t == "" || t[0] != '%' && t[0] != '@' && t[0] != '!' {
		return ""
	}
	name := ScanName(t)
	if strings.HasPrefix(t[len(name):], " = ") {
		return name
	}
	return ""
}

// valueNames lists the %, @ and ! names of a line outside its comment and
// string literals, in order.
func valueNames(line string) []string {
	var out []string
	for i := 0; i < len(line); {
		switch c := line[i]; {
		case c == ';':
			return out
		case c == '"':
			j := strings.IndexByte(line[i+1:], '"')
			if j < 0 {
				return out
			}
			i += j + 2
		case c == '%' || c == '@' || c == '!':
			n := ScanName(line[i:])
			if len(n) > 1 {
				out = append(out, n)
			}
			i += max(len(n), 1)
		default:
			i++
		}
	}
	return out
}

// ScanName reads a sigil and the name after it: digits, identifiers with
// dots, or a quoted name (@"dx.op…").
func ScanName(s string) string {
	j := 1
	if j < len(s) && s[j] == '"' {
		k := strings.IndexByte(s[j+1:], '"')
		if k < 0 {
			return s[:1]
		}
		return s[:j+k+2]
	}
	for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z' || s[j] == '.' || s[j] == '_' || s[j] == '$' || s[j] == '-') {
		j++
	}
	if s[0] == '!' && j == 1 && j < len(s) && s[j] == '{' {
		return s[:1] // an inline node !{…}
	}
	return s[:j]
}
