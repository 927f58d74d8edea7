/**
 * Issuing waits for the authority's acceptance of the store's registration (01/ĐKTĐ-HĐĐT, answered by a
 * 103) when invoices really go to a tax authority: a live node (decisions §7) with the `http` adapter. A
 * demo node, or one sending to the embedded simulator, issues without it (the simulator stands in).
 *
 * An accepted registration whose 103 carried no MCCQT (a real 103 may have none) leaves the node without
 * the 5 characters every cash-register code holds. The code is minted at issue and signed into the
 * invoice, which never changes afterwards, so the node does not issue until the owner enters them
 * (PUT /transmission/registration/cash-register-prefix): it never mints a code with made-up characters.
 */
import { AppError } from '../errors.js';

export const CASH_REGISTER_PREFIX_MISSING =
  'Cơ quan thuế đã chấp nhận đăng ký, nhưng thông báo 01/TB-ĐKĐT không có 5 ký tự mã hóa đơn máy tính tiền (MCCQT)';

const ENTER_PREFIX =
  'Nhập 5 ký tự này (xem trên cổng hóa đơn điện tử của cơ quan thuế) tại PUT /transmission/registration/cash-register-prefix.';

export function registrationProblem(input: {
  mode: 'demo' | 'live';
  adapter: 'embedded' | 'http';
  registration: 'sent' | 'received' | 'accepted' | 'refused' | undefined;
  /** The 5 characters of cash-register codes the registration holds (from the 103 or entered). */
  cashRegisterPrefix?: string | null;
}): AppError | undefined {
  if (input.mode === 'demo' || input.adapter === 'embedded') return undefined;
  if (input.registration === 'accepted') {
    if (input.cashRegisterPrefix) return undefined;
    return new AppError('INVALID_STATE', 409, `Chưa thể lập hóa đơn: ${CASH_REGISTER_PREFIX_MISSING}. ${ENTER_PREFIX}`);
  }
  const why =
    input.registration === undefined
      ? 'cửa hàng chưa gửi tờ khai đăng ký sử dụng hóa đơn điện tử (01/ĐKTĐ-HĐĐT): gửi ở POST /transmission/registration'
      : input.registration === 'refused'
        ? 'cơ quan thuế không chấp nhận tờ khai đăng ký sử dụng hóa đơn điện tử: xem GET /transmission/registration và gửi lại'
        : 'tờ khai đăng ký sử dụng hóa đơn điện tử đang chờ cơ quan thuế chấp nhận';
  return new AppError('INVALID_STATE', 409, `Chưa thể lập hóa đơn: ${why}.`);
}

/** Why a live node cannot issue cash-register invoices after an accepted registration (/health), or undefined. */
export function prefixProblem(input: {
  mode: 'demo' | 'live';
  adapter: 'embedded' | 'http';
  registration: { state: string; cashRegisterPrefix: string | null } | undefined;
}): string | undefined {
  const { registration } = input;
  if (input.mode === 'demo' || input.adapter === 'embedded' || registration?.state !== 'accepted') return undefined;
  return registration.cashRegisterPrefix ? undefined : `${CASH_REGISTER_PREFIX_MISSING}: ${ENTER_PREFIX}`;
}
