package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/dustin/go-humanize"
	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/edit"
	"github.com/dxscope/dxscope/decode/text"
)

// What every command that writes a container shares: where the result goes
// (-o OUT, "-" for standard output, or --in-place), which digest it gets,
// and what is said about it on stderr.

// output is the destination flags of a command that writes a container.
type output struct {
	out     string
	inPlace bool
	digest  string
}

// flags registers -o and --in-place on fs, and --digest when the command
// takes one, its default def.
func (o *output) flags(fs *flag.FlagSet, def string) {
	fs.StringVar(&o.out, "o", "", "write the result to `OUT` (- for standard output)")
	fs.BoolVar(&o.inPlace, "in-place", false, "replace FILE with the result")
	if def != "" {
		fs.StringVar(&o.digest, "digest", def, "the digest to write: keep (the original's variant), retail, debug, bypass, preview-bypass or none")
	}
}

// switchFlag is a boolean flag that stands for a value: sign's digest
// variants, strip's groups of parts.
type switchFlag[T any] struct {
	name string
	v    T
	set  *bool
}

// defineSwitches registers a boolean flag on fs for each switch, with the
// usage text usage gives it.
func defineSwitches[T any](fs *flag.FlagSet, sw []switchFlag[T], usage func(switchFlag[T]) string) {
	for i := range sw {
		sw[i].set = fs.Bool(sw[i].name, false, usage(sw[i]))
	}
}

// given returns the switches set on the command line, in their order.
func given[T any](sw []switchFlag[T]) []switchFlag[T] {
	var out []switchFlag[T]
	for _, s := range sw {
		if *s.set {
			out = append(out, s)
		}
	}
	return out
}

// check says why the destination cannot be used, before any work is done:
// none given, or the input itself without --in-place.
func (o *output) check(input string) error {
	switch {
	case o.inPlace && input == "-":
		return errors.New("--in-place needs a FILE, not standard input")
	case o.inPlace && !isPlainFile(input):
		return fmt.Errorf("--in-place replaces a whole file; %s names a container inside one", input)
	case o.inPlace && o.out != "" && o.out != input:
		return errors.New("give -o OUT or --in-place, not both")
	case o.out == "" && !o.inPlace:
		return errors.New("say where the result goes: -o OUT (- for standard output) or --in-place")
	case o.out != "" && o.out != "-" && !o.inPlace && sameFile(o.out, input):
		return fmt.Errorf("refusing to overwrite the input %s (give --in-place to replace it)", input)
	}
	return nil
}

// isPlainFile says whether path names a file itself (not "-", not
// PATH@0xOFFSET).
func isPlainFile(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular()
}

// sameFile says whether two paths name one existing file; a container
// inside a file (PATH@0xOFFSET) counts as that file.
func sameFile(a, b string) bool {
	if at := strings.LastIndex(b, "@0x"); at > 0 && !isPlainFile(b) {
		b = b[:at]
	}
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(sa, sb)
}

// digestMode reads --digest.
func (o *output) digestMode() (edit.Digest, error) {
	if o.digest == "" {
		return edit.Keep, nil
	}
	return edit.ParseDigest(o.digest)
}

// write puts the bytes where o says, then says on stderr what was written
// and any problem the result has that the input did not.
func (o *output) write(input string, before *decode.File, out []byte, stdout, stderr io.Writer) int {
	dest := o.out
	if o.inPlace {
		dest = input
	}
	var err error
	switch {
	case dest == "-":
		_, err = stdout.Write(out)
	case o.inPlace:
		err = replaceFile(dest, out)
	default:
		err = writeFile(dest, out)
	}
	if err != nil {
		fmt.Fprintf(stderr, "dxscope: %v\n", err)
		return 1
	}
	after, err := decode.Parse(out)
	if err != nil { // cannot happen: the writer writes a header
		fmt.Fprintf(stderr, "dxscope: the result does not decode: %v\n", err)
		return 1
	}
	name := dest
	if dest == "-" {
		name = "standard output"
	}
	fmt.Fprintf(stderr, "dxscope: wrote %s: %s, %s, digest %s\n", text.Safe(name), plural(len(after.Parts), "part"), byteCount(len(out)), after.Digest.Status)
	if ps := newProblems(before, after); len(ps) > 0 {
		fmt.Fprintf(stderr, "dxscope: the result has %s the input did not:\n", plural(len(ps), "problem"))
		for _, p := range ps {
			fmt.Fprintf(stderr, "  %s\n", text.Safe(p.String()))
		}
	}
	return 0
}

// byteCount writes "1 byte", "1,544 bytes".
func byteCount(n int) string {
	if n == 1 {
		return "1 byte"
	}
	return humanize.Comma(int64(n)) + " bytes"
}

// replaceFile writes data to a new file beside path and renames it over
// path, so an interrupted write leaves the original whole.
func replaceFile(path string, data []byte) error {
	mode := os.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		mode = st.Mode().Perm()
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), mode)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// newProblems are the problems of after whose kind (severity, part,
// structure) before has fewer of: offsets move when parts do, so they are
// not compared.
func newProblems(before, after *decode.File) []decode.Problem {
	was := map[string]int{}
	key := func(p decode.Problem) string { return fmt.Sprintf("%s|%s|%s", p.Severity, p.Part, p.Structure) }
	for _, p := range before.Problems {
		was[key(p)]++
	}
	var out []decode.Problem
	for _, p := range after.Problems {
		if k := key(p); was[k] > 0 {
			was[k]--
			continue
		}
		out = append(out, p)
	}
	return out
}

// openEdit reads and decodes the FILE of a command that writes a container,
// after checking the destination.
func openEdit(path string, o *output, stderr io.Writer) (*decode.File, bool) {
	if err := o.check(path); err != nil {
		fmt.Fprintf(stderr, "dxscope: %s\n", text.Safe(err.Error()))
		return nil, false
	}
	return open(path, stderr)
}

// writeEdited applies the edits to f and writes the result as o says.
func writeEdited(path string, f *decode.File, edits []edit.Edit, o *output, stdout, stderr io.Writer) int {
	d, err := o.digestMode()
	if err != nil {
		fmt.Fprintf(stderr, "dxscope: %v\n", err)
		return 2
	}
	out, err := edit.Write(f, edits, d)
	if err != nil {
		fmt.Fprintf(stderr, "dxscope: %s: %s\n", text.Safe(path), text.Safe(err.Error()))
		if f.Digest.Status == decode.DigestMismatch {
			fmt.Fprintln(stderr, "  (--digest retail signs the result anew; dxscope sign explains what that means)")
		}
		return 1
	}
	return o.write(path, f, out, stdout, stderr)
}

// checkRootSignature checks a new root signature against f's shader and
// says what does not fit; it returns false when the result must not be
// written (an error, without --force).
func checkRootSignature(f *decode.File, rts0 []byte, force bool, stderr io.Writer) bool {
	ps := f.RootSignatureCovers(rts0)
	errs := 0
	for _, p := range ps {
		if p.Severity == decode.Error {
			errs++
		}
		fmt.Fprintf(stderr, "dxscope: %s\n", text.Safe(p.String()))
	}
	if errs == 0 {
		return true
	}
	if force {
		fmt.Fprintf(stderr, "dxscope: --force: writing a root signature the runtime will refuse with this shader (%s)\n", plural(errs, "error"))
		return true
	}
	fmt.Fprintf(stderr, "dxscope: the root signature does not fit the shader (%s): nothing written; --force writes it anyway\n", plural(errs, "error"))
	return false
}
