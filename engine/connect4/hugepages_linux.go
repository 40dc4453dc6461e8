package connect4

import (
	"syscall"
	"unsafe"
)

// adviseHugePages asks the kernel to back the table with huge pages, which
// cuts the TLB misses of random probes into a large table. It is advice: a
// failure changes nothing but speed.
func adviseHugePages(buckets [][2]uint64) {
	if len(buckets) == 0 {
		return
	}
	const huge = 2 << 20
	base := unsafe.Pointer(&buckets[0])
	size := uintptr(len(buckets)) * unsafe.Sizeof(buckets[0])
	skip := (huge - uintptr(base)%huge) % huge
	if size <= skip+huge {
		return
	}
	mem := unsafe.Slice((*byte)(unsafe.Add(base, skip)), (size-skip)&^(huge-1))
	_ = syscall.Madvise(mem, 14) // MADV_HUGEPAGE
}
