package decode

// FuzzPartNames lets tests in decode_test see the fuzz target's part list.
var FuzzPartNames = fuzzPartNames

// MemoryUsed is what decoding f took from its budget.
func (f *File) MemoryUsed() int64 { return f.budget.Used }

// ExpectedWarnings lets tests in decode_test see which real files are known
// to carry warnings.
var ExpectedWarnings = expectedWarnings
