/** A printed invoice's text, read back with poppler's pdftotext as a reader would, on one line. */
import { execFileSync } from 'node:child_process';
import { expect } from 'vitest';
import type { TestNode } from './test-node.js';

export async function pdfText(node: TestNode, id: string, format: 'a4' | 'receipt' = 'a4'): Promise<string> {
  const response = await node.app.inject({
    method: 'GET',
    url: `/api/v1/invoices/${id}/pdf?format=${format}`,
    headers: { authorization: `Bearer ${node.token}` },
  });
  expect(response.statusCode).toBe(200);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: response.rawPayload });
  return text.toString('utf8').replace(/\s+/g, ' ');
}
