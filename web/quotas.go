package web

import (
	"gaelab/web/class"
)

// Quotas are the per-address quotas kept in the store, shared by every
// replica (store.Quotas), beside the seats: what one client address (an
// IPv6 client by its /64) may start, try and share. A value that is not
// positive takes its default. The uploads' own (Options.InspectPerHour,
// UploadDailyBytes) are kept there too.
type Quotas struct {
	// ClassStartsPerHour: classes one address may start an hour (default
	// 30; 429 past it).
	ClassStartsPerHour int
	// ClassCodeGuesses: unknown join codes one address may try at once
	// (default 20), then one every 3 s; past it every code answers 429.
	ClassCodeGuesses int
	// ClassPairGuesses: pairing codes one address may type (default 10,
	// and twice that for one class), then one a minute; a class's code is
	// voided after 10 wrong ones.
	ClassPairGuesses int
	// SharesPerDay: uploads one address may share a day (default 20).
	SharesPerDay int
	// ShareStoreBytes: what live shares may hold in all (default half of
	// UploadStoreBytes), so that uploads always have room beside them.
	ShareStoreBytes int64
}

// DefaultSharesPerDay is Quotas.SharesPerDay's default.
const DefaultSharesPerDay = 20

// withDefaults is q with its defaults set; the share budget's is half of
// storeBytes (Options.UploadStoreBytes).
func (q Quotas) withDefaults(storeBytes int64) Quotas {
	orDefault(&q.SharesPerDay, DefaultSharesPerDay)
	orDefault(&q.ShareStoreBytes, storeBytes/2)
	return q
}

// class is the class's part of q.
func (q Quotas) class() class.Quotas {
	return class.QuotasFor(q.ClassStartsPerHour, q.ClassCodeGuesses, q.ClassPairGuesses)
}
