/**
 * How a message's exact text is kept in `tax_messages.xml`: deflated, on libuv's thread pool. A package of
 * 100 invoices is about a megabyte of XML, most of it the same certificate and structure again; stored as
 * it is, every package wrote a megabyte to the WAL (and the database) in the group commit the tills' writes
 * share, and their fsync waited for it. Rows written as text by earlier versions are read as they are.
 */
import { promisify } from 'node:util';
import { deflateRaw, inflateRaw } from 'node:zlib';
import { DEFLATE_OPTIONS } from '../xml/signed-package.js';

const deflate = promisify(deflateRaw);
const inflate = promisify(inflateRaw);

/**
 * The text as stored: fast compression, the thread pool's time is shared with the WAL's fsync. A 206 package
 * is deflated the same way on the XML thread (src/xml/signed-package.ts).
 */
export const packText = (xml: string): Promise<Buffer> => deflate(xml, DEFLATE_OPTIONS);

/** The exact text back, from what `packText` stored or from text an earlier version stored. */
export const unpackText = async (stored: string | Buffer): Promise<string> =>
  typeof stored === 'string' ? stored : (await inflate(stored)).toString('utf8');
