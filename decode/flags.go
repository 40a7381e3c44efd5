package decode

import "fmt"

// The one flag-word helper of the decoders (debug/elf has flagName): a table
// of named bits per flags field, one way to print the bits it does not name.

// flagBit names one bit (or a group of bits that must all be set) of a
// flags word.
type flagBit struct {
	bit  uint32
	name string
}

// setFlagFields sets each of fields, the bools a structure keeps beside its
// flags word (obj2yaml's keys), to whether the bit of bits at the same index
// is set in v.
func setFlagFields(v uint32, bits []flagBit, fields ...*bool) {
	for i, f := range fields {
		*f = v&bits[i].bit == bits[i].bit
	}
}

// flagNames names the set bits of v in the table's order; each set bit no
// entry names follows as its hex value ("0x1000").
func flagNames(v uint32, bits []flagBit) []string {
	out := []string{}
	var named uint32
	for _, b := range bits {
		if b.bit != 0 && v&b.bit == b.bit {
			out = append(out, b.name)
			named |= b.bit
		}
	}
	for rest := v &^ named; rest != 0; rest &= rest - 1 {
		out = append(out, fmt.Sprintf("0x%x", rest&-rest))
	}
	return out
}
