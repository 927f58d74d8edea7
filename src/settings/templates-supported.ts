/**
 * The templates the node issues end to end. Only template 1 (hóa đơn GTGT, credit method): a sales invoice
 * (template 2, direct method) carries no TSuat, LTSuat nor TgTThue and, inside a VAT reduction window, the
 * decree's reduction note; the node writes neither, so it refuses template 2 rather than issue a wrong one
 * (docs/exports.md, "Sales invoices (template 2)").
 */
import { validationError } from '../errors.js';

export function assertTemplateSupported(mauSo: string): void {
  if (mauSo === '1') return;
  const message =
    mauSo === '2'
      ? 'Mẫu số 2 (hóa đơn bán hàng, phương pháp trực tiếp) chưa được hỗ trợ: hóa đơn này không ghi thuế suất (TSuat, LTSuat, TgTThue) và phải ghi chú giảm 20% mức tỷ lệ % trong thời gian giảm thuế. Chỉ dùng mẫu số 1 (hóa đơn giá trị gia tăng).'
      : `Mẫu số ${mauSo} chưa được hỗ trợ; chỉ dùng mẫu số 1 (hóa đơn giá trị gia tăng).`;
  throw validationError(message, [{ path: 'body.mauSo', message }]);
}
