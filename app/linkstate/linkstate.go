// Package linkstate turns the inspector's view state, and the container file
// itself, into the fragment of a share link ("#part=PSV0&field=...&f=...")
// and back. The fragment never reaches a server, so a shared shader stays
// between the people who have the link.
//
// The view state is a readable key=value list; the file travels
// deflate-compressed and base64url-encoded in f=. A file too large for a
// link that chat tools and browsers accept (MaxLinkLength) is replaced by its
// SHA-256 (sha=) and length (size=): the page asks for the file and checks it.
// A fragment without f= or sha= is a deep link, applied to whatever file the
// user opens.
//
// The package is pure Go (no go-app, no syscall/js) so it is tested natively.
// docs/share-links.md describes the format and the measurements.
package linkstate

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dxscope/dxscope/app/linkstate/deflate"
	"github.com/dxscope/dxscope/decode/report"
	"github.com/dxscope/dxscope/decode/rootsig"
)

// FormatVersion is the v= value this package writes. Decode refuses larger
// versions with a message saying the link needs a newer dxscope.
const FormatVersion = 1

// MaxLinkLength is the longest fragment Encode writes with the file inside:
// 12,000 characters. Slack truncates messages at 40,000 characters, Teams
// refuses messages over about 28 KB of HTML (a pasted link appears twice:
// as href and as text), Chromium shows at most 32 KiB of a URL; 12,000 fits
// all three and holds 99.8 % of the corpus files. Longer files go by sha=.
// See docs/share-links.md.
const MaxLinkLength = 12000

// MaxFragmentLength is the longest fragment Decode reads. Chromium accepts
// URLs up to 2 MiB, so a longer fragment is not a link any browser made.
const MaxFragmentLength = 2 << 20

// MaxFileSize bounds a file inflated from a link: decompression stops there
// with an error, so a deflate bomb (1,000:1) costs at most this much memory.
const MaxFileSize = 8 << 20

// MaxRootSigText bounds rs=: a root signature costs at most 64 DWORDs of
// parameters, so its text is a few KB even with long tables; a link with
// more is refused before the page compiles it (a megabyte takes seconds).
const MaxRootSigText = 64 << 10

// maxListItems bounds open= so a hostile link cannot ask for millions of nodes.
const maxListItems = 10000

// Range is a byte range [Start, End) of the file; the zero Range is no selection.
type Range struct {
	Start, End int64
}

// Empty reports whether r selects nothing.
func (r Range) Empty() bool { return r.End <= r.Start }

// State is what the page shows: everything a share link restores.
// Paths are JSON key paths in the part, as the decoder's spans name them
// ("PSVInfo/SigOutputElements[2]/Cols" in part PSV0).
type State struct {
	Name  string   // name=: the file's name as the user opened it
	At    int64    // at=: the offset in the file of the container shown (0: the file is one); any depth of nesting is one offset
	Part  string   // part=: the selected part's name (the first part of that name)
	Field string   // field=: the selected field or tree node
	Hex   Range    // hex=START-END: the selected bytes, End exclusive (decimal; 0x accepted)
	Row   int64    // row=: the first hex row shown (rows of 16 bytes)
	Open  []string // open=: the expanded tree nodes, comma-separated
	Tab   string   // tab=: the chosen tab
	Src   string   // src=FILE:LINE: the selected source line (file index in the debug information, line from 1)
	// Pages is page=COMMAND:N,…: the page (from 1) each paged text of the
	// Text tab shows, by its command, where that is not the first.
	Pages map[string]int

	Compare string // cmp=: the name of the file compared with (compare view)
	// Stages is stage=: the names of the files opened with this one as a
	// pipeline (tab=pipeline), at most MaxStages, in the order opened;
	// Link.Stages carries the files (s=) when the link can hold them;
	// else StageSHA256 (ssha=) names each by its SHA-256, so the page can
	// ask for them and check them (CheckStageFiles).
	Stages      []string
	StageSHA256 []string
	// RootSig is rs=: the root signature, as HLSL text, the compared pair's
	// pipeline is created with ("": the shaders' own); RootSigVersion is
	// rsv=, the version it compiles to ("1.0", "1.1", "1.2"; "": 1.1).
	RootSig        string
	RootSigVersion string

	// SHA256 and Size identify a file the link does not carry (sha=, size=),
	// so the page can ask for it and check it with CheckFile. When the link
	// carries the file as well, Decode checks that they agree.
	SHA256 string
	Size   int64
	// CompareSHA256 and CompareSize do the same for the compared file (csha=, csize=).
	CompareSHA256 string
	CompareSize   int64

	// Unknown lists, sorted, the keys Decode did not know and ignored (a link
	// from a newer dxscope still opens; the page may say what was ignored).
	// Encode does not write them.
	Unknown []string
}

