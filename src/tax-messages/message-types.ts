/**
 * Message types (MLTDiep) the node sends and reads, and the party codes (docs/tax-format.md §7–§8).
 */
export const MESSAGE_TYPES = {
  registration: '100',
  registrationReceipt: '102',
  registrationResult: '103',
  invoiceForCode: '200',
  codedInvoice: '202',
  checkResult: '204',
  cashRegisterPackage: '206',
  errorNotice: '300',
  errorNoticeReply: '301',
  technicalAck: '999',
  formatError: '-1',
} as const;

export type MessageType = (typeof MESSAGE_TYPES)[keyof typeof MESSAGE_TYPES];
export const MESSAGE_TYPE_CODES = Object.values(MESSAGE_TYPES) as MessageType[];

/** PBan of every message and invoice the node writes. */
export const FORMAT_VERSION = '2.1.0';

/** The tax authority's party code (MNGui of its replies, MNNhan of what is sent to it directly). */
export const AUTHORITY_CODE = 'TCT';

/** A sender or receiver code: the MST, `V` + a T-VAN's MST, or `TCT` (≤14). */
export const PARTY_CODE = /^[A-Z0-9]{1,14}$/;

/** MTDiep: the sender's code and the 32 upper-case hex digits of a UUID without dashes (≤46). */
export const MESSAGE_ID = /^[A-Z0-9]{1,14}[0-9A-F]{32}$/;
