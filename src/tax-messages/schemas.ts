/**
 * The XML schemas of the messages (xsd/*.xsd, one per MLTDiep, written from the field tables) and their
 * validation with libxml2's xmllint (Debian libxml2-utils; `.ci/run` installs it). The schemas are read
 * as assets and written once to a directory of their own, so the same code runs from the sources and
 * from the bundle.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readAsset } from '../assets.js';
import { MESSAGE_TYPE_CODES } from './message-types.js';
import { peekMessageType, schemaFileName, validateInvoiceIn, validateMessageIn } from './xmllint.js';

export { peekMessageType, schemaFileName };

const XSD_ASSETS = 'src/tax-messages/xsd';
const SHARED = ['common.xsd', 'hdon.xsd'];

let directory: string | undefined;

/** The directory holding every schema (written at the first call). */
export function schemaDirectory(): string {
  if (directory) return directory;
  const files = [...SHARED, ...MESSAGE_TYPE_CODES.map(schemaFileName)].map((name) => ({
    name,
    text: readAsset(`${XSD_ASSETS}/${name}`),
  }));
  const hash = createHash('sha256');
  for (const file of files) hash.update(file.name).update(file.text);
  const target = join(tmpdir(), `hoadon-xsd-${hash.digest('hex').slice(0, 16)}`);
  if (!existsSync(join(target, files.at(-1)?.name ?? ''))) {
    mkdirSync(target, { recursive: true });
    for (const file of files) writeFileSync(join(target, file.name), file.text);
  }
  directory = target;
  return target;
}

/**
 * The schema errors of a message ("line: message"), none when it is valid against the schema of its
 * MLTDiep. Throws when xmllint cannot be run.
 */
export const validateMessage = (xml: string, type = peekMessageType(xml)): Promise<string[]> =>
  validateMessageIn(schemaDirectory(), xml, type);

/** The schema errors of one invoice (HDon). Throws when xmllint cannot be run. */
export const validateInvoice = (xml: string): Promise<string[]> => validateInvoiceIn(schemaDirectory(), xml);
