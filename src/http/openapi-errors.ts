/**
 * The error answers of an operation, for its `response` schema: `errorResponses(400, 401, 403, 404)` gives each
 * status the error envelope (docs/decisions.md §3) with a description and an example, so the OpenAPI document tells a
 * POS developer what a failure looks like. The envelope is loose on purpose (any code, optional details):
 * fastify serialises an error through the route's schema of its status, and a stricter schema than what
 * src/http/error-handler.ts sends would turn a client's mistake into a 500.
 */
import { z } from 'zod';

interface ErrorExample {
  description: string;
  code: string;
  message: string;
  details?: { path: string; message: string }[];
}

const EXAMPLES = {
  400: {
    description: 'Dữ liệu không hợp lệ (VALIDATION_ERROR); `details` chỉ ra từng trường.',
    code: 'VALIDATION_ERROR',
    message: 'Dữ liệu không hợp lệ. body.items.0.quantity: Phải lớn hơn 0.',
    details: [{ path: 'body.items.0.quantity', message: 'Phải lớn hơn 0.' }],
  },
  401: {
    description: 'Thiếu, sai hoặc hết hạn mã truy cập (UNAUTHORIZED).',
    code: 'UNAUTHORIZED',
    message: 'Thiếu hoặc sai mã truy cập (access token).',
  },
  403: {
    description: 'Vai trò không được phép (FORBIDDEN), hoặc đã hết hạn mức của gói (PLAN_LIMIT_EXCEEDED).',
    code: 'FORBIDDEN',
    message: 'Vai trò của bạn không được phép thực hiện thao tác này.',
  },
  404: {
    description: 'Không tìm thấy (NOT_FOUND).',
    code: 'NOT_FOUND',
    message: 'Không tìm thấy hóa đơn "01JD2Z7Q4X8K6M3N5P7R9T1V3W".',
  },
  409: {
    description:
      'Xung đột với trạng thái hiện tại (CONFLICT, INVALID_STATE, ALREADY_INVOICED, IDEMPOTENCY_IN_PROGRESS).',
    code: 'CONFLICT',
    message: 'Người dùng "thungan1" đã tồn tại.',
  },
  413: {
    description: 'Nội dung vượt quá giới hạn của đường dẫn này (PAYLOAD_TOO_LARGE).',
    code: 'PAYLOAD_TOO_LARGE',
    message: 'Nội dung yêu cầu vượt quá 1 MiB.',
  },
  415: {
    description: 'Nội dung không phải application/json (UNSUPPORTED_MEDIA_TYPE).',
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Chỉ chấp nhận nội dung application/json.',
  },
  422: {
    description: 'Khóa X-Idempotency-Key đã dùng cho một yêu cầu khác (IDEMPOTENCY_KEY_REUSED).',
    code: 'IDEMPOTENCY_KEY_REUSED',
    message: 'Khóa X-Idempotency-Key này đã được dùng cho một yêu cầu khác.',
  },
  429: {
    description: 'Quá nhiều yêu cầu (RATE_LIMITED); header Retry-After cho biết số giây phải chờ.',
    code: 'RATE_LIMITED',
    message: 'Quá nhiều yêu cầu. Vui lòng thử lại sau 30 giây.',
  },
  503: {
    description: 'Tạm thời không làm được (SERVICE_UNAVAILABLE), ví dụ thiết bị ký số (token) đã rút ra.',
    code: 'SERVICE_UNAVAILABLE',
    message: 'Không thấy thiết bị ký số "shop": hãy cắm lại token.',
  },
} satisfies Record<number, ErrorExample>;

export type ErrorStatus = keyof typeof EXAMPLES;

/** The error itself: one named schema of the document (components.schemas.ApiError) that every answer refers to. */
const apiErrorFields = z.object({
  code: z.string().describe('Mã lỗi ổn định, để máy đọc (VALIDATION_ERROR, NOT_FOUND, …).'),
  message: z.string().describe('Thông báo tiếng Việt, để hiển thị cho người dùng.'),
  details: z
    .array(z.object({ path: z.string(), message: z.string() }).loose())
    .optional()
    .describe('Lỗi theo từng trường, khi có.'),
  requestId: z.string().optional().describe('Mã yêu cầu (chỉ với lỗi 5xx), để tra nhật ký.'),
});
const API_ERROR = 'ApiError';

const errorEnvelope = z.object({ success: z.literal(false), error: apiErrorFields.meta({ id: API_ERROR }) });

/** The named schemas the error answers refer to, for the document's `components.schemas`. */
export function errorSchemaComponents(): Record<string, object> {
  const { $schema: _, ...schema } = z.toJSONSchema(apiErrorFields, { target: 'draft-2020-12', io: 'output' });
  return { [API_ERROR]: schema };
}

const responseOf = (status: ErrorStatus) => {
  const { description, ...error } = EXAMPLES[status] as ErrorExample;
  return errorEnvelope.meta({ description, examples: [{ success: false, error }] });
};

const RESPONSES = Object.fromEntries(
  Object.keys(EXAMPLES).map((status) => [status, responseOf(Number(status) as ErrorStatus)]),
) as Record<ErrorStatus, ReturnType<typeof responseOf>>;

/** The envelope schemas of these error statuses, to spread into a route's `response`. */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): Record<S, ReturnType<typeof responseOf>> {
  return Object.fromEntries(statuses.map((status) => [status, RESPONSES[status]])) as Record<
    S,
    ReturnType<typeof responseOf>
  >;
}
