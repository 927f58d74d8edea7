/**
 * Issuing waits for the authority's acceptance of the store's registration (01/ĐKTĐ-HĐĐT, answered by a
 * 103) when invoices really go to a tax authority: a live node (decisions §7) with the `http` adapter. A
 * demo node, or one sending to the embedded simulator, issues without it (the simulator stands in).
 */
import { AppError } from '../errors.js';

export function registrationProblem(input: {
  mode: 'demo' | 'live';
  adapter: 'embedded' | 'http';
  registration: 'sent' | 'received' | 'accepted' | 'refused' | undefined;
}): AppError | undefined {
  if (input.mode === 'demo' || input.adapter === 'embedded' || input.registration === 'accepted') return undefined;
  const why =
    input.registration === undefined
      ? 'cửa hàng chưa gửi tờ khai đăng ký sử dụng hóa đơn điện tử (01/ĐKTĐ-HĐĐT): gửi ở POST /transmission/registration'
      : input.registration === 'refused'
        ? 'cơ quan thuế không chấp nhận tờ khai đăng ký sử dụng hóa đơn điện tử: xem GET /transmission/registration và gửi lại'
        : 'tờ khai đăng ký sử dụng hóa đơn điện tử đang chờ cơ quan thuế chấp nhận';
  return new AppError('INVALID_STATE', 409, `Chưa thể lập hóa đơn: ${why}.`);
}
