// Package storetest is the one test suite every store.Store runs, a part
// at a time (Secrets, Classes, Seats, Events, Uploads), each through its own
// interface: the sqlite and postgres packages call Run from their tests.
package storetest

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"gaelab/web/store"
)

// PostgresURL is the database the PostgreSQL tests use, from
// $GAELAB_TEST_POSTGRES. Without it they skip, saying why, except under
// CI=true, where they fail: CI starts a PostgreSQL.
func PostgresURL(t testing.TB) string {
	t.Helper()
	url := os.Getenv("GAELAB_TEST_POSTGRES")
	if url == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("GAELAB_TEST_POSTGRES is not set; under CI=true the PostgreSQL tests must run (.ci/run starts one)")
		}
		t.Skip("no PostgreSQL: set GAELAB_TEST_POSTGRES=postgres://user@host:port/db to run these tests")
	}
	return url
}

// Run runs the suite: each part of the store is tested through its own
// interface, as its users see it. open returns a fresh, empty store; a
// second call must return another store on the same database (another
// replica).
func Run(t *testing.T, open func(t *testing.T) (a, b store.Store)) {
	runPart(t, "Secrets", open, []partTest[store.Secrets]{
		{"Secret", testSecret},
	})
	runPart(t, "Classes", open, []partTest[store.Classes]{
		{"Class", testClass},
		{"Questions", testQuestions},
		{"JoinCap", testJoinCap},
		{"JoinBatches", testJoinBatches},
		{"Answer", testAnswer},
		{"AnswerConcurrent", testAnswerConcurrent},
		{"AnswerSend", testAnswerSend},
		{"AnswerSeq", testAnswerSeq},
		{"Sweep", testSweep},
		{"Voting", testVoting},
		{"Deadline", testDeadline},
		{"DeadlineGrace", testDeadlineGrace},
		{"ExtendDeadlines", testExtendDeadlines},
		{"Round", testRound},
		{"Nicknames", testNicknames},
		{"DeleteClass", testDeleteClass},
	})
	runPart(t, "Seats", open, []partTest[store.Seats]{
		{"Seats", testSeats},
		{"SeatsConcurrent", testSeatsConcurrent},
	})
	runPart(t, "Tickets", open, []partTest[ticketStore]{
		{"Tickets", testTickets},
		{"TicketMisses", testTicketMisses},
	})
	runPart(t, "Quotas", open, []partTest[store.Quotas]{
		{"Quotas", testQuotas},
		{"QuotasConcurrent", testQuotasConcurrent},
	})
	runPart(t, "Health", open, []partTest[store.Health]{
		{"Heartbeat", testHeartbeat},
	})
	runPart(t, "Admission", open, []partTest[admitStore]{
		{"Admission", testAdmission},
	})
	runPart(t, "Queue", open, []partTest[queueStore]{
		{"Queue", testQueue},
	})
	runPart(t, "Presence", open, []partTest[store.Presence]{
		{"Presence", testPresence},
	})
	runPart(t, "Events", open, []partTest[store.Events]{
		{"Events", testEvents},
	})
	runPart(t, "Uploads", open, []partTest[store.Uploads]{
		{"Uploads", testUploads},
		{"UploadQuota", testUploadQuota},
		{"UploadEvict", testUploadEvict},
		{"UploadEvictSparesShares", testUploadEvictSparesShares},
		{"UploadSweep", testUploadSweep},
		{"UploadFindings", testUploadFindings},
		{"ShareBudget", testShareBudget},
		{"UploadedToday", testUploadedToday},
		{"UploadEvictExpiredFirst", testUploadEvictExpiredFirst},
	})
}

// partTest is one test of a part P of the store (store.Classes, …),
// given two replicas as P alone.
type partTest[P any] struct {
	name string
	fn   func(t *testing.T, a, b P)
}

// runPart runs a part's tests under t.Run(part), each on fresh replicas
// from open seen through P. Store embeds every part, so the assertion
// cannot fail.
func runPart[P any](t *testing.T, part string, open func(t *testing.T) (a, b store.Store), tests []partTest[P]) {
	t.Run(part, func(t *testing.T) {
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				a, b := open(t)
				tc.fn(t, any(a).(P), any(b).(P))
			})
		}
	})
}

var ctx = context.Background()

var now = time.Unix(1_800_000_000, 0)

// unique makes codes that never collide between runs on one database.
func unique(t *testing.T, prefix string) string {
	return fmt.Sprintf("%s%d", prefix, time.Now().UnixNano()%1e12)
}

func testSecret(t *testing.T, a, b store.Secrets) {
	name := unique(t, "cookie")
	x, err := a.Secret(ctx, name, 32)
	if err != nil || len(x) != 32 {
		t.Fatalf("Secret = %x, %v; want 32 bytes", x, err)
	}
	y, err := b.Secret(ctx, name, 32)
	if err != nil || string(x) != string(y) {
		t.Errorf("the second replica's secret %x differs from the first's %x (%v)", y, x, err)
	}
	z, _ := a.Secret(ctx, name+"-other", 32)
	if string(z) == string(x) {
		t.Error("two secrets are equal")
	}
}
