package dxil

import (
	"encoding/json"
	"fmt"
)

// ShaderKind is DXIL::ShaderKind: the stage a program or an entry point is
// for. The program header, PSV0 and RDAT use it too.
type ShaderKind uint32

// Shader kinds.
const (
	Pixel ShaderKind = iota
	Vertex
	Geometry
	Hull
	Domain
	Compute
	Library
	RayGeneration
	Intersection
	AnyHit
	ClosestHit
	Miss
	Callable
	Mesh
	Amplification
	Node
	Invalid
)

var shaderKindNames = [...]string{"Pixel", "Vertex", "Geometry", "Hull", "Domain", "Compute", "Library",
	"RayGeneration", "Intersection", "AnyHit", "ClosestHit", "Miss", "Callable", "Mesh", "Amplification", "Node", "Invalid"}

func (k ShaderKind) String() string {
	if int(k) < len(shaderKindNames) {
		return shaderKindNames[k]
	}
	return fmt.Sprintf("ShaderKind(%d)", uint32(k))
}

// MarshalJSON writes the kind as a number, as obj2yaml does.
func (k ShaderKind) MarshalJSON() ([]byte, error) { return json.Marshal(uint32(k)) }

// profilePrefixes are the profile prefixes (ps, vs, ...) of "ps_6_0", by kind.
var profilePrefixes = [...]string{"ps", "vs", "gs", "hs", "ds", "cs", "lib", "lib", "lib", "lib", "lib", "lib", "lib", "ms", "as", "lib"}

// Profile returns the target profile of a kind and shader model, e.g. "ps_6_0".
func Profile(k ShaderKind, major, minor uint32) string {
	pre := "??"
	if int(k) < len(profilePrefixes) {
		pre = profilePrefixes[k]
	}
	return fmt.Sprintf("%s_%d_%d", pre, major, minor)
}

// profileKinds maps the !dx.shaderModel kind string to its shader kind.
var profileKinds = map[string]ShaderKind{"ps": Pixel, "vs": Vertex, "gs": Geometry, "hs": Hull, "ds": Domain,
	"cs": Compute, "lib": Library, "ms": Mesh, "as": Amplification}

// KindOfProfile returns the shader kind a profile prefix ("ps", "lib") names.
func KindOfProfile(prefix string) (ShaderKind, bool) {
	k, ok := profileKinds[prefix]
	return k, ok
}
