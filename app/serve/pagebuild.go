//go:build !wasm

package serve

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// The page never serves HTTP, but go-app's package holds its server
// (Handler, in http.go and resource.go) beside the browser code, and that
// import of net/http keeps crypto/tls, every elliptic curve, RSA, ML-KEM,
// math/big and mime in app.wasm through their package initialisers: 1.7 MB
// of code V8 compiles on every cold load, 310 KB of the brotli download.
// go build's -overlay may not touch the module cache, so the page is built
// with -modfile against a copy of go-app that has those two files replaced
// by goappPageStub. Should a go-app release move things so the copy no
// longer builds, BuildWasm says so and builds with go-app as it is.

// GoAppModule is the module whose server half the page leaves out.
const GoAppModule = "github.com/maxence-charriere/go-app/v10"

// HumanizeModule is go-humanize, which the page uses for sizes as the CLI
// does. Its files si.go (SI prefixes, whose initialiser compiles a regular
// expression) and bigbytes.go (math/big sizes, initialised at start) hold
// nothing the page calls; its copy leaves them out, so the page links
// neither package regexp nor math/big for two small functions.
const HumanizeModule = "github.com/dustin/go-humanize"

// pageCopy is a module the page builds against a copy of, less some files
// and plus a stub: Dropped lists the files (slash paths in the module), Dirs
// the folders copied ("" the module's own), Stub what the rest needs of the
// dropped files (written as StubFile; "" for none), Edits the lines of kept
// files that call into what the page leaves out.
type pageCopy struct {
	Module   string
	Dirs     func(rel string) bool
	Dropped  map[string]bool
	Stub     string
	StubFile string
	Edits    []fileEdit
}

// fileEdit replaces Old, which must occur exactly once in File (a slash
// path in the module), with New.
type fileEdit struct{ File, Old, New string }

// edited returns b, the content of file rel, with the copy's edits of it
// applied and how many, or an error naming an edit whose text is not there
// once.
func (c pageCopy) edited(rel string, b []byte) ([]byte, int, error) {
	n := 0
	for _, e := range c.Edits {
		if e.File != rel {
			continue
		}
		if k := bytes.Count(b, []byte(e.Old)); k != 1 {
			return nil, n, fmt.Errorf("%s: the text the page's copy replaces occurs %d times, not once: %q", rel, k, e.Old)
		}
		b = bytes.Replace(b, []byte(e.Old), []byte(e.New), 1)
		n++
	}
	return b, n, nil
}

// pageCopies are the modules the page's build replaces with their copies.
var pageCopies = []pageCopy{
	{Module: GoAppModule, Dirs: func(rel string) bool { return rel == "." || rel == "pkg" || strings.HasPrefix(rel, "pkg/") },
		Dropped: goappDropped, Stub: goappPageStub + pageURLParser(), StubFile: "pkg/app/dxscope_page_wasm.go", Edits: goappEdits},
	{Module: HumanizeModule, Dirs: func(rel string) bool { return rel == "." },
		Dropped: map[string]bool{"si.go": true, "bigbytes.go": true}},
}

// goappDropped are go-app's files that hold only its HTTP server, and its
// router, whose RouteWithRegexp keeps package regexp in app.wasm (its parser,
// compiler and Unicode tables: about 25 KB of brotli) although the page
// routes one fixed path; and its states (Context.SetState, ObserveState,
// GetState, DelState), which the page does not use but whose persistence
// (encrypted with AES-GCM, stored as JSON with a time.Time) kept go-app's
// cipher code, the JSON decoder's route through time.Time and the
// state store's reads of localStorage at every start (about 28 KB of brotli).
var goappDropped = map[string]bool{"pkg/app/http.go": true, "pkg/app/resource.go": true, "pkg/app/route.go": true,
	"pkg/app/state.go": true, "pkg/app/crypto.go": true}