// Link is a whole share link: the state and the files it carries.
type Link struct {
	State   State
	File    []byte // nil when the link does not carry the file
	Compare []byte // the compared file, nil when not carried
	// Stages are the files State.Stages names, all or none (nil when the
	// link does not carry them).
	Stages [][]byte
}

// MaxStages is the most files a pipeline link names beside its first: a
// graphics pipeline has five stages at most.
const MaxStages = 4

// Encoded says what EncodeLink put in the fragment.
type Encoded struct {
	Fragment        string // without the leading '#'
	FileEmbedded    bool   // f= carries the file (else sha= and size= identify it)
	CompareEmbedded bool   // c= carries the compared file
	StagesEmbedded  bool   // s= carries the pipeline's other files
}

// Encode returns the fragment (without '#') for the state and the file: with
// the file inside when the fragment stays within MaxLinkLength, else with
// the file's SHA-256 and size. A nil file makes a deep link.
func Encode(s State, file []byte) string {
	return EncodeLink(Link{State: s, File: file}, MaxLinkLength).Fragment
}

// EncodeLink writes a fragment of at most limit characters where it can: it
// embeds the file, then the compared file, each only if the result still
// fits; a file left out is named by its SHA-256 and size. The state alone
// may exceed limit (a very long field path); limit <= 0 means no limit.
func EncodeLink(l Link, limit int) Encoded {
	s := l.State
	var f, c string
	if l.File != nil {
		f = compress(l.File)
		s.SHA256, s.Size = "", 0
	}
	if l.Compare != nil {
		c = compress(l.Compare)
		s.CompareSHA256, s.CompareSize = "", 0
	}
	var stages []string
	for _, b := range l.Stages {
		stages = append(stages, compress(b))
	}
	if len(l.Stages) > 0 {
		s.StageSHA256 = nil
	}
	fits := func(n int) bool { return limit <= 0 || n <= limit }
	out := Encoded{}
	withFile, withCompare, withStages := l.File != nil, l.Compare != nil, len(l.Stages) > 0
	build := func() string {
		t := s
		if l.File != nil && !withFile {
			t.SHA256, t.Size = SHA256(l.File), int64(len(l.File))
		}
		if l.Compare != nil && !withCompare {
			t.CompareSHA256, t.CompareSize = SHA256(l.Compare), int64(len(l.Compare))
		}
		if len(l.Stages) > 0 && !withStages {
			t.StageSHA256 = nil
			for _, b := range l.Stages {
				t.StageSHA256 = append(t.StageSHA256, SHA256(b))
			}
		}
		ff, cc := "", ""
		if withFile {
			ff = f
		}
		if withCompare {
			cc = c
		}
		if withStages {
			return writeFragment(t, ff, cc, stages...)
		}
		return writeFragment(t, ff, cc)
	}
	frag := build()
	// The stages go in only with everything else (they are the least use
	// alone: the first file is what a pipeline link opens on).
	if !fits(len(frag)) && withStages {
		withStages = false
		frag = build()
	}
	if !fits(len(frag)) && withCompare {
		withCompare = false
		frag = build()
	}
	if !fits(len(frag)) && withFile {
		withFile = false
		frag = build()
		// With the file out, the compared file may fit again.
		if l.Compare != nil && !withCompare {
			withCompare = true
			if frag2 := build(); fits(len(frag2)) {
				frag = frag2
			} else {
				withCompare = false
			}
		}
	}
	out.Fragment, out.FileEmbedded, out.CompareEmbedded, out.StagesEmbedded = frag, withFile, withCompare, withStages
	return out
}

