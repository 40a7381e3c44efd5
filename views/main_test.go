package views

import (
	"testing"

	"github.com/dxscope/dxscope/internal/corpus"
)

// TestMain ends the run with one line naming what was missing (the corpus,
// LLVM 19, Chromium, sqlite3, node) and how many tests skipped for it.
func TestMain(m *testing.M) { corpus.Main(m) }
