package play_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/web/play"
	"gaelab/web/webtest"
)

// qrPage gets /qr for u on host through h.
func qrPage(t *testing.T, h http.Handler, host, query string) (*httptest.ResponseRecorder, *goquery.Document) {
	t.Helper()
	req := httptest.NewRequest("GET", "/qr?"+query, nil)
	req.Host = host
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(rec.Body.String()))
	if err != nil {
		t.Fatal(err)
	}
	return rec, doc
}

// The QR page (what the overlay shows, and the page itself without
// JavaScript) holds the learner's link, prints it whole, and on a loopback
// host says phones cannot reach it and how to fix it.
func TestQRPage(t *testing.T) {
	h := webtest.Routes()
	teacher := "/play?v=1&p=seed-b&lam=0.9&present=1&theme=dark&hide=adv&rev=1&lock=1&win=3"
	query := "u=" + url.QueryEscape(teacher) + "&back=" + url.QueryEscape(teacher)
	rec, doc := qrPage(t, h, "10.0.0.5:8080", query)
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d: %.200s", rec.Code, rec.Body)
	}
	card := doc.Find(`[data-testid="qr-card"]`)
	if got := strings.TrimSpace(card.Find(`[data-testid="qr-link"]`).Text()); got != "http://10.0.0.5:8080/play?v=1&p=seed-b&lam=0.9" {
		t.Errorf("the printed link is %q, want the learner's link without the teacher's view", got)
	}
	src, _ := card.Find("img.qr-code").Attr("src")
	if u, _ := url.Parse(src); u == nil || u.Path != "/qr.svg" || u.Query().Get("u") != "/play?v=1&p=seed-b&lam=0.9" {
		t.Errorf("the code is %q, want /qr.svg of the learner's link", src)
	}
	if back, _ := card.Find(`[data-testid="qr-close"]`).Attr("href"); back != teacher {
		t.Errorf("Close goes to %q, want the teacher's page %q", back, teacher)
	}
	if card.Find(`[data-testid="qr-loopback"]`).Length() != 0 {
		t.Error("a LAN address warns about loopback")
	}
	if doc.Find(`[data-testid="qr"]`).Length() != 0 {
		t.Error("the QR page offers a QR code of itself")
	}

	for _, host := range []string{"127.0.0.1:8080", "localhost:9000", "[::1]:8080"} {
		_, doc := qrPage(t, h, host, query)
		warn := doc.Find(`[data-testid="qr-loopback"]`)
		_, port, _ := strings.Cut(strings.TrimPrefix(host, "[::1]"), ":")
		if !strings.Contains(warn.Text(), "gaelab -addr 0.0.0.0:"+port) {
			t.Errorf("%s: the loopback warning %q lacks the fix", host, warn.Text())
		}
		for _, a := range play.LANAddresses() {
			if !strings.Contains(warn.Text(), "http://"+a+":"+port+"/play?v=1&p=seed-b&lam=0.9") {
				t.Errorf("%s: the warning lacks the link on %s", host, a)
			}
		}
	}
	// Chinese, from lang=.
	_, doc = qrPage(t, h, "127.0.0.1:8080", query+"&lang=zh")
	if !strings.Contains(doc.Find(`[data-testid="qr-loopback"]`).Text(), "回环地址") {
		t.Error("the loopback warning is not in Chinese with lang=zh")
	}
	// -public-url: its address, and no warning.
	_, doc = qrPage(t, webtest.New(t, webtest.Options{PublicURL: "https://gae.example.edu/"}).Handler, "127.0.0.1:8080", query)
	if got := strings.TrimSpace(doc.Find(`[data-testid="qr-link"]`).Text()); got != "https://gae.example.edu/play?v=1&p=seed-b&lam=0.9" {
		t.Errorf("behind -public-url the link is %q", got)
	}
	if doc.Find(`[data-testid="qr-loopback"]`).Length() != 0 {
		t.Error("with -public-url set, the page still warns about loopback")
	}
	// Bad links are a 400, never a 500.
	for _, bad := range []string{"", "u=", "u=%2F%2Fevil.example", "u=http%3A%2F%2Fevil.example%2F", "u=%2Fplay%0A", "u=%zz"} {
		if rec, _ := qrPage(t, h, "127.0.0.1:8080", bad); rec.Code != http.StatusBadRequest {
			t.Errorf("/qr?%s: status %d, want 400", bad, rec.Code)
		}
	}
	// A bad back= falls back to the learner's link.
	_, doc = qrPage(t, h, "10.0.0.5:8080", "u=%2Fplay&back=%2F%2Fevil.example")
	if back, _ := doc.Find(`[data-testid="qr-close"]`).Attr("href"); back != "/play" {
		t.Errorf("a foreign back= gives Close %q", back)
	}
}

// Every page's "QR code" links the QR page of its learner link, returning
// to the page itself.
func TestQRLinkInTheFrame(t *testing.T) {
	self := "/play?v=1&p=seed-b&present=1&theme=dark&hide=adv&lang=en"
	doc := webtest.Page(t, self)
	href, _ := doc.Find(`a[data-testid="qr"]`).Attr("href")
	u, err := url.Parse(href)
	if err != nil || u.Path != "/qr" || u.Query().Get("u") != "/play?v=1&p=seed-b&lang=en" || u.Query().Get("back") != self || u.Query().Get("lang") != "en" {
		t.Errorf("QR code links %q; want /qr of the learner link, back to %s", href, self)
	}
}
