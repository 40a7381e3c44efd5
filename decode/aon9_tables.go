package decode

import "fmt"

// aon9DataConversion is how a constant-buffer register is converted into a
// D3D9 float constant (the four "Data Conversion" columns of the listing).
type aon9DataConversion uint8

var aon9ConversionNames = [...]string{"FLT", "BOOL", "INT", "UINT"}

// String returns the listing's spelling: FLT, BOOL, INT, UINT.
func (c aon9DataConversion) String() string {
	if int(c) < len(aon9ConversionNames) {
		return aon9ConversionNames[c]
	}
	return fmt.Sprintf("Aon9DataConversion(%d)", uint8(c))
}

// MarshalText writes the conversion by name.
func (c aon9DataConversion) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// aon9RuntimeConstant is a constant the D3D11 runtime fills in for a level-9 shader.
type aon9RuntimeConstant uint16

// String returns the listing's description of the constant.
func (c aon9RuntimeConstant) String() string {
	if c == 0 {
		return "Vertex Shader position offset"
	}
	return fmt.Sprintf("Aon9RuntimeConstant(%d)", uint16(c))
}

// MarshalText writes the description.
func (c aon9RuntimeConstant) MarshalText() ([]byte, error) { return []byte(c.String()), nil }
