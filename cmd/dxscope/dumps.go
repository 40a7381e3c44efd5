package main

// The commands that print one part family as text (decode/text's dumps, the
// same the page shows): psv, rootsig, dxil, rdat, rdef, asm, dis. Standard
// output carries the dump and nothing else; the parts' problems, and what
// went wrong, go to standard error.

import (
	"fmt"
	"io"
	"strings"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/text"
)

func init() {
	commands["psv"] = command{"FILE", "dump the PSV0 part like dxa -dumppsv, names resolved", fileCommand("psv", dumpPSV)}
	commands["rootsig"] = command{rootsigUsage, "the RTS0 root signature in the HLSL root signature language (--cpp: as C++ filling D3D12's structures); --compile: that language to RTS0 bytes", withCompile(runRootSig)}
	commands["inputlayout"] = command{"FILE", "a vertex shader's inputs as the C++ array of D3D12_INPUT_ELEMENT_DESC a pipeline's input layout must hold", fileCommand("inputlayout", dumpInputLayout)}
	commands["dxil"] = command{"FILE", "the DXIL module: summary, entry points, resources, dx.op census, block structure", fileCommand("dxil", dumpDXIL)}
	commands["rdat"] = command{"FILE", "dump the runtime data (RDAT, or PDBI's) like dxa -dumprdat; FILE may be a raw RDAT blob", runRDAT}
	commands["rdef"] = command{"FILE", "FXC resource definitions (RDEF): cbuffers, variables, types, bindings", runRDEF}
	commands["asm"] = command{"FILE [--code|--source]", "print the whole FXC listing (header comments, signatures, level-9 code, instructions); --code: the SHDR/SHEX instructions only; --source: each instruction's HLSL line above it",
		listingCommand("asm", "code", "the SHDR/SHEX instructions only", dumpAsm, asmWithSource)}
	commands["dis"] = command{"FILE [--no-header] [--source]", "the DXIL (and ILDB) module as `dxc -dumpbin` prints it: header comments, then LLVM 3.7 assembly; --source: each instruction's HLSL line above it",
		listingCommand("dis", "no-header", "the LLVM assembly alone, without dxc's header comments", disassemble, disWithSource)}
}

func dumpPSV(f *decode.File, path string, stdout, stderr io.Writer) int {
	p := f.Part("PSV0")
	if p == nil || p.PSVInfo == nil {
		fmt.Fprintf(stderr, "dxscope: %s has no PSV0 part\n", text.Safe(path))
		return 1
	}
	text.WritePSVPart(stdout, p)
	if probs := partProblems(f.Problems, "PSV0"); len(probs) > 0 {
		fmt.Fprintf(stderr, "Problems: %d\n", len(probs))
		for _, pr := range probs {
			fmt.Fprintf(stderr, "  %s\n", text.Safe(pr.String()))
		}
	}
	return 0
}

// dumpInputLayout prints the input layout of a vertex shader's input
// signature; another stage has none to print.
func dumpInputLayout(f *decode.File, path string, stdout, stderr io.Writer) int {
	if !writeDump("inputlayout", f, stdout) {
		fmt.Fprintf(stderr, "dxscope: %s is not a vertex shader with an input signature (stage: %s)\n", text.Safe(path), text.Safe(f.Identity().Stage))
		return 1
	}
	return 0
}

// runRootSig prints FILE's root signature as HLSL text, or with --cpp as
// the C++ that fills D3D12's structures for it; the part's problems go to
// stderr and an error among them makes the exit status 1.
func runRootSig(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("rootsig")
	cpp := fs.Bool("cpp", false, "print C++ filling D3D12's structures instead of HLSL text")
	path, f, code := openArg(fs, args, stderr, open)
	if code != 0 {
		return code
	}
	p := f.Part("RTS0")
	if p == nil {
		fmt.Fprintf(stderr, "dxscope: %s has no RTS0 part\n", text.Safe(path))
		return 1
	}
	if *cpp {
		text.WriteRootSignatureCPP(stdout, p)
	} else {
		text.WriteRootSignature(stdout, p)
	}
	text.WriteAbsent(stderr, p) // stdout is HLSL
	status := 0
	for _, pr := range partProblems(f.Problems, "RTS0") {
		fmt.Fprintf(stderr, "%s\n", text.Safe(pr.String()))
		if pr.Severity == decode.Error {
			status = 1
		}
	}
	return status
}

// writeDump prints the registered dump name (the page's text of a part
// family) of every part it applies to, and reports whether there was one.
func writeDump(name string, f *decode.File, stdout io.Writer) bool {
	d, _ := text.DumpNamed(name)
	found := false
	for _, p := range f.Parts {
		if d.Has(f, p) {
			found = true
			d.Write(stdout, f, p)
		}
	}
	return found
}

func dumpDXIL(f *decode.File, path string, stdout, stderr io.Writer) int {
	if !writeDump("dxil", f, stdout) {
		fmt.Fprintf(stderr, "dxscope: %s: no DXIL, ILDB or STAT part with decodable bitcode\n", text.Safe(path))
		return 1
	}
	probs := partProblems(f.Problems, "DXIL", "ILDB", "STAT")
	fmt.Fprintf(stderr, "Problems: %d\n", len(probs))
	for _, pr := range probs {
		fmt.Fprintf(stderr, "  %s\n", text.Safe(pr.String()))
	}
	return 0
}

