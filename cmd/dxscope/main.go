// Command dxscope inspects DirectX shader containers from the command line,
// with the same decoder the web page runs.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/dustin/go-humanize"
	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/text"
)

// command is one subcommand. Each lives in its own file and registers itself
// in commands from an init function, so adding one touches no other file.
type command struct {
	usage string
	help  string
	run   func(args []string, stdout, stderr io.Writer) int
}

var commands = map[string]command{}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// stdin is what "-" reads (tests replace it).
var stdin io.Reader = os.Stdin

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	switch args[0] {
	case "-h", "--help", "help":
		if len(args) > 1 {
			if c, ok := commands[args[1]]; ok {
				commandUsage(stdout, args[1], c)
				return 0
			}
			fmt.Fprintf(stderr, "dxscope: unknown command %q\n", args[1])
			return 2
		}
		usage(stdout)
		return 0
	case "version", "--version", "-version":
		fmt.Fprintln(stdout, versionLine())
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "dxscope: unknown command %q\n", args[0])
		usage(stderr)
		return 2
	}
	for _, a := range args[1:] {
		if a == "--" {
			break
		}
		if a == "-h" || a == "--help" || a == "-help" {
			commandUsage(stdout, args[0], c)
			return 0
		}
	}
	// Text from a file never reaches a terminal raw: errors always pass
	// through the escaping writer, and so does the output of every command
	// but those that write bytes (extract, dbextract). JSON escapes on its
	// own (text.EscapeJSON), so the escaping writer leaves it as it is.
	maxInput = defaultMaxInput // until the command's --max-size says otherwise
	errw := text.NewSafeWriter(stderr)
	defer errw.Flush()
	if binaryOutput[args[0]] {
		return c.run(args[1:], stdout, errw)
	}
	outw := text.NewSafeWriter(stdout)
	defer outw.Flush()
	if !textOutput[args[0]] {
		return c.run(args[1:], outw, errw)
	}
	return runCapped(args[0], c, args[1:], outw, errw)
}

// binaryOutput are the commands whose standard output is bytes, not text.
var binaryOutput = map[string]bool{"extract": true, "dbextract": true}

// textOutput are the commands that print a text of the file (a dump, a
// listing, a comparison, a database): each stops at text.MaxText bytes
// with a line saying so, unless --full. A file of a few kilobytes can ask
// for gigabytes of text.
var textOutput = map[string]bool{"parts": true, "psv": true, "rootsig": true, "inputlayout": true, "dxil": true, "rdat": true,
	"rdef": true, "asm": true, "dis": true, "diff": true, "db": true, "link": true, "reflect": true,
	"check": true, "sources": true, "json": true}

// textCap is the cap on the running text command's standard output; its
// --full lifts it (newFlags). Nil for other commands.
var textCap *text.CapWriter

// maxText is the cap (tests lower it).
var maxText = text.MaxText

// runCapped runs a text command with its standard output capped. At the
// cap the command is stopped: the text ends with a line saying where and
// why, standard error says so too, and the status is 1 (the output is not
// all there).
func runCapped(name string, c command, args []string, stdout, stderr io.Writer) (status int) {
	textCap = &text.CapWriter{W: stdout, Max: maxText}
	defer func() {
		textCap = nil
		if r := recover(); r != nil {
			if l, ok := r.(jsonLinesFull); ok {
				// The lines written each parse; a notice among them would not.
				fmt.Fprintf(stderr, "dxscope: %s: the JSON lines stopped at the text budget of %s after %s (--full writes all of them)\n", name, humanize.IBytes(uint64(maxText)), plural(l.lines, "line"))
				status = 1
				return
			}
			if j, ok := r.(jsonOverBudget); ok {
				fmt.Fprintf(stderr, "dxscope: %s: the JSON document would be %s, past the text budget of %s: nothing written, as a document cut short does not parse (--full writes it)\n", name, humanize.IBytes(uint64(j.size)), humanize.IBytes(uint64(maxText)))
				status = 1
				return
			}
			if r != text.ErrTextFull {
				panic(r)
			}
			fmt.Fprintf(stdout, "… dxscope stopped this text at its budget of %s; dxscope %s --full prints all of it\n", humanize.IBytes(uint64(maxText)), name)
			fmt.Fprintf(stderr, "dxscope: %s: the text stopped at its budget of %s (--full prints all of it)\n", name, humanize.IBytes(uint64(maxText)))
			status = 1
		}
	}()
	return c.run(args, textCap, stderr)
}

