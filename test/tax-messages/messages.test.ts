import { beforeAll, describe, expect, it } from 'vitest';
import { createDemoCertificate } from '../../src/signing/certificates.js';
import type { SigningMaterial } from '../../src/signing/keys.js';
import {
  buildCashRegisterPackage,
  buildUnsignedPackage,
  readCashRegisterPackage,
} from '../../src/tax-messages/cash-register-package.js';
import { buildCheckResult, type CheckResult, readCheckResult } from '../../src/tax-messages/check-result.js';
import { parseEnvelope } from '../../src/tax-messages/envelope.js';
import { buildErrorNotice, type ErrorNotice, readErrorNotice } from '../../src/tax-messages/error-notice.js';
import {
  buildErrorNoticeReply,
  type ErrorNoticeReply,
  readErrorNoticeReply,
} from '../../src/tax-messages/error-notice-reply.js';
import { buildFormatError, readFormatError } from '../../src/tax-messages/format-error.js';
import {
  buildCodedInvoice,
  buildInvoiceForCode,
  codeInvoice,
  readCodedInvoice,
  readInvoiceForCode,
} from '../../src/tax-messages/invoice-coding.js';
import { newMessageId } from '../../src/tax-messages/message-id.js';
import { AUTHORITY_CODE } from '../../src/tax-messages/message-types.js';
import { buildRegistration, type Registration, readRegistration } from '../../src/tax-messages/registration.js';
import {
  buildRegistrationReceipt,
  type RegistrationReceipt,
  readRegistrationReceipt,
} from '../../src/tax-messages/registration-receipt.js';
import {
  buildRegistrationResult,
  type RegistrationResult,
  readRegistrationResult,
} from '../../src/tax-messages/registration-result.js';
import { validateMessage } from '../../src/tax-messages/schemas.js';
import { documentSignatureProblem, packageSignatureProblem } from '../../src/tax-messages/signatures.js';
import { buildTechnicalAck, readTechnicalAck } from '../../src/tax-messages/technical-ack.js';
import { signXml } from '../../src/xml/xml-signature.js';
import { pinnedSignedXml } from '../xml/fixtures/fixed-invoice.js';
import { seller, xmlsecVerifyAll } from './support.js';

const MST = '0300588569';
let authority: { signingTime: string; identity: SigningMaterial };

beforeAll(() => {
  authority = {
    signingTime: '2026-03-15T10:05:00',
    identity: createDemoCertificate({ name: 'Tổng cục Thuế (giả lập)', mst: '' }, new Date('2026-03-01T00:00:00Z')),
  };
});

const toAuthority = () => ({ sender: MST, receiver: AUTHORITY_CODE, id: newMessageId(MST) });
const fromAuthority = (replyTo: string) => ({
  sender: AUTHORITY_CODE,
  receiver: MST,
  id: newMessageId(AUTHORITY_CODE),
  replyTo,
});

/** Valid against its schema, and every signature it holds verified by xmlsec1. */
async function expectValidAndSigned(xml: string, signatures: number) {
  expect(await validateMessage(xml)).toEqual([]);
  expect(xmlsecVerifyAll(xml)).toEqual(Array(signatures).fill(true));
}

const registration: Registration = {
  kind: 1,
  mst: MST,
  taxpayerName: 'Công ty Cổ phần Cà phê Hòa Bình',
  taxOfficeName: 'Chi cục Thuế Quận 1',
  taxOfficeCode: '79101',
  contactName: 'Nguyễn Văn An',
  contactAddress: '12 Lê Lợi, Quận 1',
  contactEmail: 'ke.toan@hoabinh.vn',
  contactPhone: '0283822000',
  place: 'TP. Hồ Chí Minh',
  date: '2026-03-15',
  withCode: true,
  cashRegister: true,
  withoutCode: false,
  channel: 'direct',
  vatInvoices: true,
  salesInvoices: false,
};

