// Package templates holds GAE Lab's templ components. Each page receives one
// view model holding only what it displays, already localised and formatted
// by the web package; the components compute nothing.
package templates

import "github.com/a-h/templ"

// Page is what every page's frame shows.
type Page struct {
	Lang      string // "en" or "zh", the html lang attribute
	Title     string
	CSS, JS   string // content-hashed static paths
	HTMX      string
	Scripts   []string // a page's own scripts (content-hashed paths), after JS
	Skip      string   // "skip to content" label
	Brand     string
	Home      string // the brand's link: the playground in the page's language
	Nav       []Link
	LangLink  Link // the other language, same state
	CopyLink  string
	CopiedMsg string
	Menu      string // the header's menu on a phone (a <details>' summary)
	URL       string // the canonical link of this state
	// Presentation mode: large type, the class's view, keyboard driven.
	Present bool
	// Bare: no site navigation (a student's class pages: the class only).
	Bare      bool
	Dark      bool
	Presenter Link // enters or leaves presentation mode, same state
	Reset     Link // presentation's R: back to the preset, same view
	Shortcuts Shortcuts
	QR        Link // the QR page of this link (/qr), "" when none
	// StartClass starts a live class projecting this page's scenario
	// (Label "" for none): a GET of the start form, which app.js turns into
	// its POST with a fresh CSRF token (one click with JavaScript, two
	// without).
	StartClass StartClass
	// Card is the link preview a chat app or forum shows for this page
	// (OpenGraph and Twitter card tags); a zero Card writes none.
	Card Card
}

// Card is a scenario page's link preview. Description names the scenario
// and the verl release; "" writes no tags. URL and Image are absolute,
// built from -public-url, and "" without it (never from the Host header).
type Card struct {
	Title, Description string
	SiteName           string
	Locale             string // "en_US", "zh_CN"
	URL                string // the page's learner link
	Image              string // the 1200×630 PNG (preview.png), "" for none
	ImageAlt           string
	ImageW, ImageH     string
}

// StartClass is the header's "Start a class" button.
type StartClass struct {
	Label, From, Lang string
}

// Shortcuts is the keyboard help of presentation mode.
type Shortcuts struct {
	Title, Close string
	Keys         []Option // Value: the keys, Label: what they do
}

// Link is a labelled URL.
type Link struct {
	Label, URL, Title string
	Current           bool
}

// Play is the playground page.
type Play struct {
	Page
	Heading  string
	Caption  Rich // one line: what the first screen shows
	Intro    Rich
	Warnings []string
	Presets  PresetBar
	Form     Form
	Results  Results
	// Presentation mode shows no editor; Locked shows it but disabled.
	HideControls, Locked bool
}

// PresetBar lists the presets and marks the current one.
type PresetBar struct {
	Label   string
	Summary string // the folded chips' summary: the label and the preset shown
	Links   []Link // Title holds the one-line point
	Point   string // the current preset's point
	Changed string // "changed from preset" marker text, "" when unchanged
	Answer  Link   // the lesson section answering the preset's question, while the state is the preset
	Reset   Link
}

// Field is one form input.
type Field struct {
	ID, Name, Label, Value, Error string
	Kind                          string // input type: "text", "number"
	Min, Max, Step                string // for numbers and sliders
	Help                          string
}

// Select is one form select.
type Select struct {
	ID, Name, Label, Error string
	Options                []Option
	Groups                 []OptionGroup // after Options, each an <optgroup>
}

// OptionGroup is a labelled group of choices in a select.
type OptionGroup struct {
	Label   string
	Options []Option
}

// Option is one choice of a select.
type Option struct {
	Value, Label string
	Selected     bool
}

// Form is the editor: a GET form that works without JavaScript.
type Form struct {
	Action      string
	Hidden      []Option // name (Value) = value (Label)
	Legend      string
	Prompt      Field
	Gamma, Lam  Field
	Beta        Field
	KL, Version Select
	Numbering   Select
	Direct      Field // checkbox: rewards typed directly
	DirectOn    bool
	TokensLabel string
	// A short response is edited as a grid, one column per token; a long one
	// (Compact) as lists: a textarea with one token per line and one
	// comma-separated list per quantity.
	Compact   bool
	TokenList Field
	Lists     []Field
	RowLabels []string // labels of the per-token rows, in Columns' order
	Columns   []TokenColumn
	Add       Field // the add-token button (Name op, Value add, Label)
	CanAdd    bool
	Submit    string
	Errors    []FieldError // the problems, also shown at each field
}

// FieldError is a problem of one form field ("" for the whole link).
type FieldError struct {
	Field, Message string
}

