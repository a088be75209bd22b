package page

import (
	"strconv"
	"strings"

	"gaelab/templates"
	"gaelab/web/i18n"
)

// Card is what a page's link preview says and shows.
type Card struct {
	// Name is the scenario's name, before the page's title in og:title; ""
	// for a page without a scenario (a lesson: og:title is its title).
	// Desc is the description (naming the scenario and the release); "" for
	// no card.
	Name, Desc string
	Image      Link   // the preview PNG's link; path "" for none
	Size       [2]int // the image's width and height in px (preview.Width, preview.Height)
	Alt        string // the image's og:image:alt; "" for card.image.alt (the boundary chart)
	PublicURL  string // -public-url without its trailing slash; "" writes no og:url nor og:image
}

// cardTokenRunes bounds the tokens quoted in a description.
const cardTokenRunes = 80

// tags is the frame's Card for a page whose link is self and title title.
func (c Card) tags(self Link, title string) templates.Card {
	t := self.Lang.T
	card := templates.Card{Title: title, Description: c.Desc, SiteName: t("brand"), Locale: "en_US"}
	if c.Name != "" {
		card.Title = t("card.title", c.Name, title)
	}
	if self.Lang == i18n.Zh {
		card.Locale = "zh_CN"
	}
	if c.PublicURL == "" {
		return card
	}
	card.URL = c.PublicURL + self.Learner().String()
	if c.Image.Path != "" {
		card.Image = c.PublicURL + c.Image.String()
		card.ImageAlt = t("card.image.alt")
		if c.Alt != "" {
			card.ImageAlt = c.Alt
		}
		card.ImageW, card.ImageH = strconv.Itoa(c.Size[0]), strconv.Itoa(c.Size[1])
	}
	return card
}

// QuoteTokens joins the tokens with spaces, one line, cut with "…" after
// cardTokenRunes runes.
func QuoteTokens(texts []string) string {
	s := strings.Join(strings.Fields(strings.Join(texts, " ")), " ")
	if r := []rune(s); len(r) > cardTokenRunes {
		s = string(r[:cardTokenRunes]) + "…"
	}
	return s
}
