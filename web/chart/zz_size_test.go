package chart

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

func TestZZSizes(t *testing.T) {
	dir := os.Getenv("SIZES_DIR")
	for _, T := range []int{64, 512} {
		in := playground(T)
		for _, c := range charts {
			b := must(c.fn(in))
			fmt.Printf("T=%d %-10s %6d\n", T, c.name, len(b))
			if dir != "" {
				os.WriteFile(filepath.Join(dir, fmt.Sprintf("pg%d-%s.svg", T, c.name)), b, 0o644)
			}
		}
		b := must(Ribbon(playgroundRibbon(T)))
		fmt.Printf("T=%d %-10s %6d\n", T, "ribbon", len(b))
		if dir != "" {
			os.WriteFile(filepath.Join(dir, fmt.Sprintf("pg%d-ribbon.svg", T)), b, 0o644)
		}
	}
}