// goappEdits change a few lines of go-app's browser code. The list of
// internal URLs, which only go-app's server (left out) sets, is read without
// encoding/json's decoder, which nothing else of the page needs (about 35 KB
// of brotli with decode/diff's reading of JSON). The device identifier's
// random UUID comes from the browser's crypto.getRandomValues, as
// crypto/rand's does under js/wasm, so that github.com/google/uuid, and with
// it crypto/rand, crypto/md5 and crypto/sha1 and the FIPS 140 module their
// initialisers bring (DRBG, AES, SHA-3, HMAC), are not linked.
//
// Two edits are about speed. A component's update (Dispatch, an event,
// an action it handles) draws that component alone: go-app also draws every
// component above it, so each scroll or resize of the hex view, each command
// to a view and each link written drew the whole page again (two or three
// times per opened file). In dxscope state flows down through components'
// fields and back up only through actions, which the Inspector handles as
// its own updates, so a view's update never changes what its parents draw;
// PreventUpdate likewise concerns the component alone. And the page draws a
// change 1 ms after the first event that asks for it instead of 8.3 (go-app
// waits a 120th of a second to batch a frame's events, time every click and
// opened file waited on top of its work).
var goappEdits = []fileEdit{
	{File: "pkg/app/engine.go", Old: "\t\"encoding/json\"\n", New: ""},
	{File: "pkg/app/engine.go", Old: `json.Unmarshal([]byte(Getenv("GOAPP_INTERNAL_URLS")), &e.internalURLs)`,
		New: `e.internalURLs = pageInternalURLs(Getenv("GOAPP_INTERNAL_URLS"))`},
	{File: "pkg/app/context.go", Old: "\t\"github.com/google/uuid\"\n", New: ""},
	{File: "pkg/app/context.go", Old: "id = uuid.NewString()", New: "id = pageUUID()"},
	{File: "pkg/app/app.go", Old: "engine.Start(120)", New: "engine.Start(1000)"},
	{File: "pkg/app/node.go", Old: "\t\"html\"\n", New: ""},
	{File: "pkg/app/node.go", Old: "html.EscapeString(v.value)", New: "pageEscapeHTML(v.value)"},
	{File: "pkg/app/context.go",
		Old: "for c, ok := component(ctx.sourceElement); ok; c, ok = component(c.parent()) {\n\t\t\tctx.addComponentUpdate(c, 1)",
		New: "if c, ok := component(ctx.sourceElement); ok {\n\t\t\tctx.addComponentUpdate(c, 1)"},
	{File: "pkg/app/context.go",
		Old: "for c, ok := component(ctx.sourceElement); ok; c, ok = component(c.parent()) {\n\t\tctx.addComponentUpdate(c, -1)",
		New: "if c, ok := component(ctx.sourceElement); ok {\n\t\tctx.addComponentUpdate(c, -1)"},
	{File: "pkg/app/context.go", Old: "u, err := url.Parse(rawURL)", New: "u, err := pageParseURL(rawURL)"},
	{File: "pkg/app/js_wasm.go", Old: "u, _ := url.Parse(rawurl)", New: "u, _ := pageParseURL(rawurl)"},
	// go-app's own elements (the page's root, Compo's default Render, the
	// not-found page) as Elem, as the page builds its own
	// (TestPageBuildsElementsWithElem): 5 element kinds fewer.
	{File: "pkg/app/engine.go", Old: "firstChild := Div()\n\t\tfirstChild = firstChild.setJSElement(body.JSValue().firstElementChild()).(HTMLDiv)\n\t\tfirstChild = firstChild.setParent(body).(HTMLDiv)",
		New: "firstChild := Elem(\"div\")\n\t\tfirstChild = firstChild.setJSElement(body.JSValue().firstElementChild()).(HTMLElem)\n\t\tfirstChild = firstChild.setParent(body).(HTMLElem)"},
	{File: "pkg/app/component.go", Old: "return Div().\n\t\tDataSet(\"compo-type\"", New: "return Elem(\"div\").\n\t\tDataSet(\"compo-type\""},
	{File: "pkg/app/component.go", Old: "H1().Text(\"Component ", New: "Elem(\"h1\").Text(\"Component "},
	{File: "pkg/app/component.go", Old: "P().Body(\n\t\t\t\tText(\"Change", New: "Elem(\"p\").Body(\n\t\t\t\tText(\"Change"},
	{File: "pkg/app/component.go", Old: "Code().\n", New: "Elem(\"code\").\n"},
	{File: "pkg/app/notfound.go", Old: "return Div().\n\t\tClass(\"goapp-app-info\")", New: "return Elem(\"div\").\n\t\tClass(\"goapp-app-info\")"},
	{File: "pkg/app/notfound.go", Old: "\t\t\tDiv().\n\t\t\t\tClass(\"goapp-notfound-title\")", New: "\t\t\tElem(\"div\").\n\t\t\t\tClass(\"goapp-notfound-title\")"},
	{File: "pkg/app/notfound.go", Old: "Img().\n\t\t\t\t\t\tClass(\"goapp-logo\").\n\t\t\t\t\t\tAlt(\"0\").\n\t\t\t\t\t\tSrc(n.Icon)",
		New: "Elem(\"img\").\n\t\t\t\t\t\tClass(\"goapp-logo\").\n\t\t\t\t\t\tAttr(\"alt\", \"0\").\n\t\t\t\t\t\tAttr(\"src\", n.Icon)"},
	{File: "pkg/app/notfound.go", Old: "P().\n\t\t\t\tClass(\"goapp-label\")", New: "Elem(\"p\").\n\t\t\t\tClass(\"goapp-label\")"},
}

