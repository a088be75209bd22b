package page_test

import (
	"fmt"
	"strings"
	"testing"

	"gaelab/web/page"
)

// ASCIIURL percent-encodes exactly the non-ASCII bytes, in upper-case hex,
// as fmt's %02X would.
func TestASCIIURL(t *testing.T) {
	for _, link := range []string{"", "/play?v=1&p=seed-b", "/play?v=1&tok=是&tok=😀&prompt=a%20b", "\x7f\x80\xff", "é"} {
		var want strings.Builder
		for i := 0; i < len(link); i++ {
			if c := link[i]; c >= 0x80 {
				fmt.Fprintf(&want, "%%%02X", c)
			} else {
				want.WriteByte(c)
			}
		}
		if got := page.ASCIIURL(link); got != want.String() {
			t.Errorf("asciiURL(%q) = %q, want %q", link, got, want.String())
		}
	}
}
