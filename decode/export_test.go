package decode

// FuzzPartNames lets tests in decode_test see the fuzz target's part list.
var FuzzPartNames = fuzzPartNames
