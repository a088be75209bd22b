package play

import "gaelab/web/page"

// Room is what the playground's handlers (/play, /batch, their charts,
// exports, previews and verify.py, and the QR pages) need of the server.
type Room struct {
	Charts    *ChartMemo     // recently drawn charts, by view (chart_memo.go)
	ClassesOn func() bool    // live classes are on: pages offer to start one
	Hosts     page.SiteHosts // where phones reach the server; its PublicURL is -public-url
}
