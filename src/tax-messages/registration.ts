/**
 * 100: the tờ khai 01/ĐKTĐ-HĐĐT, registering (HThuc 1) or changing (HThuc 2) the use of e-invoices, signed
 * by the taxpayer over DLTKhai. A store issuing cash-register invoices registers with CMTMTTien = 1 and
 * waits for the 103. Field names from docs/tax-format.md §1 [P] PhanII/I/1; the sub-elements of
 * HTGDLHDDT, PThuc and LHDSDung are taken from [P] and [M21] ("likely").
 */
import { el, renderXml } from '../xml/xml-writer.js';
import { buildEnvelope, type Envelope, type MessageHeader, onlyDocument } from './envelope.js';
import { FORMAT_VERSION, MESSAGE_TYPES } from './message-types.js';
import { type SigningContext, signDocument } from './signatures.js';
import { MessageFormatError, optionalText, requiredChild, requiredText } from './xml-read.js';

export const REGISTRATION_FORM = '01/ĐKTĐ-HĐĐT';
const TITLE = 'Tờ khai đăng ký/thay đổi thông tin sử dụng hóa đơn điện tử';

export interface Registration {
  /** 1 new registration, 2 change. */
  kind: 1 | 2;
  mst: string;
  taxpayerName: string;
  /** CQTQLy / MCQTQLy: the managing tax office's name and code (≤5). */
  taxOfficeName: string;
  taxOfficeCode: string;
  contactName: string;
  contactAddress: string;
  contactEmail: string;
  contactPhone: string;
  place: string;
  /** NLap, YYYY-MM-DD. */
  date: string;
  /** HTHDon: invoices with a code (CMa), from a cash register (CMTMTTien), without a code (KCMa). */
  withCode: boolean;
  cashRegister: boolean;
  withoutCode: boolean;
  /** HTGDLHDDT: directly to CQT (CDLTTDCQT) or through a T-VAN (CDLQTCTN). */
  channel: 'direct' | 'tvan';
  /** LHDSDung: VAT invoices (HDGTGT), sales invoices (HDBHang). */
  vatInvoices: boolean;
  salesInvoices: boolean;
}

const flag = (value: boolean) => (value ? 1 : 0);
export const registrationDataId = (messageId: string) => `DLTKhai-${messageId}`;

export function renderRegistration(registration: Registration, dataId: string): string {
  return renderXml(
    el('TKhai', [
      el(
        'DLTKhai',
        [
          el('TTChung', [
            el('PBan', FORMAT_VERSION),
            el('MSo', REGISTRATION_FORM),
            el('Ten', TITLE),
            el('HThuc', registration.kind),
            el('TNNT', registration.taxpayerName),
            el('MST', registration.mst),
            el('CQTQLy', registration.taxOfficeName),
            el('MCQTQLy', registration.taxOfficeCode),
            el('NLHe', registration.contactName),
            el('DCLHe', registration.contactAddress),
            el('DCTDTu', registration.contactEmail),
            el('DTLHe', registration.contactPhone),
            el('DDanh', registration.place),
            el('NLap', registration.date),
          ]),
          el('NDTKhai', [
            el('HTHDon', [
              el('CMa', flag(registration.withCode)),
              el('CMTMTTien', flag(registration.cashRegister)),
              el('KCMa', flag(registration.withoutCode)),
            ]),
            el('HTGDLHDDT', [
              el('NNTDBKKhan', 0),
              el('NNTKTDNUBND', 0),
              el('CDLTTDCQT', flag(registration.channel === 'direct')),
              el('CDLQTCTN', flag(registration.channel === 'tvan')),
            ]),
            el('PThuc', [el('CDDu', 1), el('CBTHop', 0)]),
            el('LHDSDung', [
              el('HDGTGT', flag(registration.vatInvoices)),
              el('HDBHang', flag(registration.salesInvoices)),
              el('HDBTSCong', 0),
              el('HDBHDTQGia', 0),
              el('HDKhac', 0),
              el('CTu', 0),
            ]),
          ]),
        ],
        { Id: dataId },
      ),
      el('DSCKS', [el('NNT', [])]),
    ]),
  );
}

/** The 100 message, its tờ khai signed by the taxpayer. */
export function buildRegistration(
  header: Omit<MessageHeader, 'type' | 'count'>,
  registration: Registration,
  signing: SigningContext,
): string {
  const dataId = registrationDataId(header.id);
  const signed = signDocument(renderRegistration(registration, dataId), {
    ...signing,
    dataName: 'DLTKhai',
    dataId,
    signer: 'NNT',
  });
  return buildEnvelope({ ...header, mst: registration.mst, type: MESSAGE_TYPES.registration, count: 1 }, [signed]);
}

const isFlag = (parent: Element, name: string) => requiredText(parent, name) === '1';

export function readRegistration(envelope: Envelope): Registration {
  if (envelope.header.type !== MESSAGE_TYPES.registration)
    throw new MessageFormatError(`Thông điệp ${envelope.header.type} không phải 100`);
  const data = requiredChild(onlyDocument(envelope, 'TKhai'), 'DLTKhai');
  const general = requiredChild(data, 'TTChung');
  const content = requiredChild(data, 'NDTKhai');
  const form = requiredChild(content, 'HTHDon');
  const channel = requiredChild(content, 'HTGDLHDDT');
  const kinds = requiredChild(content, 'LHDSDung');
  const kind = requiredText(general, 'HThuc');
  if (kind !== '1' && kind !== '2') throw new MessageFormatError(`HThuc ${kind} không hợp lệ`);
  return {
    kind: kind === '1' ? 1 : 2,
    mst: requiredText(general, 'MST'),
    taxpayerName: requiredText(general, 'TNNT'),
    taxOfficeName: requiredText(general, 'CQTQLy'),
    taxOfficeCode: requiredText(general, 'MCQTQLy'),
    contactName: optionalText(general, 'NLHe') ?? '',
    contactAddress: optionalText(general, 'DCLHe') ?? '',
    contactEmail: optionalText(general, 'DCTDTu') ?? '',
    contactPhone: optionalText(general, 'DTLHe') ?? '',
    place: requiredText(general, 'DDanh'),
    date: requiredText(general, 'NLap'),
    withCode: isFlag(form, 'CMa'),
    cashRegister: isFlag(form, 'CMTMTTien'),
    withoutCode: isFlag(form, 'KCMa'),
    channel: isFlag(channel, 'CDLQTCTN') ? 'tvan' : 'direct',
    vatInvoices: isFlag(kinds, 'HDGTGT'),
    salesInvoices: isFlag(kinds, 'HDBHang'),
  };
}

/** The signed TKhai of a 100, for the authority's signature check. */
export const registrationDocument = (envelope: Envelope) => onlyDocument(envelope, 'TKhai');
