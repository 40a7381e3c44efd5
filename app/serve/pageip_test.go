//go:build !wasm

package serve

import (
	"math/rand/v2"
	"net/netip"
	"testing"
)

// TestPageParseIPLiteral holds net/url's overlay to netip.ParseAddr: the
// same strings are addresses, and the same of them IPv4, over hand-picked
// hosts and random strings of the characters an address is made of.
func TestPageParseIPLiteral(t *testing.T) {
	hosts := []string{"", "::", "::1", "1.2.3.4", "::ffff:1.2.3.4", "fe80::1%eth0", "fe80::1%", "%eth0",
		"1.2.3", "1.2.3.4.5", "01.2.3.4", "256.1.1.1", "1..2.3", ".1.2.3", "1.2.3.", "1.2.3.4%z",
		"2001:db8::68", "2001:db8:0:0:0:0:0:68", "2001:db8:0:0:0:0:0:0:68", "1:2:3:4:5:6:7::", "1:2:3:4:5:6:7:8::",
		"::1.2.3.4", "1:2:3:4:5:6:1.2.3.4", "1:2:3:4:5:1.2.3.4", "1::2::3", "12345::", "fffff::", "g::", ":1", "1:",
		"1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7", "a:b:c:d:e:f:1.2.3.4%zz", "::%z", ":::", "1:::2", "::1.2.3.4:5", "::ab.2.3.4", "1::2.3.4.5", "::1:2:3:4:5:6:7", "1.2.3.4::", "0.0.0.0", "00.0.0.0", "1.2.3.04", "localhost", "example.com", "[::1]"}
	r := rand.New(rand.NewPCG(1, 2))
	const chars = "0123456789afAFg:.%z"
	for range 300000 {
		b := make([]byte, r.IntN(24))
		for i := range b {
			b[i] = chars[r.IntN(len(chars))]
		}
		hosts = append(hosts, string(b))
	}
	// And near-addresses: groups of 1 to 5 digits joined by colons, dots,
	// double colons, a zone.
	seps := []string{":", ":", ":", "::", ".", "%z"}
	for range 300000 {
		s := ""
		for range 1 + r.IntN(10) {
			if s != "" {
				s += seps[r.IntN(len(seps))]
			}
			for range 1 + r.IntN(5) {
				s += string(chars[r.IntN(14)])
			}
		}
		hosts = append(hosts, s)
	}
	valid := 0
	for _, h := range hosts {
		addr, werr := netip.ParseAddr(h)
		is4, err := pageParseIPLiteral(h)
		if (werr == nil) != (err == nil) || werr == nil && addr.Is4() != is4 {
			t.Errorf("%q: got %v, %v; netip.ParseAddr: %v (IPv4 %v), %v", h, is4, err, addr, addr.Is4(), werr)
		}
		if werr == nil {
			valid++
		}
	}
	if valid < 1000 {
		t.Errorf("only %d addresses valid", valid)
	}
	t.Logf("%d of %d valid", valid, len(hosts))
}
