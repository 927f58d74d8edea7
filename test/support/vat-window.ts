/**
 * The reduced 8 % rate on whatever day a test runs. The shipped windows end on 2026-12-31
 * (src/domain/vat-reduction.ts); a test that issues 8 % lines on the real clock would fail from 2027 on. It
 * sets, as an admin would with PUT /settings/vat-reduction, the shipped windows and one that continues them
 * until 2099, so that it behaves the same on every date (docs/exports.md, "VAT reduction windows").
 */
import { SHIPPED_VAT_REDUCTION_WINDOWS } from '../../src/domain/vat-reduction.js';

/** The window after the shipped ones, for tests only. */
export const TEST_REDUCTION_WINDOW = {
  from: '2027-01-01',
  to: '2099-12-31',
  reducedRate: 0.08,
  basis: 'Cửa sổ giảm thuế của bộ kiểm thử',
};

/** Sets the windows on a node through its API (`request` as test-node.ts's, or over HTTP). */
export async function reducedRateOnEveryDate(node: {
  request(method: string, path: string, options?: { body?: unknown }): Promise<{ status: number; body: string }>;
}): Promise<void> {
  const windows = [...SHIPPED_VAT_REDUCTION_WINDOWS, TEST_REDUCTION_WINDOW];
  const r = await node.request('PUT', '/settings/vat-reduction', { body: { windows } });
  if (r.status !== 200) throw new Error(`PUT /settings/vat-reduction: ${r.status} ${r.body}`);
}
