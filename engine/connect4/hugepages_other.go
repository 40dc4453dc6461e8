//go:build !linux

package connect4

// adviseHugePages does nothing where huge-page advice is not available.
func adviseHugePages([][2]uint64) {}
