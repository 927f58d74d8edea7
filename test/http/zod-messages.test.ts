/** Validation messages in plain Vietnamese: over HTTP (the error handler) and for settings documents. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readableMessage } from '../../src/http/zod-messages.js';
import { startTestNode, type TestNode } from '../support/test-node.js';

z.config(z.locales.vi());

const first = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a refusal');
  const issue = result.error.issues[0];
  return readableMessage(issue as unknown as Parameters<typeof readableMessage>[0]);
};

describe('validation messages', () => {
  it.each([
    ['min(0)', z.number().min(0), -1, 'Không được âm.'],
    ['gt(0)', z.number().gt(0), 0, 'Phải lớn hơn 0.'],
    ['max', z.number().max(1_000_000), 2_000_000, 'Không được lớn hơn 1.000.000.'],
    ['min(1) of a text', z.string().min(1), '', 'Không được để trống.'],
    ['max of a text', z.string().max(5), 'quá dài', 'Tối đa 5 ký tự.'],
    ['a missing field', z.object({ a: z.number() }), {}, 'Thiếu trường bắt buộc này.'],
    ['a number', z.number(), 'mười', 'Phải là một số.'],
    ['an enum', z.enum(['TM', 'CK']), 'TIEN', 'Phải là một trong các giá trị: TM, CK.'],
    ['an email', z.email(), 'khong-phai-email', 'Địa chỉ email không hợp lệ.'],
    ['min(1) of a list', z.array(z.number()).min(1), [], 'Cần ít nhất một phần tử.'],
  ])('says %s plainly', (_name, schema, value, message) => {
    expect(first(schema as z.ZodType, value)).toBe(message);
  });

  it("keeps a schema's own message", () => {
    expect(first(z.string().min(1, 'Tên hàng hóa không được để trống.'), '')).toBe('Tên hàng hóa không được để trống.');
  });

  describe('over HTTP', () => {
    let node: TestNode;
    beforeAll(async () => {
      node = await startTestNode();
    });
    afterAll(() => node.close());

    it('answers a negative price with a sentence, not a schema expression', async () => {
      const r = await node.request('POST', '/invoices', {
        body: {
          buyer: { name: 'Khách lẻ' },
          items: [{ name: 'Cà phê', quantity: 1, unitPrice: -1, taxRate: 0.08 }],
        },
        headers: { 'x-idempotency-key': 'zod-messages-1' },
      });
      expect(r.status).toBe(400);
      expect(r.json.error.details).toContainEqual({ path: 'body.items.0.unitPrice', message: 'Không được âm.' });
      expect(r.json.error.message).not.toMatch(/mong đợi|number|>=/);
    });

    it('says a delay of settings beyond its limit plainly', async () => {
      const r = await node.request('PATCH', '/settings/automation', { body: { delayMinutes: 5000 } });
      expect(r.status).toBe(400);
      expect(r.json.error.details).toContainEqual({ path: 'body.delayMinutes', message: 'Không được lớn hơn 1.440.' });
    });
  });
});
