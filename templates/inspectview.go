package templates

// InspectPage is /inspect: the upload form, and once a batch is uploaded
// (Batch non-nil) its view.
type InspectPage struct {
	Page
	Heading, Intro string
	Errors         []string
	Upload         InspectUpload
	Batch          *InspectBatch
	Row            *InspectRowView
	Run            *InspectRun // an uploaded run's view (inspectview_run.go)
}

// InspectRowView is one long response, a window of tokens at a time.
type InspectRowView struct {
	Heading string
	Lines   []string
	Table   Table // columns: tokens t; rows: quantities
	Prev    Link
	Next    Link
	Back    Link
	Play    Link    // the window in the playground, "" when none
	Charts  []Chart // the playground's charts of the window
}

// InspectUpload is the multipart upload form (works without JavaScript).
type InspectUpload struct {
	Action, Legend     string
	File, Sidecar      Field
	Gamma, Lam, KLCoef Field
	Ver, Estimator, KL Select
	UseKL              Field // checkbox
	UseKLOn            bool
	Submit, Formats    string
	// Kept is the view id of a batch already stored that the form checks
	// again when no file is chosen ("" for none), and KeptNote says so.
	Kept, KeptNote string
	// Rejected names the file the last submission chose and the form
	// could not keep (a browser cannot refill a file input), "" for none.
	Rejected string
	// Example posts the example batch (Action "" for none).
	Example InspectExample
}

// InspectExample is the one-button form that uploads the example batch.
type InspectExample struct {
	Action, Button, Note string
}

// InspectBatch is the view of one uploaded batch.
type InspectBatch struct {
	Summary []string // one line each: shape, config, release, expiry
	Share   InspectShare
	// Sanity is what the tensors show before any GAE; Verdict the releases
	// that reproduce the upload and the lead when nothing does.
	Sanity, Verdict InspectNotes
	Check           []InspectCheck
	// Stored heads the findings of a shared view, stored when it was
	// shared, and says what today's checker finds more; no lines for none.
	Stored InspectNotes
	Stats  Table // two columns: statistic, value
	// Groups are the uid groups' statistics, each row linking to the view
	// filtered by it; no rows without a uid.
	Groups InspectRows
	// Controls re-sort and filter the rows (a GET form).
	Controls InspectControls
	Legend   InspectLegend
	Maps     []InspectMap
	Rows     InspectRows
	Export   []Link
}

// InspectShare extends the upload's life and shows its link.
type InspectShare struct {
	Action, Button, Note string
}

// InspectCheck is "check my numbers" for one quantity.
type InspectCheck struct {
	Heading string
	Verdict string // what explains the upload, in words
	Lines   []string
	Open    Link // the row view at the largest difference, "" for none
	Tried   Table
}

// InspectNotes is a headed list of lines, none when Lines is empty.
type InspectNotes struct {
	ID, Heading string
	Lines       []string
}

// InspectControls is the sort and group filter form.
type InspectControls struct {
	Action, Legend string
	Hidden         []Option
	Sort, Group    Select
	Submit         string
}

// InspectLegend is the diverging colour scale.
type InspectLegend struct {
	Image, Alt, Caption string
	Neg, Zero, Pos      string
}

// InspectMap is one heat map image.
type InspectMap struct {
	ID, Title, Image, Alt, Caption string
	Width, Height                  int
	// Axes: the rows' label and the first and last row shown (top,
	// bottom), the tokens' label and ticks at t = 0, the middle and R−1.
	YLabel, XLabel string
	YTicks, XTicks []string
	// Key is the map's own colour key (−S, 0, +S), nil for the mask and
	// the share map, whose captions say their colours.
	Key *InspectLegend
}

// InspectRows is the per-row summary table.
type InspectRows struct {
	Caption string
	Head    []string
	Rows    []InspectRow
}

// InspectRow is one response's summary and its drill-down link.
type InspectRow struct {
	Cells []string
	Open  Link
}
