package scenario

import (
	"errors"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"gaelab/engine"
)

// LinkVersion is the version of the link format, the v= parameter: v=1
// links keep their meaning for ever; v=2 links name a whole verl release
// with ver= (LinkVersion2); v=3 links too, /update pages included
// (LinkVersion3).
const LinkVersion = "1"

// LinkVersion2 is the link format in which ver= names a verl release tag
// and means the whole release, except on /update/actor and /update/critic,
// whose losses are v0.9.0's, fed by the newest GAE.
const LinkVersion2 = "2"

// LinkVersion3 is the link format in which ver= names a verl release tag
// and means the whole release everywhere: on /update pages the release's
// GAE feeds the release's own losses. The canonical link of every new or
// edited state is v=3.
const LinkVersion3 = "3"

// ReadLinkVersion reads v=: LinkVersion (also for a link without v),
// LinkVersion2 or LinkVersion3. Any other value is reported and read as v=1.
func ReadLinkVersion(q url.Values, rep *Report) string {
	switch v := q.Get("v"); v {
	case LinkVersion2, LinkVersion3:
		return v
	case "", LinkVersion:
	default:
		rep.Warn("warn.link_version", v, LinkVersion)
	}
	return LinkVersion
}

// ReleaseLink is the link version a state read from a link of version v
// keeps when it names release rel: none without a release; LinkVersion3 for
// a v=3 link; LinkVersion2 for a v=2 link and for a v=1 link naming a
// release tag (always written as v=2), so that their /update pages keep
// their meaning.
func ReleaseLink(v, rel string) string {
	switch {
	case rel == "":
		return ""
	case v == LinkVersion3:
		return LinkVersion3
	}
	return LinkVersion2
}

// WrittenVersion is the v= a state is written with: v=1 without a release,
// v=2 for a state that keeps a v=2 link's meaning (link = LinkVersion2),
// else v=3.
func WrittenVersion(release, link string) string {
	switch {
	case release == "":
		return LinkVersion
	case link == LinkVersion2:
		return LinkVersion2
	}
	return LinkVersion3
}

// Limits on text in a link.
const (
	MaxTokenRunes  = 100
	MaxPromptRunes = 1000
)

// Rows are the table rows a cell selection (sel=<row>.<t>) may name.
var Rows = []string{"score", "kld", "reward", "value", "next", "delta", "adv", "ret", "white"}

// lists are the per-token number lists, by link parameter.
var lists = []struct {
	key string
	get func(*Token) *float64
}{
	{"score", func(t *Token) *float64 { return &t.Score }},
	{"old", func(t *Token) *float64 { return &t.Old }},
	{"ref", func(t *Token) *float64 { return &t.Ref }},
	{"V", func(t *Token) *float64 { return &t.Value }},
	{"r", func(t *Token) *float64 { return &t.Reward }},
}

// scenarioKeys are every parameter the codec reads.
var scenarioKeys = []string{"v", "p", "prompt", "tok", "mask", "score", "old", "ref", "V", "r", "rw", "gamma", "lam", "beta", "kl", "ver", "num", "step", "speed", "sel", "pick", "op", "toks"}

// decodeVersion reads ver= into s (see ReadVersion).
func decodeVersion(d Reader, s *Scenario, v2 bool) { ReadVersion(d, v2, &s.Version, &s.Release) }

// ReadVersion reads ver= for any link; v2 is true for a v=2 or v=3 link. In
// a v=1 link, v0.2, newest and no ver keep their old meaning (*ver: which
// GAE loop; the rest is newest verl) and *rel stays ""; any other release
// tag, and every ver of a v=2 or v=3 link, names the whole release in *rel
// (the concrete tag, so the canonical link is v=2 or v=3 with it, see
// ReleaseLink), with *ver in step. A v=2 or v=3 link without ver names the
// release *ver stands for.
func ReadVersion(d Reader, v2 bool, ver *engine.Version, rel *string) {
	raw, ok := d.First("ver")
	if !v2 && ok && (raw == "v0.2" || raw == "newest") {
		*ver = engine.VerlEarly
		if raw == "newest" {
			*ver = engine.VerlNewest
		}
		return
	}
	if !ok {
		if v2 {
			*ver, *rel, _ = ResolveRelease(ReleaseOf(*ver))
		}
		return
	}
	v, r, err := ResolveRelease(raw)
	if err != nil {
		d.Rep.Problem("ver", "err.release", raw, raw)
		if v2 {
			*ver, *rel, _ = ResolveRelease(ReleaseOf(*ver))
		}
		return
	}
	*ver, *rel = v, r
}

