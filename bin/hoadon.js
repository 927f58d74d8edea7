#!/usr/bin/env -S MALLOC_ARENA_MAX=2 node --max-semi-space-size=4
import '../dist/hoadon.mjs';
