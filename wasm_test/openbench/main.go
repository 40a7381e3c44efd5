// Command openbench times, in one process, the stages of the page's work on
// opening files: decode.Parse, the view model (model.Build), every part's
// tree and special views, every part's texts (the Text tab), the share
// link's encoding and decoding, and two 50 MB files (a container with a
// 50 MB PRIV part, a container inside 50 MB of other bytes). Built for
// js/wasm with the page's compiler flags (app/serve's noInline) and run
// under node, it measures what a change of those flags costs the page's
// decoder, which benchweb's browser timings are too noisy to show:
//
//	GOOS=js GOARCH=wasm go build -trimpath -o ob.wasm -gcflags=… ./wasm_test/openbench
//	"$(go env GOROOT)/lib/wasm/go_js_wasm_exec" ob.wasm LISTFILE
//
// LISTFILE names the files, one a line (the last is also the container
// inside the 50 MB file). It prints each stage's fastest and median time
// over ROUNDS rounds (default 5) after one round of warming up; ONLY=decode,dumps
// runs the stages whose names it contains. docs/performance.md has figures.
package main

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dxscope/dxscope/app/linkstate"
	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/edit"
	"github.com/dxscope/dxscope/views/model"
)

// container lays out a DXBC container of the named parts, in order, with
// dxscope's own writer (its digest left zero: decoding checks it all the
// same).
func container(names []string, parts [][]byte) []byte {
	c := edit.New()
	for i, name := range names {
		if err := c.Set(name, parts[i]); err != nil {
			panic(err)
		}
	}
	b, err := c.Bytes(edit.Unsigned)
	if err != nil {
		panic(err)
	}
	return b
}

// stage is one step of opening the files, timed as a whole.
type stage struct {
	name string
	run  func()
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: openbench LISTFILE (one path a line)")
		os.Exit(2)
	}
	list, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var files [][]byte
	for _, name := range strings.Split(string(list), "\n") {
		if name == "" {
			continue
		}
		b, err := os.ReadFile(name)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		files = append(files, b)
	}
	if len(files) == 0 {
		fmt.Fprintln(os.Stderr, "openbench: no files listed")
		os.Exit(1)
	}
	priv := container([]string{"SFI0", "PRIV"}, [][]byte{make([]byte, 8), make([]byte, 50<<20)})
	inside := make([]byte, 50<<20)
	for i := range inside {
		inside[i] = byte(i * 2654435761 >> 13) // not a container, not zeros
	}
	copy(inside[33<<20:], files[len(files)-1])

	each := func(f func(b []byte)) func() {
		return func() {
			for _, b := range files {
				f(b)
			}
		}
	}
	stages := []stage{
		{"decode", each(func(b []byte) { decode.Parse(b) })},
		{"model", each(func(b []byte) { model.Build("x", b, 0) })},
		{"model+trees", each(func(b []byte) {
			for _, p := range model.Build("x", b, 0).Parts {
				p.LoadSpecials()
				p.Tree()
			}
		})},
		{"model+texts", each(func(b []byte) {
			for _, p := range model.Build("x", b, 0).Parts {
				p.Dumps()
			}
		})},
		{"link", each(func(b []byte) {
			linkstate.DecodeLink(linkstate.EncodeLink(linkstate.Link{File: b}, 0).Fragment)
		})},
		{"50MB-PRIV", func() { model.Build("x", priv, 0) }},
		{"50MB-inside", func() { model.Build("x", inside, 0) }},
	}
	if only := os.Getenv("ONLY"); only != "" {
		stages = slices.DeleteFunc(stages, func(s stage) bool {
			return !slices.ContainsFunc(strings.Split(only, ","), func(o string) bool { return strings.Contains(s.name, o) })
		})
	}
	rounds := 5
	if r, err := strconv.Atoi(os.Getenv("ROUNDS")); err == nil && r > 0 {
		rounds = r
	}
	times := make([][]time.Duration, len(stages))
	for r := 0; r <= rounds; r++ {
		for i, s := range stages {
			t := time.Now()
			s.run()
			if r > 0 {
				times[i] = append(times[i], time.Since(t))
			}
		}
	}
	fmt.Printf("%d files, %d rounds\n", len(files), rounds)
	for i, s := range stages {
		slices.Sort(times[i])
		fmt.Printf("%-12s fastest %7.1f ms  median %7.1f ms\n", s.name, ms(times[i][0]), ms(times[i][len(times[i])/2]))
	}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
