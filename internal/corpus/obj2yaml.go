package corpus

// Obj2yamlSigParam is one signature element as obj2yaml-19 prints it (the
// tests of package decode and decode/reflect read it back with yaml).
type Obj2yamlSigParam struct {
	Stream        uint32 `yaml:"Stream"`
	Name          string `yaml:"Name"`
	Index         uint32 `yaml:"Index"`
	SystemValue   string `yaml:"SystemValue"`
	CompType      string `yaml:"CompType"`
	Register      uint32 `yaml:"Register"`
	Mask          uint8  `yaml:"Mask"`
	ExclusiveMask uint8  `yaml:"ExclusiveMask"`
	MinPrecision  string `yaml:"MinPrecision"`
}

// Obj2yamlSignatures is what the tests read of obj2yaml-19's document: each
// part's name and, for a signature part, its parameters.
type Obj2yamlSignatures struct {
	Parts []struct {
		Name      string `yaml:"Name"`
		Signature *struct {
			Parameters []Obj2yamlSigParam `yaml:"Parameters"`
		} `yaml:"Signature"`
	} `yaml:"Parts"`
}
