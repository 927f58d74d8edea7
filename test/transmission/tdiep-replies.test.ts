import { beforeAll, describe, expect, it } from 'vitest';
import { createDemoCertificate } from '../../src/signing/certificates.js';
import type { SigningMaterial } from '../../src/signing/keys.js';
import { buildCheckResult, type CheckResult } from '../../src/tax-messages/check-result.js';
import { buildFormatError } from '../../src/tax-messages/format-error.js';
import { newMessageId } from '../../src/tax-messages/message-id.js';
import { AUTHORITY_CODE } from '../../src/tax-messages/message-types.js';
import { buildTechnicalAck } from '../../src/tax-messages/technical-ack.js';
import { repliesTo, settlePackage } from '../../src/transmission/tdiep-replies.js';

const MST = '0300588569';
let authority: { signingTime: string; identity: SigningMaterial };
beforeAll(() => {
  authority = {
    signingTime: '2026-03-15T10:05:00',
    identity: createDemoCertificate({ name: 'Tổng cục Thuế (giả lập)', mst: '' }, new Date('2026-03-01T00:00:00Z')),
  };
});

const from = (replyTo: string) => ({
  sender: AUTHORITY_CODE,
  receiver: MST,
  id: newMessageId(AUTHORITY_CODE),
  replyTo,
});
const ack = (messageId: string, received: boolean) =>
  buildTechnicalAck(from(messageId), {
    messageId,
    sender: MST,
    receivedAt: '2026-03-15T10:00:01',
    received,
    reasons: received ? [] : [{ code: '1002', text: 'Mã thông điệp đã tồn tại' }],
  });
const ref = (number: number) => ({ mauSo: '1', kyHieu: 'C26MAA', number, issueDate: '2026-03-15' });
const checkResult = (messageId: string, failures: CheckResult['failures'], kind = failures.length ? 7 : 2) =>
  buildCheckResult(
    from(messageId),
    {
      mst: MST,
      taxpayerName: MST,
      checkedMessageId: messageId,
      sentAt: '2026-03-15T10:00:00',
      kind,
      count: 3,
      failures,
      reasons: [],
      date: '2026-03-15',
    },
    authority,
  );
const checkOf = (messageId: string, xml: string) => {
  const [reply] = repliesTo(messageId, [xml]);
  if (reply?.meaning.kind !== 'check-result') throw new Error('not a 204');
  return reply.meaning.result;
};
const invoices = [1, 2, 3].map((n) => ({ invoiceId: `inv-${n}`, ref: ref(n) }));

describe("reading the authority's replies to a package", () => {
  it('keeps each reply to the package once, whatever else, twice or out of order the look-up returns', () => {
    const sent = newMessageId(MST);
    const other = newMessageId(MST);
    const first = ack(sent, true);
    const result = checkResult(sent, []);
    const replies = repliesTo(sent, [result, ack(other, true), first, result, '<not-xml', first]);
    expect(replies.map((r) => [r.type, r.meaning.kind])).toEqual([
      ['204', 'check-result'],
      ['999', 'received'],
    ]);
  });

  it('reads a refusal (999 TTTNhan 1, -1) as nothing received', () => {
    const sent = newMessageId(MST);
    const refused = repliesTo(sent, [ack(sent, false)]);
    expect(refused[0]?.meaning).toEqual({ kind: 'refused', reason: 'Mã thông điệp đã tồn tại (1002)' });
    const format = buildFormatError(from(sent), {
      messageId: sent,
      sender: MST,
      receivedAt: '2026-03-15T10:00:01',
      reasons: [{ code: '-1', text: 'XML không hợp lệ' }],
    });
    expect(repliesTo(sent, [format])[0]?.meaning).toEqual({ kind: 'refused', reason: 'XML không hợp lệ (-1)' });
  });

  it('settles an LTBao 7 naming one invoice: that one rejected with MLoi and MTLoi, none of the others accepted', () => {
    const sent = newMessageId(MST);
    const result = checkOf(
      sent,
      checkResult(sent, [
        {
          code: '2001',
          text: 'Hóa đơn 1C26MAA số 2: Mã số thuế người mua không tồn tại',
          fix: 'Lập hóa đơn thay thế',
        },
      ]),
    );
    const settled = settlePackage(invoices, result);
    expect(settled.accepted).toEqual([]);
    expect(settled.rejected).toEqual([
      {
        invoice: invoices[1],
        reason: 'Lỗi 2001: Hóa đơn 1C26MAA số 2: Mã số thuế người mua không tồn tại. Cách xử lý: Lập hóa đơn thay thế',
      },
    ]);
    expect(settled.attention.map((a) => a.invoice.invoiceId)).toEqual(['inv-1', 'inv-3']);
    expect(settled.attention[0]?.reason).toMatch(/^Cần kiểm tra: .*LTBao 7.*không nêu hóa đơn này\. Gửi lại/);
  });

  it('puts every invoice of the package in attention when the failures name none, with the reasons', () => {
    const sent = newMessageId(MST);
    const result = checkOf(sent, checkResult(sent, [{ code: '2000', text: 'Chữ ký số của gói không hợp lệ' }]));
    const settled = settlePackage(invoices, result);
    expect(settled.accepted).toEqual([]);
    expect(settled.rejected).toEqual([]);
    expect(settled.attention.map((a) => a.invoice.invoiceId)).toEqual(['inv-1', 'inv-2', 'inv-3']);
    expect(settled.attention[0]?.reason).toContain('Lỗi 2000: Chữ ký số của gói không hợp lệ');
    // An LTBao other than 2 or 7 with no failure at all accepts nothing either.
    const other = settlePackage(invoices, checkOf(sent, checkResult(sent, [], 9)));
    expect(other.accepted).toEqual([]);
    expect(other.attention).toHaveLength(3);
  });

  it('accepts every invoice of an LTBao 2', () => {
    const sent = newMessageId(MST);
    const settled = settlePackage(invoices, checkOf(sent, checkResult(sent, [])));
    expect(settled.accepted).toEqual(invoices);
    expect([...settled.rejected, ...settled.attention]).toEqual([]);
  });
});
