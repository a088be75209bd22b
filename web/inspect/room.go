package inspect

// Room is what /inspect's handlers need of the server: the uploads
// (their database, quota, analysis slots and recent analyses) and the
// uploads' body limit (web.Options.UploadBodyBytes).
type Room struct {
	Uploads *Uploads // /inspect's uploads (store.go)
	MaxBody int64    // the largest upload, in bytes
}
