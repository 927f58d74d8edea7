/** What a message about invoices names of each: its template, symbol, number and date, and its code. */
import { child, MessageFormatError, optionalText, requiredChild, requiredText } from './xml-read.js';

export interface InvoiceRef {
  mauSo: string;
  kyHieu: string;
  number: number;
  /** NLap, YYYY-MM-DD. */
  issueDate: string;
}

export interface InvoiceFacts extends InvoiceRef {
  sellerMst: string;
  /** MCCQT when the invoice carries one (a cash-register code, or the authority's after a 202). */
  authorityCode?: string;
}

export function readInvoiceFacts(hdon: Element): InvoiceFacts {
  if (hdon.localName !== 'HDon') throw new MessageFormatError(`${hdon.localName} không phải HDon`);
  const data = requiredChild(hdon, 'DLHDon');
  const general = requiredChild(data, 'TTChung');
  const number = Number(requiredText(general, 'SHDon'));
  if (!Number.isInteger(number)) throw new MessageFormatError('SHDon không phải số');
  const authorityCode = optionalText(hdon, 'MCCQT');
  return {
    mauSo: requiredText(general, 'KHMSHDon'),
    kyHieu: requiredText(general, 'KHHDon'),
    number,
    issueDate: requiredText(general, 'NLap'),
    sellerMst: requiredText(child(child(data, 'NDHDon'), 'NBan'), 'MST'),
    ...(authorityCode === undefined ? {} : { authorityCode }),
  };
}

/** "1C26MAA số 42": how a person names an invoice. */
export const invoiceLabel = (ref: InvoiceRef) => `${ref.mauSo}${ref.kyHieu} số ${ref.number}`;
