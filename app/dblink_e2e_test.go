//go:build !wasm

package app_test

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/dxscope/dxscope/app/internal/browsertest"
	"github.com/dxscope/dxscope/app/linkstate"
)

// A shader opened from a state object database has a link (at= names its
// container in the database file). Opened in a fresh browser, the link asks
// for the database by hash; given it, the page shows that shader and part,
// with the banner leading back to the database and no stale prompt.
func TestLinkToShaderInDatabase(t *testing.T) {
	d := buildTestDBs(t)
	vsBytes, _ := os.ReadFile(d.vs.Path)
	vsAt := bytes.Index(d.sodb, vsBytes)
	if vsAt < 0 {
		t.Fatal("the vertex shader's bytes are not contiguous in the database file")
	}
	p := browserPage(t)
	p.Upload("#file-input", d.sodbPath)
	p.WaitFor("the database", `!!document.getElementById('db-view')`)
	p.Do(chromedp.Click(chromedp.ID("db-sec-pipelines")), chromedp.Click(chromedp.ID("open-pipe-0-VS")))
	p.WaitFor("the vertex shader", `!!document.querySelector('#part-list .part[data-name="PSV0"]')`)
	p.WaitFor("a link right away", fmt.Sprintf(`location.hash.includes('at=0x%x')`, vsAt))
	p.Click(`#part-list .part[data-name="PSV0"]`)
	p.WaitFor("the link names the part", `location.hash.includes('part=PSV0')`)
	l, err := linkstate.DecodeLink(p.Fragment())
	if err != nil {
		t.Fatal(err)
	}
	if l.State.At != int64(vsAt) || l.State.Part != "PSV0" {
		t.Fatalf("the link says at=0x%x part=%s", l.State.At, l.State.Part)
	}
	// The database goes by hash (a shared link would not carry it).
	byHash := linkstate.EncodeLink(linkstate.Link{State: l.State, File: d.sodb}, 1).Fragment
	if strings.Contains(byHash, "&f=") {
		t.Fatal("the link still carries the database")
	}

	q := freshBrowser(t, p, byHash)
	q.WaitFor("the prompt for the database", `!!document.getElementById('link-prompt')`)
	q.Upload("#file-input", d.sodbPath)
	q.WaitFor("the linked part", `(document.querySelector('#part-list .part.selected') || {dataset: {}}).dataset.name === 'PSV0'`)
	if got := browsertest.Eval[string](q, `document.querySelector('#part-0 .part-off').textContent`); got != fmt.Sprintf("0x%x", vsAt) {
		t.Errorf("container header at %s, want 0x%x of the database file", got, vsAt)
	}
	if browsertest.Eval[bool](q, `!!document.getElementById('link-prompt')`) {
		t.Error("the prompt for the database stays after it was given")
	}
	if from := browsertest.Eval[string](q, `(document.getElementById('db-from') || {}).textContent || ''`); !strings.Contains(from, "Back to the database") {
		t.Errorf("no way back to the database: %q", from)
	}
	q.Shoot("db-link")
	q.Click("#db-back")
	q.WaitFor("the database again", `!!document.getElementById('db-view')`)
}
