// Command dxscope inspects DirectX shader containers from the command line,
// with the same decoder the web page runs.
package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"

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
	// but those that write bytes (extract, dbextract) or JSON (json, and
	// --json, which escapes on its own).
	errw := text.NewSafeWriter(stderr)
	defer errw.Flush()
	if binaryOutput[args[0]] {
		return c.run(args[1:], stdout, errw)
	}
	outw := text.NewSafeWriter(stdout)
	defer outw.Flush()
	return c.run(args[1:], outw, errw)
}

// binaryOutput are the commands whose standard output is bytes, not text.
var binaryOutput = map[string]bool{"extract": true, "dbextract": true, "json": true}

// usage lists the commands, their arguments aligned in one column.
func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: dxscope COMMAND [ARGS]   (dxscope help COMMAND, dxscope version)")
	fmt.Fprintln(w, "FILE may be - (standard input) or PATH@0xOFFSET (the container at that offset of PATH).")
	const width = 42 // a longer usage gets a line of its own, its help below in the column
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		c := commands[n]
		u := n + " " + c.usage
		if len(u) > width {
			fmt.Fprintf(w, "  %s\n  %-*s  %s\n", u, width, "", c.help)
			continue
		}
		fmt.Fprintf(w, "  %-*s  %s\n", width, u, c.help)
	}
}

// commandUsage prints one command's usage.
func commandUsage(w io.Writer, name string, c command) {
	fmt.Fprintf(w, "usage: dxscope %s %s\n  %s\n", name, c.usage, c.help)
	fmt.Fprintln(w, "FILE may be - (standard input) or PATH@0xOFFSET (the container at that offset of PATH).")
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
// offset of PATH (cut at its FileSize), and a directory is an error that
// names check -r.
func readFile(path string, stderr io.Writer) ([]byte, bool) {
	b, err := readInput(path)
	if err != nil {
		fmt.Fprintf(stderr, "dxscope: %s\n", text.Safe(err.Error()))
		return nil, false
	}
	return b, true
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

// writeJSON writes v as indented JSON, saying on stderr why when it cannot.
func writeJSON(stdout, stderr io.Writer, v any) bool {
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		fmt.Fprintf(stderr, "dxscope: %v\n", err)
		return false
	}
	return true
}

func readInput(path string) ([]byte, error) {
	if path == "-" {
		return io.ReadAll(stdin)
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return nil, fmt.Errorf("%s is a directory (dxscope check -r DIR walks folders)", path)
	} else if err == nil {
		return os.ReadFile(path)
	}
	if at := strings.LastIndex(path, "@0x"); at > 0 {
		off, perr := strconv.ParseInt(path[at+3:], 16, 64)
		if perr == nil {
			b, err := os.ReadFile(path[:at])
			if err != nil {
				return nil, err
			}
			if off < 0 || off >= int64(len(b)) {
				return nil, fmt.Errorf("%s: offset 0x%x is past the end of the %d-byte file", path, off, len(b))
			}
			c, _ := decode.ContainerAt(b, off)
			return c, nil
		}
	}
	return os.ReadFile(path)
}

// splitFlags separates "-o OUT" style flags from positional arguments, so flags may come anywhere.
func splitFlags(args []string, withValue map[string]bool) (pos []string, flags map[string]string) {
	flags = map[string]string{}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if strings.HasPrefix(a, "-") && len(a) > 1 {
			name := strings.TrimLeft(a, "-")
			if k, v, ok := strings.Cut(name, "="); ok {
				flags[k] = v
				continue
			}
			if withValue[name] && i+1 < len(args) {
				flags[name] = args[i+1]
				i++
				continue
			}
			flags[name] = ""
			continue
		}
		pos = append(pos, a)
	}
	return
}

// positional splits args as splitFlags does and checks that n positional
// arguments remain, printing the command's usage otherwise.
func positional(args []string, n int, withValue map[string]bool, usage string, stderr io.Writer) (pos []string, flags map[string]string, ok bool) {
	pos, flags = splitFlags(args, withValue)
	if len(pos) != n {
		fmt.Fprintln(stderr, "usage: "+usage)
		return nil, nil, false
	}
	return pos, flags, true
}

// oneFile checks that a command got exactly one FILE argument, printing its usage otherwise.
func oneFile(args []string, name string, stderr io.Writer) bool {
	if len(args) != 1 {
		fmt.Fprintf(stderr, "usage: dxscope %s FILE\n", name)
		return false
	}
	return true
}

// fileCommand makes the run function of a command whose one argument is a
// container: usage errors exit 2, a file that does not decode exits 1.
func fileCommand(name string, run func(f *decode.File, path string, stdout, stderr io.Writer) int) func([]string, io.Writer, io.Writer) int {
	return func(args []string, stdout, stderr io.Writer) int {
		if !oneFile(args, name, stderr) {
			return 2
		}
		f, ok := open(args[0], stderr)
		if !ok {
			return 1
		}
		return run(f, args[0], stdout, stderr)
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
