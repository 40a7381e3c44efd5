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
// descriptors (accept4: too many open files) and nobody is served, and one
// client holding every connection slot locks everyone else out.
type Limits struct {
	ReadHeaderTimeout time.Duration // a request's headers must arrive within this
	ReadTimeout       time.Duration // the whole request (the bundle takes no bodies)
	WriteTimeout      time.Duration // the whole response, app.wasm on a slow link included
	IdleTimeout       time.Duration // a keep-alive connection with no request is closed after this
	MaxConns          int           // open connections at once; more wait in the kernel's backlog
	MaxConnsPerClient int           // open connections from one remote IP; more are closed at once
}

// DefaultLimits are what cmd/serve uses. MaxConns stays well under the
// usual 20,000 descriptors a process may open, leaving room for files. A
// browser opens at most 6 connections to a host, so 64 from one address
// leaves room for several tabs and browsers behind one NAT, and 64 such
// clients are needed to fill MaxConns; the short idle timeout frees what
// they hold soon after they stop asking.
var DefaultLimits = Limits{
	ReadHeaderTimeout: 10 * time.Second,
	ReadTimeout:       30 * time.Second,
	WriteTimeout:      5 * time.Minute,
	IdleTimeout:       10 * time.Second,
	MaxConns:          4096,
	MaxConnsPerClient: 64,
}

// NewHTTPServer returns an http.Server for h with the limits' timeouts.
// Serve it on LimitListener(ln, l) so the connection limits apply too.
func NewHTTPServer(h http.Handler, l Limits) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: l.ReadHeaderTimeout,
		ReadTimeout:       l.ReadTimeout,
		WriteTimeout:      l.WriteTimeout,
		IdleTimeout:       l.IdleTimeout,
	}
}

// LimitListener returns a listener that holds at most l.MaxConns
// connections open at once, and at most l.MaxConnsPerClient from one remote
// IP address. Accept waits while MaxConns are open, so the excess waits in
// the kernel's backlog instead of costing descriptors; a connection from a
// client already holding its share is closed as soon as it is accepted, so
// it never takes a slot another client could use. A limit ≤ 0 means none.
func LimitListener(ln net.Listener, l Limits) net.Listener {
	if l.MaxConns <= 0 && l.MaxConnsPerClient <= 0 {
		return ln
	}
	ll := &limitListener{Listener: ln, perClient: l.MaxConnsPerClient, byClient: map[string]int{}, done: make(chan struct{})}
	if l.MaxConns > 0 {
		ll.sem = make(chan struct{}, l.MaxConns)
	}
	return ll
}

type limitListener struct {
	net.Listener
	sem       chan struct{} // one token per open connection (nil: no total limit)
	perClient int
	mu        sync.Mutex
	byClient  map[string]int // open connections per remote IP
	done      chan struct{}
	closeOnce sync.Once
}

func (l *limitListener) Accept() (net.Conn, error) {
	for {
		if l.sem != nil {
			select {
			case l.sem <- struct{}{}:
			case <-l.done:
				return nil, net.ErrClosed
			}
		}
		c, err := l.Listener.Accept()
		if err != nil {
			l.release()
			return nil, err
		}
		client := clientOf(c)
		l.mu.Lock()
		if l.perClient > 0 && l.byClient[client] >= l.perClient {
			l.mu.Unlock()
			c.Close()
			l.release()
			continue
		}
		l.byClient[client]++
		l.mu.Unlock()
		return &limitConn{Conn: c, release: func() {
			l.mu.Lock()
			if l.byClient[client]--; l.byClient[client] <= 0 {
				delete(l.byClient, client)
			}
			l.mu.Unlock()
			l.release()
		}}, nil
	}
}

// release gives a total-limit slot back.
func (l *limitListener) release() {
	if l.sem != nil {
		<-l.sem
	}
}

// clientOf is the remote IP address of a connection (the whole address
// when it has no port, as for a Unix socket).
func clientOf(c net.Conn) string {
	a := c.RemoteAddr().String()
	if host, _, err := net.SplitHostPort(a); err == nil {
		return host
	}
	return a
}

func (l *limitListener) Close() error {
	err := l.Listener.Close()
	l.closeOnce.Do(func() { close(l.done) })
	return err
}

// limitConn gives its slots back once, however often it is closed.
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
