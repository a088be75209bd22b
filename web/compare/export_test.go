package compare

// Names the package's external tests (package compare_test) read, unexported
// in the package itself.
const MaxBugCells = maxBugCells

var NewEstimatorsView = newEstimatorsView

const VarianceMaxSeed = varianceMaxSeed
