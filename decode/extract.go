package decode

import (
	"fmt"
	"strconv"
	"strings"
)

// ExtractPart returns a part's data by name (like dxa -extractpart). The name
// "dxil" (any case) returns the bitcode alone of the DXIL part (or ILDB when
// there is no DXIL part). A name followed by "#N" picks the N-th part of that
// name (from 0). Part names are any four bytes, '#' and digits included: a
// name that matches a part exactly is that part, and "#N" is read only from
// the end of the name, so "A#B#1" is the second part named "A#B".
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
	if f.Part(name) == nil {
		if i := strings.LastIndexByte(name, '#'); i >= 0 {
			if n, err := strconv.Atoi(name[i+1:]); err == nil && n >= 0 {
				want, nth = name[:i], n
			}
		}
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
	for i, p := range f.Parts {
		if i == 16 {
			names = append(names, fmt.Sprintf("and %d more", len(f.Parts)-i))
			break
		}
		names = append(names, strconv.Quote(p.Name))
	}
	return nil, fmt.Errorf("no part %q (the parts are %s)", name, strings.Join(names, " "))
}
