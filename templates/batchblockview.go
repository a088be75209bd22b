package templates

// BatchBlock is a lesson's batch block: the batch view (/batch) in a
// lesson, with the cells a question just above asks left out until it is
// answered or revealed.
type BatchBlock struct {
	ID         string
	Errors     []string // the link's problems and warnings
	Summary    string   // the batch's whitening: N, mean, std
	Groups     BatchGroups
	Rows       []BatchRowTable // one per response
	Chart      *Chart          // nil while a question hides it
	HiddenNote string          // why cells are blank: the question above asks for them
	Open       Link            // open the batch in /batch
	OOB        bool            // sent along a predict box's answer (htmx out-of-band swap)
}