// pageURLFile is pageurl.go, whose parser for the browser's URLs the copy
// of go-app reads its URLs with instead of url.Parse.
//
//go:embed pageurl.go
var pageURLFile string

// pageIPFile is pageip.go, whose check of an IP literal net/url's overlay
// makes instead of netip.ParseAddr.
//
//go:embed pageip.go
var pageIPFile string

// stdEdits are the page's edits of the standard library, File a slash path
// under GOROOT/src. net/url without net/netip: pageip.go says why.
// compress/flate: the page reads deflate (links, zlib parts) but writes it
// with app/linkstate/deflate, yet the package's initialisers built the
// writer's fixed and offset Huffman encoders at every start, which kept
// huffmanEncoder's generate, bitCounts, its sorts and their callers (about
// 15 KB of code) in app.wasm; the edits build them on a writer's first use
// instead (pageFlateFile declares the sync.Once), so compress/flate still
// writes if anything of the page ever asks it to.
var stdEdits = []fileEdit{
	{File: "compress/flate/huffman_code.go",
		Old: "var fixedLiteralEncoding *huffmanEncoder = generateFixedLiteralEncoding()\nvar fixedOffsetEncoding *huffmanEncoder = generateFixedOffsetEncoding()\n",
		New: "var fixedLiteralEncoding, fixedOffsetEncoding *huffmanEncoder // made by pageEncoders\n"},
	{File: "compress/flate/huffman_bit_writer.go",
		Old: "func init() {\n\toffsetFreq := make([]int32, offsetCodeCount)",
		New: "func pageEncoders() {\n\tfixedLiteralEncoding = generateFixedLiteralEncoding()\n\tfixedOffsetEncoding = generateFixedOffsetEncoding()\n\toffsetFreq := make([]int32, offsetCodeCount)"},
	{File: "compress/flate/huffman_bit_writer.go",
		Old: "func newHuffmanBitWriter(w io.Writer) *huffmanBitWriter {\n",
		New: "func newHuffmanBitWriter(w io.Writer) *huffmanBitWriter {\n\tpageEncodersOnce.Do(pageEncoders)\n"},
	{File: "net/url/url.go", Old: "\t\"net/netip\"\n", New: ""},
	{File: "net/url/url.go",
		Old: "addr, err := netip.ParseAddr(unescapedHostname)\n\t\tif err != nil {\n\t\t\treturn \"\", fmt.Errorf(\"invalid host: %w\", err)\n\t\t}\n\t\tif addr.Is4() {",
		New: "is4, err := pageParseIPLiteral(unescapedHostname)\n\t\tif err != nil {\n\t\t\treturn \"\", fmt.Errorf(\"invalid host: %w\", err)\n\t\t}\n\t\tif is4 {"},
}

// pageFlateFile is added to compress/flate by the page's overlay (stdEdits).
const pageFlateFile = `// Written by dxscope's app/serve (pagebuild.go's stdEdits).

package flate

import "sync"

// pageEncodersOnce builds the writer's Huffman encoders on its first use,
// where the package's initialisers built them at every start of the page.
var pageEncodersOnce sync.Once
`

