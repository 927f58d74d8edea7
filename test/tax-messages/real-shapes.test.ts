/**
 * The authority's replies in the shapes CQT really writes (docs/tax-format.md §10): each fixture
 * valid for the schema the node keeps for that message (xmllint), its signature verified (xmlsec1), and read
 * by the node's readers into what it means.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createDemoCertificate } from '../../src/signing/certificates.js';
import type { SigningMaterial } from '../../src/signing/keys.js';
import { invoiceNamedIn, readCheckResult } from '../../src/tax-messages/check-result.js';
import { parseEnvelope } from '../../src/tax-messages/envelope.js';
import { buildCodedInvoice, codeInvoice, readCodedInvoice } from '../../src/tax-messages/invoice-coding.js';
import { newMessageId } from '../../src/tax-messages/message-id.js';
import { readRegistrationReceipt } from '../../src/tax-messages/registration-receipt.js';
import { readRegistrationResult } from '../../src/tax-messages/registration-result.js';
import { validateMessage } from '../../src/tax-messages/schemas.js';
import { readTechnicalAck } from '../../src/tax-messages/technical-ack.js';
import { parseXml } from '../../src/tax-messages/xml-read.js';
import { readReply } from '../../src/transmission/tdiep-replies.js';
import { signInvoiceXml } from '../../src/xml/xml-signature.js';
import { fixture, signedNotice } from './fixtures.js';
import { seller, xmlsecVerifyAll } from './support.js';

const MST = '0300588569';
const TVAN = 'V0401486901';
let authority: { signingTime: string; identity: SigningMaterial };
beforeAll(() => {
  authority = {
    signingTime: '2026-03-16T09:12:45',
    identity: createDemoCertificate({ name: 'Tổng cục Thuế (giả lập)', mst: '' }, new Date('2026-03-01T00:00:00Z')),
  };
});

const ids = () => ({ MNNhan: TVAN, MTDiep: newMessageId('TCT'), MTDTChieu: newMessageId(TVAN), MST });

async function expectValid(xml: string, signatures: number) {
  expect(await validateMessage(xml)).toEqual([]);
  expect(xmlsecVerifyAll(xml)).toEqual(Array(signatures).fill(true));
}

describe('103 (01/TB-ĐKĐT) as CQT writes it', () => {
  it('reads an accepted registration with STBao beside DLTBao and DSCKS/TTCQT, linked to the 100 by MTDTChieu', async () => {
    const values = { ...ids(), MCCQT: 'K7Q2Z' };
    const xml = signedNotice('103-accepted-mccqt.xml', values, authority);
    await expectValid(xml, 1);
    expect(readRegistrationResult(parseEnvelope(xml))).toEqual({
      mst: MST,
      taxpayerName: 'Công ty Cổ phần Cà phê Hòa Bình',
      registrationMessageId: values.MTDTChieu,
      accepted: true,
      cashRegisterPrefix: 'K7Q2Z',
      reasons: [],
      place: 'TP. Hồ Chí Minh',
      taxOffice: 'Chi cục Thuế Quận 1',
      parentTaxOffice: 'Cục Thuế TP Hồ Chí Minh',
      decidedAt: '2026-03-16T09:12:45',
      noticeNumber: '79101/2026/TB-ĐKĐT-1234',
      noticeDate: '2026-03-16T09:12:45',
    });
    expect(readReply(xml).meaning).toEqual({
      kind: 'registration-result',
      accepted: true,
      cashRegisterPrefix: 'K7Q2Z',
      reason: '',
    });
  });

  it('reads one without MCCQT as accepted, with no cash-register part (never a made-up one)', async () => {
    const values = ids();
    const xml = signedNotice('103-accepted.xml', values, authority);
    await expectValid(xml, 1);
    const result = readRegistrationResult(parseEnvelope(xml));
    expect(result.accepted).toBe(true);
    expect(result).not.toHaveProperty('cashRegisterPrefix');
    expect(readReply(xml)).toMatchObject({ replyTo: values.MTDTChieu, meaning: { accepted: true } });
    expect(readReply(xml).meaning).not.toHaveProperty('cashRegisterPrefix');
  });
});

describe('102 (01/TB-TNĐT) as CQT writes it', () => {
  it('reads the reasons of a tờ khai not received from DSLDKCNhan, code and text', async () => {
    const values = ids();
    const xml = signedNotice('102-refused-9992.xml', values, authority);
    await expectValid(xml, 1);
    const receipt = readRegistrationReceipt(parseEnvelope(xml));
    expect(receipt).toMatchObject({
      case: 2,
      registrationMessageId: values.MTDTChieu,
      sentAt: '2026-03-15T10:00:00',
      receivedAt: '2026-03-15T10:00:03',
      noticeNumber: '79101/2026/TB-TNĐT-567',
      reasons: [
        {
          code: '9992',
          text: 'Đã tồn tại tờ khai đăng ký sử dụng hóa đơn điện tử khác của người nộp thuế đã được cơ quan thuế chấp nhận',
        },
      ],
    });
    expect(readReply(xml).meaning).toEqual({
      kind: 'registration-receipt',
      received: false,
      reason:
        'Đã tồn tại tờ khai đăng ký sử dụng hóa đơn điện tử khác của người nộp thuế đã được cơ quan thuế chấp nhận (9992)',
    });
  });
});

describe('204 (01/TB-KTDL) LTBao 7 as real clients read it', () => {
  it('reads the failures at LHDMTTien/DSLDo, the invoice named in the text of MTLoi, without TGGui, MGDDTu or SLuong', async () => {
    const values = { ...ids(), MLoi: '2005', MTLoi: '1;C26MAB;12;Mã số thuế người mua không hợp lệ' };
    const xml = signedNotice('204-ltbao7.xml', values, authority);
    await expectValid(xml, 1);
    const result = readCheckResult(parseEnvelope(xml));
    expect(result).toMatchObject({
      kind: 7,
      checkedMessageId: values.MTDTChieu,
      noticeNumber: '79101/2026/TB-KTDL-8910',
      basis: 'Nghị định số 123/2020/NĐ-CP',
      failures: [
        {
          code: '2005',
          text: '1;C26MAB;12;Mã số thuế người mua không hợp lệ',
          invoice: { mauSo: '1', kyHieu: 'C26MAB', number: 12 },
        },
      ],
    });
    expect(result).not.toHaveProperty('sentAt');
    expect(result).not.toHaveProperty('count');

    const loose = signedNotice('204-ltbao7.xml', { ...values, MLoi: '9999', MTLoi: 'Lỗi hệ thống' }, authority);
    await expectValid(loose, 1);
    expect(readCheckResult(parseEnvelope(loose)).failures).toEqual([{ code: '9999', text: 'Lỗi hệ thống' }]);
  });

  it('still reads the per-invoice list earlier versions of the simulator wrote (a reply stored before an upgrade)', async () => {
    const values = { ...ids(), MLoi: '2001', MTLoi: 'placeholder' };
    const older = signedNotice('204-ltbao7.xml', values, authority).replace(
      /<LHDMTTien>.*<\/LHDMTTien>/,
      '<LHDMTTien><DSHDon><HDon><STT>1</STT><KHMSHDon>1</KHMSHDon><KHHDon>C26MAA</KHHDon><SHDon>7</SHDon>' +
        '<NLap>2026-03-15</NLap><DSLDo><LDo><MLoi>2001</MLoi><MTLoi>Sai mã số thuế</MTLoi></LDo></DSLDo></HDon>' +
        '</DSHDon></LHDMTTien>',
    );
    expect(await validateMessage(older)).toEqual([]);
    expect(readCheckResult(parseEnvelope(older)).failures).toEqual([
      { code: '2001', text: 'Sai mã số thuế', invoice: { mauSo: '1', kyHieu: 'C26MAA', number: 7 } },
    ]);
  });

  it('finds the invoice in the ways an MTLoi names it, and none where it names none', () => {
    expect(invoiceNamedIn('1;C26MAB;0000012;Sai thuế suất')).toEqual({ mauSo: '1', kyHieu: 'C26MAB', number: 12 });
    expect(invoiceNamedIn('Hóa đơn 1C26MAB số 12: Sai thuế suất')).toEqual({
      mauSo: '1',
      kyHieu: 'C26MAB',
      number: 12,
    });
    expect(invoiceNamedIn('Ký hiệu C26MAB, số hóa đơn 0000345 trùng')).toEqual({ kyHieu: 'C26MAB', number: 345 });
    expect(invoiceNamedIn('Hóa đơn số 7 ký hiệu C26MAB sai chữ ký')).toEqual({ kyHieu: 'C26MAB', number: 7 });
    expect(invoiceNamedIn('Chữ ký số của gói không hợp lệ')).toBeUndefined();
    expect(invoiceNamedIn('Ký hiệu C26MAB chưa đăng ký')).toBeUndefined();
    expect(invoiceNamedIn('Hóa đơn 1C26MAB: lỗi mã 1234')).toBeUndefined();
    expect(invoiceNamedIn('Gói có hóa đơn 1C26MAB-0000012 sai')).toEqual({ mauSo: '1', kyHieu: 'C26MAB', number: 12 });
  });
});

describe('202 as CQT coded it', () => {
  it('accepts DVTTe đ, LTSuat as TSuat, TThue, ThTien and a trailing empty DSCKS, and reads the code', async () => {
    const hdon = fixture('202-hdon.xml', { MST });
    const signed = signInvoiceXml(hdon.replace('<NBan/>', '<NBan></NBan>'), { ...seller, dataId: 'TS24_2111' });
    const coded = codeInvoice(
      parseXml(signed),
      { authorityCode: '00474597512BE94B7BAB367996EF464828', codeId: 'Id-2b0d1b3e' },
      authority,
    );
    const reply = buildCodedInvoice(
      { sender: 'TCT', receiver: 'V0309478306', id: newMessageId('TCT'), replyTo: newMessageId(MST), mst: MST },
      coded,
    );
    expect(reply).toMatch(/<DVTTe>đ<\/DVTTe>/);
    expect(reply).toMatch(/<LTSuat><TSuat>8%<\/TSuat><TThue>4000<\/TThue><ThTien>50000<\/ThTien><\/LTSuat>/);
    expect(reply).toMatch(/<CQT><Signature[\s\S]*<\/CQT><\/DSCKS><DSCKS\/><\/HDon>/);
    await expectValid(reply, 2);
    expect(readCodedInvoice(parseEnvelope(reply)).facts).toMatchObject({
      kyHieu: 'C26TAA',
      number: 52,
      authorityCode: '00474597512BE94B7BAB367996EF464828',
    });
    expect(readReply(reply).meaning).toMatchObject({ kind: 'coded-invoice' });
  });
});

describe('999 as CQT writes it', () => {
  it('reads a technical receipt whose TTChung has neither MST nor SLuong', async () => {
    const values = { MNGui: 'TCT', MNNhan: TVAN, MTDiep: newMessageId('TCT'), MTDTChieu: newMessageId(TVAN) };
    const xml = fixture('999-received.xml', values);
    await expectValid(xml, 0);
    const envelope = parseEnvelope(xml);
    expect(envelope.header).not.toHaveProperty('mst', expect.anything());
    expect(readTechnicalAck(envelope)).toMatchObject({ messageId: values.MTDTChieu, received: true });
    expect(readReply(xml)).toMatchObject({ replyTo: values.MTDTChieu, meaning: { kind: 'received' } });
  });
});

describe('204 in the shapes of a T-VAN production log (2025–26)', () => {
  it('reads DLTBao Id="Id-ID-…", an inner PBan 2.0.1 in a 2.1.0 envelope, HDXLy after MTLoi and a newline in MTLoi', () => {
    const values = { ...ids(), MLoi: '20001', MTLoi: 'placeholder' };
    const xml = signedNotice('204-ltbao7.xml', values, authority)
      .replace('<TTChung><PBan>2.0.1</PBan>', '<TTChung><PBan>2.1.0</PBan>')
      .replace(/<DLTBao Id="[^"]*">/, '<DLTBao Id="Id-ID-0F1E2D3C4B5A69788796A5B4C3D2E1F0">')
      .replace(
        /<LDo>.*<\/LDo>/,
        '<LDo><MLoi>20001</MLoi><MTLoi>2;C25MLT;73;Sai định dạng dữ liệu\nHDon/DLHDon/NDHDon/NMua/CCCDan : ' +
          'định dạng CCCD không hợp lệ</MTLoi><HDXLy>Kiểm tra lại số CCCD của người mua</HDXLy></LDo>',
      );
    expect(xml).toMatch(/<TTChung><PBan>2\.1\.0<\/PBan>.*<DLTBao Id="Id-ID-[0-9A-F]{32}"><PBan>2\.0\.1<\/PBan>/s);
    expect(xml).toMatch(/<MTLoi>[^<]*\n[^<]*<\/MTLoi><HDXLy>/);
    const reply = readReply(xml);
    expect(reply.meaning.kind).toBe('check-result');
    const result = readCheckResult(parseEnvelope(xml));
    expect(result.kind).toBe(7);
    expect(result.failures).toEqual([
      {
        code: '20001',
        text: '2;C25MLT;73;Sai định dạng dữ liệu\nHDon/DLHDon/NDHDon/NMua/CCCDan : định dạng CCCD không hợp lệ',
        fix: 'Kiểm tra lại số CCCD của người mua',
        invoice: { mauSo: '2', kyHieu: 'C25MLT', number: 73 },
      },
    ]);
  });
});
