/**
 * Validation messages a shop can read. zod's Vietnamese locale speaks to programmers ("Quá nhỏ: mong đợi
 * number >=0"); where a schema gave no message of its own, the issue is said again in plain Vietnamese ("Không
 * được âm."). A schema's own message is kept as it is. Unknown keys are left to their own message.
 */
import { z } from 'zod';

export interface IssueLike {
  code: string;
  message: string;
  [param: string]: unknown;
}

const localeMessage = z.locales.vi().localeError as unknown as (issue: unknown) => string | { message: string };
/** How zod's Vietnamese locale begins the messages it makes (the received value may differ from the input's). */
const LOCALE_PREFIX =
  /^(Đầu vào không hợp lệ|Tùy chọn không hợp lệ|Quá lớn: mong đợi|Quá nhỏ: mong đợi|Chuỗi không hợp lệ: phải|Số không hợp lệ: phải|Giá trị không hợp lệ trong|Khóa không hợp lệ trong)/;
const number = (value: unknown) =>
  typeof value === 'number' || typeof value === 'bigint'
    ? new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 6 }).format(value)
    : String(value);

const TYPES: Record<string, string> = {
  number: 'một số',
  int: 'một số nguyên',
  string: 'một chuỗi ký tự',
  boolean: 'true hoặc false',
  object: 'một đối tượng',
  array: 'một danh sách',
};

const FORMATS: Record<string, string> = {
  email: 'Địa chỉ email không hợp lệ.',
  url: 'Địa chỉ URL không hợp lệ.',
  datetime: 'Thời điểm không hợp lệ (dạng ISO 8601, ví dụ 2026-05-10T08:30:00Z).',
  date: 'Ngày không hợp lệ (dạng yyyy-MM-dd).',
  uuid: 'Mã định danh không hợp lệ.',
};

function sizeLimit(issue: IssueLike, limit: unknown, small: boolean): string {
  const inclusive = issue.inclusive !== false;
  if (issue.origin === 'string')
    return small
      ? limit === 1
        ? 'Không được để trống.'
        : `Cần ít nhất ${number(limit)} ký tự.`
      : `Tối đa ${number(limit)} ký tự.`;
  if (issue.origin === 'array' || issue.origin === 'set')
    return small
      ? limit === 1
        ? 'Cần ít nhất một phần tử.'
        : `Cần ít nhất ${number(limit)} phần tử.`
      : `Tối đa ${number(limit)} phần tử.`;
  if (small)
    return limit === 0 && inclusive
      ? 'Không được âm.'
      : inclusive
        ? `Không được nhỏ hơn ${number(limit)}.`
        : `Phải lớn hơn ${number(limit)}.`;
  return inclusive ? `Không được lớn hơn ${number(limit)}.` : `Phải nhỏ hơn ${number(limit)}.`;
}

function plain(issue: IssueLike): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return issue.message.endsWith('nhận được undefined')
        ? 'Thiếu trường bắt buộc này.'
        : `Phải là ${TYPES[String(issue.expected)] ?? 'giá trị đúng kiểu'}.`;
    case 'invalid_value': {
      const values = Array.isArray(issue.values) ? issue.values.map(String) : [];
      return values.length === 1 ? `Phải là ${values[0]}.` : `Phải là một trong các giá trị: ${values.join(', ')}.`;
    }
    case 'too_small':
      return sizeLimit(issue, issue.minimum, true);
    case 'too_big':
      return sizeLimit(issue, issue.maximum, false);
    case 'invalid_format':
      return FORMATS[String(issue.format)] ?? 'Không đúng định dạng.';
    case 'not_multiple_of':
      return `Phải là bội số của ${number(issue.divisor)}.`;
    case 'invalid_union':
    case 'invalid_element':
    case 'invalid_key':
      return 'Giá trị không hợp lệ.';
    default:
      return undefined;
  }
}

/** The issue's message in plain Vietnamese, unless its schema wrote its own. */
export function readableMessage(issue: IssueLike): string {
  if (issue.code === 'unrecognized_keys' || issue.code === 'custom') return issue.message;
  const fromLocale = localeMessage(issue);
  const generic = typeof fromLocale === 'string' ? fromLocale : fromLocale?.message;
  if (generic !== issue.message && !LOCALE_PREFIX.test(issue.message)) return issue.message;
  return plain(issue) ?? issue.message;
}
