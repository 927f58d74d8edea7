#!/usr/bin/env -S MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 MALLOC_TRIM_THRESHOLD_=131072 node --max-semi-space-size=4 --heap-growing-percent=50
import '../dist/hoadon.mjs';
