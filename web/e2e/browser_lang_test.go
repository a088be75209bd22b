package e2e

import (
	"context"
	"strconv"
	"testing"
	"unicode"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"gaelab/web/i18n"
)

// langPageJS reports what on the page is not in language lang: the html
// element, the address bar, every navigation link, the forms' hidden lang
// inputs, and a message the page must show (want, a catalog message).
const langPageJS = `(lang, want) => {
	const wrong = [];
	if (document.querySelector(".htmx-request")) return "an htmx request is pending";
	if (document.documentElement.lang !== lang) wrong.push("html lang " + document.documentElement.lang);
	if (new URLSearchParams(location.search).get("lang") !== lang) wrong.push("address bar " + location.search);
	document.querySelectorAll(".site-header nav a").forEach(a => {
		if (new URL(a.href).searchParams.get("lang") !== lang) wrong.push("nav link " + a.href);
	});
	document.querySelectorAll("form[method=get]").forEach(f => {
		const l = f.querySelector("input[name=lang]");
		if (!l || l.value !== lang) wrong.push("form " + (f.id || f.action) + " has lang " + (l ? l.value : "none"));
	});
	if (want && !document.body.textContent.includes(want)) wrong.push("the page does not say " + JSON.stringify(want));
	return wrong.join("; ");
}`

// htmxIdleJS is "" once no htmx request, swap or settle is under way, so
// that a click lands on the element the page shows when it is aimed at.
const htmxIdleJS = `() => document.querySelector(".htmx-request, .htmx-swapping, .htmx-settling, .htmx-added") ? "htmx is busy" : ""`

// The page's language never drops, whatever the browser's: on a lang=zh
// page in an en-US browser (and on a lang=en page in a zh-CN browser), an
// edit, a step, Back, a reload, the navigation links and a lesson's predict
// form all stay in the page's language.
func TestBrowserLanguageNeverDrops(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		lang           i18n.Lang
		acceptLanguage string
	}{
		{i18n.Zh, "en-US,en;q=0.9"},
		{i18n.En, "zh-CN,zh;q=0.9"},
	} {
		t.Run(string(c.lang), func(t *testing.T) {
			t.Parallel()
			srv := playServer(t)
			tb := newTab(t, srv)
			tb.do("browser language "+c.acceptLanguage, chromedp.Func(func(ctx context.Context, tgt *chromedp.Target) error {
				_, err := cdp.Call(ctx, tgt, network.SetExtraHTTPHeaders,
					network.SetExtraHTTPHeadersParams{Headers: network.Headers{"Accept-Language": c.acceptLanguage}})
				return err
			}))
			lang, t1 := string(c.lang), c.lang.T
			tb.open("/play?v=1&p=seed-b&lang=" + lang)
			tb.until("the page opens in its language", langPageJS, lang, t1("step.start"))

			tb.do("type λ = 0.5", chromedp.Clear(chromedp.CSS("#lam")), chromedp.SendKeys(chromedp.CSS("#lam"), "0.5"))
			tb.until("after an edit", `(lang, want) => location.search.includes("lam=0.5") ? (`+langPageJS+`)(lang, want) : "not edited yet: " + location.search`,
				lang, t1("step.start"))
			tb.do("type λ = 1.5", chromedp.Clear(chromedp.CSS("#lam")), chromedp.SendKeys(chromedp.CSS("#lam"), "1.5"))
			tb.until("the error for λ = 1.5, in the page's language", `(lang) => {
				const e = document.querySelector("#form-errors");
				if (!e || !e.textContent.includes("1.5")) return "no error yet";
				if ((lang === "zh") !== /[\u4e00-\u9fff]/.test(e.textContent)) return "the error is not in " + lang + ": " + e.textContent;
				return (`+langPageJS+`)(lang, "");
			}`, lang)
			// Back to the edited state (a field with an error keeps what was typed).
			tb.open("/play?v=1&p=seed-b&lam=0.5&lang=" + lang)
			tb.until("the edited state", langPageJS, lang, t1("step.start"))
			// Leave the field (its change event sends the form once more) and
			// let that answer land before clicking, as a learner would.
			eval[bool](tb, `document.activeElement.blur(), true`)
			tb.until("the edit has settled", langPageJS, lang, t1("step.start"))
			tb.do("start the step-through", chromedp.Click(chromedp.CSS(`[data-testid="step-start"]`)))
			tb.until("step 0", `(lang, want) => location.search.includes("step=0") ? (`+langPageJS+`)(lang, want) : "no step yet: " + location.search`,
				lang, t1("step.next"))
			tb.until("step 0 has settled", htmxIdleJS)
			tb.do("next step", chromedp.Click(chromedp.CSS(`[data-testid="step-next"]`)))
			tb.until("step 1", `(lang, want) => location.search.includes("step=1") ? (`+langPageJS+`)(lang, want) : "no step 1: " + location.search`,
				lang, t1("step.next"))
			// Steps replace the history entry: Back leaves the step-through.
			eval[bool](tb, `history.back(), true`)
			tb.until("Back before the step-through", `(lang, want) => !location.search.includes("step=") ? (`+langPageJS+`)(lang, want) : "not back: " + location.search`,
				lang, t1("step.start"))
			eval[bool](tb, `location.reload(), true`)
			tb.until("after a reload", langPageJS, lang, t1("step.start"))

			tb.do("follow the lessons link", chromedp.Click(chromedp.CSS(`.site-header nav a[href^="/lessons"]`)))
			tb.until("the lessons index", `(lang, want) => location.pathname === "/lessons" ? (`+langPageJS+`)(lang, want) : location.pathname`,
				lang, t1("lessons.heading"))

			// A lesson in a fresh tab (one tab's time is bounded): its predict
			// form answers in the page's language.
			l, q, want := firstNumberPredict(t)
			lt := newTab(t, srv)
			lt.do("browser language "+c.acceptLanguage, chromedp.Func(func(ctx context.Context, tgt *chromedp.Target) error {
				_, err := cdp.Call(ctx, tgt, network.SetExtraHTTPHeaders,
					network.SetExtraHTTPHeadersParams{Headers: network.Headers{"Accept-Language": c.acceptLanguage}})
				return err
			}))
			lt.open("/lessons/" + l.Slug + "?lang=" + lang)
			lt.until("the lesson", langPageJS, lang, "")
			id := "predict-" + q.ID
			lt.do("answer the predict box", chromedp.Clear(chromedp.CSS("#"+id+"-answer")),
				chromedp.SendKeys(chromedp.CSS("#"+id+"-answer"), strconv.FormatFloat(want+1, 'f', 4, 64)),
				chromedp.Click(chromedp.CSS("#"+id+" button.primary")))
			lt.until("the verdict, in the page's language", `(id, lang) => {
				const v = document.querySelector("#" + id + ' [data-testid="verdict"]');
				if (!v) return "no verdict yet";
				return (`+langPageJS+`)(lang, "");
			}`, id, lang)
			if v := eval[string](lt, `document.querySelector("#`+id+` [data-testid=verdict]").textContent`); (c.lang == i18n.Zh) != hasHan(v) {
				t.Errorf("the verdict %q is not in %s", v, lang)
			}
		})
	}
}

// hasHan reports whether s holds a Chinese character.
func hasHan(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}
