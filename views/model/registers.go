package model

import (
	"fmt"
	"strings"
)

// HLSL register notation, the way shader authors write bindings
// (`register(t3, space1)`) and `dxc -dumpbin`/RenderDoc show them: a letter
// for the register class, the first register, the space when it is not 0.

// Unbounded is the upper bound or count that marks an unbounded range.
const Unbounded = 0xFFFFFFFF

// RegisterLetter returns the register class letter for a resource class as
// the parts name it: DXIL metadata and RDAT ("SRV", "UAV", "CBuffer",
// "Sampler"), PSV0 resource types ("SRVTyped", "UAVRaw", "CBV", …) and FXC's
// D3D_SHADER_INPUT_TYPE names ("D3D_SIT_TEXTURE", "D3D_SIT_UAV_RWTYPED", …).
// It returns "" for a class it does not know.
func RegisterLetter(class string) string {
	c := strings.TrimPrefix(class, "D3D_SIT_")
	switch {
	case c == "Sampler" || c == "SAMPLER":
		return "s"
	case c == "CBuffer" || c == "CBV" || c == "CBUFFER":
		return "b"
	case strings.HasPrefix(c, "SRV"), c == "TBUFFER", c == "TEXTURE", c == "STRUCTURED", c == "BYTEADDRESS",
		c == "RTACCELERATIONSTRUCTURE":
		return "t"
	case strings.HasPrefix(c, "UAV"), strings.HasPrefix(c, "RW"), c == "APPEND_STRUCTURED", c == "CONSUME_STRUCTURED":
		return "u"
	}
	return ""
}

// Register writes a binding as HLSL does: "t3", "t3, space1"; a range of
// more than one register as "t3-t6" or, unbounded, "t3-unbounded".
func Register(letter string, lower, count, space uint32) string {
	if letter == "" {
		letter = "?"
	}
	s := fmt.Sprintf("%s%d", letter, lower)
	switch {
	case count == Unbounded:
		s += "-unbounded"
	case count > 1:
		s += fmt.Sprintf("-%s%d", letter, uint64(lower)+uint64(count)-1)
	}
	if space != 0 {
		s += fmt.Sprintf(", space%d", space)
	}
	return s
}

// RangeCount turns an inclusive upper bound (PSV0, RTS0 style) into a count,
// keeping Unbounded.
func RangeCount(lower, upper uint32) uint32 {
	if upper == Unbounded {
		return Unbounded
	}
	if upper < lower {
		return 0
	}
	return upper - lower + 1
}
