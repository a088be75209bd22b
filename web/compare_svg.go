package web

// The comparison views (/compare/lambda, /compare/estimators,
// /compare/versions, /compare/bugs) draw their charts inline, and each chart
// is also served alone, as the playground's are, for download:
//
//	/compare/lambda/chart/{name}.svg   lines, small-0 … small-4, heat, weights
//	/compare/estimators/chart.svg
//	/compare/versions/chart.svg
//	/compare/bugs/chart/{bug}-{i}.svg  the chart of bug (one of bug=) and sequence i (0-based)
//
// Each takes the page's query and draws with the page's code and element
// ids, so the file is the figure's SVG byte for byte, after an XML prolog.
