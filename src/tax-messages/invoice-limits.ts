/**
 * The node's own check of an invoice's XML before it leaves: every field of src/domain/xml-field-limits.ts
 * the invoice carries, held to its length and pattern. An invoice issued before a limit was tightened (a
 * consumer's name of 400 characters where HVTNMHang allows 100) is caught here and waits for the owner
 * instead of making its whole package fail the authority's schema (docs/transmission.md).
 */
import { XML_FIELD_LIMITS, type XmlFieldLimit } from '../domain/xml-field-limits.js';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const xmlText = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos|#x[0-9a-fA-F]+|#[0-9]+);/g, (_, name: string) =>
    name.startsWith('#x')
      ? String.fromCodePoint(Number.parseInt(name.slice(2), 16))
      : name.startsWith('#')
        ? String.fromCodePoint(Number(name.slice(1)))
        : (ENTITIES[name] ?? ''),
  );

const CHECKS = Object.values(XML_FIELD_LIMITS as Record<string, XmlFieldLimit>)
  .filter((limit) => limit.xsd === 'hdon.xsd')
  .map((limit) => ({
    limit,
    block: new RegExp(`<${limit.within}>[\\s\\S]*?</${limit.within}>`, 'g'),
    field: new RegExp(`<${limit.element}>([^<]*)</${limit.element}>`, 'g'),
    pattern: limit.pattern === undefined ? undefined : new RegExp(`^(?:${limit.pattern})$`),
  }));

/** Why the authority's schema would refuse the invoice (Vietnamese), or undefined when its fields fit. */
export function invoiceXmlProblem(xml: string): string | undefined {
  for (const { limit, block, field, pattern } of CHECKS) {
    for (const [part] of xml.matchAll(block)) {
      for (const [, raw] of part.matchAll(field)) {
        const value = xmlText(raw ?? '');
        const length = [...value].length;
        const name = `${limit.within}/${limit.element}`;
        if (limit.max !== undefined && length > limit.max)
          return `Trường ${name} dài ${length} ký tự, quá ${limit.max} ký tự cơ quan thuế cho phép.`;
        if (pattern && !pattern.test(value)) return `Trường ${name} không đúng định dạng cơ quan thuế quy định.`;
      }
    }
  }
  return undefined;
}

/** A schema error of xmllint ("Element 'HVTNMHang': [facet 'maxLength'] …") said in Vietnamese. */
export function schemaProblemText(errors: string[]): string {
  const element = /Element '([^']+)'/.exec(errors[0] ?? '')?.[1];
  return element
    ? `Hóa đơn không đúng lược đồ XML của cơ quan thuế ở trường ${element}.`
    : 'Hóa đơn không đúng lược đồ XML của cơ quan thuế.';
}
