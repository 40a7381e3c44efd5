package text

import (
	"math"
	"strconv"
)

// The page does not link go-humanize: its package initialiser compiles a
// regular expression (bringing package regexp and its Unicode tables into
// app.wasm) and it needs math/big. These two give the same text as the
// go-humanize functions of the same name (TestSizeTextsMatchHumanize).

// IBytes writes a size in bytes with a binary unit, as go-humanize's
// IBytes does: "9 B", "2.4 KiB", "38 KiB", "1.0 MiB".
func IBytes(s uint64) string {
	if s < 10 {
		return strconv.FormatUint(s, 10) + " B"
	}
	sizes := []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	e := math.Floor(math.Log(float64(s)) / math.Log(1024))
	val := float64(s) / math.Pow(1024, e)
	// Decimal places from the unrounded value's integer digits (two
	// significant digits at least), rounded once; fewer places when the
	// rounding carries into another digit (9.996 → 10).
	intDigits := countDigits(int64(val))
	digits := max(2-intDigits, 0)
	rounding := math.Pow10(digits)
	val = math.Floor(val*rounding+0.5) / rounding
	if d := countDigits(int64(val)); d > intDigits {
		digits = max(digits-(d-intDigits), 0)
	}
	return strconv.FormatFloat(val, 'f', digits, 64) + " " + sizes[int(e)]
}

func countDigits(n int64) int {
	d := 0
	for n != 0 {
		n /= 10
		d++
	}
	return d
}

// Comma writes n in decimal with commas between groups of three digits
// (1,234,567), as go-humanize's Comma does.
func Comma(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := s[0] == '-'
	if neg {
		s = s[1:]
	}
	out := make([]byte, 0, len(s)+len(s)/3+1)
	if neg {
		out = append(out, '-')
	}
	for i := 0; i < len(s); i++ {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return string(out)
}
