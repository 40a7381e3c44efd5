package main

// The source behind the code: dis --source and asm --source interleave each
// instruction's source line (as objdump -S does), sources writes the source
// files a container embeds.

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/text"
)

func init() {
	commands["sources"] = command{"FILE [-o DIR]", "the source files the debug information embeds (SPDB, SDBG, SRCI, dx.source.contents): listed, or written into DIR", runSources}
}

// sourceFlag adds --source to a command's flags.
func sourceFlag(fs *flag.FlagSet) *bool {
	return fs.Bool("source", false, "each instruction's HLSL line above it, as objdump -S prints it")
}

// sourceMap is the file's source map, or nil after saying why there is
// none; what the mapping stopped short of goes to stderr.
func sourceMap(f *decode.File, path string, stderr io.Writer) *decode.SourceMap {
	sm := decode.Sources(f)
	if sm == nil {
		fmt.Fprintf(stderr, "dxscope: %s: no debug information with source positions (a DXIL debug module, FXC's SPDB or SDBG)\n", text.Safe(path))
		return nil
	}
	for _, pr := range sm.Problems {
		fmt.Fprintf(stderr, "%s\n", pr)
	}
	return sm
}

// disWithSource is dis --source.
func disWithSource(f *decode.File, path string, noHeader bool, stdout, stderr io.Writer) int {
	sm := sourceMap(f, path, stderr)
	if sm == nil {
		return 1
	}
	part := f.Part(sm.Part)
	ir := decode.PartIR(part)
	if ir == nil {
		fmt.Fprintf(stderr, "dxscope: %s: the source positions are of %s, not of a DXIL module: use asm --source\n", text.Safe(path), sm.Part)
		return 1
	}
	if err := text.WriteLines(stdout, text.DisassemblyWithSource(f, ir, sm, !noHeader)); err != nil {
		fmt.Fprintf(stderr, "dxscope: %v\n", err)
		return 1
	}
	fmt.Fprintf(stderr, "dxscope: spelling: %s\n", text.Safe(text.ChooseDXCStyle(f).Rule))
	for _, pr := range ir.Problems {
		fmt.Fprintf(stderr, "dxscope: %s\n", pr)
	}
	if ir.StoppedAt != 0 {
		return 1
	}
	return 0
}

// asmWithSource is asm --source (with or without --code).
func asmWithSource(f *decode.File, path string, _ bool, stdout, stderr io.Writer) int {
	sm := sourceMap(f, path, stderr)
	if sm == nil {
		return 1
	}
	if p := f.Part(sm.Part); p == nil || p.Bytecode == nil {
		fmt.Fprintf(stderr, "dxscope: %s: the source positions are of the DXIL module, not of SHDR/SHEX: use dis --source\n", text.Safe(path))
		return 1
	}
	if err := text.WriteLines(stdout, text.FXCListingWithSource(f, sm)); err != nil {
		fmt.Fprintf(stderr, "dxscope: %v\n", err)
		return 1
	}
	fmt.Fprintf(stderr, "dxscope: spelling: %s\n", text.ChooseFXCStyle(f).Rule)
	for _, pr := range partProblems(f.Problems, "SHDR", "SHEX", "SPDB", "SDBG") {
		fmt.Fprintf(stderr, "%s\n", pr)
	}
	return 0
}

func runSources(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("sources")
	outDir := fs.String("o", "", "write the files into this directory (none: list them)")
	path, f, code := openArg(fs, args, stderr, open)
	if code != 0 {
		return code
	}
	sm := sourceMap(f, path, stderr)
	if sm == nil {
		return 1
	}
	dir := *outDir
	if dir == "" {
		text.WriteSourceList(stdout, sm)
		return 0
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintf(stderr, "dxscope: %v\n", err)
		return 1
	}
	used := map[string]int{}
	status := 0
	for i, sf := range sm.Files {
		if !sf.HasText {
			fmt.Fprintf(stderr, "dxscope: %s: its text is not in the container\n", text.Safe(sf.Name))
			continue
		}
		name := sourceFileName(sf.Name, i, used)
		out := filepath.Join(dir, name)
		if err := writeFile(out, []byte(sf.Text)); err != nil {
			fmt.Fprintf(stderr, "dxscope: %v\n", err)
			status = 1
			continue
		}
		fmt.Fprintf(stdout, "%s\t%d bytes\t%s\n", text.Safe(out), len(sf.Text), text.Safe(sf.Name))
	}
	return status
}

// sourceFileName is the name a source file is written under: the last
// element of its recorded path (Windows or Unix separators), with anything
// that could leave the directory or hide the file replaced, made unique.
// used holds the names taken (lower case), each with the suffix to try next
// for it: thousands of files of one name tried every earlier suffix again,
// files² names.
func sourceFileName(recorded string, i int, used map[string]int) string {
	name := recorded
	if j := strings.LastIndexAny(name, `/\`); j >= 0 {
		name = name[j+1:]
	}
	name = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || strings.ContainsRune(`<>:"|?*`, r) {
			return '_'
		}
		return r
	}, name)
	name = strings.TrimLeft(name, ".")
	if name == "" {
		name = fmt.Sprintf("source%d.hlsl", i)
	}
	key := strings.ToLower(name)
	if next, taken := used[key]; taken {
		ext := filepath.Ext(name)
		stem := strings.TrimSuffix(name, ext)
		for k := next; ; k++ {
			name = fmt.Sprintf("%s-%d%s", stem, k, ext)
			if _, taken := used[strings.ToLower(name)]; !taken {
				used[key] = k + 1
				break
			}
		}
	}
	used[strings.ToLower(name)] = 2
	return name
}
