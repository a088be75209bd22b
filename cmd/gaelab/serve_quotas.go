package main

import (
	"flag"

	"gaelab/web"
	"gaelab/web/class"
)

// costFlags are serve's flags of the quotas every replica shares and of
// the uploads' admission (issue #32): each has its default here and a line
// in the README's Security section.
type costFlags struct {
	starts, codeGuesses, pairGuesses, sharesPerDay *int
	shareStore, uploadDaily, uploadMemory          *int64
}

func newCostFlags(fs *flag.FlagSet) costFlags {
	return costFlags{
		starts:       fs.Int("class-starts-per-hour", class.DefaultStartsPerHour, "live classes one client address may start an hour, counted across replicas"),
		codeGuesses:  fs.Int("class-code-guesses", class.DefaultCodeGuesses, "unknown join codes one client address may try at once (then one every 3 s), counted across replicas"),
		pairGuesses:  fs.Int("class-pair-guesses", class.DefaultPairGuesses, "pairing codes one client address may type (twice that for one class), then one a minute; a code is voided after 10 wrong ones"),
		sharesPerDay: fs.Int("shares-per-day", web.DefaultSharesPerDay, "uploads one client address may share a day, counted across replicas"),
		shareStore:   fs.Int64("share-store-bytes", 0, "bytes all live shared uploads may hold (0: half of the upload store, 1 GiB)"),
		uploadDaily:  fs.Int64("upload-daily-bytes", 0, "bytes one client address may upload to /inspect a UTC day, counted across replicas (0: 512 MiB)"),
		uploadMemory: fs.Int64("upload-memory", 0, "bytes of upload bodies held in memory at once, by their Content-Length (0: 256 MiB)"),
	}
}

// set puts the flags into o.
func (f costFlags) set(o *web.Options) {
	o.Quotas = web.Quotas{ClassStartsPerHour: *f.starts, ClassCodeGuesses: *f.codeGuesses, ClassPairGuesses: *f.pairGuesses,
		SharesPerDay: *f.sharesPerDay, ShareStoreBytes: *f.shareStore}
	o.UploadDailyBytes = *f.uploadDaily
	o.UploadMemory = *f.uploadMemory
}
