/**
 * An invoice's stored XML as it travels to HQ and is kept there (protocol.ts `documentPayload`): brotli at a
 * middling quality (a few kilobytes of XML shrink about fivefold in well under a millisecond, inside the
 * write that stores the document), then base64. The length and sha256 of the XML travel beside it, so HQ
 * hands out exactly the bytes the store holds or nothing.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import type { DocumentPayload } from './protocol.js';

const QUALITY = 5;

export const documentRecordId = (invoiceId: string) => `document:${invoiceId}`;

export function packDocument(
  invoiceId: string,
  xml: string,
  extras: Pick<DocumentPayload, 'signature' | 'signatureNote' | 'link'> = {},
): DocumentPayload {
  const bytes = Buffer.from(xml, 'utf8');
  const packed = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  return {
    invoiceId,
    encoding: 'br',
    data: packed.toString('base64'),
    bytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    ...(extras.signature ? { signature: extras.signature } : {}),
    ...(extras.signatureNote ? { signatureNote: extras.signatureNote } : {}),
    ...(extras.link ? { link: extras.link } : {}),
  };
}

/** The XML, or undefined when the bytes do not inflate to what the store said it sent. */
export function unpackDocument(payload: Pick<DocumentPayload, 'data' | 'bytes' | 'sha256'>): string | undefined {
  let bytes: Buffer;
  try {
    bytes = brotliDecompressSync(Buffer.from(payload.data, 'base64'), {
      maxOutputLength: Math.max(1, payload.bytes),
    });
  } catch {
    return undefined;
  }
  if (bytes.length !== payload.bytes) return undefined;
  if (createHash('sha256').update(bytes).digest('hex') !== payload.sha256) return undefined;
  return bytes.toString('utf8');
}
