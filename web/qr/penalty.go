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
	line := make([]bool, n)
	for i := 0; i < n; i++ {
		copy(line, dark[i*n:(i+1)*n]) // row i
		score += linePenalty(line)
		for j := range line { // column i
			line[j] = dark[j*n+i]
		}
		score += linePenalty(line)
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

// linePenalty scores one row or column: N1, runs of five or more modules of
// one colour (3 + the excess), and N3, a finder-like 1:1:3:1:1 dark pattern
// with four light modules on either side (40). Modules beyond the symbol are
// light, as the quiet zone is.
func linePenalty(l []bool) int {
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
	at := func(i int) bool { return i >= 0 && i < len(l) && l[i] }
	light4 := func(from int) bool {
		return !at(from) && !at(from+1) && !at(from+2) && !at(from+3)
	}
	for i := 0; i+7 <= len(l); i++ {
		if at(i) && !at(i+1) && at(i+2) && at(i+3) && at(i+4) && !at(i+5) && at(i+6) &&
			(light4(i-4) || light4(i+7)) {
			score += 40
		}
	}
	return score
}
