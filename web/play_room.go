package web

import "gaelab/web/page"

// playRoom is what the playground's handlers (/play, /batch, their charts,
// exports, previews and verify.py, and the QR pages) need of the server.
type playRoom struct {
	charts    *chartMemo     // recently drawn charts, by view (play_chart_memo.go)
	classesOn func() bool    // live classes are on: pages offer to start one
	hosts     page.SiteHosts // where phones reach the server; its PublicURL is -public-url
}
