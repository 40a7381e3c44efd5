// Command jsondump decodes each file named in a list file and prints one line
// per file: its path, then the SHA-256 and length of decode.Parse's result as
// JSON (or of the error text). Built for js/wasm and run under node, it lets
// a native test check that the browser's decoder says exactly what the
// native one says.
package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"

	"github.com/dxscope/dxscope/decode"
)

// Digest returns what jsondump prints for one file's bytes.
func Digest(data []byte) string {
	var out []byte
	f, err := decode.Parse(data)
	if err != nil {
		out = []byte("error: " + err.Error())
	} else if out, err = json.Marshal(f); err != nil {
		out = []byte("marshal error: " + err.Error())
	}
	sum := sha256.Sum256(out)
	return fmt.Sprintf("%s\t%d", hex.EncodeToString(sum[:]), len(out))
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: jsondump LISTFILE (one path a line)")
		os.Exit(2)
	}
	list, err := os.Open(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer list.Close()
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	sc := bufio.NewScanner(list)
	for sc.Scan() {
		path := sc.Text()
		data, err := os.ReadFile(path)
		if err != nil {
			fmt.Fprintf(w, "%s\tread error: %v\n", path, err)
			continue
		}
		fmt.Fprintf(w, "%s\t%s\n", path, Digest(data))
	}
}
