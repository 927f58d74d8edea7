/**
 * A 204 that refuses a package (LTBao 7) settles it per invoice (docs/transmission.md, "One invoice never holds
 * its package"): when every failure names an invoice of the package, those are rejected and the others go back
 * to the queue, to leave in a new package; a failure naming no invoice of the package leaves the others
 * waiting for the owner.
 */
import { describe, expect, it } from 'vitest';
import type { CheckFailure, CheckResult } from '../../src/tax-messages/check-result.js';
import type { TaxMessageRow } from '../../src/transmission/tax-messages.repository.js';
import type { Reply } from '../../src/transmission/tdiep-replies.js';
import { settlementOf } from '../../src/transmission/tdiep-settlement.js';

const AT = '2026-11-02T03:00:00.000Z';
const message: TaxMessageRow = {
  messageId: 'M1',
  type: '206',
  state: 'received',
  attempts: 1,
  nextAttemptAt: AT,
  lastError: null,
  createdAt: AT,
  updatedAt: AT,
};
const invoices = [101, 102, 103].map((number) => ({
  invoiceId: `hd-${number}`,
  ref: { mauSo: '1', kyHieu: 'C26MAA', number, issueDate: '2026-11-02' },
}));
const failure = (number: number | undefined, text = 'Mã số thuế người mua không tồn tại'): CheckFailure => ({
  code: '2009',
  text: number === undefined ? text : `Hóa đơn 1C26MAA số ${number}: ${text}`,
  ...(number === undefined ? {} : { invoice: { mauSo: '1', kyHieu: 'C26MAA', number } }),
});
const checkResult = (failures: CheckFailure[], reasons: CheckResult['reasons'] = []): Reply => ({
  id: 'R1',
  replyTo: 'M1',
  type: '204',
  meaning: {
    kind: 'check-result',
    result: { mst: '0100109106', taxpayerName: 'x', kind: 7, failures, reasons, date: '2026-11-02' },
  },
});
const settle = (reply: Reply) =>
  settlementOf(message, [reply], { invoices: () => invoices, at: AT, nextLookUp: AT }).invoices.map((change) => [
    change.invoiceId,
    change.to,
  ]);

describe('a 204 refusing a package', () => {
  it('naming one invoice refuses it alone and sends the others again in a new package', () => {
    expect(settle(checkResult([failure(102)]))).toEqual([
      ['hd-102', 'rejected'],
      ['hd-101', 'queued'],
      ['hd-103', 'queued'],
    ]);
  });

  it('with a failure naming no invoice of the package leaves the others waiting for the owner', () => {
    const waiting = [
      ['hd-102', 'rejected'],
      ['hd-101', 'attention'],
      ['hd-103', 'attention'],
    ];
    expect(settle(checkResult([failure(102), failure(undefined, 'Lỗi hệ thống')]))).toEqual(waiting);
    expect(settle(checkResult([failure(102), failure(999)]))).toEqual(waiting);
    expect(settle(checkResult([failure(102)], [{ code: '9999', text: 'Lỗi hệ thống' }]))).toEqual(waiting);
  });

  it('naming none of its invoices accepts and refuses none of them', () => {
    expect(settle(checkResult([failure(undefined, 'Lỗi hệ thống')]))).toEqual([
      ['hd-101', 'attention'],
      ['hd-102', 'attention'],
      ['hd-103', 'attention'],
    ]);
  });
});
