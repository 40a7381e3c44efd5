package model

import (
	"strconv"

	"github.com/dxscope/dxscope/decode"
)

// FeatureRow is one SFI0 bit as the feature view lists it.
type FeatureRow struct {
	Bit     int
	Name    string // obj2yaml's name, e.g. "WaveOps"
	Text    string // DXC's sentence, e.g. "Wave level operations"
	Model   string // the shader model that introduced it ("6.0"), "" for optional or unknown bits
	Set     bool
	Offset  int64 // absolute offset of the byte holding the bit
	Unknown bool  // set, but no compiler defines it
}

// FeatureRows lists the SFI0 bits: the set ones first (in bit order), then
// every other named bit, unset.
func (pv *PartView) FeatureRows() []FeatureRow {
	if pv.Part == nil || pv.Part.Flags == nil {
		return nil
	}
	f := uint64(*pv.Part.Flags)
	base := pv.Offset + 8 // the part data follows the 8-byte part header
	row := func(i int) FeatureRow {
		r := FeatureRow{Bit: i, Name: decode.FeatureFlagName(i), Text: decode.FeatureFlagText(i),
			Model: decode.FeatureFlagShaderModel(i), Set: f&(1<<i) != 0, Offset: base + int64(i/8)}
		r.Unknown = r.Set && r.Model == "" && r.Name == "Bit"+itoa(i)
		return r
	}
	var set, unset []FeatureRow
	for i := 0; i < 64; i++ {
		r := row(i)
		switch {
		case r.Set:
			set = append(set, r)
		case r.Name != "Bit"+itoa(i) && r.Name != "RESERVED":
			unset = append(unset, r)
		}
	}
	return append(set, unset...)
}

func itoa(i int) string { return strconv.Itoa(i) }
