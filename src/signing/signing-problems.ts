/**
 * Why the seller's certificate cannot sign now and what its owner must do: an expired certificate (409), a
 * USB token absent, locked or refusing its PIN (503), a key or certificate that cannot be read (503). Issuing
 * asks before an invoice takes its number (`assertCanSign`, the owner told once per problem), and /health
 * shows the same (`health`).
 */
import { AppError } from '../errors.js';
import type { KeySource, SigningIdentity } from './identity-files.js';
import { SyncCallError } from './sync-call.js';
import type { TokenKeyRef, TokenProblemCode } from './token.js';
import { askTokenThread, CHECK_WAIT_MS } from './token-thread.js';

/** /health.signing: what signs, and when it cannot, why and what to do. */
export interface SigningHealth {
  source: KeySource;
  subject: string;
  serial: string;
  notAfter: string;
  trusted: boolean;
  problem?: string;
  action?: string;
}

/** How long a look at the token stands for the issuing path (each invoice would otherwise ask the token). */
const TOKEN_CHECK_MS = 1000;

/** What the token's owner must do for each problem, in the words /health and the notification use. */
const ACTIONS: Record<TokenProblemCode | 'expired' | 'unreadable', string> = {
  absent: 'Cắm lại thiết bị ký số (USB token) vào máy cửa hàng; việc ký tiếp tục ngay, không cần khởi động lại.',
  locked:
    'Mở khóa mã PIN của token bằng mã PUK (phần mềm của nhà cung cấp chữ ký số), rồi nhập lại: hoadon cert use-token.',
  pin: 'Nhập lại mã PIN đúng: hoadon cert use-token --pin-stdin (hoặc Cài đặt → Chữ ký số).',
  key: 'Chọn lại khóa trên token: hoadon cert use-token.',
  module: 'Kiểm tra đường dẫn thư viện PKCS#11 của token (--module), rồi chọn lại: hoadon cert use-token.',
  expired:
    'Gia hạn chứng thư số với nhà cung cấp, rồi nhập chứng thư mới (hoadon cert import hoặc hoadon cert use-token).',
  unreadable:
    'Nhập lại chứng thư số của người bán (hoadon cert import) hoặc chọn lại khóa trên token (hoadon cert use-token).',
};

export function createSigningProblems(deps: {
  identity: () => SigningIdentity;
  now: () => Date;
  /** Tells the owner (once per problem) that signing stopped. */
  onProblem?: (notice: { title: string; message: string; key: string }) => void;
}) {
  /** The last look at the token, kept a second; the problem last told to the owner. */
  let tokenLook: { at: number; ref: string; problem?: { code: TokenProblemCode; message: string } } | undefined;
  let told: string | undefined;

  function lookAtToken(ref: TokenKeyRef) {
    const at = Date.now();
    const key = JSON.stringify(ref);
    if (tokenLook && tokenLook.ref === key && at - tokenLook.at < TOKEN_CHECK_MS) return tokenLook.problem;
    let problem: { code: TokenProblemCode; message: string } | undefined;
    try {
      askTokenThread({ op: 'check', ref }, CHECK_WAIT_MS);
    } catch (error) {
      const code = (error instanceof SyncCallError && (error.code as TokenProblemCode)) || 'absent';
      problem = { code: code in ACTIONS ? code : 'absent', message: (error as Error).message };
    }
    tokenLook = { at, ref: key, problem };
    return problem;
  }

  /** Why the seller's certificate cannot sign now, with what to do; undefined when it can. */
  function problem(): { status: 409 | 503; message: string; action: string; key: string } | undefined {
    const current = deps.identity();
    if (current.keySource === 'demo') return undefined;
    if (deps.now().getTime() > Date.parse(current.notAfter))
      return {
        status: 409,
        message: `Chứng thư số của người bán (số sê-ri ${current.serial}) đã hết hạn ngày ${current.notAfter.slice(0, 10)}: không ký được hóa đơn.`,
        action: ACTIONS.expired,
        key: `expired:${current.serial}`,
      };
    if (!current.token) return undefined;
    const found = lookAtToken(current.token);
    return (
      found && {
        status: 503,
        message: `${found.message} Chưa lập được hóa đơn: hóa đơn phải được ký số.`,
        action: ACTIONS[found.code],
        key: `token:${found.code}`,
      }
    );
  }

  /** The problem, or a key or certificate that cannot be read at all (a file damaged or removed). */
  function problemOrUnreadable(): ReturnType<typeof problem> {
    try {
      return problem();
    } catch {
      // The library's own words (OpenSSL's, in English) say nothing to a shop owner.
      const message =
        'Không đọc được khóa ký hoặc chứng thư số của người bán trong thư mục dữ liệu: chưa lập được hóa đơn.';
      return { status: 503, message, action: ACTIONS.unreadable, key: 'unreadable' };
    }
  }

  return {
    /** Forgets the last look at the token (another token or key was just chosen). */
    forgetTokenLook(): void {
      tokenLook = undefined;
    },

    /**
     * Refuses at once (before an invoice takes its number) when the seller's certificate cannot sign: the
     * token is absent or its PIN locked (503), the certificate has expired (409). The owner is told once.
     */
    assertCanSign(): void {
      const found = problemOrUnreadable();
      if (!found) {
        told = undefined;
        return;
      }
      if (told !== found.key) {
        told = found.key;
        deps.onProblem?.({
          title: 'Không ký được hóa đơn',
          message: `${found.message} ${found.action}`,
          key: found.key,
        });
      }
      throw new AppError(
        found.status === 503 ? 'SERVICE_UNAVAILABLE' : 'INVALID_STATE',
        found.status,
        `${found.message} ${found.action}`,
      );
    },

    /** /health.signing. */
    health(): SigningHealth {
      const { keySource, subject, serial, notAfter, trusted } = deps.identity();
      const found = problemOrUnreadable();
      return {
        source: keySource,
        subject,
        serial,
        notAfter,
        trusted,
        ...(found ? { problem: found.message, action: found.action } : {}),
      };
    },
  };
}
