/**
 * The real-shaped replies of the authority (fixtures/*.xml, written after the real messages of
 * docs/tax-format.md §10) with their `{{placeholders}}` filled, and the authority's notices signed
 * where CQT signs them (DSCKS/CQT, or DSCKS/TTCQT in a 103) with a DEMO key: the node reads them as they
 * come, and xmllint and xmlsec1 check them as they are.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Signer, type SigningContext, signDocument } from '../../src/tax-messages/signatures.js';

const DIRECTORY = join(import.meta.dirname, 'fixtures');

/** The fixture with every `{{name}}` replaced; a placeholder left unfilled is the test's mistake. */
export function fixture(name: string, values: Record<string, string | number>): string {
  const text = readFileSync(join(DIRECTORY, name), 'utf8')
    .trim()
    .replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
      if (!(key in values)) throw new Error(`${name}: no value for {{${key}}}`);
      return String(values[key]);
    });
  return text;
}

/** A notice fixture (102, 103, 204) filled and signed by the authority over its DLTBao. */
export function signedNotice(name: string, values: Record<string, string | number>, signing: SigningContext): string {
  const xml = fixture(name, values);
  const notice = /<TBao>[\s\S]*<\/TBao>/.exec(xml)?.[0];
  const dataId = /<DLTBao Id="([^"]+)"/.exec(xml)?.[1];
  const signer = /<DSCKS><(\w+)\/><\/DSCKS>/.exec(xml)?.[1] as Signer | undefined;
  if (!notice || !dataId || !signer) throw new Error(`${name}: not a notice with DLTBao Id and DSCKS`);
  const signed = signDocument(notice.replace(`<${signer}/>`, `<${signer}></${signer}>`), {
    ...signing,
    dataName: 'DLTBao',
    dataId,
    signer,
  });
  return xml.replace(notice, signed);
}