// usage lists the commands, their arguments aligned in one column.
func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: dxscope COMMAND [ARGS]   (dxscope help COMMAND, dxscope version)")
	fmt.Fprintln(w, fileNote)
	const width = 42 // a longer usage gets a line of its own, its help below in the column
	for _, n := range slices.Sorted(maps.Keys(commands)) {
		c := commands[n]
		u := n + " " + c.usage
		if len(u) > width {
			fmt.Fprintf(w, "  %s\n  %-*s  %s\n", u, width, "", c.help)
			continue
		}
		fmt.Fprintf(w, "  %-*s  %s\n", width, u, c.help)
	}
}

// fileNote is what every command's FILE may be, and the flags every command takes.
const fileNote = `FILE may be - (standard input), PATH@0xOFFSET (the container at that offset of PATH), an
fxc /Fh or dxc -Fh header (the container its C array spells), PATH@NAME (that of the C array NAME)
or an fxc /Fd PDB (read as the SPDB part of a container made for it).
Flags may come before or after the arguments; -- ends them. Every command takes --max-size SIZE
(default 1GiB): the most bytes read from a FILE or standard input. The text commands (parts, psv,
rootsig, inputlayout, dxil, rdat, rdef, asm, dis, diff, link, reflect, db, check, sources, json)
stop after 64MiB of text, saying so, unless --full.`

// commandUsage prints one command's usage.
func commandUsage(w io.Writer, name string, c command) {
	fmt.Fprintf(w, "usage: dxscope %s %s\n  %s\n", name, c.usage, c.help)
	fmt.Fprintln(w, fileNote)
}

// versionLine is the module version and the VCS revision the binary was
// built from, as the Go toolchain recorded them.
func versionLine() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "dxscope (no build information)"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	s := "dxscope " + v
	var rev, at, dirty string
	for _, kv := range bi.Settings {
		switch kv.Key {
		case "vcs.revision":
			rev = kv.Value
		case "vcs.time":
			at = kv.Value
		case "vcs.modified":
			if kv.Value == "true" {
				dirty = "+modified"
			}
		}
	}
	if rev != "" {
		s += " " + rev + dirty
		if at != "" {
			s += " (" + at + ")"
		}
	}
	return s + " " + bi.GoVersion
}

// readFile reads a FILE argument, reporting failures the same way
// everywhere: "-" is standard input, PATH@0xOFFSET the container at that
// offset of PATH (cut at its FileSize), PATH@NAME the container of a C
// array in a source text, a source text of one such array that container,
// and a directory is an error that names check -r.
func readFile(path string, stderr io.Writer) ([]byte, bool) {
	b, err := readInput(path)
	if err != nil {
		fmt.Fprintf(stderr, "dxscope: %s\n", text.Safe(err.Error()))
		return nil, false
	}
	return fromSource(path, b, stderr), true
}

// parseFile reads a FILE argument and parses it. readFile says why it could
// not read the file; failed says why its bytes do not parse.
func parseFile[T any](path string, stderr io.Writer, parse func([]byte) (T, error), failed func(b []byte, err error)) (T, bool) {
	var zero T
	b, ok := readFile(path, stderr)
	if !ok {
		return zero, false
	}
	v, err := parse(b)
	if err != nil {
		failed(b, err)
		return zero, false
	}
	return v, true
}

// writeJSON writes v as indented JSON, with the escapes of text.EscapeJSON,
// saying on stderr why when it cannot. A document that would pass the text
// budget is not written (jsonOverBudget).
func writeJSON(stdout, stderr io.Writer, v any) bool {
	return encodeJSON(stdout, stderr, v, "  ", func(size int) any { return jsonOverBudget{size} })
}

// jsonLine writes v as one JSON document on one line, the lines-th of a
// command's JSON Lines (check --json). A line that would pass the text
// budget stops the command (jsonLinesFull) with the lines before it written.
func jsonLine(stdout, stderr io.Writer, v any, lines int) bool {
	return encodeJSON(stdout, stderr, v, "", func(int) any { return jsonLinesFull{lines} })
}

// encodeJSON writes v as one JSON document and a newline (indented by
// indent, or on one line when it is ""), with no raw DEL, C1 or bidi
// control in its strings (text.EscapeJSON). Past the text budget it panics
// with full's value for runCapped.
func encodeJSON(stdout, stderr io.Writer, v any, indent string, full func(size int) any) bool {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", indent)
	if err := enc.Encode(v); err != nil {
		fmt.Fprintf(stderr, "dxscope: %s\n", text.Safe(err.Error()))
		return false
	}
	out := text.EscapeJSON(b.Bytes())
	if c, ok := stdout.(*text.CapWriter); ok && !c.Fits(len(out)) {
		panic(full(len(out)))
	}
	stdout.Write(out)
	return true
}

// jsonLinesFull stops a capped command writing JSON Lines at the budget,
// after lines whole lines: runCapped says so on standard error only.
type jsonLinesFull struct{ lines int }

// jsonOverBudget stops a capped command whose JSON document would pass the
// text budget (runCapped says so): a document cut short does not parse, so
// none is written.
type jsonOverBudget struct{ size int }

