/**
 * The XML schemas of the messages (xsd/*.xsd, one per MLTDiep, written from the field tables) and their
 * validation with libxml2's xmllint (Debian libxml2-utils; `.ci/run` installs it). The schemas are read
 * as assets and written once to a directory of their own, so the same code runs from the sources and
 * from the bundle.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readAsset } from '../assets.js';
import { MESSAGE_TYPE_CODES, type MessageType } from './message-types.js';

const XSD_ASSETS = 'src/tax-messages/xsd';
const SHARED = ['common.xsd', 'hdon.xsd'];

export const schemaFileName = (type: MessageType) => `tdiep-${type === '-1' ? 'minus1' : type}.xsd`;

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

/** MLTDiep read without parsing, to pick the schema; undefined when there is none to read. */
export const peekMessageType = (xml: string): MessageType | undefined => {
  const found = /<MLTDiep>\s*(-?\d+)\s*<\/MLTDiep>/.exec(xml)?.[1];
  return MESSAGE_TYPE_CODES.includes(found as MessageType) ? (found as MessageType) : undefined;
};

/**
 * The schema errors of a message ("line: message"), none when it is valid against the schema of its
 * MLTDiep. Throws when xmllint cannot be run.
 */
export function validateMessage(xml: string, type = peekMessageType(xml)): Promise<string[]> {
  if (!type) return Promise.resolve(['MLTDiep thiếu hoặc không được hỗ trợ']);
  const schema = join(schemaDirectory(), schemaFileName(type));
  return new Promise((resolve, reject) => {
    const child = spawn('xmllint', ['--noout', '--nonet', '--schema', schema, '-'], {
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      errors += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) return resolve([]);
      const lines = errors
        .split('\n')
        .filter((line) => line.includes('error') || line.includes('Schemas validity'))
        .filter((line) => !line.endsWith('fails to validate'))
        .map((line) => line.replace(/^-:/, 'dòng '));
      resolve(lines.length > 0 ? lines : [errors.trim() || `xmllint kết thúc với mã ${code}`]);
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(xml);
  });
}
