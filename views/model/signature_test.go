package model

import (
	"testing"

	"github.com/dxscope/dxscope/decode"
)

// Rows come from the typed elements: the decoder's Used column and the
// listings' system-value names; no register shows as -1.
func TestSignatureRowsFromElements(t *testing.T) {
	sig := &decode.Signature{Parameters: []decode.SignatureParameter{
		{Name: "SV_Position", CompType: 3, Register: 0, Mask: 15, Used: 15, SystemValueName: "POS"},
		{Name: "SV_Depth", CompType: 3, Register: decode.NoRegister, Mask: 1, Used: 0, SystemValueName: "DEPTH"},
		{Name: "TEXCOORD", Index: 3, CompType: 1, Register: 2, Mask: 3, Used: 1},
	}}
	rows := SignatureRows(sig, 0)
	if len(rows) != 3 {
		t.Fatalf("rows %v", rows)
	}
	if r := rows[0]; r.Name != "SV_Position" || MaskText(r.Mask) != "xyzw" || MaskText(r.Used) != "xyzw" || r.SystemValue != "POS" || r.Format != "float" || r.Register != 0 {
		t.Errorf("row 0: %+v", r)
	}
	if r := rows[1]; r.Register != -1 || r.SystemValue != "DEPTH" || MaskText(r.Used) != "    " {
		t.Errorf("row 1: %+v", r)
	}
	if r := rows[2]; r.Index != 3 || r.Format != "uint" || r.SystemValue != "NONE" || MaskText(r.Used) != "x   " {
		t.Errorf("row 2: %+v", r)
	}
}
