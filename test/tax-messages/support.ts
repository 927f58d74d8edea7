/**
 * What the message tests share: a fixed signing identity (the XML tests' DEMO key), the authority's own
 * DEMO identity, and two independent checkers of what the node writes — libxml2's xmllint against the
 * schemas, and xmlsec1 for every signature of a document.
 */
import { spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildInvoiceForCode } from '../../src/tax-messages/invoice-coding.js';
import { newMessageId } from '../../src/tax-messages/message-id.js';
import { AUTHORITY_CODE } from '../../src/tax-messages/message-types.js';
import { validateMessage } from '../../src/tax-messages/schemas.js';
import { fixedIdentity } from '../xml/fixtures/fixed-invoice.js';

export const seller = { signingTime: '2026-03-15T10:00:00', identity: fixedIdentity() };

/** The elements signatures reference by Id in the tax format. */
const ID_NODES = ['DLHDon', 'DLTKhai', 'DLTBao', 'MCCQT', 'Object', 'DLieu'];

/** How many XML-DSig signatures the document holds. */
const signatureCount = (xml: string) => (xml.match(/<Signature[ >]/g) ?? []).length;

/**
 * Verifies every signature of `xml` with xmlsec1, each against the public key of the certificate it
 * embeds (trust in the certificate is not what is tested). Returns xmlsec1's verdict per signature.
 */
export function xmlsecVerifyAll(xml: string): boolean[] {
  const dir = mkdtempSync(join(tmpdir(), 'xmlsec-'));
  try {
    const file = join(dir, 'doc.xml');
    writeFileSync(file, xml);
    const verdicts: boolean[] = [];
    for (let n = 1; n <= signatureCount(xml); n += 1) {
      const certificate = [...xml.matchAll(/<X509Certificate>([^<]+)<\/X509Certificate>/g)][n - 1]?.[1] ?? '';
      const publicKey = new X509Certificate(Buffer.from(certificate, 'base64')).publicKey;
      const pubFile = join(dir, `pub-${n}.pem`);
      writeFileSync(pubFile, publicKey.export({ type: 'spki', format: 'pem' }));
      const result = spawnSync('xmlsec1', [
        '--verify',
        '--pubkey-pem',
        pubFile,
        ...ID_NODES.flatMap((node) => ['--id-attr:Id', node]),
        '--node-xpath',
        `(//*[local-name()='Signature'])[${n}]`,
        file,
      ]);
      verdicts.push(result.status === 0);
    }
    return verdicts;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What xmllint finds wrong with a seller's signed invoice sent in a 200 for a code (none when it is valid). */
export function problemsAsSentForCode(xml: string, mst = '0300588569'): Promise<string[]> {
  const header = { sender: mst, receiver: AUTHORITY_CODE, id: newMessageId(mst), mst };
  return validateMessage(buildInvoiceForCode(header, xml));
}
