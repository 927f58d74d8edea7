/**
 * Amounts in Vietnamese words, as printed on an invoice ("Số tiền viết bằng chữ"). Pure.
 *
 * Rules: groups of three digits read "… trăm … mươi …"; a zero tens digit before a unit reads "lẻ"
 * (105 → một trăm lẻ năm); 1 after "mươi" reads "mốt", 4 after "mươi" reads "tư", 5 after "mười"/"mươi"
 * reads "lăm"; ten is "mười"; a group after a larger one reads its hundreds even when zero
 * (1 005 000 → một triệu không trăm lẻ năm nghìn); zero groups are silent; "tỷ" repeats for larger amounts
 * (10^12 → một nghìn tỷ). Negative amounts (decrease adjustments) start with "Âm".
 */

const DIGITS = ['không', 'một', 'hai', 'ba', 'bốn', 'năm', 'sáu', 'bảy', 'tám', 'chín'] as const;
const GROUP_UNITS = ['', 'nghìn', 'triệu'] as const;
const BILLION = 1_000_000_000;

const digit = (d: number): string => DIGITS[d] as string;

/** The words of a group 0–999; `full` reads the hundreds (and "lẻ") as in a group after a larger one. */
function groupWords(group: number, full: boolean): string[] {
  const hundreds = Math.floor(group / 100);
  const tens = Math.floor(group / 10) % 10;
  const units = group % 10;
  const words: string[] = [];
  const readHundreds = full || hundreds > 0;
  if (readHundreds) words.push(digit(hundreds), 'trăm');
  if (tens === 0) {
    if (units > 0) words.push(...(readHundreds ? ['lẻ', digit(units)] : [digit(units)]));
    return words;
  }
  words.push(...(tens === 1 ? ['mười'] : [digit(tens), 'mươi']));
  if (units === 1) words.push(tens === 1 ? 'một' : 'mốt');
  else if (units === 4) words.push(tens === 1 ? 'bốn' : 'tư');
  else if (units === 5) words.push('lăm');
  else if (units > 0) words.push(digit(units));
  return words;
}

/** 1 ≤ n < 10^9: up to three groups (triệu, nghìn, units). */
function belowBillion(n: number, full: boolean): string[] {
  const words: string[] = [];
  let leading = !full;
  for (let scale = 2; scale >= 0; scale--) {
    const group = Math.floor(n / 1000 ** scale) % 1000;
    if (group === 0) continue;
    words.push(...groupWords(group, !leading));
    if (scale > 0) words.push(GROUP_UNITS[scale] as string);
    leading = false;
  }
  return words;
}

function positiveWords(n: number): string[] {
  if (n < BILLION) return belowBillion(n, false);
  const billions = Math.floor(n / BILLION);
  const rest = n % BILLION;
  const words = [...positiveWords(billions), 'tỷ'];
  if (rest > 0) words.push(...belowBillion(rest, true));
  return words;
}

/** The words of a whole number, lower case, without a currency: 118800 → "một trăm mười tám nghìn tám trăm". */
export function numberToVietnameseWords(n: number): string {
  if (!Number.isSafeInteger(n)) throw new RangeError(`Not a safe integer: ${n}`);
  if (n === 0) return DIGITS[0];
  const words = positiveWords(Math.abs(n)).join(' ');
  return n < 0 ? `âm ${words}` : words;
}

/** An amount in đồng as printed on an invoice: 118800 → "Một trăm mười tám nghìn tám trăm đồng". */
export function amountInWords(dong: number): string {
  const words = numberToVietnameseWords(dong);
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} đồng`;
}
