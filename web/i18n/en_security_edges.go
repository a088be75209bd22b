package i18n

// The server's answers at its security edges: requests from other sites,
// hosts it does not know, a full upload store.
var enSecurityEdges = map[string]string{
	"error.cross_site":        "This form expired or came from another site, so it was refused. Reload the GAE Lab page and send it again.",
	"inspect.err.shares_full": "The server's space for uploads is full of shared batches, which it keeps for the 7 days they were promised. Try again later.",
	"qr.err.host":             "This server does not know the address this page was opened at, so it draws no QR code for it. Its operator can name its addresses with -public-url or -allowed-hosts.",
	"qr.host.unknown":         "This server does not know the address this page was opened at, so it shows the link without its address and draws no code. Start it with -public-url (the address phones use) or -allowed-hosts.",
	"link.err.missing":        "u: the link to open is missing: give a link on this site, starting with \"/\".",
	"link.err.off_site":       "u: the link to open must be on this site: a path starting with \"/\".",
	"link.err.chars":          "u: the link to open has control characters or is not valid UTF-8.",
	"link.err.long":           "u: the link is %[1]d bytes; at most %[2]d fit a QR code.",
}