// SHA256 returns the lowercase hex SHA-256 of data, as sha= carries it.
func SHA256(data []byte) string {
	sum := sum256(data)
	return hex.EncodeToString(sum[:])
}

// CheckFile reports whether data is the file the state names by sha= (and
// size=); a state without sha= accepts any file (a deep link).
func CheckFile(s State, data []byte) error {
	return checkHash(s.SHA256, s.Size, data, "the link")
}

// CheckStageFiles puts files opened together in the order of the pipeline
// the link names: the first one's SHA-256 is first (sha=, or the file the
// link carried), the others' the link's ssha=, in any order given. It
// says which do not belong.
func CheckStageFiles(s State, first string, datas [][]byte) ([]int, error) {
	want := append([]string{first}, s.StageSHA256...)
	if len(datas) != len(want) {
		return nil, fmt.Errorf("the link's pipeline has %d files; %d were opened", len(want), len(datas))
	}
	have := make([]string, len(datas))
	for j, d := range datas {
		have[j] = SHA256(d)
	}
	order := make([]int, len(want))
	used := make([]bool, len(datas))
	for i, h := range want {
		found := false
		for j := range datas {
			if !used[j] && have[j] == h {
				order[i], used[j], found = j, true, true
				break
			}
		}
		if !found {
			name := s.Name
			if i > 0 {
				name = s.Stages[i-1]
			}
			return nil, fmt.Errorf("none of the files opened is the link's %s (SHA-256 %s)", name, h)
		}
	}
	return order, nil
}

// CheckCompareFile is CheckFile for the compared file (csha=, csize=).
func CheckCompareFile(s State, data []byte) error {
	return checkHash(s.CompareSHA256, s.CompareSize, data, "the link's compared file")
}

func checkHash(sha string, size int64, data []byte, what string) error {
	if sha == "" {
		return nil
	}
	if got := SHA256(data); got != sha {
		if size > 0 && size != int64(len(data)) {
			return fmt.Errorf("this is not the file %s was made from: it is %d bytes, the link expects %d bytes with SHA-256 %s", what, len(data), size, sha)
		}
		return fmt.Errorf("this is not the file %s was made from: its SHA-256 is %s, the link expects %s", what, got, sha)
	}
	return nil
}

// Decode reads a fragment (with or without its '#'): the state and the file
// it carries (nil when it does not). Errors are sentences for the page.
func Decode(fragment string) (State, []byte, error) {
	l, err := DecodeLink(fragment)
	return l.State, l.File, err
}