describe('registration: 100 and its replies 999, 102, 103', () => {
  it('writes the tờ khai signed by the taxpayer, valid for its schema and xmlsec1, and reads it back', async () => {
    const header = toAuthority();
    const xml = buildRegistration(header, registration, seller);
    await expectValidAndSigned(xml, 1);
    const envelope = parseEnvelope(xml);
    expect(envelope.header).toMatchObject({ ...header, type: '100', mst: MST, count: 1, version: '2.1.0' });
    expect(envelope.header.replyTo).toBeUndefined();
    expect(readRegistration(envelope)).toEqual(registration);
    expect(documentSignatureProblem(envelope.data.firstChild as unknown as Element, 'NNT')).toBeUndefined();
  });

  it('reads the 999, the 102 and the 103 with its 5-character cash-register part, each matched by MTDTChieu', async () => {
    const sent = toAuthority();
    const ack = buildTechnicalAck(fromAuthority(sent.id), {
      messageId: sent.id,
      sender: MST,
      receivedAt: '2026-03-15T10:00:01',
      received: true,
      reasons: [],
    });
    await expectValidAndSigned(ack, 0);
    expect(parseEnvelope(ack).header.replyTo).toBe(sent.id);
    expect(readTechnicalAck(parseEnvelope(ack))).toMatchObject({ messageId: sent.id, received: true });

    const receipt: RegistrationReceipt = {
      mst: MST,
      taxpayerName: registration.taxpayerName,
      registrationMessageId: sent.id,
      noticeNumber: '20260315/TB-TNĐT',
      sentAt: '2026-03-15T10:00:00',
      receivedAt: '2026-03-15T10:00:01',
      case: 1,
      reasons: [],
      place: 'TP. Hồ Chí Minh',
      date: '2026-03-15',
    };
    const receiptXml = buildRegistrationReceipt(fromAuthority(sent.id), receipt, authority);
    await expectValidAndSigned(receiptXml, 1);
    expect(readRegistrationReceipt(parseEnvelope(receiptXml))).toEqual(receipt);

    const result: RegistrationResult = {
      mst: MST,
      taxpayerName: registration.taxpayerName,
      registrationMessageId: sent.id,
      accepted: true,
      cashRegisterPrefix: 'A1B2C',
      reasons: [],
      place: 'TP. Hồ Chí Minh',
      taxOffice: 'Chi cục Thuế Quận 1',
      parentTaxOffice: 'Cục Thuế TP Hồ Chí Minh',
      decidedAt: '2026-03-16T09:00:00',
      noticeNumber: '20260316/TB-ĐKĐT',
      noticeDate: '2026-03-16T09:00:00',
    };
    const resultXml = buildRegistrationResult(fromAuthority(sent.id), result, authority);
    await expectValidAndSigned(resultXml, 1);
    // The real shape: no MGDDTu or NTBao inside DLTBao, STBao beside it, signed under DSCKS/TTCQT.
    expect(resultXml).not.toMatch(/<MGDDTu>|<NTBao>[^<]*<\/NTBao><\/DLTBao>/);
    expect(resultXml).toMatch(
      /<\/DLTBao><STBao Id="[^"]+"><So>[^<]+<\/So><NTBao>[^<]+<\/NTBao><\/STBao><DSCKS><TTCQT>/,
    );
    expect(readRegistrationResult(parseEnvelope(resultXml))).toEqual(result);

    const refused = {
      ...result,
      accepted: false,
      cashRegisterPrefix: undefined,
      reasons: [{ code: '9992', text: 'Đã tồn tại tờ khai đã được chấp nhận' }],
    };
    const { cashRegisterPrefix: _none, ...withoutPrefix } = refused;
    const refusedXml = buildRegistrationResult(fromAuthority(sent.id), withoutPrefix, authority);
    await expectValidAndSigned(refusedXml, 1);
    expect(readRegistrationResult(parseEnvelope(refusedXml))).toEqual(withoutPrefix);
  });
});

