#!/usr/bin/env -S node --max-semi-space-size=4
import '../dist/hoadon.mjs';
