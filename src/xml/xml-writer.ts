/** A tiny XML builder: elements in order, text escaped, no whitespace between tags (the tax format wants none). */

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  content: string | XmlElement[];
}

type Child = XmlElement | undefined | false;

/**
 * An element with text (a string or number) or children. Text that is undefined, null or empty leaves the
 * element out (undefined), so optional fields simply disappear.
 */
export function el(
  name: string,
  content: string | number | null | undefined,
  attributes?: Record<string, string>,
): XmlElement | undefined;
export function el(name: string, content: readonly Child[], attributes?: Record<string, string>): XmlElement;
export function el(
  name: string,
  content: string | number | null | undefined | readonly Child[],
  attributes: Record<string, string> = {},
): XmlElement | undefined {
  if (Array.isArray(content)) return { name, attributes, content: content.filter((c): c is XmlElement => Boolean(c)) };
  if (content === undefined || content === null || content === '') return undefined;
  return { name, attributes, content: String(content) };
}

// Characters XML 1.0 cannot carry at all are dropped; a carriage return is kept as a reference, since a
// parser would otherwise turn it into a line feed and the signed digest with it.
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the expression exists to find the control characters XML 1.0 forbids
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const escapeText = (text: string) =>
  text.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

export function renderXml(element: XmlElement): string {
  const attributes = Object.entries(element.attributes)
    .map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`)
    .join('');
  const inner =
    typeof element.content === 'string' ? escapeText(element.content) : element.content.map(renderXml).join('');
  return `<${element.name}${attributes}>${inner}</${element.name}>`;
}
