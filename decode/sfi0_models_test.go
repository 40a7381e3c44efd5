package decode

import "testing"

// The table must stay as long as the name table, and the bits whose shader
// model the DXC tests pin must say so.
func TestFeatureFlagShaderModel(t *testing.T) {
	if len(featureFlagModels) != len(featureFlagNames) {
		t.Fatalf("%d models for %d named bits", len(featureFlagModels), len(featureFlagNames))
	}
	for bit, want := range map[int]string{14: "6.0", 16: "6.1", 19: "6.4", 25: "6.6", 29: "6.7", 31: "6.8", 27: "", 40: ""} {
		if got := FeatureFlagShaderModel(bit); got != want {
			t.Errorf("bit %d (%s): %q, want %q", bit, FeatureFlagName(bit), got, want)
		}
	}
}
