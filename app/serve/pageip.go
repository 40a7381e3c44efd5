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
// the code below the marker, written into net/url as it is here;
// TestPageParseIPLiteral holds it to netip.ParseAddr.

// pageIPMarker starts the code net/url's overlay gets.
const pageIPMarker = "// net/url copy starts here\n"

// net/url copy starts here

// pageParseIPLiteral reports what url.Parse asks of netip.ParseAddr(s):
// whether s is an IPv4 address, or ParseAddr's error (its text, from the
// same checks in the same order: netip.go's ParseAddr, parseIPv4Fields and
// parseIPv6, which it follows line by line).
func pageParseIPLiteral(s string) (is4 bool, err error) {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '.':
			var fields [4]uint8
			if err := pageParseIPv4Fields(s, 0, len(s), fields[:]); err != nil {
				return false, err
			}
			return true, nil
		case ':':
			return false, pageParseIPv6(s)
		case '%':
			return false, pageAddrError{in: s, msg: "missing IPv6 address"}
		}
	}
	return false, pageAddrError{in: s, msg: "unable to parse IP"}
}

// pageAddrError is netip's parseAddrError.
type pageAddrError struct {
	in  string // the string given to ParseAddr
	msg string // an explanation of the parse failure
	at  string // optionally, the unparsed portion of in at which the error occurred.
}

func (err pageAddrError) Error() string {
	q := strconv.Quote
	if err.at != "" {
		return "ParseAddr(" + q(err.in) + "): " + err.msg + " (at " + q(err.at) + ")"
	}
	return "ParseAddr(" + q(err.in) + "): " + err.msg
}

func pageParseIPv4Fields(in string, off, end int, fields []uint8) error {
	var val, pos int
	var digLen int // number of digits in current octet
	s := in[off:end]
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			if digLen == 1 && val == 0 {
				return pageAddrError{in: in, msg: "IPv4 field has octet with leading zero"}
			}
			val = val*10 + int(s[i]) - '0'
			digLen++
			if val > 255 {
				return pageAddrError{in: in, msg: "IPv4 field has value >255"}
			}
		} else if s[i] == '.' {
			if i == 0 || i == len(s)-1 || s[i-1] == '.' {
				return pageAddrError{in: in, msg: "IPv4 field must have at least one digit", at: s[i:]}
			}
			if pos == 3 {
				return pageAddrError{in: in, msg: "IPv4 address too long"}
			}
			fields[pos] = uint8(val)
			pos++
			val = 0
			digLen = 0
		} else {
			return pageAddrError{in: in, msg: "unexpected character", at: s[i:]}
		}
	}
	if pos < 3 {
		return pageAddrError{in: in, msg: "IPv4 address too short"}
	}
	fields[3] = uint8(val)
	return nil
}

// pageParseIPv6 is netip's parseIPv6 less the address it builds.
func pageParseIPv6(in string) error {
	s := in
	zone := ""
	i := strings.IndexByte(s, '%')
	if i != -1 {
		s, zone = s[:i], s[i+1:]
		if zone == "" {
			return pageAddrError{in: in, msg: "zone must be a non-empty string"}
		}
	}

	var ip [16]byte
	ellipsis := -1 // position of ellipsis in ip
	if len(s) >= 2 && s[0] == ':' && s[1] == ':' {
		ellipsis = 0
		s = s[2:]
		if len(s) == 0 {
			return nil
		}
	}

	i = 0
	for i < 16 {
		off := 0
		acc := uint32(0)
		for ; off < len(s); off++ {
			c := s[off]
			if c >= '0' && c <= '9' {
				acc = (acc << 4) + uint32(c-'0')
			} else if c >= 'a' && c <= 'f' {
				acc = (acc << 4) + uint32(c-'a'+10)
			} else if c >= 'A' && c <= 'F' {
				acc = (acc << 4) + uint32(c-'A'+10)
			} else {
				break
			}
			if off > 3 {
				return pageAddrError{in: in, msg: "each group must have 4 or less digits", at: s}
			}
			if acc > 0xffff {
				return pageAddrError{in: in, msg: "IPv6 field has value >=2^16", at: s}
			}
		}
		if off == 0 {
			return pageAddrError{in: in, msg: "each colon-separated field must have at least one digit", at: s}
		}

		if off < len(s) && s[off] == '.' {
			if ellipsis < 0 && i != 12 {
				return pageAddrError{in: in, msg: "embedded IPv4 address must replace the final 2 fields of the address", at: s}
			}
			if i+4 > 16 {
				return pageAddrError{in: in, msg: "too many hex fields to fit an embedded IPv4 at the end of the address", at: s}
			}
			end := len(in)
			if len(zone) > 0 {
				end -= len(zone) + 1
			}
			if err := pageParseIPv4Fields(in, end-len(s), end, ip[i:i+4]); err != nil {
				return err
			}
			s = ""
			i += 4
			break
		}

		i += 2
		s = s[off:]
		if len(s) == 0 {
			break
		}
		if s[0] != ':' {
			return pageAddrError{in: in, msg: "unexpected character, want colon", at: s}
		} else if len(s) == 1 {
			return pageAddrError{in: in, msg: "colon must be followed by more characters", at: s}
		}
		s = s[1:]
		if s[0] == ':' {
			if ellipsis >= 0 {
				return pageAddrError{in: in, msg: "multiple :: in address", at: s}
			}
			ellipsis = i
			s = s[1:]
			if len(s) == 0 {
				break
			}
		}
	}

	if len(s) != 0 {
		return pageAddrError{in: in, msg: "trailing garbage after address", at: s}
	}
	if i < 16 {
		if ellipsis < 0 {
			return pageAddrError{in: in, msg: "address string too short"}
		}
	} else if ellipsis >= 0 {
		return pageAddrError{in: in, msg: "the :: must expand to at least one field of zeros"}
	}
	return nil
}
