//go:build !wasm

package app_test

import (
	"testing"

	"github.com/dxscope/dxscope/app/internal/browsertest"
	"github.com/dxscope/dxscope/internal/corpus"
)

// TestMain ends the run with one line naming what was missing (the corpus,
// LLVM 19, Chromium, sqlite3, node) and how many tests skipped for it; the
// browser tests' one Chromium stops after them.
func TestMain(m *testing.M) { corpus.Main(browsertest.StopAfter(m)) }
