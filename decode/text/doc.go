// Package text writes decoded containers as text: the part list, PSV0 in the
// spirit of `dxa -dumppsv`, the root signature in HLSL, RDAT like
// `dxa -dumprdat`, RDEF, the DXIL module summary. The command line and the
// page print the same text from these functions. FXCListing is the whole
// FXC listing (fxc /Fc), returned as lines with the bytes each came from.
package text
