//go:build !wasm

package app_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/dxscope/dxscope/app/internal/browsertest"
	"github.com/dxscope/dxscope/internal/corpus"
	"github.com/dxscope/dxscope/internal/hostile"
)

// Files that name one structure from many records (issue: hostile input,
// second round): each of these once ended the page's Go program (out of
// memory in the decoder, or a listing built whole). Each opens as a link
// carrying the file; the page shows the part, says what it did not repeat
// (a problem, and the Text tab's line naming the list printed above), and
// stays live: an example opens afterwards.
func TestSharedStructuresKeepThePageLive(t *testing.T) {
	browser := startBrowser(t)
	for _, c := range []struct {
		name    string
		data    []byte
		problem string // a problem the page lists, "" for none
		// A text, of the part it belongs to, and what it holds.
		dump, dumpPart, text string
	}{
		{"rdef-shared-members.dxbc", hostile.SharedMembersRDEF(4096, 4096),
			"4094 struct types list the same members as two types before them", "rdef", "RDEF", "(the 4096 members of type 0 (s), being printed above)"},
		{"rdef-type-tree.dxbc", hostile.NestedTypesRDEF(14, 4), "", "rdef", "RDEF", "… (same as type"},
		{"rdef-type-tree-8.dxbc", hostile.NestedTypesRDEF(8, 8), "", "asm", "SHEX", "… (same as type"},
		{"rts0-shared-ranges.dxbc", hostile.SharedRanges(2048, 2048),
			"2046 descriptor tables name the same ranges as two tables before them", "rootsig", "RTS0", "DescriptorTable(/* the 2048 ranges of parameter 0 */"},
		{"rdat-shared-rootsig.dxbc", hostile.RDATSharedRootSignature(256, 64, 64),
			"254 root-signature subobjects name the same bytes as two subobjects before them", "rdat", "RDAT", "GlobalRootSignature"},
		{"dxil-shared-function-type.dxbc", hostile.SharedFunctionType(16384, 2048), "", "dis", "DXIL", "declare void @2047(<16384 parameters, as @0 above>)"},
		{"dxil-shared-signatures.dxbc", hostile.SharedEntryMetadata(4096, 4096, false), "", "dxil", "DXIL", "signatures: those of entry point 0"},
	} {
		p := openAsLink(t, browser, c.name, c.data)
		if c.problem != "" {
			p.WaitFor(c.name+": the problem that says what was not repeated", fmt.Sprintf(`[...document.querySelectorAll('#problems .problem-msg')].some(e => e.textContent.includes(%q))`, c.problem))
		}
		p.Click(fmt.Sprintf(`#part-list .part[data-name=%q]`, c.dumpPart))
		p.Click("#tab-text")
		showTextHolding(t, p, c.dump, c.text)
		if n := browsertest.Eval[float64](p, fmt.Sprintf(`document.querySelector('#dump-%s .dump-text').textContent.length`, c.dump)); n > 2<<20 {
			t.Errorf("%s: the %s text holds %v characters", c.name, c.dump, n)
		}
		p.Shoot("shared-" + c.name)
		stillLive(t, p, c.name+": ")
	}
}

// TestSharedStreamOutKeepsThePageLive: a state object database whose 4,000
// pipelines name one stream-output description of 4,000 declarations once
// froze the page (each pipeline appended every declaration again, each
// checked against those already there). It opens, a pipeline's sub-states
// show the description's declarations, and an example opens afterwards.
func TestSharedStreamOutKeepsThePageLive(t *testing.T) {
	p := browserPage(t)
	if _, err := exec.LookPath("sqlite3"); err != nil {
		corpus.Skip(t, "sqlite3", "sqlite3 CLI not installed: skipping the database browser test")
	}
	path := filepath.Join(t.TempDir(), "shared-streamout.sodb")
	corpus.SQLite(t, path, hostile.SharedStreamOutSQL(4000, 4000))
	if st, err := os.Stat(path); err == nil {
		t.Logf("%s: %d bytes", filepath.Base(path), st.Size())
	}
	t0 := time.Now()
	p.Upload("#file-input", path)
	p.WaitFor("the database view", `(() => { const v = document.getElementById('db-view'); return !!v && v.dataset.kind === 'sodb' })()`)
	t.Logf("shown %.2fs after it was picked", time.Since(t0).Seconds())
	p.Click("#db-sec-pipelines")
	p.WaitFor("the pipelines", `!!document.getElementById('sodb-pipelines')`)
	p.Click("#details-pipe-0")
	p.WaitFor("pipeline 0's sub-states", `document.querySelectorAll('.db-details .db-desc').length > 4000`)
	stillLive(t, p, "")
}
