package web_test

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"

	"gaelab/web"
)

// answerSums is the SHA-256 of every corpus link's answers (each hop's
// status and body), recorded when web/ was split into rooms (#23) so that
// each move could be checked to change nothing a user sees. Layout may
// change later: a change meant to alter pages records new sums with
//
//	go test ./web -run TestCorpusAnswersUnchanged -update-answers
//
// and says so in its commit message.
const answerSums = "testdata/links/answers.sha256"

var updateAnswers = flag.Bool("update-answers", false, "rewrite "+answerSums+" from what the corpus links answer now")

// hashedAsset is a static asset's content-hashed name (static.Path): an
// asset's bytes may change without changing a page.
var hashedAsset = regexp.MustCompile(`(/static/[A-Za-z0-9_-]+)\.[0-9a-f]{10}(\.[a-z0-9]+)`)

// TestCorpusAnswersUnchanged renders every link of the v1, v2 and v3
// corpora and compares the SHA-256 of its answers, byte for byte, with the
// recorded sums.
func TestCorpusAnswersUnchanged(t *testing.T) {
	h := web.Routes()
	var got strings.Builder
	for _, corpus := range []string{"testdata/links/v1.txt", "testdata/links/v2.txt", "testdata/links/v3.txt"} {
		for _, link := range corpusLinks(t, corpus) {
			fmt.Fprintf(&got, "%s %s\n", answersSum(h, link), link)
		}
	}
	if *updateAnswers {
		if err := os.WriteFile(answerSums, []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(answerSums)
	if err != nil {
		t.Fatal(err)
	}
	wantLines, gotLines := strings.Split(string(want), "\n"), strings.Split(got.String(), "\n")
	if len(wantLines) != len(gotLines) {
		t.Fatalf("%d corpus links answered, %s records %d", len(gotLines)-1, answerSums, len(wantLines)-1)
	}
	for i := range wantLines {
		if wantLines[i] != gotLines[i] {
			t.Errorf("answer changed: %s (recorded %s)", gotLines[i], wantLines[i])
		}
	}
}

// answersSum follows link's redirects and hashes every hop's status and
// body, static asset names without their content hash.
func answersSum(h http.Handler, link string) string {
	sum := sha256.New()
	for hop := 0; hop <= 5; hop++ {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, link, nil))
		fmt.Fprintf(sum, "%d\n", rec.Code)
		sum.Write(hashedAsset.ReplaceAll(rec.Body.Bytes(), []byte("$1$2")))
		link = rec.Header().Get("Location")
		if rec.Code < 300 || rec.Code > 399 || link == "" {
			break
		}
	}
	return hex.EncodeToString(sum.Sum(nil))
}

// corpusLinks reads a corpus file: one link a line, '#' comments.
func corpusLinks(t *testing.T, name string) []string {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var links []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); line != "" && !strings.HasPrefix(line, "#") {
			links = append(links, line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return links
}
