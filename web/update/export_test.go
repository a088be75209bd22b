package update

// Names the package's external tests (package update_test) read, unexported
// in the package itself.
var CriticChartNames = criticChartNames

const MaxParam = maxParam

var NonFiniteText = nonFiniteText
