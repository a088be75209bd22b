package course

import "gaelab/web/play"

// Room is what the course's handlers (/lessons, a lesson and its
// parts, the quiz, the glossary and the diagram) need of the server: the
// playground's chart memo and whether live classes are on.
type Room struct{ *play.Room }
