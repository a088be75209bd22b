package play

// Names the package's external tests (package play_test) read, unexported
// in the package itself.
var BatchEstimators = batchEstimators

const StoryRunes = storyRunes

type TableExport = tableExport

var ViewLinks = viewLinks
