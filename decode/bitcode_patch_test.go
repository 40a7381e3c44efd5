package decode

import "github.com/dxscope/dxscope/decode/llvm/ir"

// patchDataLayout gives the reference tool (LLVM 19) a module it will read.
// It is ir.ForLLVM19 ("i8:32" → "i8:08", "i16:32" → "i16:16" in an
// unabbreviated DATALAYOUT record, every operand keeping its width), so the
// reference test reads the bytes the exported rewrite produces.
func patchDataLayout(bc []byte) ([]byte, bool) { return ir.ForLLVM19(bc) }
