/**
 * How a message's exact text is kept in `tax_messages.xml`: deflated, on libuv's thread pool. A package of
 * 100 invoices is about a megabyte of XML, most of it the same certificate and structure again; stored as
 * it is, every package wrote a megabyte to the WAL (and the database) in the group commit the tills' writes
 * share, and their fsync waited for it. Rows written as text by earlier versions are read as they are.
 */
import { promisify } from 'node:util';
import { deflateRaw, inflateRaw, inflateRawSync } from 'node:zlib';
import { DEFLATE_OPTIONS } from '../xml/signed-package.js';

const deflate = promisify(deflateRaw);
const inflate = promisify(inflateRaw);

/**
 * The text as stored: fast compression, the thread pool's time is shared with the WAL's fsync. A 206 package
 * is deflated the same way on the XML thread (src/xml/signed-package.ts).
 */
export const packText = (xml: string): Promise<Buffer> => deflate(xml, DEFLATE_OPTIONS);

/** A message's text as `tax_messages.xml` holds it: deflated, or as text from an earlier version. */
export type StoredText = string | Uint8Array;

/** The exact text back, from what `packText` stored or from text an earlier version stored. */
export const unpackText = async (stored: StoredText): Promise<string> =>
  typeof stored === 'string' ? stored : (await inflate(stored)).toString('utf8');

/** The text's UTF-8 bytes, without making it a string (a package is a megabyte of it). */
export const unpackBytes = async (stored: StoredText): Promise<Buffer> =>
  typeof stored === 'string' ? Buffer.from(stored, 'utf8') : inflate(stored);

/** `unpackText` where blocking is harmless: on a thread of its own (the embedded authority's). */
export const unpackTextSync = (stored: StoredText): string =>
  typeof stored === 'string' ? stored : inflateRawSync(stored).toString('utf8');
