package class

import (
	"testing"
)

// TestHubCaps: phones are capped per replica, per class and per address;
// the teacher's streams only per class, so phones never take them.
func TestHubCaps(t *testing.T) {
	h := NewHub(&fakeEvents{}, StreamCaps{Max: 5, PerClass: 3, PerAddr: 2, Teacher: 2})
	defer h.stop()
	follow := func(code string, who Viewer) (*Follower, bool) {
		f, err := h.Follow(code, who, "ask")
		return f, err == nil
	}
	a1, _ := follow("AAAAA", Viewer{Addr: "1.1.1.1"})
	follow("AAAAA", Viewer{Addr: "1.1.1.1"})
	if _, ok := follow("BBBBB", Viewer{Addr: "1.1.1.1"}); ok {
		t.Error("a third stream from one address with PerAddr 2 was let in")
	}
	if _, ok := follow("AAAAA", Viewer{Addr: "2.2.2.2"}); !ok {
		t.Error("another address was refused")
	}
	if _, ok := follow("AAAAA", Viewer{Addr: "3.3.3.3"}); ok {
		t.Error("a fourth phone in a class of 3 seats was let in")
	}
	follow("BBBBB", Viewer{Addr: "3.3.3.3"})
	follow("BBBBB", Viewer{Addr: "4.4.4.4"})
	if _, ok := follow("CCCCC", Viewer{Addr: "5.5.5.5"}); ok {
		t.Error("a sixth phone with Max 5 was let in")
	}
	// The replica is full of phones: each class's teacher still gets two,
	// and a third replaces the oldest of its kind (else the oldest).
	for _, code := range []string{"AAAAA", "BBBBB", "CCCCC"} {
		wall, ok1 := follow(code, Viewer{Addr: "1.1.1.1", Teacher: true, Kind: "wall"})
		controls, ok2 := follow(code, Viewer{Addr: "1.1.1.1", Teacher: true, Kind: "controls"})
		if !ok1 || !ok2 {
			t.Errorf("class %s: a teacher's stream refused on a replica full of phones", code)
			continue
		}
		wall2, ok := follow(code, Viewer{Teacher: true, Kind: "wall"})
		if !ok || !closed(wall.Replaced) || closed(controls.Replaced) {
			t.Errorf("class %s: a second wall let in %v, the first replaced %v, the controls replaced %v; want the first wall replaced",
				code, ok, closed(wall.Replaced), closed(controls.Replaced))
		}
		h.Leave(wall) // it has left already: no double count
		if _, ok := follow(code, Viewer{Teacher: true, Kind: "phone"}); !ok || !closed(controls.Replaced) || closed(wall2.Replaced) {
			t.Errorf("class %s: a screen of a third kind should replace the oldest (the controls)", code)
		}
	}
	h.Leave(a1)
	if _, ok := follow("CCCCC", Viewer{Addr: "1.1.1.1"}); !ok {
		t.Error("a stream that left did not free its address's and the replica's place")
	}
	if h.streams() != 5 {
		t.Errorf("streams = %d; want 5 phones", h.streams())
	}
}

// closed reports whether c is closed.
func closed(c chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}
