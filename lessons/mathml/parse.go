package mathml

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// maxDepth bounds the nesting of braces, arguments, scripts, \left…\right
// and environments, so that no input can exhaust the stack.
const maxDepth = 64

// font is the alphabet that letters and digits are drawn from.
type font int

const (
	fontDefault      font = iota // italic letters, upright digits
	fontRoman                    // \mathrm: upright
	fontBold                     // \mathbf: Unicode mathematical bold
	fontDoubleStruck             // \mathbb: Unicode double-struck
)

// class is what an atom looks like to its neighbours, for TeX's spacing
// around function names (MathML's operator dictionary does the rest).
type class int

const (
	classOther class = iota // binary and relation operators, punctuation, spaces
	classOrd                // identifiers, numbers, fractions, groups…
	classOp                 // large operators and function names
	classOpen               // an opening bracket
	classClose              // a closing bracket
	classInner              // \left…\right: opens on its left, closes on its right
)

// atom is one parsed item of a list, with its scripts once they are parsed.
type atom struct {
	node   *node
	class  class
	limits bool // scripts go under and over rather than beside
	fn     bool // a function name: U+2061 FUNCTION APPLICATION follows it
}

// texParser reads one formula. pos is a byte offset into src; display and font
// are the current style, saved and restored around arguments.
type texParser struct {
	src     string
	pos     int
	depth   int
	display bool
	font    font
}

