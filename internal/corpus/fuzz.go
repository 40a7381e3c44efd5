package corpus

import (
	"os"
	"path/filepath"
	"time"
)

// F is the part of *testing.F that AddSeeds needs.
type F interface{ Add(args ...any) }

// AddSeeds adds every file that matches one of the patterns as a fuzz seed.
func AddSeeds(f F, patterns ...string) {
	for _, pat := range patterns {
		paths, _ := filepath.Glob(pat)
		for _, p := range paths {
			if b, err := os.ReadFile(p); err == nil {
				f.Add(b)
			}
		}
	}
}

// Watchdog panics, naming what, unless the function it returns is called
// within d: a fuzz input that is slow then crashes the worker, so the fuzzer
// keeps it as a failure. Use: defer corpus.Watchdog(10*time.Second, "FuzzX")().
func Watchdog(d time.Duration, what string) (stop func()) {
	w := time.AfterFunc(d, func() { panic(what + ": one input took more than " + d.String()) })
	return func() { w.Stop() }
}