// DecodeLink reads a fragment into a Link, including the compared file.
func DecodeLink(fragment string) (Link, error) {
	var l Link
	fragment = strings.TrimPrefix(fragment, "#")
	if len(fragment) > MaxFragmentLength {
		return l, fmt.Errorf("the link is %d characters long, more than any browser keeps (%d): it is not a dxscope link", len(fragment), MaxFragmentLength)
	}
	seen := map[string]bool{}
	unknown := map[string]bool{}
	var f, c, stageFiles string
	var hasF, hasC, hasS bool
	s := &l.State
	for _, item := range strings.Split(fragment, "&") {
		if item == "" {
			continue
		}
		key, raw, _ := strings.Cut(item, "=")
		if seen[key] {
			return Link{}, fmt.Errorf("the link has %s= twice", keyName(key))
		}
		seen[key] = true
		var err error
		switch key {
		case "f":
			f, hasF = raw, true
			continue
		case "c":
			c, hasC = raw, true
			continue
		case "s":
			stageFiles, hasS = raw, true
			continue
		}
		val, uerr := url.PathUnescape(raw)
		if uerr != nil {
			return Link{}, fmt.Errorf("the link's %s= value %s is badly escaped: %v", keyName(key), shorten(raw), uerr)
		}
		if !utf8.ValidString(val) && key != "part" {
			return Link{}, fmt.Errorf("the link's %s= value is not valid UTF-8", keyName(key))
		}
		switch key {
		case "v":
			var v int64
			v, err = number(val)
			if err == nil && v > FormatVersion {
				err = fmt.Errorf("this link was made by a newer dxscope (link format %d; this page reads %d): reload the page", v, FormatVersion)
			} else if err == nil && v < 1 {
				err = fmt.Errorf("link format %d does not exist", v)
			}
		case "name":
			s.Name = val
		case "at":
			s.At, err = number(val)
		case "part":
			s.Part = val
		case "field":
			s.Field = pathFromLink(val)
		case "hex":
			s.Hex, err = parseRange(val)
		case "row":
			s.Row, err = number(val)
		case "open":
			if val != "" {
				var items []string
				if items, err = list(raw, maxListItems, "open nodes"); err == nil {
					for _, it := range items {
						s.Open = append(s.Open, pathFromLink(it))
					}
				}
			}
		case "tab":
			s.Tab = val
		case "page":
			s.Pages = parsePages(raw)
		case "src":
			s.Src = val
		case "cmp":
			s.Compare = val
		case "stage":
			s.Stages, err = list(raw, MaxStages, "pipeline files beside the first")
		case "ssha":
			var items []string
			if items, err = list(raw, MaxStages, "pipeline file hashes"); err == nil {
				for _, it := range items {
					var h string
					if h, err = parseSHA(it); err != nil {
						break
					}
					s.StageSHA256 = append(s.StageSHA256, h)
				}
			}
		case "rs":
			if len(val) > MaxRootSigText {
				err = fmt.Errorf("is %d bytes, more than a root signature's text takes (%d)", len(val), MaxRootSigText)
			}
			s.RootSig = val
		case "rsv":
			if _, ok := rootsig.VersionByName(val); !ok {
				err = errors.New("is not a root signature version (1.0, 1.1 or 1.2)")
			}
			s.RootSigVersion = val
		case "sha":
			s.SHA256, err = parseSHA(val)
		case "size":
			s.Size, err = number(val)
		case "csha":
			s.CompareSHA256, err = parseSHA(val)
		case "csize":
			s.CompareSize, err = number(val)
		default:
			unknown[key] = true
		}
		if err != nil {
			return Link{}, fmt.Errorf("the link's %s= value %s: %w", keyName(key), shorten(val), err)
		}
	}
	for k := range unknown {
		s.Unknown = append(s.Unknown, k)
	}
	sort.Strings(s.Unknown)
	var err error
	if hasF {
		if l.File, err = carried(f, "file", "sha", func(b []byte) error { return CheckFile(*s, b) }); err != nil {
			return Link{}, err
		}
		s.SHA256, s.Size = "", 0
	}
	if hasC {
		if l.Compare, err = carried(c, "compared file", "csha", func(b []byte) error { return CheckCompareFile(*s, b) }); err != nil {
			return Link{}, err
		}
		s.CompareSHA256, s.CompareSize = "", 0
	}
	if s.StageSHA256 != nil && len(s.StageSHA256) != len(s.Stages) {
		return Link{}, fmt.Errorf("the link names %d pipeline files (stage=) but %d hashes (ssha=)", len(s.Stages), len(s.StageSHA256))
	}
	if hasS {
		items := strings.Split(stageFiles, ",")
		if len(items) != len(s.Stages) {
			return Link{}, fmt.Errorf("the link carries %d pipeline files (s=) for %d names (stage=)", len(items), len(s.Stages))
		}
		for i, it := range items {
			b, err := decompress(it, fmt.Sprintf("pipeline file %d", i+2))
			if err != nil {
				return Link{}, err
			}
			if s.StageSHA256 != nil && SHA256(b) != s.StageSHA256[i] {
				return Link{}, fmt.Errorf("pipeline file %d in the link does not match its ssha= (the link was edited or damaged)", i+2)
			}
			l.Stages = append(l.Stages, b)
		}
		s.StageSHA256 = nil
	}
	return l, nil
}

// list reads a comma-separated value of at most max items (what says what
// they are), each unescaped: raw was unescaped whole without an error, so
// each item is too.
func list(raw string, max int, what string) ([]string, error) {
	items := strings.Split(raw, ",")
	if len(items) > max {
		return nil, fmt.Errorf("%d %s, more than the %d a link may hold", len(items), what, max)
	}
	for i, it := range items {
		items[i], _ = url.PathUnescape(it)
	}
	return items, nil
}

