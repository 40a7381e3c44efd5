package model

import (
	"encoding/json"
	"testing"
)

// TestEntryNameFoundGenerically: any part whose JSON has EntryName names the
// entry point (the shape obj2yaml gives PSV0).
func TestEntryNameFoundGenerically(t *testing.T) {
	tr := BuildTree("PSV0", json.RawMessage(`{"Name":"PSV0","PSVInfo":{"Version":3,"EntryName":"VSMain"}}`), NewSpans(nil))
	if got := entryOf([]*PartView{{Name: "PSV0", tree: tr}}); got != "VSMain" {
		t.Errorf("entry %q", got)
	}
}
