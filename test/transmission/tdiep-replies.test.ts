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
const checkResult = (messageId: string, rejected: CheckResult['rejected']) =>
  buildCheckResult(
    from(messageId),
    {
      mst: MST,
      taxpayerName: MST,
      checkedMessageId: messageId,
      sentAt: '2026-03-15T10:00:00',
      kind: rejected.length ? 7 : 2,
      count: 3,
      rejected,
      reasons: [],
      date: '2026-03-15',
    },
    authority,
  );

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
    expect(refused[0]?.meaning).toEqual({ kind: 'refused', reason: 'Mã thông điệp đã tồn tại' });
    const format = buildFormatError(from(sent), {
      messageId: sent,
      sender: MST,
      receivedAt: '2026-03-15T10:00:01',
      reasons: [{ code: '-1', text: 'XML không hợp lệ' }],
    });
    expect(repliesTo(sent, [format])[0]?.meaning).toEqual({ kind: 'refused', reason: 'XML không hợp lệ' });
  });

  it('settles a partial rejection: the invoices named are rejected with the reason in Vietnamese, the others accepted', () => {
    const sent = newMessageId(MST);
    const [reply] = repliesTo(sent, [
      checkResult(sent, [
        {
          ...ref(2),
          reasons: [{ code: '2001', text: 'Mã số thuế người mua không tồn tại', fix: 'Lập hóa đơn thay thế' }],
        },
      ]),
    ]);
    if (reply?.meaning.kind !== 'check-result') throw new Error('not a 204');
    const invoices = [1, 2, 3].map((n) => ({ invoiceId: `inv-${n}`, ref: ref(n) }));
    const settled = settlePackage(invoices, reply.meaning.result);
    expect(settled.accepted.map((i) => i.invoiceId)).toEqual(['inv-1', 'inv-3']);
    expect(settled.rejected).toEqual([
      {
        invoice: invoices[1],
        reason: 'Lỗi 2001: Mã số thuế người mua không tồn tại. Cách xử lý: Lập hóa đơn thay thế',
      },
    ]);
  });
});
