// Package mw is the server's middleware: request ids and the access log,
// security headers, the URL and body limits, the refusal of cross-site
// POSTs, the in-flight slots and handler timeout, panic recovery, the
// conditional-request answer cache, the per-address token bucket (Quota),
// the uploads' read deadline and rate watch, and the streams' shutdown.
// Package web stacks them into its route groups.
package mw
