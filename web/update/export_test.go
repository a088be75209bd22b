package update

import "gaelab/web/scenario"

// Names the package's external tests (package update_test) read, unexported
// in the package itself.
var CriticChartNames = criticChartNames

const MaxParam = scenario.MaxMagnitude

var NonFiniteText = nonFiniteText
