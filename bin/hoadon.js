#!/usr/bin/env -S MALLOC_ARENA_MAX=2 node --max-semi-space-size=4 --heap-growing-percent=50
import '../dist/hoadon.mjs';
