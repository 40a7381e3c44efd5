//go:build !wasm

package serve

import (
	"strconv"
	"strings"
)

// net/url imports net/netip for one call, url.Parse's check of a bracketed
// host (netip.ParseAddr), which the page never makes; but netip's package
// initialiser runs all the same, and its unique.Make keeps package unique's
// concurrent map and the runtime's weak pointers and cleanups in app.wasm
// (140 KB of code and data, 26 KB of brotli). The page builds net/url with
// an overlay (pageOverlay) that checks the host with pageParseIPLiteral,
// the code below the marker, written into net/url as it is here: our own
// reading of the address forms ParseAddr takes (RFC 4291's text forms,
// dotted-quad IPv4 without leading zeros, an optional non-empty zone), not
// its code; TestPageParseIPLiteral holds it to netip.ParseAddr on which
// strings are addresses and which are IPv4. Its error names the host only:
// the page links no caller of url.Parse that reaches it.

// pageIPMarker starts the code net/url's overlay gets.
const pageIPMarker = "// written into net/url from here\n"

// written into net/url from here

// pageParseIPLiteral reports whether s, the inside of a bracketed URL host,
// is an address netip.ParseAddr takes, and whether that address is IPv4.
// Which form s claims is decided by the first '.', ':' or '%' in it, as
// ParseAddr decides.
func pageParseIPLiteral(s string) (is4 bool, err error) {
	bad := &pageAddrError{s}
	switch i := strings.IndexAny(s, ".:%"); {
	case i < 0 || s[i] == '%':
		return false, bad
	case s[i] == '.':
		if !pageIPv4(s) {
			return false, bad
		}
		return true, nil
	}
	addr, zone, zoned := strings.Cut(s, "%")
	if zoned && zone == "" {
		return false, bad
	}
	// At most one "::", standing for one or more groups of zeros; the
	// groups before it are hex, and the last group of all may be an IPv4
	// address, which counts as two.
	head, tail, elided := strings.Cut(addr, "::")
	var ok bool
	if elided {
		n, okHead := pageIPv6Groups(head, false)
		m, okTail := pageIPv6Groups(tail, true)
		ok = okHead && okTail && n+m <= 7
	} else {
		n, okAll := pageIPv6Groups(addr, true)
		ok = okAll && n == 8
	}
	if !ok {
		return false, bad
	}
	return false, nil
}

// pageIPv6Groups counts the 16-bit groups of s, colon-separated groups of
// one to four hex digits (none when s is empty); the last may be an IPv4
// address when v4 is set.
func pageIPv6Groups(s string, v4 bool) (int, bool) {
	if s == "" {
		return 0, true
	}
	fields := strings.Split(s, ":")
	for i, f := range fields {
		if v4 && i == len(fields)-1 && strings.Contains(f, ".") {
			return len(fields) + 1, pageIPv4(f)
		}
		if f == "" || len(f) > 4 || strings.Trim(f, "0123456789abcdefABCDEF") != "" {
			return 0, false
		}
	}
	return len(fields), true
}

// pageIPv4 reports whether s is four decimal numbers of 0 to 255 joined by
// dots, none written with a leading zero.
func pageIPv4(s string) bool {
	fields := strings.Split(s, ".")
	if len(fields) != 4 {
		return false
	}
	for _, f := range fields {
		if f == "" || len(f) > 3 || f[0] == '0' && len(f) > 1 || strings.Trim(f, "0123456789") != "" {
			return false
		}
		if n, _ := strconv.Atoi(f); n > 255 {
			return false
		}
	}
	return true
}

// pageAddrError says which host is not an address.
type pageAddrError struct{ in string }

func (e *pageAddrError) Error() string {
	return "ParseAddr(" + strconv.Quote(e.in) + "): not an IP address"
}
