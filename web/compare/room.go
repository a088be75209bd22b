package compare

import "gaelab/web/play"

// Room is what the comparison views' handlers (/compare and its
// views, their charts) need of the server: reading a playground link.
type Room struct{ *play.Room }