// pageOverlay writes into dir the standard library's files as the page
// builds them (stdEdits, plus net/url's IP-literal check and compress/flate's
// sync.Once) and a go build -overlay naming them, and returns its path. It
// fails, and the page is built with the standard library as it is, when an
// edit's text is not where it was (another Go release).
func pageOverlay(root, dir string) (string, error) {
	env := exec.Command("go", "env", "GOROOT")
	env.Dir = root
	out, err := env.Output()
	if err != nil {
		return "", fmt.Errorf("go env GOROOT: %w", err)
	}
	src := filepath.Join(strings.TrimSpace(string(out)), "src")
	_, code, ok := strings.Cut(pageIPFile, pageIPMarker)
	if !ok {
		panic("app/serve/pageip.go has lost its marker")
	}
	files := map[string][]byte{
		"net/url/dxscope_page_ip.go":     []byte("// Written by dxscope's app/serve (pageip.go).\n\npackage url\n\nimport (\n\t\"strconv\"\n\t\"strings\"\n)\n\n" + code),
		"compress/flate/dxscope_page.go": []byte(pageFlateFile),
	}
	edits := 0
	for _, e := range stdEdits {
		if files[e.File] != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join(src, filepath.FromSlash(e.File)))
		if err != nil {
			return "", err
		}
		b, k, err := (pageCopy{Edits: stdEdits}).edited(e.File, b)
		if err != nil {
			return "", err
		}
		files[e.File] = b
		edits += k
	}
	if edits != len(stdEdits) {
		return "", fmt.Errorf("%d of the standard library's %d edits applied", edits, len(stdEdits))
	}
	replace := map[string]string{}
	for rel, b := range files {
		p := filepath.Join(dir, "std", filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return "", err
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return "", err
		}
		replace[filepath.Join(src, filepath.FromSlash(rel))] = p
	}
	j, err := json.Marshal(map[string]any{"Replace": replace})
	if err != nil {
		return "", err
	}
	overlay := filepath.Join(dir, "overlay.json")
	return overlay, os.WriteFile(overlay, j, 0o644)
}

// pageURLParser is the code of pageurl.go below its marker.
func pageURLParser() string {
	_, code, ok := strings.Cut(pageURLFile, pageURLMarker)
	if !ok {
		panic("app/serve/pageurl.go has lost its marker")
	}
	return code
}

// goappPageStub declares what the rest of go-app's browser code names from
// the dropped files and edits: the Handler type (GenerateStaticWebsite's
// argument, which panics under wasm anyway), the resolver of static resource
// URLs, the router without regular expressions, states that say they are
// left out, the internal URLs' reader and the device identifier's UUID;
// pageURLParser adds the reader of the browser's URLs.
const goappPageStub = `//go:build wasm

// Written by dxscope's app/serve: what go-app's browser code needs of the
// files this copy leaves out or edits.

package app

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"syscall/js"
	"time"
)

type Handler struct{}

func clientResourceResolver(base string) func(string) string {
	return func(loc string) string {
		if strings.HasPrefix(loc, "https://") || strings.HasPrefix(loc, "http://") {
			return loc
		}
		if loc != "web" && loc != "/web" && !strings.HasPrefix(loc, "web/") && !strings.HasPrefix(loc, "/web/") {
			return loc
		}
		return base + "/" + strings.TrimPrefix(strings.Trim(loc, "/"), "web/")
	}
}

// router is go-app's router for paths given exactly (app.Route); the page
// build has no RouteWithRegexp.
type router struct {
	mu     sync.RWMutex
	routes map[string]func() Composer
}

func makeRouter() router {
	return router{routes: make(map[string]func() Composer)}
}

func (r *router) route(path string, newComponent func() Composer) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.routes[path] = newComponent
}

func (r *router) routeWithRegexp(pattern string, newComponent func() Composer) {
	panic("app.RouteWithRegexp is left out of dxscope's page build (app/serve/pagebuild.go)")
}

func (r *router) routed(path string) bool {
	r.mu.RLock()
	defer r.mu.RUnlock()
	_, ok := r.routes[path]
	return ok
}

func (r *router) createComponent(path string) (Composer, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	if newComponent, ok := r.routes[path]; ok {
		return newComponent(), true
	}
	return nil, false
}

// errStatesLeftOut is what go-app's states say in dxscope's page build.
var errStatesLeftOut = errors.New("go-app's states and their encryption are left out of dxscope's page build (app/serve/pagebuild.go)")

func encrypt(key string, v []byte) ([]byte, error) { return nil, errStatesLeftOut }
func decrypt(key string, v []byte) ([]byte, error) { return nil, errStatesLeftOut }

// State is go-app's state handle; the page build has no states.
type State struct{}

func (s State) ExpiresIn(v time.Duration) State { return s }
func (s State) ExpiresAt(v time.Time) State     { return s }
func (s State) Persist() State                  { return s }
func (s State) PersistWithEncryption() State    { return s }
func (s State) Broadcast() State                { return s }

// Observer is go-app's state observer; the page build has no states.
type Observer struct{}

func (o Observer) While(condition func() bool) Observer { return o }
func (o Observer) OnChange(h func()) Observer           { return o }
func (o Observer) WithBroadcast() Observer              { return o }

type stateManager struct{}

func (m *stateManager) Observe(ctx Context, state string, receiver any) Observer {
	panic(errStatesLeftOut)
}
func (m *stateManager) Get(ctx Context, state string, receiver any) { panic(errStatesLeftOut) }
func (m *stateManager) Set(ctx Context, state string, v any) State  { panic(errStatesLeftOut) }
func (m *stateManager) Delete(ctx Context, state string)            { panic(errStatesLeftOut) }
func (m *stateManager) Cleanup()                                    {}
func (m *stateManager) CleanupExpiredPersistedStates(ctx Context)   {}

// pageInternalURLs reads the JSON array of strings go-app's server writes
// as GOAPP_INTERNAL_URLS (dxscope's server writes none): its items, each
// a JSON string without escapes other than Go's; nil for anything else.
func pageInternalURLs(list string) []string {
	list = strings.TrimSpace(list)
	if !strings.HasPrefix(list, "[") || !strings.HasSuffix(list, "]") {
		return nil
	}
	var urls []string
	for _, item := range strings.Split(list[1:len(list)-1], ",") {
		if u, err := strconv.Unquote(strings.TrimSpace(item)); err == nil {
			urls = append(urls, u)
		}
	}
	return urls
}

// pageEscapeHTML is html.EscapeString, for go-app's server-side encoding of
// text (which the page never runs): package html's initialiser keeps its
// table of 2,231 entities (43 KB of data) in app.wasm for UnescapeString.
func pageEscapeHTML(s string) string {
	return strings.NewReplacer("&", "&amp;", "'", "&#39;", "<", "&lt;", ">", "&gt;", "\"", "&#34;").Replace(s)
}

// pageUUID returns a random (version 4) UUID from crypto.getRandomValues.
func pageUUID() string {
	var b [16]byte
	a := js.Global().Get("Uint8Array").New(len(b))
	js.Global().Get("crypto").Call("getRandomValues", a)
	js.CopyBytesToGo(b[:], a)
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
`

