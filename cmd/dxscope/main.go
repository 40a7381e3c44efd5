// Command dxscope inspects DirectX shader containers from the command line,
// with the same decoder the web page runs.
package main

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
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

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(stderr)
		return 2
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "dxscope: unknown command %q\n", args[0])
		usage(stderr)
		return 2
	}
	return c.run(args[1:], stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: dxscope COMMAND [ARGS]")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		c := commands[n]
		fmt.Fprintf(w, "  %-40s %s\n", "dxscope "+n+" "+c.usage, c.help)
	}
}

// readFile reads a file named on the command line, reporting failures the same way everywhere.
func readFile(path string, stderr io.Writer) ([]byte, bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintf(stderr, "dxscope: %v\n", err)
		return nil, false
	}
	return b, true
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

// oneFile checks that a command got exactly one FILE argument, printing its usage otherwise.
func oneFile(args []string, name string, stderr io.Writer) bool {
	if len(args) != 1 {
		fmt.Fprintf(stderr, "usage: dxscope %s FILE\n", name)
		return false
	}
	return true
}
