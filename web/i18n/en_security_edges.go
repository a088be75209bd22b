package i18n

// The server's answers at its security edges: requests from other sites,
// hosts it does not know, a full upload store.
var enSecurityEdges = map[string]string{
	"error.cross_site":        "This form expired or came from another site, so it was refused. Reload the GAE Lab page and send it again.",
	"inspect.err.shares_full": "The server's space for uploads is full of shared batches, which it keeps for the 7 days they were promised. Try again later.",
}
