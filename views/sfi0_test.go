package views

import (
	"strings"
	"testing"

	"github.com/dxscope/dxscope/views/model"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TestUnsetFlagsAreBuiltWhenOpened: SFI0's flags not set are a closed list
// built only once opened; set flags are drawn at once.
func TestUnsetFlagsAreBuiltWhenOpened(t *testing.T) {
	rows := []model.FeatureRow{{Bit: 0, Name: "Doubles", Set: true}, {Bit: 1, Name: "ComputeShadersPlusRawAndStructuredBuffersViaShader4X"}, {Bit: 2, Name: "UAVsAtEveryStage"}}
	html := app.HTMLString(&FeatureFlags{Rows: rows})
	if !strings.Contains(html, "Doubles") || !strings.Contains(html, "2 flags not set") {
		t.Errorf("the set flag and the folded list's summary are drawn at once:\n%s", html)
	}
	if strings.Contains(html, "UAVsAtEveryStage") {
		t.Errorf("the flags not set are drawn before the list is opened:\n%s", html)
	}
	f := &FeatureFlags{Rows: rows, unsetOpen: true}
	if html := app.HTMLString(f); !strings.Contains(html, "UAVsAtEveryStage") || !strings.Contains(html, "open") {
		t.Errorf("opened: the flags not set are not drawn:\n%s", html)
	}
}
