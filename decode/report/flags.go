package report

import "fmt"

// The one flag-word helper of the decoders (debug/elf has flagName): a table
// of named bits per flags field, one way to print the bits it does not name.

// FlagBit names one bit (or a group of bits that must all be set) of a
// flags word.
type FlagBit struct {
	Bit  uint32
	Name string
}

// SetFlagFields sets each of fields, the bools a structure keeps beside its
// flags word (obj2yaml's keys), to whether the bit of bits at the same index
// is set in v.
func SetFlagFields(v uint32, bits []FlagBit, fields ...*bool) {
	for i, f := range fields {
		*f = v&bits[i].Bit == bits[i].Bit
	}
}

// BitNames names the set bits of v in the table's order; each set bit no
// entry names follows as its hex value ("0x1000").
func BitNames(v uint32, bits []FlagBit) []string {
	out := []string{}
	var named uint32
	for _, b := range bits {
		if b.Bit != 0 && v&b.Bit == b.Bit {
			out = append(out, b.Name)
			named |= b.Bit
		}
	}
	for rest := v &^ named; rest != 0; rest &= rest - 1 {
		out = append(out, fmt.Sprintf("0x%x", rest&-rest))
	}
	return out
}