// TokenColumn is one token's inputs in the editor.
type TokenColumn struct {
	Label  string // "t = 3" in the chosen numbering
	Text   Field
	Mask   Select
	Values []Field // score, old, ref, V (or r): parallel to Form.RowLabels after text and mask
	Delete Field   // the remove button (Name op, Value del.<t>)
}

// Results is everything recomputed on each edit: the part htmx swaps.
type Results struct {
	ID         string
	Heading    string
	Reveal     Link     // uncovers the next hidden part; URL "" when nothing is hidden
	Summary    []string // one line each: KL metric, whitening statistics, errors
	Errors     []string
	Table      Table
	Cells      []Option // the cells form's hidden inputs (CellForm): name Value, value Label
	Formula    *Formula
	Step       Step
	Charts     []Chart // the ribbon last
	Print      Link    // for the printed handout: Label the link, URL its QR code
	Views      []Link  // the same scenario in the comparison and update views
	ViewsLabel string
	Export     []Link
	Invite     Invite // the first screen's invitation to drag a mark
	Moved      string // what the edit, preset or step just moved (one line), or ""
}

// Table is the token table: one column per token, one row per quantity.
type Table struct {
	Caption string
	Corner  string
	Columns []Column
	Rows    []Row
	// Window moves presentation mode's window of tokens; zero for none.
	Window TableWindow
	// Legend heads the list of the rows' symbols and full names that a
	// phone shows under the table, where the rows are labelled by their
	// symbols (Row.Sym); "" for none.
	Legend string
}

// TableWindow is the arrows of presentation mode's window of tokens: the
// window of 8 tokens (screens under 1600 px wide) and, past 12 tokens, the
// window of 12; each is earlier then later, a Link without URL at an end.
type TableWindow struct {
	Narrow, Wide []Link
}

// Column heads one token's column.
type Column struct {
	Index, Text string
	Class       string // mask-pad / mask-obs
	T           int
}

// Row is one quantity across the tokens.
type Row struct {
	ID, Label, Code string // Code is verl's name, e.g. token_level_rewards
	// Sym is the row's compact label, a symbol such as "V(sₜ)", which a
	// phone shows instead of Label and Code (the legend under the table
	// and the symbol's title give the full name); "" for none.
	Sym    string
	Swatch string // CSS class of the quantity's colour, "" for none
	// Edit is the form field a click on a cell edits in place (static/edit.js):
	// "V", "score" or "r", "" for a computed row; EditLabel names the
	// editor, "{t}" standing for the token's index.
	Edit, EditLabel string
	Cells           []Cell
}

// Cell is one number of the table. Its row and column headers name it for
// screen readers.
type Cell struct {
	T          int
	Text, Full string // 4 decimals; full precision (shown on hover and focus)
	Pick       string // "<row>.<t>": the button that selects it for the formula view; "" when not yet computed
	Closes     bool   // the selected cell: its button closes the formula (submits the cells form without sel=)
	Class      string // selected, step-read, step-write, mask-pad, mask-obs
	// ID, when set, is the cell's id: in the step-through, the cells a step
	// reads or writes keep theirs from step to step, so that the page can
	// move its marks from the last step's cells (static/app.css).
	ID string
}

// Formula explains one selected cell with its real numbers.
type Formula struct {
	Heading Rich
	Lines   []Rich // MathML: the symbolic formula, then the numbers, then the result
	Source  string // the verl function it mirrors
	Note    string
	Close   Link // URL holds the pick value that closes it
}

// Step is the step-through of GAE's backward loop.
type Step struct {
	Heading                       string
	Active                        bool
	Status                        string // where the loop is
	Lines                         []Rich // what this step read and wrote (MathML)
	Start                         Link   // enter step-through
	Back, Next, First, Last, Exit Link
	Play, Pause                   string
	// Interval is auto-play's milliseconds per step (the link's speed=);
	// Speeds are the links to the other speeds, under SpeedLabel.
	Interval   int
	SpeedLabel string
	Speeds     []Link
}

// Chart is one server-rendered SVG chart with its own URL.
type Chart struct {
	ID, Title string
	SVG       templ.Component
	URL       string
	Download  string
}

// rowTitle is the full name of a row labelled by its symbol: its label and
// verl's name.
func rowTitle(r Row) string {
	if r.Code == "" {
		return r.Label
	}
	return r.Label + " (" + r.Code + ")"
}

// hasSyms reports whether some row has a symbol.
func hasSyms(rows []Row) bool {
	for _, r := range rows {
		if r.Sym != "" {
			return true
		}
	}
	return false
}
