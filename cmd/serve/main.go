//go:build !wasm

// Command serve serves the dxscope inspector page: the static bundle in web/
// (built and generated first when missing or stale). The same package, built
// for js/wasm, is the page itself (main_wasm.go).
//
//	go run ./cmd/serve [-addr 127.0.0.1:8080]
package main

import (
	"flag"
	"fmt"
	"net"
	"os"
	"path/filepath"

	"github.com/dxscope/dxscope/app/serve"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on")
	dir := flag.String("dir", "", "bundle directory (default: web/ of the repository)")
	rebuild := flag.Bool("rebuild", false, "rebuild web/app.wasm even when it is up to date")
	quality := flag.Int("brotli", 11, "brotli quality for the precompressed files (0-11)")
	flag.Parse()

	root, err := serve.FindRoot(".")
	if err != nil {
		fail(err)
	}
	if *dir == "" {
		*dir = filepath.Join(root, "web")
	}
	// Compression runs after the server is up: brotli -q 11 of the wasm takes
	// tens of seconds (minutes with the pure-Go encoder), and the server sends
	// each .br/.gz copy as soon as it exists.
	version, err := serve.Prepare(serve.Options{Root: root, Dir: *dir, Force: *rebuild, NoCompress: true})
	if err != nil {
		fail(err)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fail(err)
	}
	fmt.Printf("dxscope: serving %s (version %s) at http://%s/\n", *dir, version, ln.Addr())
	go func() {
		if err := serve.CompressAll(*dir, *quality, os.Stderr); err != nil {
			fmt.Fprintln(os.Stderr, "dxscope: precompressing:", err)
		}
	}()
	srv := serve.NewHTTPServer(&serve.Server{Dir: *dir, Version: version}, serve.DefaultLimits)
	fail(srv.Serve(serve.LimitListener(ln, serve.DefaultLimits)))
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "dxscope:", err)
	os.Exit(1)
}
