/**
 * The one place where failures become the error envelope (docs/decisions.md §3). A client's mistake is a 4xx with
 * a Vietnamese message; anything unexpected is 500 INTERNAL_ERROR with the request id, details only in the log.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type StorageHealth, storageErrorCode } from '../db/storage-health.js';
import { AppError, type ErrorCode, type FieldError, notFound } from '../errors.js';
import { JSON_TYPE } from './envelope.js';
import { readableMessage } from './zod-messages.js';

const FASTIFY_CLIENT_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'VALIDATION_ERROR', message: 'Nội dung JSON không hợp lệ.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'VALIDATION_ERROR', message: 'Nội dung JSON trống.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Chỉ chấp nhận nội dung application/json.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'VALIDATION_ERROR', message: 'Content-Length không khớp nội dung.' },
  FST_ERR_CTP_INVALID_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Content-Type không hợp lệ.' },
};

const STATUS_OF_FALLBACK: Partial<Record<number, ErrorCode>> = {
  400: 'VALIDATION_ERROR',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

const UNKNOWN_FIELD = 'Trường không có trong API: hãy bỏ đi hoặc kiểm tra lại tên.';

/** `/items/0` and `discount` → `items[0].discount`: how a client writes the path of the field it sent. */
const fieldPath = (instancePath: string, key: string) =>
  [...instancePath.split('/').filter(Boolean), key]
    .map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : i === 0 ? part : `.${part}`))
    .join('');

/**
 * A validation failure as field errors, one per unknown field of a strict body (zod's `unrecognized_keys`
 * names all the unknown keys of an object in one issue) and one per other issue, and its message: the
 * unknown fields all named as the client wrote them (`items[0].discount`), then the first other issues.
 */
function validationFailure(error: FastifyError): AppError {
  const context = error.validationContext ?? 'body';
  const unknown: string[] = [];
  const details = (error.validation ?? []).flatMap((issue): FieldError[] => {
    const at = `${context}${issue.instancePath.replaceAll('/', '.')}`.replace(/\.$/, '');
    if (issue.keyword === 'unrecognized_keys') {
      const keys = (issue.params as { keys?: string[] }).keys ?? [];
      unknown.push(...keys.map((key) => fieldPath(issue.instancePath, key)));
      return keys.map((key) => ({ path: `${at}.${key}`, message: UNKNOWN_FIELD }));
    }
    return [
      {
        path: at,
        message: readableMessage({ ...issue.params, code: issue.keyword, message: issue.message ?? 'không hợp lệ' }),
      },
    ];
  });
  const others = details
    .filter((d) => d.message !== UNKNOWN_FIELD)
    .slice(0, 3)
    .map((d) => `${d.path}: ${d.message}`);
  const parts = [...(unknown.length > 0 ? [`Trường không được chấp nhận: ${unknown.join(', ')}`] : []), ...others];
  return new AppError('VALIDATION_ERROR', 400, `Dữ liệu không hợp lệ. ${parts.join('; ')}`, details);
}

const storageUnavailable = () =>
  new AppError(
    'SERVICE_UNAVAILABLE',
    503,
    'Không ghi được dữ liệu: ổ đĩa đầy, chỉ đọc hoặc bị lỗi. Không có gì được lưu; hãy báo quản trị viên và thử lại sau.',
    undefined,
    { 'retry-after': '30' },
  );

/** "1 MiB", "16 MiB", "512 KiB": the limit of the route that refused the body. */
const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 1 }).format(bytes / 1024 / 1024)} MiB`
    : `${Math.ceil(bytes / 1024)} KiB`;

function toAppError(error: FastifyError | AppError, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    const limit = request.routeOptions.bodyLimit;
    return new AppError(
      'PAYLOAD_TOO_LARGE',
      413,
      limit ? `Nội dung yêu cầu vượt quá ${sizeText(limit)}.` : 'Nội dung yêu cầu quá lớn.',
    );
  }
  if (storageErrorCode(error)) return storageUnavailable();
  if (hasZodFastifySchemaValidationErrors(error)) {
    return validationFailure(error);
  }
  const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
  if (known) return new AppError(known.code, error.statusCode ?? 400, known.message);
  const status = error.statusCode ?? 500;
  const code = STATUS_OF_FALLBACK[status];
  if (status >= 400 && status < 500 && code) return new AppError(code, status, 'Yêu cầu không hợp lệ.');
  return new AppError('INTERNAL_ERROR', 500, 'Lỗi hệ thống. Vui lòng thử lại hoặc báo quản trị viên kèm mã yêu cầu.');
}

export function sendError(request: FastifyRequest, reply: FastifyReply, appError: AppError) {
  if (appError.headers) reply.headers(appError.headers);
  const error: Record<string, unknown> = { code: appError.code, message: appError.message };
  if (appError.details) error.details = appError.details;
  if (appError.status >= 500) error.requestId = request.id;
  return reply.code(appError.status).type(JSON_TYPE).send({ success: false, error });
}

export function registerErrorHandling(app: FastifyInstance, storage: StorageHealth): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const storageCode = storageErrorCode(error);
    if (storageCode) storage.failed(storageCode);
    const appError = toAppError(error, request);
    if (appError.status >= 500) request.log.error({ err: error, reqId: request.id }, 'unexpected failure');
    else request.log.debug({ code: appError.code }, 'client error');
    return sendError(request, reply, appError);
  });
  app.setNotFoundHandler((request, reply) => sendError(request, reply, notFound('đường dẫn API này')));
}
