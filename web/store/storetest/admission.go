package storetest

import (
	"errors"
	"testing"

	"gaelab/web/store"
)

// admitStore is what testAdmission needs: a class and its students.
type admitStore interface {
	store.Classes
	store.Admission
}

// testAdmission: the join word and the lock are the class's, read by every
// replica; RemoveSilent frees exactly the seats of students who answered
// nothing, and the class's count follows.
func testAdmission(t *testing.T, a, b admitStore) {
	code, q := flowClass(t, a, "A")
	if c, _ := b.Class(ctx, code, now); c.JoinWord || c.Locked {
		t.Error("a new class asks for its join word or is locked")
	}
	if err := a.SetAdmission(ctx, code, true, false); err != nil {
		t.Fatal(err)
	}
	if c, _ := b.Class(ctx, code, now); !c.JoinWord || c.Locked {
		t.Errorf("after SetAdmission(word): %+v", c)
	}
	if err := a.SetAdmission(ctx, code, true, true); err != nil {
		t.Fatal(err)
	}
	if c, _ := b.Class(ctx, code, now); !c.JoinWord || !c.Locked {
		t.Errorf("after SetAdmission(word, locked): %+v", c)
	}
	if err := a.SetAdmission(ctx, "nope", true, true); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SetAdmission of an unknown class = %v; want ErrNotFound", err)
	}
	for _, d := range []string{"s1", "s2", "s3", "s4"} {
		if err := a.Join(ctx, code, d, 500, now); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range []string{"s1", "s3"} {
		if err := a.Answer(ctx, code, q.ID, d, "1", store.Send{}, 3, now); err != nil {
			t.Fatal(err)
		}
	}
	before, _ := b.Class(ctx, code, now)
	n, err := b.RemoveSilent(ctx, code)
	if err != nil {
		t.Fatal(err)
	}
	after, _ := a.Class(ctx, code, now)
	sts, _ := a.Students(ctx, code)
	kept := map[string]bool{}
	for _, st := range sts {
		kept[st.Device] = true
	}
	if n != before.Students-2 || after.Students != 2 || len(sts) != 2 || !kept["s1"] || !kept["s3"] {
		t.Errorf("RemoveSilent = %d (of %d); then %d students %v; want s1 and s3 kept", n, before.Students, after.Students, kept)
	}
	if n, _ := b.RemoveSilent(ctx, code); n != 0 {
		t.Errorf("RemoveSilent again = %d; want 0", n)
	}
	if err := a.RemoveStudent(ctx, code, "s3"); err != nil {
		t.Fatal(err)
	}
	if err := b.RemoveStudent(ctx, code, "s3"); !errors.Is(err, store.ErrNotStudent) {
		t.Errorf("RemoveStudent again = %v; want ErrNotStudent", err)
	}
	c, _ := b.Class(ctx, code, now)
	as, _ := b.Answers(ctx, code, q.ID)
	if c.Students != 1 || len(as) != 1 || as[0].Device != "s1" {
		t.Errorf("after removing s3: %d students, answers %+v; want s1 alone", c.Students, as)
	}
}
