/**
 * Reading a received message: parse with xmldom (a malformed one throws MessageFormatError, which the
 * authority answers with a -1) and take children and texts by local name.
 */
import { DOMParser, XMLSerializer, type Node as XmlNode } from '@xmldom/xmldom';
import { child, childElements } from '../xml/xml-structure.js';

export { child, childElements };

export class MessageFormatError extends Error {
  override name = 'MessageFormatError';
}

export function parseXml(xml: string): Element {
  const problems: string[] = [];
  let root: Element | null = null;
  try {
    const document = new DOMParser({
      onError: (level, message) => void (level !== 'warning' && problems.push(message)),
    }).parseFromString(xml, 'text/xml');
    root = document.documentElement as unknown as Element | null;
  } catch (error) {
    problems.push((error as Error).message);
  }
  if (!root || problems.length > 0) throw new MessageFormatError(`XML không hợp lệ: ${problems[0] ?? 'rỗng'}`);
  return root;
}

export const children = (parent: Element | undefined, name: string): Element[] =>
  parent ? childElements(parent).filter((e) => e.localName === name) : [];

/** The text of an optional child, undefined when it is absent or empty. */
export function optionalText(parent: Element | undefined, name: string): string | undefined {
  const text = child(parent, name)?.textContent ?? '';
  return text === '' ? undefined : text;
}

/** The text of a required child; its absence is a format error naming the path. */
export function requiredText(parent: Element | undefined, name: string): string {
  const text = optionalText(parent, name);
  if (text === undefined) throw new MessageFormatError(`Thiếu ${parent?.localName ?? '?'}/${name}`);
  return text;
}

export function requiredChild(parent: Element | undefined, name: string): Element {
  const found = child(parent, name);
  if (!found) throw new MessageFormatError(`Thiếu ${parent?.localName ?? '?'}/${name}`);
  return found;
}

/**
 * An element as text. A carriage return reaches the DOM only from a character reference, and xmldom
 * writes it back raw, which a parser reads as a line feed (and a signed digest with it): kept a reference.
 */
export const serialize = (node: Element | Document): string =>
  new XMLSerializer().serializeToString(node as unknown as XmlNode).replace(/\r/g, '&#13;');

/** The fields of `fields` that are set: a reading leaves out, never sets to `undefined`, what is not there. */
export function definedOnly<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}