// containerOrBlob runs a command on a container, or, when the file is not
// one, on the bytes as a bare part blob (as dxa does): blob reports whether
// it could read them.
func containerOrBlob(name string, args []string, stdout, stderr io.Writer,
	container func(f *decode.File, path string) int, blob func(b []byte) bool) int {
	path, b, code := openArg(newFlags(name), args, stderr, readFile)
	if code != 0 {
		return code
	}
	f, err := decode.Parse(b)
	if err == nil {
		return container(f, path)
	}
	if !blob(b) {
		fmt.Fprintf(stderr, "dxscope: %s: neither a container nor an %s blob: %v\n", text.Safe(path), strings.ToUpper(name), err)
		return 1
	}
	return 0
}

func runRDAT(args []string, stdout, stderr io.Writer) int {
	return containerOrBlob("rdat", args, stdout, stderr, func(f *decode.File, path string) int { return dumpRDAT(f, path, stdout, stderr) },
		func(b []byte) bool {
			d, probs, _ := decode.ParseRuntimeData(b)
			if d == nil || d.Version != 0x10 {
				return false
			}
			text.WriteRuntimeData(stdout, d, len(b))
			text.WriteProblems(stderr, probs)
			return true
		})
}

func dumpRDAT(f *decode.File, path string, stdout, stderr io.Writer) int {
	if !writeDump("rdat", f, stdout) {
		fmt.Fprintf(stderr, "dxscope: %s has no RDAT or PDBI part\n", text.Safe(path))
		return 1
	}
	text.WriteProblems(stderr, partProblems(f.Problems, "RDAT", "PDBI"))
	return 0
}

func runRDEF(args []string, stdout, stderr io.Writer) int {
	return containerOrBlob("rdef", args, stdout, stderr, func(f *decode.File, path string) int { return dumpRDEF(f, path, stdout, stderr) },
		func(b []byte) bool {
			d, probs, _ := decode.ParseResourceDefinitions(b)
			if d == nil {
				return false
			}
			text.WriteResourceDefinitions(stdout, d)
			text.WriteProblems(stderr, probs)
			return true
		})
}

func dumpRDEF(f *decode.File, path string, stdout, stderr io.Writer) int {
	p := f.Part("RDEF")
	d, _ := text.DumpNamed("rdef")
	if p == nil || !d.Has(f, p) {
		fmt.Fprintf(stderr, "dxscope: %s has no decodable RDEF part\n", text.Safe(path))
		return 1
	}
	d.Write(stdout, f, p)
	text.WriteProblems(stderr, partProblems(f.Problems, "RDEF"))
	return 0
}

// listingCommand is asm or dis: FILE, a flag of the command's own (asm
// --code, dis --no-header) given to the printer, and --source, which prints
// each instruction's HLSL line above it instead.
func listingCommand(name, flagName, flagUsage string, print, withSource func(f *decode.File, path string, opt bool, stdout, stderr io.Writer) int) func(args []string, stdout, stderr io.Writer) int {
	return func(args []string, stdout, stderr io.Writer) int {
		fs := newFlags(name)
		opt := fs.Bool(flagName, false, flagUsage)
		src := sourceFlag(fs)
		path, f, code := openArg(fs, args, stderr, open)
		if code != 0 {
			return code
		}
		if *src {
			return withSource(f, path, *opt, stdout, stderr)
		}
		return print(f, path, *opt, stdout, stderr)
	}
}

func dumpAsm(f *decode.File, path string, codeOnly bool, stdout, stderr io.Writer) int {
	status := 1
	for _, p := range f.Parts {
		if p.Bytecode != nil || p.Level9 != nil {
			status = 0
		}
	}
	if status != 0 {
		fmt.Fprintf(stderr, "dxscope: %s: no SHDR or SHEX part\n", text.Safe(path))
	} else if codeOnly {
		for _, p := range f.Parts {
			if p.Bytecode != nil {
				fmt.Fprint(stdout, p.Bytecode.Listing())
			}
		}
	} else {
		if err := text.WriteFXCListing(stdout, f); err != nil {
			fmt.Fprintf(stderr, "dxscope: %s\n", text.Safe(err.Error()))
			return 1
		}
		st := text.ChooseFXCStyle(f)
		fmt.Fprintf(stderr, "dxscope: spelling: %s\n", st.Rule)
	}
	for _, pr := range partProblems(f.Problems, "SHDR", "SHEX", "Aon9") {
		fmt.Fprintf(stderr, "%s\n", text.Safe(pr.String()))
	}
	for _, p := range f.Parts {
		if p.Bytecode != nil || p.Level9 != nil {
			text.WriteAbsent(stderr, p) // stdout is FXC's listing
		}
	}
	return status
}

func disassemble(f *decode.File, path string, noHeader bool, stdout, stderr io.Writer) int {
	// Like dxc -dumpbin: the debug module (ILDB) when there is one, else DXIL.
	part := f.Part("ILDB")
	if part == nil || part.Program == nil {
		part = f.Part("DXIL")
	}
	ir := decode.PartIR(part)
	if ir == nil {
		fmt.Fprintf(stderr, "dxscope: %s: no DXIL or ILDB part with bitcode\n", text.Safe(path))
		return 1
	}
	var err error
	st := text.ChooseDXCStyle(f)
	if noHeader {
		err = text.WriteIRStyle(stdout, ir, st)
	} else {
		err = text.WriteDisassembly(stdout, f, ir)
	}
	if err != nil {
		fmt.Fprintf(stderr, "dxscope: %s\n", text.Safe(err.Error()))
		return 1
	}
	fmt.Fprintf(stderr, "dxscope: spelling: %s\n", text.Safe(st.Rule))
	text.WriteAbsent(stderr, part) // stdout is LLVM assembly
	for _, pr := range ir.Problems {
		fmt.Fprintf(stderr, "dxscope: %s\n", text.Safe(pr.String()))
	}
	if ir.StoppedAt != 0 {
		return 1
	}
	return 0
}
