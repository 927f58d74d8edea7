#!/usr/bin/env node
import '../dist/hoadon.mjs';
