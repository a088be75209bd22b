package web

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"gaelab/lessons"
	"gaelab/web/class"
	"gaelab/web/compare"
	"gaelab/web/course"
	"gaelab/web/inspect"
	"gaelab/web/mw"
	"gaelab/web/page"
	"gaelab/web/play"
	"gaelab/web/preview"
	"gaelab/web/store"
	"gaelab/web/train"
	"gaelab/web/update"
)

// Timeouts of the server. A client has readTimeout to send a whole request,
// a body of up to api.MaxBodyBytes included; writeTimeout runs from the end of
// the request headers, so it covers reading that body as well as computing
// and writing the answer.
const (
	readHeaderTimeout = 5 * time.Second
	readTimeout       = 30 * time.Second
	writeTimeout      = 60 * time.Second
	// idleTimeout closes a kept-alive connection idle this long: an idle
	// socket holds a file descriptor and memory, and a client reconnects.
	idleTimeout = 30 * time.Second

	// shutdownTimeout bounds the graceful shutdown; it stays below the 10 s
	// that docker stop waits before it kills the process.
	shutdownTimeout = 5 * time.Second
)

// maxHeaderBytes bounds the request line and headers together: the
// longest URL served (mw.MaxURLBytes, past which WithURLLimit answers 414)
// and 64 KiB of headers; a longer request is answered 431 by net/http.
const maxHeaderBytes = 64<<10 + mw.MaxURLBytes

// Server is GAE Lab's web application: the dependencies its handlers share,
// held here rather than in package variables.
// The message catalog (package i18n) is immutable and needs no place here.
type Server struct {
	opts    Options
	answers *mw.ResponseCache // recent answers of the pages group, by ETag
	play    *play.Room        // the playground, /batch and the QR pages
	update  *update.Room      // the update views
	compare *compare.Room     // the comparison views
	course  *course.Room      // the course
	class   *class.Room       // live classes
	inspect *inspect.Room     // /inspect
	ready   *store.Readiness  // /readyz: whether the store takes writes; nil without one
	train   *train.Room       // the training lab, /train

	// closing is done when the http.Server begins its shutdown; streams
	// end then (mw.WithShutdown).
	closing  context.Context
	shutdown context.CancelFunc
}

// newServer returns the application for o (defaults filled in).
func newServer(o Options) *Server {
	o = o.withDefaults()
	closing, shutdown := context.WithCancel(context.Background())
	s := &Server{opts: o, answers: mw.NewResponseCache(o.CacheBytes),
		class: class.NewRoom(o.classConfig()), inspect: newInspectRoom(o), train: train.NewRoom(o.TrainQuota), closing: closing, shutdown: shutdown}
	s.play = &play.Room{Charts: play.NewChartMemo(o.ChartCacheBytes), ClassesOn: s.class.On,
		Hosts: page.NewSiteHosts(o.PublicURL, o.AllowedHosts)}
	s.update = &update.Room{Room: s.play}
	s.compare = &compare.Room{Room: s.play}
	s.course = &course.Room{Room: s.play}
	if o.Store != nil {
		s.ready = store.NewReadiness(o.Store)
	}
	return s
}

// newRouter is Handler as a router, so that tests can mount routes of their
// own in a group, behind the same middleware.
func newRouter(o Options) *router { return newServer(o).router() }

// NewServer returns a server for Handler(o) on addr ("host:port") with
// read, write and idle timeouts and the header size limit set, logging its
// own errors to o.Logger. Its Shutdown ends the live streams at once.
func NewServer(addr string, o Options) *http.Server {
	o = o.withDefaults()
	if err := lessons.EmbeddedErr(); err != nil { // render the lessons now, not on the first request
		o.Logger.Error("lessons", "err", err)
	}
	if took, err := preview.LoadFont(); err != nil {
		o.Logger.Error("link previews draw nothing: cannot parse their font", "err", err)
	} else {
		o.Logger.Info("link preview font loaded", "took", took)
	}
	mw.BuildID()
	s := newServer(o)
	conns := &mw.ConnLimit{Max: o.MaxConns, PerAddr: o.MaxConnsPerAddr, Trusted: o.TrustProxy}
	srv := &http.Server{
		Addr:              addr,
		Handler:           s.router(),
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    maxHeaderBytes,
		ConnState:         conns.ConnState,
		ErrorLog:          slog.NewLogLogger(o.Logger.Handler(), slog.LevelError),
	}
	srv.RegisterOnShutdown(s.shutdown)
	return srv
}

// Serve listens on srv.Addr, logs the address it listens on and serves until
// ctx is cancelled. Then it stops accepting connections, ends the live
// streams (NewServer's shutdown hook), waits up to shutdownTimeout for
// requests in flight and returns nil if they all finished.
func Serve(ctx context.Context, srv *http.Server, logger *slog.Logger) error {
	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", srv.Addr)
	if err != nil {
		return err
	}
	logger.Info("listening", "addr", ln.Addr().String())

	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()

	select {
	case err := <-served:
		return err // Serve returns only on failure until Shutdown is called.
	case <-ctx.Done():
	}

	logger.Info("shutting down", "timeout", shutdownTimeout)
	shutdownCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), shutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		srv.Close()
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	logger.Info("stopped")
	return nil
}

// classConfig is what the live class takes of o.
func (o Options) classConfig() class.Config {
	return class.Config{Store: o.Store, TTL: o.ClassTTL, MaxStudents: o.MaxStudents, MaxStreams: o.MaxStreams,
		AddrBurst: o.ClassAddrBurst, AddrRefill: o.ClassAddrRefill, AddrStreams: o.ClassAddrStreams,
		PublicURL: o.PublicURL, AllowedHosts: o.AllowedHosts, Logger: o.Logger, Quotas: o.Quotas.class()}
}