// ResolveRelease reads a release tag or newest: the concrete tag, and the
// two-generation Version whose GAE loop it runs (VerlEarly before the
// mask-aware loop of v0.5.0).
func ResolveRelease(tag string) (engine.Version, string, error) {
	r, err := engine.ParseRelease(tag)
	if err != nil {
		return 0, "", err
	}
	if r.Gen.Has(engine.GAEMaskAware) {
		return engine.VerlNewest, r.Tag, nil
	}
	return engine.VerlEarly, r.Tag, nil
}

// Decode reads a playground link. It never fails: a bad value is reported
// and replaced by the preset's; unknown parameters are reported as warnings,
// except pageKeys, which belong to the page rather than the scenario.
func Decode(q url.Values, pageKeys ...string) (Scenario, Report) {
	var rep Report
	link := ReadLinkVersion(q, &rep)
	v2 := link != LinkVersion // ver= names a release
	id := q.Get("p")
	if id == "" {
		id = DefaultPreset
	}
	s, ok := Preset(id)
	if !ok {
		rep.Warn("warn.unknown_preset", id, DefaultPreset)
		s, _ = Preset(DefaultPreset)
	}
	d := decoder{Reader{Q: q, Rep: &rep}}

	if raw, ok := d.First("prompt"); ok {
		s.Prompt = d.Text("prompt", raw, MaxPromptRunes)
	}
	texts, ok := q["tok"]
	if raw, found := d.First("toks"); found { // the long-response editor: one token per line
		texts, ok = strings.Split(strings.ReplaceAll(raw, "\r\n", "\n"), "\n"), true
	}
	if ok {
		if len(texts) > MaxTokens {
			rep.Problem("tok", "err.too_many_tokens", strconv.Itoa(len(texts)), len(texts), MaxTokens)
			texts = texts[:MaxTokens]
		}
		s.Resize(len(texts))
		for t, text := range texts {
			s.Tokens[t].Text = d.Text("tok."+strconv.Itoa(t), text, MaxTokenRunes)
		}
	}
	d.op(&s)
	d.kinds(&s)
	for _, l := range lists {
		d.numbers(&s, l.key, l.get)
	}
	// A checkbox sends its hidden 0 and, when ticked, a 1: any 1 wins.
	for _, raw := range d.Q["rw"] {
		var on bool
		d.flag("rw", raw, &on)
		s.DirectRewards = on
		if on {
			break
		}
	}
	d.Unit("gamma", &s.Gamma)
	d.Unit("lam", &s.Lam)
	if raw, ok := d.First("beta"); ok {
		if x, ok := d.Number("beta", raw); ok {
			s.Beta = x
		}
	}
	decodeVersion(d.Reader, &s, v2)
	s.Link = ReleaseLink(link, s.Release)
	kl := s.KL
	if raw, ok := d.First("kl"); ok {
		kl = raw
	}
	if slices.Contains(s.KLNames(), kl) {
		s.KL = kl
	} else {
		rep.Problem("kl", "err.kl_version", kl, kl, s.VersionLabel())
		if !slices.Contains(s.KLNames(), s.KL) {
			s.KL = engine.KL
		}
	}
	if raw, ok := d.First("num"); ok {
		var one bool
		d.flag("num", raw, &one)
		s.Base = 0
		if one {
			s.Base = 1
		}
	}
	if raw, ok := d.First("step"); ok {
		n, err := strconv.Atoi(strings.TrimSpace(raw))
		if err != nil || n < 0 || n > s.Len() {
			rep.Problem("step", "err.range_int", raw, raw, 0, s.Len())
		} else {
			s.Step = n
		}
	} else if s.Step > s.Len() {
		s.Step = -1
	}
	d.speed(&s)
	if raw, ok := d.First("sel"); ok {
		if validSelect(raw, s.Len()) {
			s.Select = raw
		} else {
			rep.Warn("warn.select", raw)
		}
	}
	// pick=<row>.<t> is a table cell's button: it selects the cell, or
	// closes the formula when the cell is already selected.
	if raw, ok := d.First("pick"); ok && validSelect(raw, s.Len()) {
		if raw == s.Select {
			s.Select = ""
		} else {
			s.Select = raw
		}
	}
	for key := range q {
		if !slices.Contains(scenarioKeys, key) && !slices.Contains(pageKeys, key) {
			rep.Warn("warn.unknown_param", key)
		}
	}
	slices.SortFunc(rep.Warnings, func(a, b Problem) int { return strings.Compare(a.Key+argText(a), b.Key+argText(b)) })
	return s, rep
}

func argText(p Problem) string {
	if len(p.Args) == 0 {
		return ""
	}
	s, _ := p.Args[0].(string)
	return s
}

