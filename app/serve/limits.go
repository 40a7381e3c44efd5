//go:build !wasm

package serve

import (
	"net"
	"net/http"
	"sync"
	"time"
)

// Limits bound what clients can hold on the server: without them, idle
// keep-alive connections pile up until the process runs out of file
// descriptors (accept4: too many open files) and nobody is served.
type Limits struct {
	ReadHeaderTimeout time.Duration // a request's headers must arrive within this
	ReadTimeout       time.Duration // the whole request (the bundle takes no bodies)
	WriteTimeout      time.Duration // the whole response, app.wasm on a slow link included
	IdleTimeout       time.Duration // a keep-alive connection with no request is closed after this
	MaxConns          int           // open connections at once; more wait in the kernel's backlog
}

// DefaultLimits are what cmd/serve uses. MaxConns stays well under the
// usual 20,000 descriptors a process may open, leaving room for files.
var DefaultLimits = Limits{
	ReadHeaderTimeout: 10 * time.Second,
	ReadTimeout:       30 * time.Second,
	WriteTimeout:      5 * time.Minute,
	IdleTimeout:       60 * time.Second,
	MaxConns:          4096,
}

// NewHTTPServer returns an http.Server for h with the limits' timeouts.
// Serve it on Listen(ln, l) so the connection limit applies too.
func NewHTTPServer(h http.Handler, l Limits) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: l.ReadHeaderTimeout,
		ReadTimeout:       l.ReadTimeout,
		WriteTimeout:      l.WriteTimeout,
		IdleTimeout:       l.IdleTimeout,
	}
}

// LimitListener returns a listener that holds at most n connections open
// at once: Accept waits while n are open, so the excess waits in the
// kernel's backlog instead of costing descriptors. n ≤ 0 means no limit.
func LimitListener(ln net.Listener, n int) net.Listener {
	if n <= 0 {
		return ln
	}
	return &limitListener{Listener: ln, sem: make(chan struct{}, n), done: make(chan struct{})}
}

type limitListener struct {
	net.Listener
	sem       chan struct{}
	done      chan struct{}
	closeOnce sync.Once
}

func (l *limitListener) Accept() (net.Conn, error) {
	select {
	case l.sem <- struct{}{}:
	case <-l.done:
		return nil, net.ErrClosed
	}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.sem
		return nil, err
	}
	return &limitConn{Conn: c, release: func() { <-l.sem }}, nil
}

func (l *limitListener) Close() error {
	err := l.Listener.Close()
	l.closeOnce.Do(func() { close(l.done) })
	return err
}

// limitConn gives its slot back once, however often it is closed.
type limitConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}
