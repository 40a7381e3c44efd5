package decode

import "fmt"

// Aon9DataConversion is how a constant-buffer register is converted into a
// D3D9 float constant (the four "Data Conversion" columns of the listing).
type Aon9DataConversion uint8

var aon9ConversionNames = [...]string{"FLT", "BOOL", "INT", "UINT"}

// String returns the listing's spelling: FLT, BOOL, INT, UINT.
func (c Aon9DataConversion) String() string {
	if int(c) < len(aon9ConversionNames) {
		return aon9ConversionNames[c]
	}
	return fmt.Sprintf("Aon9DataConversion(%d)", uint8(c))
}

// MarshalText writes the conversion by name.
func (c Aon9DataConversion) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// Aon9RuntimeConstant is a constant the D3D11 runtime fills in for a level-9 shader.
type Aon9RuntimeConstant uint16

// String returns the listing's description of the constant.
func (c Aon9RuntimeConstant) String() string {
	if c == 0 {
		return "Vertex Shader position offset"
	}
	return fmt.Sprintf("Aon9RuntimeConstant(%d)", uint16(c))
}

// MarshalText writes the description.
func (c Aon9RuntimeConstant) MarshalText() ([]byte, error) { return []byte(c.String()), nil }
