/**
 * xmllint (Debian libxml2-utils) run on a message against the schema of its MLTDiep in a directory of
 * schemas (schemas.ts writes it). Apart from schemas.ts so that a worker thread's bundle, handed the
 * directory, can validate without the node's assets.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { MESSAGE_TYPE_CODES, type MessageType } from './message-types.js';

export const schemaFileName = (type: MessageType) => `tdiep-${type === '-1' ? 'minus1' : type}.xsd`;

/** MLTDiep read without parsing, to pick the schema; undefined when there is none to read. */
export const peekMessageType = (xml: string): MessageType | undefined => {
  const found = /<MLTDiep>\s*(-?\d+)\s*<\/MLTDiep>/.exec(xml)?.[1];
  return MESSAGE_TYPE_CODES.includes(found as MessageType) ? (found as MessageType) : undefined;
};

/**
 * The schema errors of a message ("line: message"), none when it is valid against the schema of its
 * MLTDiep in `directory`. Throws when xmllint cannot be run.
 */
export function validateMessageIn(directory: string, xml: string, type = peekMessageType(xml)): Promise<string[]> {
  if (!type) return Promise.resolve(['MLTDiep thiếu hoặc không được hỗ trợ']);
  return xmllint(join(directory, schemaFileName(type)), xml);
}

/** The schema errors of one invoice (HDon) against hdon.xsd in `directory`. Throws when xmllint cannot be run. */
export const validateInvoiceIn = (directory: string, xml: string): Promise<string[]> =>
  xmllint(join(directory, 'hdon.xsd'), xml);

function xmllint(schema: string, xml: string): Promise<string[]> {
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
