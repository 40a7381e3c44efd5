package corpus

import (
	"io/fs"
	"os"
	"path/filepath"
)

// WatchSources reads every file under each path (a file, or a folder and
// all below it) in the test's own process. go test caches a passing result
// against the test binary and the files the test itself opens; a test whose
// subject is built or run by a subprocess (go build, go run, go list) reads
// that subject's sources through the subprocess, unseen, so without this a
// change to them kept the old pass, even in a fresh clone, which shares the
// build cache.
func WatchSources(t TB, paths ...string) {
	t.Helper()
	for _, p := range paths {
		err := filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			_, err = os.ReadFile(path)
			return err
		})
		if err != nil {
			t.Fatalf("reading the sources a subprocess builds: %v", err)
		}
	}
}

// WatchPackage is WatchSources of the Go files of the package in dir (not
// of the folders below it); the folder is listed, so a file added to it is
// seen too.
func WatchPackage(t TB, dir string) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("reading the sources a subprocess builds: no Go files in %s (%v)", dir, err)
	}
	WatchSources(t, files...)
}