// newFlags makes the flag set of one command. Every command has its own, and
// every command takes --max-size, since every one reads files.
func newFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // parseArgs says what went wrong, with the command's usage
	fs.Var(sizeFlag{&maxInput}, "max-size", "the most bytes a FILE or standard input may hold")
	fs.BoolFunc("full", "print the whole text, past the budget of "+humanize.IBytes(uint64(text.MaxText)), func(string) error {
		if textCap != nil {
			textCap.Max = 0
		}
		return nil
	})
	return fs
}

// splitArgs separates flags (with the values of those that take one) from
// the other arguments, so flags may come before, between or after them;
// "--" ends the flags and "-" alone is an argument (standard input).
func splitArgs(fs *flag.FlagSet, args []string) (flags, pos []string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return flags, append(pos, args[i+1:]...)
		}
		if len(a) < 2 || a[0] != '-' {
			pos = append(pos, a)
			continue
		}
		flags = append(flags, a)
		name := strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
		if strings.Contains(name, "=") {
			continue
		}
		if f := fs.Lookup(name); f != nil && !isBoolFlag(f) && i+1 < len(args) {
			i++
			flags = append(flags, args[i])
		}
	}
	return flags, pos
}

// isBoolFlag says whether a flag takes no value, as package flag decides.
func isBoolFlag(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// parseArgs parses a command's arguments with its flag set, flags anywhere,
// and checks that between min and max other arguments remain (max < 0: no
// limit). On a mistake (an unknown flag, a bad value, too few or too many
// arguments) it says what on stderr with the command's usage: the caller
// exits 2.
func parseArgs(fs *flag.FlagSet, args []string, min, max int, stderr io.Writer) ([]string, bool) {
	flags, pos := splitArgs(fs, args)
	err := fs.Parse(flags)
	if err == nil && len(fs.Args()) > 0 {
		// Only a malformed flag such as "---x" stops Parse early.
		err = fmt.Errorf("bad flag syntax: %s", fs.Args()[0])
	}
	switch {
	case err != nil:
	case len(pos) < min:
		err = errors.New("missing an argument")
	case max >= 0 && len(pos) > max:
		err = fmt.Errorf("unexpected argument %q", pos[max])
	}
	if err != nil {
		fmt.Fprintf(stderr, "dxscope %s: %s\nusage: dxscope %s %s\n", fs.Name(), text.Safe(err.Error()), fs.Name(), commands[fs.Name()].usage)
		return nil, false
	}
	return pos, true
}

// openArg parses the arguments of a command whose one positional argument is
// a file and opens that file with open (open, openDB, readFile). code is 0
// when it opened, else the exit status: 2 for a usage error, 1 for a file
// that could not be read or decoded (open has said why).
func openArg[T any](fs *flag.FlagSet, args []string, stderr io.Writer, open func(string, io.Writer) (T, bool)) (path string, v T, code int) {
	pos, ok := parseArgs(fs, args, 1, 1, stderr)
	if !ok {
		return "", v, 2
	}
	if v, ok = open(pos[0], stderr); !ok {
		return pos[0], v, 1
	}
	return pos[0], v, 0
}

// fileCommand makes the run function of a command whose one argument is a
// container and that has no flags of its own: usage errors exit 2, a file
// that does not decode exits 1.
func fileCommand(name string, run func(f *decode.File, path string, stdout, stderr io.Writer) int) func([]string, io.Writer, io.Writer) int {
	return func(args []string, stdout, stderr io.Writer) int {
		path, f, code := openArg(newFlags(name), args, stderr, open)
		if code != 0 {
			return code
		}
		return run(f, path, stdout, stderr)
	}
}

// jsonCommand makes the run function of a command whose arguments are FILE
// [--json] (jsonUsage says what the document holds): FILE is opened with
// openFile, and run prints what it holds as text, or as JSON with asJSON.
func jsonCommand[T any](name, jsonUsage string, openFile func(string, io.Writer) (T, bool), run func(v T, path string, asJSON bool, stdout, stderr io.Writer) int) func([]string, io.Writer, io.Writer) int {
	return func(args []string, stdout, stderr io.Writer) int {
		fs := newFlags(name)
		asJSON := fs.Bool("json", false, jsonUsage)
		path, v, code := openArg(fs, args, stderr, openFile)
		if code != 0 {
			return code
		}
		return run(v, path, *asJSON, stdout, stderr)
	}
}

// partProblems are the file's problems in the named parts.
func partProblems(ps []decode.Problem, parts ...string) []decode.Problem {
	var out []decode.Problem
	for _, p := range ps {
		for _, name := range parts {
			if p.Part == name {
				out = append(out, p)
				break
			}
		}
	}
	return out
}
