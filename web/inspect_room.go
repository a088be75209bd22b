package web

// inspectRoom is what /inspect's handlers need of the server: the uploads
// (their database, quota, analysis slots and recent analyses) and the
// uploads' body limit (Options.UploadBodyBytes).
type inspectRoom struct {
	uploads *inspectUploads // /inspect's uploads (inspect_store.go)
	maxBody int64           // the largest upload, in bytes
}
