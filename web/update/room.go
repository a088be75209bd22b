package update

import "gaelab/web/play"

// Room is what the update views' handlers (/update, /update/critic,
// /update/actor, their charts, checks and verify.py) need of the server:
// reading a playground link.
type Room struct{ *play.Room }