describe('cash-register invoices: 206 and its replies 999, 204', () => {
  it('packs signed invoices under one package signature that xmlsec1 verifies, as every invoice signature', async () => {
    const header = { ...toAuthority(), mst: MST };
    const invoice = pinnedSignedXml();
    const xml = buildCashRegisterPackage(header, [invoice], seller);
    await expectValidAndSigned(xml, 2);
    const envelope = parseEnvelope(xml);
    expect(envelope.header).toMatchObject({ type: '206', count: 1, id: header.id });
    expect(readCashRegisterPackage(envelope).map((i) => i.facts)).toEqual([
      expect.objectContaining({ mauSo: '1', kyHieu: 'C26TAA', number: 42, sellerMst: MST }),
    ]);
    expect(packageSignatureProblem(envelope.root)).toBeUndefined();
    // Signed as real senders sign a 206: DLieu by its Id "_<MTDiep>", enveloped, then the SigningTime.
    expect(xml).toContain(`<DLieu Id="_${header.id}">`);
    const references = [...xml.matchAll(/<Reference [^>]*URI="([^"]*)"/g)].map((m) => m[1]);
    expect(references.slice(-2)).toEqual([`#_${header.id}`, `#SigningTime-CKSNNT-${header.id}`]);
    expect(xml).toMatch(
      new RegExp(
        `<Reference URI="#_${header.id}"><Transforms><Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"/></Transforms>`,
      ),
    );
    // A package signed whole (URI="", as the node once did) or over another element is refused.
    const unsigned = buildUnsignedPackage(header, [invoice]);
    const whole = signXml(unsigned, {
      signed: 'document',
      locationPath: "/*[local-name(.)='TDiep']/*[local-name(.)='CKSNNT']",
      signatureId: `CKSNNT-${header.id}`,
      ...seller,
    });
    expect(xmlsecVerifyAll(whole)[1]).toBe(true);
    expect(packageSignatureProblem(parseEnvelope(whole).root)).toMatch(
      /phải tham chiếu DLieu \(URI="#_.*không phải "",/,
    );
    const elsewhere = signXml(unsigned, {
      signed: ["/*[local-name(.)='TDiep']/*[local-name(.)='DLieu']/*[local-name(.)='HDon']/*[local-name(.)='DLHDon']"],
      locationPath: "/*[local-name(.)='TDiep']/*[local-name(.)='CKSNNT']",
      signatureId: `CKSNNT-${header.id}`,
      ...seller,
    });
    expect(packageSignatureProblem(parseEnvelope(elsewhere).root)).toMatch(/phải tham chiếu DLieu/);
    // The package signature covers its invoices: a changed one breaks it.
    const changed = xml.replace('<SHDon>42</SHDon>', '<SHDon>43</SHDon>');
    expect(packageSignatureProblem(parseEnvelope(changed).root)).toMatch(/đã bị sửa|không khớp/);
    expect(xmlsecVerifyAll(changed)[1]).toBe(false);
  });

  it('writes and reads a 204 accepting a package (LTBao 2) and one whose failures name an invoice in MTLoi (LTBao 7)', async () => {
    const packageId = newMessageId(MST);
    const accepted: CheckResult = {
      mst: MST,
      taxpayerName: registration.taxpayerName,
      checkedMessageId: packageId,
      sentAt: '2026-03-15T10:00:00',
      kind: 2,
      count: 3,
      noticeNumber: '20260315/TB-KTDL',
      place: 'Hà Nội',
      basis: 'Nghị định số 123/2020/NĐ-CP',
      failures: [],
      reasons: [],
      date: '2026-03-15',
    };
    const acceptedXml = buildCheckResult(fromAuthority(packageId), accepted, authority);
    await expectValidAndSigned(acceptedXml, 1);
    expect(readCheckResult(parseEnvelope(acceptedXml))).toEqual(accepted);

    const partial: CheckResult = {
      ...accepted,
      kind: 7,
      failures: [
        {
          code: '2001',
          text: 'Hóa đơn 1C26MAA số 7: Mã số thuế người mua không tồn tại',
          fix: 'Lập hóa đơn thay thế',
          invoice: { mauSo: '1', kyHieu: 'C26MAA', number: 7 },
        },
      ],
    };
    const partialXml = buildCheckResult(fromAuthority(packageId), partial, authority);
    await expectValidAndSigned(partialXml, 1);
    expect(partialXml).toContain('<LHDMTTien><DSLDo><LDo><STT>1</STT><MLoi>2001</MLoi><MTLoi>Hóa đơn 1C26MAA số 7:');
    expect(readCheckResult(parseEnvelope(partialXml))).toEqual(partial);
  });
});

describe('invoices with a code per invoice: 200 → 202, or 204 LTBao 1', () => {
  it('sends one invoice and reads it back coded, the seller and authority signatures both verified by xmlsec1', async () => {
    const header = { ...toAuthority(), mst: MST };
    const sent = buildInvoiceForCode(header, pinnedSignedXml());
    await expectValidAndSigned(sent, 1);
    const { element, facts } = readInvoiceForCode(parseEnvelope(sent));
    expect(facts.number).toBe(42);

    const coded = codeInvoice(
      element,
      { authorityCode: '00474597512BE94B7BAB367996EF464828', codeId: 'Id-1' },
      authority,
    );
    const reply = buildCodedInvoice({ ...fromAuthority(header.id), mst: MST }, coded);
    await expectValidAndSigned(reply, 2);
    expect(readCodedInvoice(parseEnvelope(reply)).facts.authorityCode).toBe('00474597512BE94B7BAB367996EF464828');

    const refused: CheckResult = {
      mst: MST,
      taxpayerName: registration.taxpayerName,
      checkedMessageId: header.id,
      sentAt: '2026-03-15T10:00:00',
      kind: 1,
      count: 1,
      failures: [],
      reasons: [{ code: '3001', text: 'Hóa đơn không đủ điều kiện cấp mã', fix: 'Kiểm tra đăng ký sử dụng hóa đơn' }],
      date: '2026-03-15',
    };
    const refusedXml = buildCheckResult(fromAuthority(header.id), refused, authority);
    await expectValidAndSigned(refusedXml, 1);
    expect(readCheckResult(parseEnvelope(refusedXml))).toEqual(refused);
  });
});

describe('corrections: 300 (04/SS-HĐĐT) and its reply 301', () => {
  it('writes a signed notice for each action and reads the per-invoice answer', async () => {
    const header = toAuthority();
    const notice: ErrorNotice = {
      kind: 1,
      mst: MST,
      taxpayerName: registration.taxpayerName,
      taxOfficeCode: '79101',
      taxOfficeName: 'Chi cục Thuế Quận 1',
      place: 'TP. Hồ Chí Minh',
      date: '2026-03-16',
      lines: (['cancel', 'adjust', 'replace', 'explain'] as const).map((action, i) => ({
        mauSo: '1',
        kyHieu: 'C26MAA',
        number: i + 1,
        issueDate: '2026-03-15',
        authorityCode: `M1-26-A1B2C-0000000000${i + 1}`,
        action,
        reason: 'Sai tên người mua',
      })),
    };
    const xml = buildErrorNotice(header, notice, seller);
    await expectValidAndSigned(xml, 1);
    expect(readErrorNotice(parseEnvelope(xml))).toEqual(notice);

    const reply: ErrorNoticeReply = {
      mst: MST,
      taxpayerName: registration.taxpayerName,
      noticeMessageId: header.id,
      receivedAt: '2026-03-16T09:00:00',
      place: 'TP. Hồ Chí Minh',
      date: '2026-03-16',
      lines: notice.lines.map(({ reason: _reason, ...line }, i) => ({
        ...line,
        received: i !== 3,
        reasons: i === 3 ? [{ code: '4001', text: 'Không tìm thấy hóa đơn' }] : [],
      })),
    };
    const replyXml = buildErrorNoticeReply(fromAuthority(header.id), reply, authority);
    await expectValidAndSigned(replyXml, 1);
    expect(readErrorNoticeReply(parseEnvelope(replyXml))).toEqual(reply);
  });
});

describe('technical refusals: 999 TTTNhan 1 and the format error -1', () => {
  it('carries the reasons, and the schemas refuse what breaks the field tables', async () => {
    const sent = toAuthority();
    const refused = buildTechnicalAck(fromAuthority(sent.id), {
      messageId: sent.id,
      sender: MST,
      receivedAt: '2026-03-15T10:00:01',
      received: false,
      reasons: [{ code: '1001', text: 'Thông điệp không đúng định dạng' }],
    });
    await expectValidAndSigned(refused, 0);
    expect(readTechnicalAck(parseEnvelope(refused))).toMatchObject({ received: false, reasons: [{ code: '1001' }] });

    const formatError = buildFormatError(fromAuthority(''), {
      messageId: '',
      sender: '',
      receivedAt: '2026-03-15T10:00:01',
      reasons: [{ code: '-1', text: 'XML không hợp lệ' }],
    });
    await expectValidAndSigned(formatError, 0);
    expect(readFormatError(parseEnvelope(formatError)).reasons).toEqual([{ code: '-1', text: 'XML không hợp lệ' }]);

    const tooLong = buildRegistration(toAuthority(), { ...registration, taxOfficeCode: '791011' }, seller);
    expect((await validateMessage(tooLong)).join()).toMatch(/MCQTQLy/);
    const badRate = buildCashRegisterPackage(
      { ...toAuthority(), mst: MST },
      [pinnedSignedXml().replace('<TSuat>8%</TSuat>', '<TSuat>KHAC:8%</TSuat>')],
      seller,
    );
    expect((await validateMessage(badRate)).join()).toMatch(/TSuat/);
  });
});