// carried decompresses a file the link carries and checks it against the
// hash (key=) the link names for it.
func carried(raw, what, key string, check func([]byte) error) ([]byte, error) {
	data, err := decompress(raw, what)
	if err != nil {
		return nil, err
	}
	if err := check(data); err != nil {
		return nil, fmt.Errorf("the %s in the link does not match its %s= (the link was edited or damaged): %w", what, key, err)
	}
	return data, nil
}

// ---- writing ----

func writeFragment(s State, f, c string, stages ...string) string {
	var b strings.Builder
	add := func(key, val string) {
		if b.Len() > 0 {
			b.WriteByte('&')
		}
		b.WriteString(key)
		b.WriteByte('=')
		b.WriteString(val)
	}
	add("v", strconv.Itoa(FormatVersion))
	if s.Name != "" {
		add("name", escape(s.Name))
	}
	if s.At > 0 {
		add("at", fmt.Sprintf("0x%x", s.At)) // as the page shows offsets
	}
	if s.Part != "" {
		add("part", escape(s.Part))
	}
	if s.Field != "" {
		add("field", escape(pathToLink(s.Field)))
	}
	if !s.Hex.Empty() {
		add("hex", fmt.Sprintf("%d-%d", s.Hex.Start, s.Hex.End))
	}
	if s.Row > 0 {
		add("row", strconv.FormatInt(s.Row, 10))
	}
	if s.Tab != "" {
		add("tab", escape(s.Tab))
	}
	var pages []string // the first page is not written: a link without page= is unchanged
	for cmd, n := range s.Pages {
		if n > 1 && cmd != "" {
			pages = append(pages, escape(cmd)+":"+strconv.Itoa(n))
		}
	}
	if len(pages) > 0 {
		sort.Strings(pages)
		add("page", strings.Join(pages, ","))
	}
	if s.Src != "" {
		add("src", escape(s.Src))
	}
	if len(s.Open) > 0 {
		add("open", escapeList(s.Open, pathToLink))
	}
	if s.Compare != "" {
		add("cmp", escape(s.Compare))
	}
	if len(s.Stages) > 0 {
		add("stage", escapeList(s.Stages, func(n string) string { return n }))
	}
	if len(s.StageSHA256) > 0 {
		add("ssha", strings.Join(s.StageSHA256, ","))
	}
	if s.RootSig != "" {
		add("rs", escape(s.RootSig))
		if s.RootSigVersion != "" {
			add("rsv", s.RootSigVersion)
		}
	}
	if s.SHA256 != "" {
		add("sha", s.SHA256)
	}
	if s.Size > 0 {
		add("size", strconv.FormatInt(s.Size, 10))
	}
	if s.CompareSHA256 != "" {
		add("csha", s.CompareSHA256)
	}
	if s.CompareSize > 0 {
		add("csize", strconv.FormatInt(s.CompareSize, 10))
	}
	// The files go last, so the readable part leads the link.
	if f != "" {
		add("f", f)
	}
	if c != "" {
		add("c", c)
	}
	if len(stages) > 0 {
		add("s", strings.Join(stages, ","))
	}
	return b.String()
}

// escapeList writes a list of values as a link does: each put in its link
// form by form and escaped, comma-separated.
func escapeList(values []string, form func(string) string) string {
	items := make([]string, len(values))
	for i, v := range values {
		items[i] = escape(form(v))
	}
	return strings.Join(items, ",")
}

// escape percent-encodes everything except letters, digits, "-._~" and the
// path characters "/" and ":". Commas, brackets, parentheses and stars are
// escaped too: chat tools' link detectors and Markdown end or break links there.
func escape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~/:", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// pathToLink writes array indices as path segments ("Elements[2]/Cols" →
// "Elements/2/Cols"): brackets need escaping in a URL, slashes do not.
func pathToLink(p string) string { return report.IndexPath(p) }

// pathFromLink reads a link's field path in the form the page uses, indices
// as segments ("PSVInfo/SigOutputElements/0/Cols"): a link written by hand or
// by an old page with brackets ("…Elements[0]…") reads as pathToLink would
// have written it, so a link read and written again is the same link.
func pathFromLink(p string) string { return report.IndexPath(p) }

