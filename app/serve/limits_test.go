//go:build !wasm

package serve

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"
)

// TestIdleConnectionsClosed holds 2,000 keep-alive connections open after
// one request each: a fresh client is still served while they are held, and
// the server closes every one of them once the idle timeout passes.
func TestIdleConnectionsClosed(t *testing.T) {
	s, _ := testBundle(t)
	const n = 2000
	idle := 2 * time.Second
	l := Limits{ReadHeaderTimeout: idle, ReadTimeout: 5 * time.Second, WriteTimeout: 5 * time.Second, IdleTimeout: idle, MaxConns: n + 100}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := NewHTTPServer(s, l)
	go srv.Serve(LimitListener(ln, l))
	defer srv.Close()
	addr := ln.Addr().String()

	h := openHog(n, addr)
	defer h.close()
	for _, err := range h.errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	conns, readers := h.conns, h.readers
	held := time.Now()

	// A fresh client while the 2,000 are held.
	res, err := (&http.Client{Timeout: 10 * time.Second}).Get("http://" + addr + "/index.html")
	if err != nil {
		t.Fatalf("fresh request during %d idle connections: %v", n, err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("fresh request: status %d", res.StatusCode)
	}

	// Every held connection is closed by the server: a read ends with EOF
	// (not with our own deadline, which is far past the idle timeout).
	closed := 0
	for i, c := range conns {
		c.SetReadDeadline(held.Add(idle + 20*time.Second))
		if _, err := readers[i].ReadByte(); errors.Is(err, io.EOF) || errors.Is(err, net.ErrClosed) || isReset(err) {
			closed++
		} else {
			t.Errorf("connection %d: read gave %v, want EOF from the server's idle timeout", i, err)
			break
		}
	}
	t.Logf("%d/%d idle connections closed by the server %.1fs after they were held (idle timeout %v)", closed, n, time.Since(held).Seconds(), idle)
}

// hog is n connections to a server, each of which had one request for
// /app.js answered: a client holding connections open.
type hog struct {
	conns   []net.Conn // nil where the dial failed
	readers []*bufio.Reader
	errs    []error // per connection, why it was not served
}

// openHog dials the n connections from 16 goroutines at once and makes the
// request on each, with 10 s to answer it.
func openHog(n int, addr string) *hog {
	h := &hog{conns: make([]net.Conn, n), readers: make([]*bufio.Reader, n), errs: make([]error, n)}
	var wg sync.WaitGroup
	for w := 0; w < 16; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := w; i < n; i += 16 {
				h.errs[i] = h.request(i, addr)
			}
		}(w)
	}
	wg.Wait()
	return h
}

func (h *hog) request(i int, addr string) error {
	c, err := net.Dial("tcp", addr)
	if err != nil {
		return fmt.Errorf("dial %d: %w", i, err)
	}
	h.conns[i], h.readers[i] = c, bufio.NewReader(c)
	c.SetDeadline(time.Now().Add(10 * time.Second))
	fmt.Fprintf(c, "GET /app.js HTTP/1.1\r\nHost: x\r\n\r\n")
	res, err := http.ReadResponse(h.readers[i], nil)
	if err != nil {
		return fmt.Errorf("request %d: %w", i, err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return nil
}

func (h *hog) close() {
	for _, c := range h.conns {
		if c != nil {
			c.Close()
		}
	}
}

func isReset(err error) bool {
	var op *net.OpError
	return errors.As(err, &op) && !op.Timeout()
}

// TestLimitListener: with n connections open, the next waits until one closes.
func TestLimitListener(t *testing.T) {
	inner, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln := LimitListener(inner, Limits{MaxConns: 2})
	defer ln.Close()
	accepted := make(chan net.Conn, 3)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			accepted <- c
		}
	}()
	var clients []net.Conn
	for i := 0; i < 3; i++ {
		c, err := net.Dial("tcp", inner.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		clients = append(clients, c)
	}
	first := <-accepted
	<-accepted
	select {
	case <-accepted:
		t.Fatal("a third connection was accepted while two were open")
	default:
	}
	first.Close()
	first.Close() // closing twice frees one slot, not two
	select {
	case c := <-accepted:
		c.Close()
	case <-time.After(10 * time.Second):
		t.Fatal("the third connection was not accepted after one closed")
	}
}

// TestPrecompressedContentLength: a .br/.gz body carries its own length, so
// the page's loader can show real progress.
func TestPrecompressedContentLength(t *testing.T) {
	s, _ := testBundle(t)
	for _, enc := range []string{"br", "gzip"} {
		res := get(t, s, "/app.wasm", map[string]string{"Accept-Encoding": enc, "Range": "bytes=0-3"})
		ext := map[string]string{"br": ".br", "gzip": ".gz"}[enc]
		st, err := os.Stat(filepath.Join(s.Dir, "app.wasm"+ext))
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 || res.Header.Get("Content-Encoding") != enc {
			t.Errorf("%s: status %d, Content-Encoding %q", enc, res.StatusCode, res.Header.Get("Content-Encoding"))
		}
		if got := res.Header.Get("Content-Length"); got != strconv.FormatInt(st.Size(), 10) || int64(len(body)) != st.Size() {
			t.Errorf("%s: Content-Length %q, body %d bytes, file %d bytes", enc, got, len(body), st.Size())
		}
	}
}

// TestOneClientCannotLockOthersOut: one client (127.0.0.1) opens as many
// keep-alive connections as the server holds in all (4,096 with
// DefaultLimits) and leaves each idle after one request; another client
// (127.0.0.2) is still served at once, because the first holds only its 64.
// The control shows the attack works without the per-client limit: with
// every slot held, the other client waits until its timeout.
func TestOneClientCannotLockOthersOut(t *testing.T) {
	s, _ := testBundle(t)
	for _, tc := range []struct {
		name   string
		limits Limits
		served bool // the other client is served
	}{
		{"control, no per-client limit", Limits{IdleTimeout: time.Minute, MaxConns: 200}, false},
		{"DefaultLimits", DefaultLimits, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			srv := NewHTTPServer(s, tc.limits)
			go srv.Serve(LimitListener(ln, tc.limits))
			defer srv.Close()
			addr := ln.Addr().String()

			// The other client, from a second loopback address.
			other := &http.Client{Timeout: 3 * time.Second, Transport: &http.Transport{
				DialContext: (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 2)}}).DialContext}}
			res, err := other.Get("http://" + addr + "/index.html")
			if err != nil {
				t.Skipf("no second loopback address to test from: %v", err)
			}
			res.Body.Close()
			other.CloseIdleConnections()

			// A refused dial or a closed connection: over this client's share.
			n := tc.limits.MaxConns
			h := openHog(n, addr)
			defer h.close()
			held := 0
			for _, err := range h.errs {
				if err == nil {
					held++
				}
			}
			want := n
			if per := tc.limits.MaxConnsPerClient; per > 0 {
				want = per
			}
			if held != want {
				t.Errorf("the first client holds %d idle connections of the %d it opened, want %d", held, n, want)
			}

			start := time.Now()
			res, err = other.Get("http://" + addr + "/index.html")
			if err == nil {
				res.Body.Close()
			}
			if served := err == nil && res.StatusCode == 200; served != tc.served {
				t.Errorf("with %d idle connections from one client, another client served: %v (%v after %v), want %v", held, served, err, time.Since(start).Round(time.Millisecond), tc.served)
			}
			t.Logf("one client opened %d connections, holds %d idle; another client's request: %v in %v", n, held, err, time.Since(start).Round(time.Millisecond))
		})
	}
}
