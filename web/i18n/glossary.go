package i18n

import "gaelab/lessons/glossary"

// The glossary's terms as messages: term.<id> is the term's name and
// term.<id>.def its one-line definition, in each language, straight from
// lessons/glossary/glossary.json, so that the catalog, the lessons and
// /glossary name each thing the same way.
var enTerms, zhTerms = terms()

func terms() (en, zh map[string]string) {
	en, zh = map[string]string{}, map[string]string{}
	for _, t := range glossary.All() {
		en["term."+t.ID], zh["term."+t.ID] = t.En, t.Zh
		en["term."+t.ID+".def"], zh["term."+t.ID+".def"] = t.DefEn, t.DefZh
	}
	return en, zh
}

// term is a glossary term's name in language l, for catalog entries that
// are the term itself ("nav.play": term(Zh, "playground")).
func term(l Lang, id string) string {
	t, ok := glossary.Lookup(id)
	if !ok {
		panic("i18n: no glossary term " + id)
	}
	return t.Name(string(l))
}
