/**
 * The one error type of the node. Every failure a client can see is an AppError; the HTTP error handler
 * (src/http/error-handler.ts) is the only place that turns it into the response envelope.
 */
export type ErrorCode =
  | 'VALIDATION_ERROR'
  | 'UNAUTHORIZED'
  | 'INVALID_CREDENTIALS'
  | 'FORBIDDEN'
  | 'PLAN_LIMIT_EXCEEDED'
  | 'NOT_FOUND'
  | 'INVALID_STATE'
  | 'ALREADY_INVOICED'
  | 'CONFLICT'
  | 'IDEMPOTENCY_IN_PROGRESS'
  | 'SEQUENCE_GAP'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'RATE_LIMITED'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL_ERROR';

export interface FieldError {
  path: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
    readonly details?: unknown[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const validationError = (message: string, details?: FieldError[]) =>
  new AppError('VALIDATION_ERROR', 400, message, details);

export const notFound = (what: string, id?: string) =>
  new AppError('NOT_FOUND', 404, id === undefined ? `Không tìm thấy ${what}.` : `Không tìm thấy ${what} "${id}".`);

export const unauthorized = (message = 'Thiếu hoặc sai mã truy cập (access token).') =>
  new AppError('UNAUTHORIZED', 401, message);

export const forbidden = (message = 'Vai trò của bạn không được phép thực hiện thao tác này.') =>
  new AppError('FORBIDDEN', 403, message);

export const conflict = (message: string) => new AppError('CONFLICT', 409, message);

/** Headquarters misses the changes of a store before a pushed batch: the store resends from `expectedSeq`. */
export const sequenceGap = (expectedSeq: number) =>
  new AppError('SEQUENCE_GAP', 409, `Trụ sở chưa nhận các thay đổi trước đó: hãy gửi lại từ seq ${expectedSeq}.`, [
    { path: 'expectedSeq', message: String(expectedSeq) },
  ]);

export const rateLimited = (retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', 429, `Quá nhiều yêu cầu. Vui lòng thử lại sau ${retryAfterSeconds} giây.`, undefined, {
    'retry-after': String(retryAfterSeconds),
  });
