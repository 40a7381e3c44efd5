//go:build !wasm

package serve

import (
	"net/url"
	"strings"
)

// go-app reads the page's address (Window().URL()) and the links it follows
// (Context.Navigate) with url.Parse, whose parser and host parser (with
// net/netip's) are about 7 KB of brotli. What it parses there is the
// browser's own: location.href and an anchor's href, absolute and
// normalised. The page's copy of go-app reads them with pageParseURL, the
// code below the marker, written into the copy as it is here;
// TestPageParseURL holds it to url.Parse.

// pageURLMarker starts the code the copy of go-app gets.
const pageURLMarker = "// page copy starts here\n"

// page copy starts here

// pageParseURL reads a URL as url.Parse does, for the URLs a browser hands
// out (location.href, an anchor's href): scheme, user and host as they are,
// path, query and fragment split and unescaped as url.Parse splits and
// unescapes them. It checks less than url.Parse: a host is not validated.
func pageParseURL(raw string) (*url.URL, error) {
	u := &url.URL{}
	rest, frag, hasFrag := strings.Cut(raw, "#")
	if hasFrag {
		f, err := url.PathUnescape(frag)
		if err != nil {
			return nil, &url.Error{Op: "parse", URL: raw, Err: err}
		}
		u.Fragment = f
		if u.EscapedFragment() != frag {
			u.RawFragment = frag
		}
	}
	rest, u.RawQuery, u.ForceQuery = strings.Cut(rest, "?")
	u.ForceQuery = u.ForceQuery && u.RawQuery == ""
	if i := strings.IndexByte(rest, ':'); i > 0 && pageURLScheme(rest[:i]) {
		u.Scheme, rest = strings.ToLower(rest[:i]), rest[i+1:]
		if !strings.HasPrefix(rest, "/") {
			u.Opaque = rest
			return u, nil
		}
	}
	if strings.HasPrefix(rest, "//") && (u.Scheme != "" || !strings.HasPrefix(rest, "///")) {
		auth := rest[2:]
		rest = ""
		if i := strings.IndexByte(auth, '/'); i >= 0 {
			auth, rest = auth[:i], auth[i:]
		}
		if i := strings.LastIndexByte(auth, '@'); i >= 0 {
			user, err := pageUserinfo(auth[:i])
			if err != nil {
				return nil, &url.Error{Op: "parse", URL: raw, Err: err}
			}
			u.User, auth = user, auth[i+1:]
		}
		h, err := url.PathUnescape(auth)
		if err != nil {
			return nil, &url.Error{Op: "parse", URL: raw, Err: err}
		}
		u.Host = h
	}
	p, err := url.PathUnescape(rest)
	if err != nil {
		return nil, &url.Error{Op: "parse", URL: raw, Err: err}
	}
	u.Path = p
	if u.EscapedPath() != rest {
		u.RawPath = rest
	}
	return u, nil
}

// pageURLScheme reports whether s is a URL scheme: a letter, then letters,
// digits, '+', '-' or '.'.
func pageURLScheme(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		default:
			return false
		}
	}
	return true
}

// pageUserinfo reads user[:password] before a host's '@'.
func pageUserinfo(s string) (*url.Userinfo, error) {
	name, pass, hasPass := strings.Cut(s, ":")
	name, err := url.PathUnescape(name)
	if err != nil {
		return nil, err
	}
	if !hasPass {
		return url.User(name), nil
	}
	if pass, err = url.PathUnescape(pass); err != nil {
		return nil, err
	}
	return url.UserPassword(name, pass), nil
}
