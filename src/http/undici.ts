import type * as Undici from 'undici';

/**
 * undici (the HTTP client towards the tax authority, headquarters and the MST registry) loads at the first
 * outgoing request rather than at start: about 80 ms of a cold start, and a shop with neither an HTTP tax
 * authority nor headquarters configured never needs it.
 */
let undici: Promise<typeof Undici> | undefined;
export const loadUndici = () => (undici ??= import('undici'));
