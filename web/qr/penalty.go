package qr

import "rsc.io/qr/coding"

// penalty scores a masked symbol by the four rules of ISO/IEC 18004
// §7.8.3.1; the encoder keeps the mask with the lowest score, the one with
// the fewest patterns that confuse a reader's finder and the most even
// balance of dark and light. x and y are module indices in the symbol,
// without the quiet zone.
func penalty(c *coding.Code) int {
	n := c.Size
	dark := make([]bool, n*n) // dark[y*n+x]
	count := 0
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			if c.Black(x, y) {
				dark[y*n+x] = true
				count++
			}
		}
	}
	score := 0
	// line holds one row or column between quietPad light modules on
	// either side, which stand for the quiet zone.
	line := make([]bool, n+2*quietPad)
	mid := line[quietPad : quietPad+n]
	for i := 0; i < n; i++ {
		copy(mid, dark[i*n:(i+1)*n]) // row i
		score += linePenalty(line, n)
		for j := range mid { // column i
			mid[j] = dark[j*n+i]
		}
		score += linePenalty(line, n)
	}
	// N2: each 2×2 block of one colour.
	for y := 0; y+1 < n; y++ {
		for x := 0; x+1 < n; x++ {
			d := dark[y*n+x]
			if dark[y*n+x+1] == d && dark[(y+1)*n+x] == d && dark[(y+1)*n+x+1] == d {
				score += 3
			}
		}
	}
	// N4: 10 points for each full 5% the dark share strays from 50%.
	total := n * n
	dev := count*20 - total*10
	if dev < 0 {
		dev = -dev
	}
	return score + 10*(dev/total)
}

// quietPad is how many light modules linePenalty needs on either side of a
// line: the four of N3's light margin.
const quietPad = 4

// linePenalty scores one row or column of n modules, padded with quietPad
// light modules on either side: N1, runs of five or more modules of one
// colour (3 + the excess), and N3, a finder-like 1:1:3:1:1 dark pattern with
// four light modules on either side (40).
func linePenalty(padded []bool, n int) int {
	l := padded[quietPad : quietPad+n]
	score := 0
	run := 0
	for i := range l {
		if i > 0 && l[i] == l[i-1] {
			run++
		} else {
			run = 1
		}
		if run == 5 {
			score += 3
		} else if run > 5 {
			score++
		}
	}
	for i := quietPad; i+7 <= quietPad+n; i++ {
		p := padded[i-quietPad : i+7+quietPad]
		if p[4] && !p[5] && p[6] && p[7] && p[8] && !p[9] && p[10] &&
			(!p[0] && !p[1] && !p[2] && !p[3] || !p[11] && !p[12] && !p[13] && !p[14]) {
			score += 40
		}
	}
	return score
}
