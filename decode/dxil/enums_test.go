package dxil

import "testing"

// TestNodeIOKindsFromTheDXIL18Spec rebuilds every NodeIOKind from the
// NodeIOFlags it is made of, as the DXIL 1.8 proposal defines them.
func TestNodeIOKindsFromTheDXIL18Spec(t *testing.T) {
	const (
		input, output, readWrite, emptyRecord, nodeArray = 0x1, 0x2, 0x4, 0x8, 0x10
		threadRecord, groupRecord, dispatchRecord        = 0x20, 0x40, 0x60
	)
	kinds := map[string]uint32{
		"EmptyInput":                emptyRecord | input,
		"NodeOutput":                readWrite | output,
		"NodeOutputArray":           readWrite | output | nodeArray,
		"EmptyOutput":               emptyRecord | output,
		"EmptyOutputArray":          emptyRecord | output | nodeArray,
		"DispatchNodeInputRecord":   input | dispatchRecord,
		"GroupNodeInputRecords":     input | groupRecord,
		"ThreadNodeInputRecord":     input | threadRecord,
		"RWDispatchNodeInputRecord": readWrite | input | dispatchRecord,
		"RWGroupNodeInputRecords":   readWrite | input | groupRecord,
		"RWThreadNodeInputRecord":   readWrite | input | threadRecord,
		"GroupNodeOutputRecords":    readWrite | output | groupRecord,
		"ThreadNodeOutputRecords":   readWrite | output | threadRecord,
	}
	for name, v := range kinds {
		if got := NodeIOFlags(v).Kind().String(); got != name {
			t.Errorf("NodeIOKind 0x%x = %s, want %s", v, got, name)
		}
	}
	// Launch types: the spec's table (Invalid 0, Broadcasting 1, Coalescing 2, Thread 3).
	for v, name := range []string{"Invalid", "Broadcasting", "Coalescing", "Thread"} {
		if got := NodeLaunchType(v).String(); got != name {
			t.Errorf("NodeLaunchType %d = %s, want %s", v, got, name)
		}
	}
	if got := NodeLaunchType(9).String(); got != "NodeLaunchType(9)" {
		t.Errorf("unknown launch type prints %q", got)
	}
}

// TestResourceKindNames spot-checks DXIL::ResourceKind against DxilConstants.h.
func TestResourceKindNames(t *testing.T) {
	for k, want := range map[ResourceKind]string{ResourceKindTexture2D: "Texture2D", ResourceKindRawBuffer: "RawBuffer",
		ResourceKindRTAccelerationStructure: "RTAccelerationStructure", ResourceKindFeedbackTexture2DArray: "FeedbackTexture2DArray",
		19: "ResourceKind(19)"} {
		if got := k.String(); got != want {
			t.Errorf("ResourceKind %d = %s, want %s", uint32(k), got, want)
		}
	}
	if !ResourceKindCBuffer.Named() || ResourceKind(19).Named() {
		t.Error("Named disagrees with the table")
	}
}