// compress is the f=/c= value of a file: raw deflate, base64url. The
// deflate is our own small encoder (package deflate), not compress/flate's
// writer, which costs the page about 75 KB of wasm code; the reader stays
// compress/flate's, so links made either way open.
func compress(data []byte) string {
	return base64.RawURLEncoding.EncodeToString(deflate.Compress(data))
}

// ---- reading ----

func decompress(s, what string) ([]byte, error) {
	// Be lenient with what pasting does to base64: padding, the standard alphabet.
	s = strings.TrimRight(s, "=")
	s = strings.NewReplacer("+", "-", "/", "_", "%3D", "", "%3d", "").Replace(s)
	z, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		var ce base64.CorruptInputError
		if errors.As(err, &ce) {
			return nil, fmt.Errorf("the %s in the link is damaged: character %d is not base64url (was the link changed when it was pasted?)", what, int64(ce))
		}
		return nil, fmt.Errorf("the %s in the link is damaged: %v", what, err)
	}
	r := flate.NewReader(bytes.NewReader(z))
	defer r.Close()
	out, err := io.ReadAll(io.LimitReader(r, MaxFileSize+1))
	switch {
	case err == io.ErrUnexpectedEOF:
		return nil, fmt.Errorf("the %s in the link is cut short after %d bytes (was the link truncated when it was pasted?)", what, len(out))
	case err != nil:
		return nil, fmt.Errorf("the %s in the link does not decompress: %v", what, err)
	case len(out) > MaxFileSize:
		return nil, fmt.Errorf("the %s in the link inflates to more than %d MiB: refused (a damaged or hostile link)", what, MaxFileSize>>20)
	}
	return out, nil
}

func number(s string) (int64, error) {
	base := 10
	if t, ok := strings.CutPrefix(strings.ToLower(s), "0x"); ok {
		s, base = t, 16
	}
	if s == "" || strings.HasPrefix(s, "+") || strings.HasPrefix(s, "-") {
		return 0, errors.New("not a non-negative number")
	}
	v, err := strconv.ParseInt(s, base, 64)
	if err != nil || v > 1<<48 {
		return 0, errors.New("not a number a file offset can be")
	}
	return v, nil
}

func parseRange(s string) (Range, error) {
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		return Range{}, errors.New("want START-END")
	}
	start, err := number(a)
	if err != nil {
		return Range{}, fmt.Errorf("start: %w", err)
	}
	end, err := number(b)
	if err != nil {
		return Range{}, fmt.Errorf("end: %w", err)
	}
	if end <= start {
		return Range{}, errors.New("the end must be after the start")
	}
	return Range{start, end}, nil
}

// parsePages reads page='s items; a malformed one, or a page below 2 (the
// first is not written), is ignored rather than refusing the whole link.
func parsePages(raw string) map[string]int {
	var pages map[string]int
	items := strings.Split(raw, ",")
	for _, it := range items[:min(len(items), maxListItems)] {
		it, _ = url.PathUnescape(it) // raw already unescaped whole without error
		i := strings.LastIndexByte(it, ':')
		if i <= 0 {
			continue
		}
		if n, err := number(it[i+1:]); err == nil && n > 1 && n <= 1<<31 {
			if pages == nil {
				pages = map[string]int{}
			}
			pages[it[:i]] = int(n)
		}
	}
	return pages
}

func parseSHA(s string) (string, error) {
	s = strings.ToLower(s)
	if len(s) != 64 {
		return "", fmt.Errorf("a SHA-256 is 64 hex digits, not %d characters", len(s))
	}
	if _, err := hex.DecodeString(s); err != nil {
		return "", errors.New("a SHA-256 is 64 hex digits")
	}
	return s, nil
}

// keyName is a link key as a message shows it: bare when it is a plain word.
func keyName(k string) string {
	for _, r := range k {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return shorten(k)
		}
	}
	if len(k) > 40 || k == "" {
		return shorten(k)
	}
	return k
}

// shorten quotes a piece of the link for a message, cut to 40 bytes so a
// hostile link is not echoed back whole (quoting may still quadruple it).
func shorten(s string) string {
	if len(s) > 40 {
		cut := 40
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		return strconv.Quote(s[:cut]) + "…"
	}
	return strconv.Quote(s)
}