// validSelect checks "<row>.<t>" with a known row and 0 ≤ t < n.
func validSelect(sel string, n int) bool {
	row, ts, ok := strings.Cut(sel, ".")
	t, err := strconv.Atoi(ts)
	return ok && err == nil && slices.Contains(Rows, row) && t >= 0 && t < n
}

// decoder reads parameters into a scenario, reporting what is wrong.
type decoder struct{ Reader }

// numbers reads a per-token number list into the tokens.
func (d decoder) numbers(s *Scenario, key string, get func(*Token) *float64) {
	items, ok := d.List(key)
	if !ok {
		return
	}
	if len(items) != s.Len() {
		d.Rep.Problem(key, "err.length", strings.Join(items, ","), len(items), s.Len())
		return
	}
	for t, raw := range items {
		if x, ok := d.Number(key+"."+strconv.Itoa(t), raw); ok {
			*get(&s.Tokens[t]) = x
		}
	}
}

// kinds reads the mask list: 1 valid, 0 padding, o observation.
func (d decoder) kinds(s *Scenario) {
	items, ok := d.List("mask")
	if !ok {
		return
	}
	if len(items) != s.Len() {
		d.Rep.Problem("mask", "err.length", strings.Join(items, ","), len(items), s.Len())
		return
	}
	for t, raw := range items {
		switch strings.TrimSpace(raw) {
		case "1", "v":
			s.Tokens[t].Kind = Valid
		case "0", "p":
			s.Tokens[t].Kind = Padding
		case "o":
			s.Tokens[t].Kind = Observation
		default:
			d.Rep.Problem("mask."+strconv.Itoa(t), "err.mask", raw, raw)
		}
	}
}

// flag reads "1" or "0".
func (d decoder) flag(key, raw string, dst *bool) {
	switch strings.TrimSpace(raw) {
	case "1", "on", "true":
		*dst = true
	case "0", "off", "false", "":
		*dst = false
	default:
		d.Rep.Problem(key, "err.choice", raw, raw, "0, 1")
	}
}

// MaxMagnitude bounds every number a link may carry, so sums and squares
// stay far from float64 overflow.
const MaxMagnitude = 1e6

// ParseNumber reads one decimal number as a learner types it: spaces are
// ignored, and full-width digits, points and minus signs (as a Chinese input
// method types them) read as ASCII. Hex, NaN, Inf and underscores are not
// numbers here. It returns the number, or the message key of the problem:
// "err.number" (args: the text) or "err.magnitude" (args: the text, MaxMagnitude).
func ParseNumber(raw string) (float64, string) {
	s := strings.Map(func(r rune) rune {
		switch {
		case r >= '０' && r <= '９':
			return '0' + (r - '０')
		case r == '．' || r == '。':
			return '.'
		case r == '－' || r == '−' || r == '—':
			return '-'
		case r == '＋':
			return '+'
		case r == ' ' || r == '\u3000' || r == '\t':
			return -1
		}
		return r
	}, raw)
	x, err := strconv.ParseFloat(s, 64)
	var ne *strconv.NumError
	rangeErr := errors.As(err, &ne) && ne.Err == strconv.ErrRange
	switch {
	case s == "" || err != nil && !rangeErr || strings.ContainsAny(s, "xXpP_nNiI"):
		return 0, "err.number"
	case err != nil || math.IsInf(x, 0) || math.Abs(x) > MaxMagnitude:
		return 0, "err.magnitude"
	}
	return x, ""
}

// op applies an editing action of the form without JavaScript:
// op=add appends a token, op=del.<t> removes token t. The lists the form
// sent still have one entry per old token; they are edited alike.
func (d decoder) op(s *Scenario) {
	raw, _ := d.First("op")
	edit := func(f func(key string, items []string) []string) {
		for _, key := range []string{"mask", "score", "old", "ref", "V", "r"} {
			if items, ok := d.List(key); ok && len(items) == s.Len() {
				d.Q[key] = f(key, items)
			}
		}
	}
	switch {
	case raw == "add" && s.Len() < MaxTokens:
		edit(func(key string, items []string) []string {
			if key == "mask" {
				return append(items, "1")
			}
			return append(items, "0")
		})
		s.Resize(s.Len() + 1)
	case strings.HasPrefix(raw, "del.") && s.Len() > 1:
		t, err := strconv.Atoi(raw[len("del."):])
		if err == nil && t >= 0 && t < s.Len() {
			edit(func(_ string, items []string) []string { return slices.Delete(items, t, t+1) })
			s.Tokens = slices.Delete(s.Tokens, t, t+1)
		}
	}
}