// pageModFile writes a go.mod for the page's build into dir, replacing
// each module of pageCopies with its copy (made once per version under the
// user's cache directory). It returns the go.mod's path.
func pageModFile(root, dir string) (string, error) {
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return "", err
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		return "", err
	}
	for _, c := range pageCopies {
		src, version, err := moduleDir(root, c.Module)
		if err != nil {
			return "", err
		}
		copyDir, err := c.make(src, version)
		if err != nil {
			return "", err
		}
		mod = append(mod, fmt.Sprintf("\nreplace %s => %s\n", c.Module, copyDir)...)
	}
	modPath := filepath.Join(dir, "page.mod")
	if err := os.WriteFile(modPath, mod, 0o644); err != nil {
		return "", err
	}
	// -modfile=X.mod reads its checksums from X.sum.
	return modPath, os.WriteFile(filepath.Join(dir, "page.sum"), sum, 0o644)
}

// moduleDir returns the directory and version of a module the repository
// at root builds with.
func moduleDir(root, module string) (dir, version string, err error) {
	list := exec.Command("go", "list", "-m", "-f", "{{.Dir}}\t{{.Version}}", module)
	list.Dir = root
	out, err := list.Output()
	if err != nil {
		return "", "", fmt.Errorf("go list -m %s: %w", module, err)
	}
	dir, version, ok := strings.Cut(strings.TrimSpace(string(out)), "\t")
	if !ok || dir == "" {
		return "", "", fmt.Errorf("go list -m %s: no module directory (%q)", module, out)
	}
	return dir, version, nil
}