func (p *texParser) errorf(pos int, format string, args ...any) error {
	return &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

func (p *texParser) eof() bool { return p.pos >= len(p.src) }

func (p *texParser) peek() byte {
	if p.eof() {
		return 0
	}
	return p.src[p.pos]
}

func (p *texParser) skipSpace() {
	for !p.eof() {
		switch p.src[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }

// peekCommand returns the name of the command at pos ("frac" for \frac, "\\"
// for a line break, "," for \,) without consuming it, or "" if there is none.
func (p *texParser) peekCommand() string {
	if p.peek() != '\\' {
		return ""
	}
	i := p.pos + 1
	if i >= len(p.src) {
		return ""
	}
	if !isLetter(p.src[i]) {
		_, size := utf8.DecodeRuneInString(p.src[i:])
		return p.src[i : i+size]
	}
	j := i
	for j < len(p.src) && isLetter(p.src[j]) {
		j++
	}
	return p.src[i:j]
}

// readCommand consumes the command at pos and returns its name.
func (p *texParser) readCommand() (string, error) {
	name := p.peekCommand()
	if name == "" {
		return "", p.errorf(p.pos, `incomplete command \`)
	}
	p.pos += 1 + len(name)
	return name, nil
}

// atListEnd reports whether pos is at something that ends a list: the end of
// the input, "}", "&", "\\", \right, \end, or stop if it is not 0.
func (p *texParser) atListEnd(stop byte) bool {
	if p.eof() {
		return true
	}
	switch c := p.src[p.pos]; {
	case c == '}' || c == '&':
		return true
	case stop != 0 && c == stop:
		return true
	case c == '\\':
		switch p.peekCommand() {
		case `\`, "right", "end":
			return true
		}
	}
	return false
}

// unexpected describes what stopped a list where it may not stop.
func (p *texParser) unexpected() error {
	switch c := p.peek(); {
	case p.eof():
		return p.errorf(p.pos, "unexpected end of formula")
	case c == '}':
		return p.errorf(p.pos, "unexpected }")
	case c == '&':
		return p.errorf(p.pos, `unexpected & (only \begin{aligned} has columns)`)
	case c == ']':
		return p.errorf(p.pos, "unexpected ]")
	}
	switch p.peekCommand() {
	case `\`:
		return p.errorf(p.pos, `unexpected \\ (only \begin{aligned} has rows)`)
	case "right":
		return p.errorf(p.pos, `\right without \left`)
	case "end":
		return p.errorf(p.pos, `\end without \begin`)
	}
	return p.errorf(p.pos, "unexpected %q", p.src[p.pos:p.pos+1])
}

// enter counts one more level of nesting at pos.
func (p *texParser) enter(pos int) error {
	p.depth++
	if p.depth > maxDepth {
		return p.errorf(pos, "formula nested deeper than %d levels", maxDepth)
	}
	return nil
}

func (p *texParser) leave() { p.depth-- }

// parseList parses atoms until the end of a list (see atListEnd) and returns
// their nodes, with TeX's thin spaces around function names.
func (p *texParser) parseList(stop byte) ([]*node, error) {
	var list []*node
	prev := classOther
	var apply *node // the U+2061 after a function name, waiting for its right-hand space
	for {
		p.skipSpace()
		if p.atListEnd(stop) {
			return list, nil
		}
		a, err := p.parseAtom()
		if err != nil {
			return nil, err
		}
		if apply != nil && a.class != classOpen && a.class != classInner {
			// "\log x": thin space; "\log(x)": none.
			apply.setAttr("rspace", "0.1667em")
		}
		apply = nil
		if a.fn && (prev == classOrd || prev == classClose || prev == classInner || prev == classOp) {
			// "2\log x", "\log\log x"
			list = append(list, thinSpace())
		}
		list = append(list, a.node)
		if a.fn {
			apply = token("mo", "\u2061")
			list = append(list, apply)
		}
		prev = a.class
	}
}

func thinSpace() *node {
	return token("mspace", "", "width", "0.1667em")
}

// parseAtom parses one item and its scripts.
func (p *texParser) parseAtom() (atom, error) {
	var a atom
	switch p.peek() {
	case '_', '^', '\'':
		// Scripts on nothing, as in "{}_t" written without the braces.
		a = atom{node: elem("mrow"), class: classOrd}
	default:
		var err error
		if a, err = p.parseBase(false); err != nil {
			return atom{}, err
		}
	}
	return p.parseScripts(a)
}

// parseBase parses one item without scripts. single makes a run of letters
// or digits give only its first character, as TeX reads the argument of a
// script or a command: x_10 is x_1 followed by 0.
func (p *texParser) parseBase(single bool) (atom, error) {
	start := p.pos
	c := p.peek()
	switch {
	case isLetter(c):
		return p.parseLetters(single), nil
	case isDigit(c) || c == '.' && p.pos+1 < len(p.src) && isDigit(p.src[p.pos+1]):
		return p.parseNumber(single), nil
	case c == '{':
		n, err := p.parseGroup()
		return atom{node: n, class: classOrd}, err
	case c == '\\':
		return p.parseCommand()
	case c == '(' || c == '[':
		p.pos++
		return atom{node: fence(string(c), ""), class: classOpen}, nil
	case c == ')' || c == ']':
		p.pos++
		return atom{node: fence(string(c), ""), class: classClose}, nil
	case c == '|':
		p.pos++
		return atom{node: fence("|", ""), class: classOrd}, nil
	}
	if text, ok := charOps[c]; ok {
		p.pos++
		cl := classOther
		switch c {
		case '.', '/':
			cl = classOrd
		case '!':
			cl = classClose
		}
		n := token("mo", text)
		if cl == classOrd {
			// TeX sets "." and "/" as ordinary symbols: no space around.
			n.attrs = []string{"lspace", "0", "rspace", "0"}
		}
		return atom{node: n, class: cl}, nil
	}
	r, _ := utf8.DecodeRuneInString(p.src[start:])
	if c == '_' || c == '^' || c == '\'' || p.atListEnd(0) {
		return atom{}, p.errorf(start, "missing argument")
	}
	return atom{}, p.errorf(start, "character %q (U+%04X) is outside the math subset", r, r)
}

// fence returns a bracket that does not stretch; form is "prefix" or
// "postfix" for a bar whose side the content cannot tell, or "".
func fence(text, form string) *node {
	n := token("mo", text)
	if form != "" {
		n.attrs = append(n.attrs, "form", form)
	}
	n.attrs = append(n.attrs, "stretchy", "false")
	return n
}

// parseLetters parses one letter in the default font, where each letter is
// its own italic variable, or a run of letters in \mathrm, \mathbf and
// \mathbb, where "KL" is one upright word.
func (p *texParser) parseLetters(single bool) atom {
	start := p.pos
	p.pos++
	if p.font != fontDefault && !single {
		for !p.eof() && isLetter(p.src[p.pos]) {
			p.pos++
		}
	}
	var b strings.Builder
	for i := start; i < p.pos; i++ {
		b.WriteRune(styled(p.font, p.src[i]))
	}
	n := token("mi", b.String())
	if p.font == fontRoman && p.pos-start == 1 {
		n.attrs = []string{"mathvariant", "normal"}
	}
	return atom{node: n, class: classOrd}
}

// parseNumber parses digits with at most one decimal point between digits:
// "0.95" is one number.
func (p *texParser) parseNumber(single bool) atom {
	start := p.pos
	if single {
		p.pos++
	} else {
		for !p.eof() && isDigit(p.src[p.pos]) {
			p.pos++
		}
		if p.pos+1 < len(p.src) && p.src[p.pos] == '.' && isDigit(p.src[p.pos+1]) {
			p.pos++
			for !p.eof() && isDigit(p.src[p.pos]) {
				p.pos++
			}
		}
	}
	var b strings.Builder
	for i := start; i < p.pos; i++ {
		b.WriteRune(styled(p.font, p.src[i]))
	}
	return atom{node: token("mn", b.String()), class: classOrd}
}

// parseGroup parses "{…}" and returns its content: the single node, or an
// <mrow> of several (or of none).
func (p *texParser) parseGroup() (*node, error) {
	open := p.pos
	if err := p.enter(open); err != nil {
		return nil, err
	}
	defer p.leave()
	p.pos++ // {
	list, err := p.parseList(0)
	if err != nil {
		return nil, err
	}
	if p.peek() != '}' {
		if p.eof() {
			return nil, p.errorf(open, "unclosed {")
		}
		return nil, p.unexpected()
	}
	p.pos++
	return row(list), nil
}

// parseScripts parses the subscript, superscript and primes after a, and
// attaches them to it.
func (p *texParser) parseScripts(a atom) (atom, error) {
	var sub, sup *node
	primes := 0
	for {
		p.skipSpace()
		at := p.pos
		switch p.peek() {
		case '_':
			if sub != nil {
				return atom{}, p.errorf(at, "double subscript")
			}
			p.pos++
			n, err := p.parseScriptArg(at, "subscript")
			if err != nil {
				return atom{}, err
			}
			sub = n
			continue
		case '^':
			if sup != nil {
				return atom{}, p.errorf(at, "double superscript")
			}
			p.pos++
			n, err := p.parseScriptArg(at, "superscript")
			if err != nil {
				return atom{}, err
			}
			sup = n
			continue
		case '\'':
			if sup != nil || primes > 0 {
				return atom{}, p.errorf(at, "double superscript")
			}
			for p.peek() == '\'' {
				primes++
				p.pos++
			}
			continue
		}
		break
	}
	if primes > 0 {
		// A math font draws U+2032 PRIME already raised, the size of a
		// superscript: it follows its base on the baseline, and any scripts
		// go on both. (As a superscript itself it would shrink twice.)
		a.node = elem("mrow", a.node, token("mo", strings.Repeat("′", primes)))
	}
	switch {
	case sub == nil && sup == nil:
		return a, nil
	case a.limits && sup == nil:
		a.node = elem("munder", a.node, sub)
	case a.limits && sub == nil:
		a.node = elem("mover", a.node, sup)
	case a.limits:
		a.node = elem("munderover", a.node, sub, sup)
	case sup == nil:
		a.node = elem("msub", a.node, sub)
	case sub == nil:
		a.node = elem("msup", a.node, sup)
	default:
		a.node = elem("msubsup", a.node, sub, sup)
	}
	return a, nil
}

// parseScriptArg parses what follows "_" or "^" (at pos at): one character,
// one command or a group, in script style.
func (p *texParser) parseScriptArg(at int, what string) (*node, error) {
	p.skipSpace()
	if c := p.peek(); p.atListEnd(0) || c == '_' || c == '^' || c == '\'' {
		return nil, p.errorf(at, "missing %s", what)
	}
	if err := p.enter(p.pos); err != nil {
		return nil, err
	}
	defer p.leave()
	saved := p.display
	p.display = false
	defer func() { p.display = saved }()
	a, err := p.parseBase(true)
	return a.node, err
}

// parseArg parses a command's required argument: a group, or one character
// or command as in \frac12.
func (p *texParser) parseArg(cmd string) (*node, error) {
	p.skipSpace()
	if c := p.peek(); p.atListEnd(0) || c == '_' || c == '^' || c == '\'' {
		return nil, p.errorf(p.pos, `missing argument for \%s`, cmd)
	}
	if err := p.enter(p.pos); err != nil {
		return nil, err
	}
	defer p.leave()
	a, err := p.parseBase(true)
	return a.node, err
}

// parseCommand parses a command and its arguments.
func (p *texParser) parseCommand() (atom, error) {
	start := p.pos
	name, err := p.readCommand()
	if err != nil {
		return atom{}, err
	}
	if r, ok := greek[name]; ok {
		n := token("mi", string(r))
		if 'Α' <= r && r <= 'Ω' {
			n.attrs = []string{"mathvariant", "normal"}
		}
		return atom{node: n, class: classOrd}, nil
	}
	if o, ok := ordinary[name]; ok {
		n := token("mi", o.text)
		if o.upright {
			n.attrs = []string{"mathvariant", "normal"}
		}
		return atom{node: n, class: classOrd}, nil
	}
	if text, ok := operators[name]; ok {
		return atom{node: token("mo", text), class: classOther}, nil
	}
	if text, ok := fences[`\`+name]; ok {
		switch {
		case openers[`\`+name]:
			return atom{node: fence(text, "prefix"), class: classOpen}, nil
		case closers[`\`+name]:
			return atom{node: fence(text, "postfix"), class: classClose}, nil
		}
	}
	if width, ok := spaces[name]; ok {
		return atom{node: token("mspace", "", "width", width), class: classOther}, nil
	}
	if text, ok := largeOps[name]; ok {
		return atom{node: token("mo", text), class: classOp, limits: p.display}, nil
	}
	if limits, ok := functions[name]; ok {
		return atom{node: token("mi", name), class: classOp, fn: true, limits: limits && p.display}, nil
	}
	if text, ok := accents[name]; ok {
		arg, err := p.parseArg(name)
		if err != nil {
			return atom{}, err
		}
		n := elem("mover", arg, token("mo", text, "stretchy", "false"))
		n.attrs = []string{"accent", "true"}
		return atom{node: n, class: classOrd}, nil
	}

	switch name {
	case "frac":
		saved := p.display
		p.display = false
		defer func() { p.display = saved }()
		num, err := p.parseArg(name)
		if err != nil {
			return atom{}, err
		}
		den, err := p.parseArg(name)
		if err != nil {
			return atom{}, err
		}
		return atom{node: elem("mfrac", num, den), class: classOrd}, nil

	case "sqrt":
		return p.parseSqrt()

	case "mathrm", "mathbf", "mathbb":
		saved := p.font
		p.font = map[string]font{"mathrm": fontRoman, "mathbf": fontBold, "mathbb": fontDoubleStruck}[name]
		defer func() { p.font = saved }()
		arg, err := p.parseArg(name)
		return atom{node: arg, class: classOrd}, err

	case "operatorname":
		word, err := p.parseWord(name)
		if err != nil {
			return atom{}, err
		}
		return atom{node: token("mi", word), class: classOp, fn: true}, nil

	case "text":
		text, err := p.parseText()
		if err != nil {
			return atom{}, err
		}
		return atom{node: token("mtext", text), class: classOrd}, nil

	case "underbrace", "overbrace":
		arg, err := p.parseArg(name)
		if err != nil {
			return atom{}, err
		}
		if name == "underbrace" {
			return atom{node: elem("munder", arg, token("mo", "⏟", "stretchy", "true")), class: classOrd, limits: true}, nil
		}
		return atom{node: elem("mover", arg, token("mo", "⏞", "stretchy", "true")), class: classOrd, limits: true}, nil

	case "left":
		return p.parseLeftRight(start)

	case "begin":
		return p.parseEnvironment(start)

	case "right":
		return atom{}, p.errorf(start, `\right without \left`)
	case "end":
		return atom{}, p.errorf(start, `\end without \begin`)
	case `\`:
		return atom{}, p.errorf(start, `unexpected \\ (only \begin{aligned} has rows)`)
	}
	return atom{}, p.errorf(start, `unknown command \%s`, name)
}

// parseSqrt parses the argument of \sqrt, with its optional index: \sqrt[3]{x}.
func (p *texParser) parseSqrt() (atom, error) {
	p.skipSpace()
	var index *node
	if p.peek() == '[' {
		open := p.pos
		if err := p.enter(open); err != nil {
			return atom{}, err
		}
		p.pos++
		saved := p.display
		p.display = false
		list, err := p.parseList(']')
		p.display = saved
		p.leave()
		if err != nil {
			return atom{}, err
		}
		if p.peek() != ']' {
			if p.eof() {
				return atom{}, p.errorf(open, `unclosed [ after \sqrt`)
			}
			return atom{}, p.unexpected()
		}
		p.pos++
		index = row(list)
	}
	arg, err := p.parseArg("sqrt")
	if err != nil {
		return atom{}, err
	}
	if index != nil {
		return atom{node: elem("mroot", arg, index), class: classOrd}, nil
	}
	return atom{node: elem("msqrt", arg), class: classOrd}, nil
}

// parseWord parses the braced argument of \operatorname: letters and digits.
func (p *texParser) parseWord(cmd string) (string, error) {
	p.skipSpace()
	if p.peek() != '{' {
		return "", p.errorf(p.pos, `missing {…} after \%s`, cmd)
	}
	open := p.pos
	p.pos++
	start := p.pos
	for !p.eof() && p.src[p.pos] != '}' {
		c := p.src[p.pos]
		if !isLetter(c) && !isDigit(c) {
			return "", p.errorf(p.pos, `\%s takes letters and digits only`, cmd)
		}
		p.pos++
	}
	if p.eof() {
		return "", p.errorf(open, "unclosed {")
	}
	word := p.src[start:p.pos]
	p.pos++
	if word == "" {
		return "", p.errorf(open, `empty \%s`, cmd)
	}
	return word, nil
}

// textEscapes are the characters that \text takes escaped with a backslash.
const textEscapes = `{}$%&_#\`

// parseText parses the braced argument of \text: any Unicode text, with
// balanced braces (which are not shown) and the escapes \{ \} \$ \% \& \_ \#
// and \\ for a literal backslash… Spaces at either end become no-break
// spaces, which MathML keeps.
func (p *texParser) parseText() (string, error) {
	p.skipSpace()
	if p.peek() != '{' {
		return "", p.errorf(p.pos, `missing {…} after \text`)
	}
	open := p.pos
	p.pos++
	var b strings.Builder
	depth := 0
	for {
		if p.eof() {
			return "", p.errorf(open, "unclosed {")
		}
		r, size := utf8.DecodeRuneInString(p.src[p.pos:])
		switch {
		case r == '{':
			depth++
		case r == '}':
			if depth == 0 {
				p.pos++
				return nbspEnds(b.String()), nil
			}
			depth--
		case r == '\\':
			if p.pos+1 < len(p.src) && strings.IndexByte(textEscapes, p.src[p.pos+1]) >= 0 {
				b.WriteByte(p.src[p.pos+1])
				p.pos += 2
				continue
			}
			name := p.peekCommand()
			return "", p.errorf(p.pos, `unknown command \%s in \text`, name)
		case r == '\t' || r == '\n' || r == '\r':
			b.WriteByte(' ')
		case !isXMLChar(r):
			return "", p.errorf(p.pos, "character U+%04X is not allowed in \\text", r)
		default:
			b.WriteRune(r)
		}
		p.pos += size
	}
}

// nbspEnds turns the spaces at either end of s into no-break spaces, which
// MathML does not trim, so that "\text{if }x" keeps its space.
func nbspEnds(s string) string {
	trimmed := strings.TrimLeft(s, " ")
	lead := len(s) - len(trimmed)
	rest := strings.TrimRight(trimmed, " ")
	trail := len(trimmed) - len(rest)
	if lead == 0 && trail == 0 {
		return s
	}
	return strings.Repeat("\u00a0", lead) + rest + strings.Repeat("\u00a0", trail)
}

// isXMLChar reports whether r may appear in an XML 1.0 document.
func isXMLChar(r rune) bool {
	return r == '\t' || r == '\n' || r == '\r' ||
		0x20 <= r && r <= 0xD7FF || 0xE000 <= r && r <= 0xFFFD || 0x10000 <= r && r <= 0x10FFFF
}

// parseLeftRight parses what follows \left (at start): a delimiter, a list,
// \right and its delimiter. Both delimiters stretch to the list's height.
func (p *texParser) parseLeftRight(start int) (atom, error) {
	if err := p.enter(start); err != nil {
		return atom{}, err
	}
	defer p.leave()
	open, err := p.parseDelimiter("left")
	if err != nil {
		return atom{}, err
	}
	list, err := p.parseList(0)
	if err != nil {
		return atom{}, err
	}
	if p.peekCommand() != "right" {
		if p.eof() {
			return atom{}, p.errorf(start, `\left without \right`)
		}
		return atom{}, p.unexpected()
	}
	p.pos += len(`\right`)
	closing, err := p.parseDelimiter("right")
	if err != nil {
		return atom{}, err
	}
	var kids []*node
	if open != "" {
		kids = append(kids, token("mo", open, "fence", "true", "form", "prefix", "stretchy", "true"))
	}
	kids = append(kids, list...)
	if closing != "" {
		kids = append(kids, token("mo", closing, "fence", "true", "form", "postfix", "stretchy", "true"))
	}
	return atom{node: elem("mrow", kids...), class: classInner}, nil
}

// parseDelimiter parses the delimiter after \left or \right (cmd) and
// returns its text, "" for the null delimiter ".".
func (p *texParser) parseDelimiter(cmd string) (string, error) {
	p.skipSpace()
	at := p.pos
	var name string
	switch c := p.peek(); {
	case c == '\\':
		name = `\` + p.peekCommand()
	case c != 0:
		name = p.src[p.pos : p.pos+1]
	}
	text, ok := fences[name]
	if !ok {
		if p.eof() {
			return "", p.errorf(at, `missing delimiter after \%s`, cmd)
		}
		if name == "" || name == `\` {
			name = p.src[p.pos : p.pos+1]
		}
		return "", p.errorf(at, `\%s takes ( ) [ ] | . \{ \} \lvert \rvert \lVert \rVert, not %s`, cmd, name)
	}
	p.pos += len(name)
	return text, nil
}

// parseEnvironment parses \begin{aligned} … \end{aligned} (\begin at
// start): rows separated by \\, cells by &, aligned right, left, right…
func (p *texParser) parseEnvironment(start int) (atom, error) {
	name, err := p.parseEnvName("begin")
	if err != nil {
		return atom{}, err
	}
	if name != "aligned" {
		return atom{}, p.errorf(start, "unknown environment {%s}", name)
	}
	if err := p.enter(start); err != nil {
		return atom{}, err
	}
	defer p.leave()
	saved := p.display
	p.display = true
	defer func() { p.display = saved }()

	var rows [][][]*node
	var cells [][]*node
	for {
		list, err := p.parseList(0)
		if err != nil {
			return atom{}, err
		}
		cells = append(cells, list)
		switch p.peek() {
		case '&':
			p.pos++
			continue
		case '\\':
			switch p.peekCommand() {
			case `\`:
				p.pos += 2
				rows = append(rows, cells)
				cells = nil
				continue
			case "end":
				endAt := p.pos
				p.pos += len(`\end`)
				endName, err := p.parseEnvName("end")
				if err != nil {
					return atom{}, err
				}
				if endName != name {
					return atom{}, p.errorf(endAt, `\end{%s} ends \begin{%s}`, endName, name)
				}
				rows = append(rows, cells)
				return atom{node: alignedTable(rows), class: classOrd}, nil
			}
		}
		if p.eof() {
			return atom{}, p.errorf(start, `\begin{%s} without \end{%s}`, name, name)
		}
		return atom{}, p.unexpected()
	}
}

// parseEnvName parses the "{name}" after \begin or \end.
func (p *texParser) parseEnvName(cmd string) (string, error) {
	p.skipSpace()
	if p.peek() != '{' {
		return "", p.errorf(p.pos, `missing {name} after \%s`, cmd)
	}
	open := p.pos
	p.pos++
	start := p.pos
	for !p.eof() && isLetter(p.src[p.pos]) {
		p.pos++
	}
	if p.peek() != '}' {
		if p.eof() {
			return "", p.errorf(open, "unclosed {")
		}
		return "", p.errorf(p.pos, `bad environment name after \%s`, cmd)
	}
	name := p.src[start:p.pos]
	p.pos++
	return name, nil
}

// alignedTable builds the <mtable> of an aligned environment. Odd columns
// (1st, 3rd…) are aligned right and even ones left, so that "a &= b" lines
// up on the "=". Each cell carries its alignment as a class for browsers
// that, like Chromium, ignore columnalign (app.css has the rules) and as
// columnalign for those that honour it.
func alignedTable(rows [][][]*node) *node {
	// A final \\ makes an empty last row, which TeX does not show.
	if n := len(rows); n > 1 && len(rows[n-1]) == 1 && len(rows[n-1][0]) == 0 {
		rows = rows[:n-1]
	}
	table := elem("mtable")
	table.attrs = []string{"class", "tex-aligned", "displaystyle", "true"}
	for _, cells := range rows {
		tr := elem("mtr")
		for j, cell := range cells {
			align := "right"
			if j%2 == 1 {
				align = "left"
				// TeX puts an empty atom before a left-hand cell, so that
				// "&= b" spaces the "=" as a relation.
				cell = append([]*node{elem("mrow")}, cell...)
			}
			td := elem("mtd", cell...)
			td.attrs = []string{"class", "tex-" + align, "columnalign", align}
			tr.kids = append(tr.kids, td)
		}
		table.kids = append(table.kids, tr)
	}
	return table
}
