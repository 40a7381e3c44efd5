package hostile

import (
	"fmt"
	"testing"
)

// recorder keeps what FlatPerByte says instead of failing the test.
type recorder struct {
	testing.TB
	errors, logs []string
}

func (r *recorder) Helper()                 {}
func (r *recorder) Error(args ...any)       { r.errors = append(r.errors, fmt.Sprint(args...)) }
func (r *recorder) Logf(f string, a ...any) { r.logs = append(r.logs, fmt.Sprintf(f, a...)) }

// A time that is not flat is measured again, and fails only when it stays
// so; allocation is measured once.
func TestFlatPerByteMeasuresTimeAgain(t *testing.T) {
	for _, c := range []struct {
		name         string
		unit         string
		slowRounds   int // the first rounds measure a quadratic cost
		errors, logs int
		rounds       int
	}{
		{"linear", "ns", 0, 0, 0, 1},
		{"slow once", "ns", 1, 0, 1, 2},
		{"slow twice", "ns", 2, 0, 2, 3},
		{"always quadratic", "ns", 9, 1, 2, 3},
		{"quadratic allocation", "bytes allocated", 9, 1, 0, 1},
	} {
		r := &recorder{TB: t}
		rounds, calls := 0, 0
		sizes := []int{1, 2, 4}
		FlatPerByte(r, c.name, sizes, 2.5, c.unit, func(k int) (int, float64) {
			if calls%len(sizes) == 0 {
				rounds++
			}
			calls++
			if rounds <= c.slowRounds {
				return k, float64(k * k)
			}
			return k, float64(k)
		})
		if len(r.errors) != c.errors || len(r.logs) != c.logs || rounds != c.rounds {
			t.Errorf("%s: %d errors %q, %d logs, %d rounds; want %d, %d, %d", c.name, len(r.errors), r.errors, len(r.logs), rounds, c.errors, c.logs, c.rounds)
		}
	}
}