// make returns the page's copy of the module at src, making it when it is
// missing. The copy's name carries the version and a hash of what it
// leaves out and adds, so a changed copy never meets an old one; it is made
// beside its final place and renamed, so builds running at once (tests of
// several packages) never see half a copy.
func (c pageCopy) make(src, version string) (string, error) {
	base, err := os.UserCacheDir()
	if err != nil {
		base = os.TempDir()
	}
	dropped := slices.Sorted(maps.Keys(c.Dropped))
	key := c.Stub + "\x00" + strings.Join(dropped, "\x00")
	for _, e := range c.Edits {
		key += "\x00" + e.File + "\x00" + e.Old + "\x00" + e.New
	}
	h := sha256.Sum256([]byte(key))
	dest := filepath.Join(base, "dxscope", strings.ReplaceAll(c.Module, "/", "_")+"@"+version+"-page-"+hex.EncodeToString(h[:4]))
	if _, err := os.Stat(filepath.Join(dest, "go.mod")); err == nil {
		return dest, nil
	}
	if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dest), ".copy-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	n, edits := 0, 0
	err = filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if !c.Dirs(rel) {
				return fs.SkipDir // docs, demos: not built
			}
			return os.MkdirAll(filepath.Join(tmp, rel), 0o755)
		}
		if c.Dropped[rel] {
			n++
			return nil
		}
		if rel != "go.mod" && (!strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go")) {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		b, k, err := c.edited(rel, b)
		if err != nil {
			return err
		}
		edits += k
		return os.WriteFile(filepath.Join(tmp, rel), b, 0o644)
	})
	if err != nil {
		return "", fmt.Errorf("copying %s: %w", c.Module, err)
	}
	if n != len(c.Dropped) {
		return "", fmt.Errorf("%s %s: the files the page leaves out (%s) are not where they were", c.Module, version, strings.Join(dropped, ", "))
	}
	if edits != len(c.Edits) {
		return "", fmt.Errorf("%s %s: %d of the page copy's %d edits found their files", c.Module, version, edits, len(c.Edits))
	}
	if _, err := os.Stat(filepath.Join(tmp, "go.mod")); err != nil {
		// A module without a go.mod of its own (older releases) gets one,
		// as a replacement directory must have it.
		if err := os.WriteFile(filepath.Join(tmp, "go.mod"), []byte("module "+c.Module+"\n"), 0o644); err != nil {
			return "", err
		}
	}
	if c.Stub != "" {
		if err := os.WriteFile(filepath.Join(tmp, c.StubFile), []byte(c.Stub), 0o644); err != nil {
			return "", err
		}
	}
	if err := os.Rename(tmp, dest); err != nil {
		if _, serr := os.Stat(filepath.Join(dest, "go.mod")); serr == nil {
			return dest, nil // another build made it first
		}
		return "", err
	}
	return dest, nil
}

// wasmBuild runs one GOOS=js GOARCH=wasm go build with the given extra flags.
// noInline builds the page's own packages (the decoder, the text dumps, the
// view model, the components, the app) without inlining: about 110 KB less
// brotli than with it. The decoder was once kept inlined for its small
// reads, but the page's timings do not move without it (benchweb: the 50 MB
// files, the 20 opens, selecting a field; docs/performance.md), while the
// CLI and the tests keep the compiler's default. go-app too (21 KB of
// brotli): its code runs once per event and frame. And the standard
// library (22 KB), but for the packages whose inlined helpers run per
// allocation, map access, field or character of a decode, a tree's JSON or
// a text: the runtime and its internal packages, sync, strconv, bytes,
// unicode, sort, slices, math and encoding/binary. reflect (the JSON of
// every tree) went without it too when the page reached 2 MB: 11.6 KB
// less, and wasm_test/openbench's model, trees and texts of the 20 files
// open_perf.mjs opens moved within the noise (docs/performance.md). Without inlining
// in the runtime too the page would be 58 KB smaller but decode 50-90 %
// slower (docs/performance.md, issue 30). The last pattern a package
// matches gives its flags; an empty one is the compiler's default.
var noInline = []string{"-gcflags=all=-l",
	"-gcflags=runtime/...=", "-gcflags=internal/...=", "-gcflags=sync/...=",
	"-gcflags=strconv=", "-gcflags=bytes=", "-gcflags=unicode/...=", "-gcflags=sort=", "-gcflags=slices=",
	"-gcflags=math/...=", "-gcflags=encoding/binary=", "-gcflags=iter=", "-gcflags=cmp=", "-gcflags=errors=", "-gcflags=io="}

func wasmBuild(root string, extra []string, ldflags, out string) ([]byte, error) {
	args := append([]string{"build", "-trimpath", ldflags}, noInline...)
	args = append(args, extra...)
	args = append(args, "-o", out, WasmPackage)
	cmd := exec.Command("go", args...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	var buf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	err := cmd.Run()
	return buf.Bytes(), err
}
