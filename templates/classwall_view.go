package templates

// ClassJoinCard is how students join: the code, the join link and its QR
// code, and the warning when phones cannot reach this address.
type ClassJoinCard struct {
	Summary   string // the wall's toggle that shows the card
	CodeLabel string
	Code      string
	JoinAt    string // "Join at host/join with the code"
	JoinURL   string
	QR        string // URL of the join link's QR code; "" on the controls
	QRAlt     string
	Loopback  string // phones cannot reach this address: the fix; "" when fine
}

// ClassWall is the projected view of a class: the join banner, the live
// panel large, the QR code on demand, and no secret (no key, no token, no
// form).
type ClassWall struct {
	Page
	Heading string
	Join    ClassJoinCard
	// Word: "Join word: 4821" when the class asks for it ("" otherwise);
	// only the wall shows it.
	Word      string
	Hide      string // the open QR overlay's toggle, which closes it
	Stream    string // SSE URL of the wall's live panel
	SSEScript string
	Live      ClassLive
}

// ClassPairOffer is the controls' part that lets another device in: a
// button for a pairing code, and the key when this browser holds it.
type ClassPairOffer struct {
	Heading  string
	Form     ClassForm // "Pair a phone": POSTs for a one-time code
	Note     string
	KeyLabel string // "" when this browser holds no key (it was paired)
	Key      string
	KeyNote  string
}

// ClassPairCode shows a fresh pairing code on the controls' device.
type ClassPairCode struct {
	Page
	Heading string
	Steps   string // where to go on the phone and how long the code lasts
	URL     string // the pairing page
	QR      string
	QRAlt   string
	Code    string
	Back    Link
}

// ClassKeyForm is a form that lets a teacher into a class's controls: the
// pairing code on a phone, or the class code and the key on /class.
type ClassKeyForm struct {
	Heading string
	Intro   string
	Form    ClassForm
	Code    Field // the class code; ID "" when the page knows it
	Secret  Field // the pairing code or the key
}

// ClassKeyView is a page of one ClassKeyForm (the phone's pairing page).
type ClassKeyView struct {
	Page
	K ClassKeyForm
}

// ClassHop sends a browser on to a class's page with a link: a
// navigation from another site does not carry the teacher cookie.
type ClassHop struct {
	Page
	Heading string
	Next    Link
}
