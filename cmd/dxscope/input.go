package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"github.com/dustin/go-humanize"

	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/pdb"
	"github.com/dxscope/dxscope/decode/sqlite"
	"github.com/dxscope/dxscope/decode/text"
)

// defaultMaxInput is the most bytes dxscope reads from one FILE: far above
// any real container or shader cache file, far below what would exhaust
// memory. --max-size changes it.
const defaultMaxInput = 1 << 30

// maxInput is the cap in force (run resets it for every command).
var maxInput int64 = defaultMaxInput

// sizeFlag is --max-size: a byte count, with humanize's units (1GiB, 500MB).
type sizeFlag struct{ n *int64 }

func (s sizeFlag) String() string {
	if s.n == nil {
		return ""
	}
	return humanize.IBytes(uint64(*s.n))
}

func (s sizeFlag) Set(v string) error {
	n, err := humanize.ParseBytes(v)
	if err != nil || n == 0 || n > 1<<62 {
		return fmt.Errorf("not a size in bytes (like 2GiB)")
	}
	*s.n = int64(n)
	return nil
}

// readInput reads a FILE argument: "-" is standard input, PATH@0xOFFSET the
// container at that offset of PATH, PATH@NAME the container that the C
// array NAME spells in the source text PATH (an fxc /Fh or dxc -Fh header).
// Only regular files are read (a named pipe, a device or a link to one
// would hang or never end), and none larger than maxInput.
func readInput(path string) ([]byte, error) {
	if path == "-" {
		return readCapped(stdin, "standard input")
	}
	if _, err := os.Lstat(path); err != nil {
		if at := strings.LastIndex(path, "@"); at > 0 && isIdentifier(path[at+1:]) {
			b, err := readRegular(path[:at])
			if err != nil {
				return nil, err
			}
			for _, a := range decode.CArrays(b) {
				if a.Name == path[at+1:] {
					return a.Bytes, nil
				}
			}
			return nil, fmt.Errorf("%s: no C array named %s spells a container in %s", path, path[at+1:], path[:at])
		}
		if at := strings.LastIndex(path, "@0x"); at > 0 {
			if off, perr := strconv.ParseInt(path[at+3:], 16, 64); perr == nil {
				b, err := readRegular(path[:at])
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
	}
	return readRegular(path)
}

// readRegular reads a regular file (or a link to one) of at most maxInput bytes.
func readRegular(path string) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, fmt.Errorf("%s is a directory (dxscope check -r DIR walks folders)", path)
	}
	if !st.Mode().IsRegular() {
		return nil, notRegular(path, st.Mode())
	}
	if st.Size() > maxInput {
		return nil, tooLarge(path, st.Size())
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// What was opened is what is read: the name may point elsewhere by now.
	if st, err = f.Stat(); err != nil {
		return nil, err
	} else if !st.Mode().IsRegular() {
		return nil, notRegular(path, st.Mode())
	}
	return readCapped(f, path)
}

// readCapped reads r to its end, or fails once it has given more than
// maxInput bytes (one more than the cap is read to tell).
func readCapped(r io.Reader, name string) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r, maxInput+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > maxInput {
		return nil, tooLarge(name, -1)
	}
	return b, nil
}

// tooLarge says a file is over the cap and how to lift it (size < 0: not known).
func tooLarge(name string, size int64) error {
	holds := "holds more than"
	if size >= 0 {
		holds = fmt.Sprintf("holds %s, more than", humanize.IBytes(uint64(size)))
	}
	return fmt.Errorf("%s %s %s, the most dxscope reads (--max-size SIZE reads more)", name, holds, humanize.IBytes(uint64(maxInput)))
}

// notRegular says what a file that is not a regular file is, and whether a
// symbolic link led there.
func notRegular(path string, m fs.FileMode) error {
	what := "a special file"
	switch {
	case m&fs.ModeNamedPipe != 0:
		what = "a named pipe"
	case m&fs.ModeCharDevice != 0:
		what = "a character device"
	case m&fs.ModeDevice != 0:
		what = "a device"
	case m&fs.ModeSocket != 0:
		what = "a socket"
	}
	if lst, err := os.Lstat(path); err == nil && lst.Mode()&fs.ModeSymlink != 0 {
		what = "a symbolic link to " + what
	}
	return fmt.Errorf("%s is %s, not a regular file: dxscope reads regular files and standard input", path, what)
}

// isIdentifier says whether s is a C identifier (the NAME of PATH@NAME).
func isIdentifier(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// fromSource reads the one container a source text spells as a C array (an
// fxc /Fh or dxc -Fh header), or an FXC program database as the SPDB part
// of a container, saying so on stderr; any other bytes, and a text of
// several such arrays (guide names them), are returned as they are.
func fromSource(path string, b []byte, stderr io.Writer) []byte {
	if c, ok := decode.FXCPDBContainer(b); ok {
		fmt.Fprintf(stderr, "dxscope: %s: a program database without a shader container, as fxc /Fd writes one: read as the SPDB part of a container made for it (the PDB's byte 0 at 0x%x)\n", text.Safe(path), decode.FXCPDBOffset)
		return c
	}
	if len(b) < 4 || string(b[:4]) == decode.Magic || sqlite.IsSQLite(b) || pdb.IsMSF(b) {
		return b
	}
	arrays := decode.CArrays(b)
	if len(arrays) != 1 || len(decode.Scan(b)) > 0 {
		return b
	}
	a := arrays[0]
	fmt.Fprintf(stderr, "dxscope: %s: the container of the C array %s (line %d; %s@%s names it)\n", text.Safe(path), text.Safe(a.Name), a.Line, text.Safe(path), text.Safe(a.Name))
	return a.Bytes
}
