package decode

import (
	"fmt"
	"strings"
)

// ExtractPart returns a part's data by name (like dxa -extractpart). The name
// "dxil" (any case) returns the bitcode alone of the DXIL part (or ILDB when
// there is no DXIL part). A name followed by "#N" picks the N-th part of that name.
func ExtractPart(f *File, name string) ([]byte, error) {
	if strings.EqualFold(name, "dxil") && name != "DXIL" {
		for _, n := range []string{"DXIL", "ILDB"} {
			if p := f.Part(n); p != nil && p.Program != nil && p.Program.DXIL != nil {
				return p.Program.DXIL, nil
			}
		}
		return nil, fmt.Errorf("no DXIL or ILDB part with readable bitcode")
	}
	want, nth := name, 0
	if a, b, ok := strings.Cut(name, "#"); ok {
		want = a
		fmt.Sscan(b, &nth)
	}
	k := 0
	for _, p := range f.Parts {
		if p.Name == want {
			if k == nth {
				return p.data, nil
			}
			k++
		}
	}
	var names []string
	for _, p := range f.Parts {
		names = append(names, p.Name)
	}
	return nil, fmt.Errorf("no part %q (the parts are %s)", name, strings.Join(names, " "))
}
