import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { XML_FIELD_LIMITS, type XmlFieldLimit } from '../../src/domain/xml-field-limits.js';
import { buyerInput } from '../../src/invoices/invoices.schemas.js';
import { adjustInvoiceBody } from '../../src/invoices/lifecycle/lifecycle.schemas.js';
import { itemInput } from '../../src/invoices/line.schemas.js';
import { sellerSchema, storeConfigSchema } from '../../src/settings/settings.documents.js';
import { errorNoticeBody } from '../../src/transmission/transmission-notices.routes.js';
import { registrationBody } from '../../src/transmission/transmission-registration.routes.js';

const XSD_DIR = join(import.meta.dirname, '../../src/tax-messages/xsd');
const XS = 'http://www.w3.org/2001/XMLSchema';

const parse = (file: string) =>
  new DOMParser().parseFromString(readFileSync(join(XSD_DIR, file), 'utf8'), 'text/xml').documentElement!;
const common = parse('common.xsd');

const children = (node: Element, name: string): Element[] =>
  Array.from(node.getElementsByTagNameNS(XS, name)) as unknown as Element[];

/** The element `element` declared somewhere inside the named type or element `within`. */
function findElements(schema: Element, within: string, element: string): Element[] {
  return children(schema, 'element').filter((el) => {
    if (el.getAttribute('name') !== element) return false;
    for (let up = el.parentNode as Element | null; up; up = up.parentNode as Element | null)
      if (up.nodeType === 1 && up.getAttribute('name') === within) return true;
    return false;
  });
}

interface Facets {
  maxLength?: number;
  patterns: string[];
}

/** The maxLength and patterns of a simple type, following its bases through both files. */
function facetsOf(restriction: Element | undefined, schema: Element): Facets {
  const facets: Facets = { patterns: [] };
  while (restriction) {
    for (const max of children(restriction, 'maxLength')) {
      const n = Number(max.getAttribute('value'));
      facets.maxLength = Math.min(facets.maxLength ?? n, n);
    }
    for (const p of children(restriction, 'pattern')) facets.patterns.push(p.getAttribute('value')!);
    const base = restriction.getAttribute('base') ?? '';
    restriction = base.startsWith('xs:') ? undefined : namedRestriction(base, schema);
  }
  return facets;
}

function namedRestriction(name: string, schema: Element): Element | undefined {
  for (const root of [schema, common]) {
    const type = children(root, 'simpleType').find((t) => t.getAttribute('name') === name);
    if (type) return children(type, 'restriction')[0];
  }
  return undefined;
}

function xsdFacets(limit: XmlFieldLimit): Facets {
  const schema = parse(limit.xsd);
  const found = findElements(schema, limit.within, limit.element);
  expect(found, `${limit.xsd} ${limit.within}/${limit.element}`).toHaveLength(1);
  const el = found[0]!;
  const type = el.getAttribute('type');
  return facetsOf(type ? namedRestriction(type, schema) : children(el, 'restriction')[0], schema);
}

describe('the API limits of fields written into the XML', () => {
  it.each(Object.entries(XML_FIELD_LIMITS))('%s is no looser than its XSD element', (_, limit: XmlFieldLimit) => {
    const facets = xsdFacets(limit);
    expect(facets.maxLength !== undefined || facets.patterns.length > 0).toBe(true);
    if (facets.maxLength !== undefined) {
      expect(limit.max ?? limit.pattern, 'a limit for a bounded element').toBeDefined();
      if (limit.max !== undefined) expect(limit.max).toBeLessThanOrEqual(facets.maxLength);
    }
    for (const pattern of facets.patterns) expect(limit.pattern).toBe(pattern);
  });

  /** For each field of the table, a request body of the schema that writes it, with `value` in that field. */
  const goods = { name: 'Cà phê', quantity: 1, unitPrice: 25_000, taxRate: 0.08 };
  const registration = {
    taxOfficeCode: '10100',
    taxOfficeName: 'Chi cục Thuế',
    place: 'Hà Nội',
    contactName: 'An',
    contactAddress: 'Hà Nội',
    contactEmail: 'a@b.vn',
    contactPhone: '0901234567',
  };
  const notice = {
    invoiceId: 'x',
    action: 'explain',
    reason: 'Sai tên',
    taxOfficeCode: '10100',
    taxOfficeName: 'Chi cục',
    place: 'HN',
  };
  const probes: Record<keyof typeof XML_FIELD_LIMITS, [z.ZodType, (v: string) => unknown]> = {
    buyerName: [buyerInput, (v) => ({ name: v, mst: '0100109106' })],
    consumerName: [buyerInput, (v) => ({ name: v })],
    buyerAddress: [buyerInput, (v) => ({ name: 'An', address: v })],
    buyerPhone: [buyerInput, (v) => ({ name: 'An', phone: v })],
    buyerEmail: [buyerInput, (v) => ({ name: 'An', email: `${v.slice(5)}@b.vn` })],
    buyerCccd: [buyerInput, (v) => ({ name: 'An', cccd: v })],
    buyerPassport: [buyerInput, (v) => ({ name: 'An', passport: v })],
    buyerBudgetUnitCode: [buyerInput, (v) => ({ name: 'An', budgetUnitCode: v })],
    itemName: [itemInput, (v) => ({ ...goods, name: v })],
    itemSku: [itemInput, (v) => ({ ...goods, sku: v })],
    itemUnit: [itemInput, (v) => ({ ...goods, unit: v })],
    correctionReason: [adjustInvoiceBody, (v) => ({ type: 'info', items: [{ name: 'x', kind: 'note' }], reason: v })],
    sellerName: [sellerSchema.shape.name, (v) => v],
    sellerAddress: [sellerSchema.shape.address, (v) => v],
    storeId: [storeConfigSchema.shape.storeId, (v) => v],
    storeName: [storeConfigSchema.shape.storeName, (v) => v],
    registrationTaxOfficeName: [registrationBody, (v) => ({ ...registration, taxOfficeName: v })],
    registrationPlace: [registrationBody, (v) => ({ ...registration, place: v })],
    registrationContactName: [registrationBody, (v) => ({ ...registration, contactName: v })],
    registrationContactAddress: [registrationBody, (v) => ({ ...registration, contactAddress: v })],
    registrationContactEmail: [registrationBody, (v) => ({ ...registration, contactEmail: `${v.slice(5)}@b.vn` })],
    registrationContactPhone: [registrationBody, (v) => ({ ...registration, contactPhone: v })],
    noticeReason: [errorNoticeBody, (v) => ({ ...notice, reason: v })],
    noticeTaxOfficeName: [errorNoticeBody, (v) => ({ ...notice, taxOfficeName: v })],
    noticePlace: [errorNoticeBody, (v) => ({ ...notice, place: v })],
  };

  it.each(Object.entries(XML_FIELD_LIMITS))('the API holds %s to the table', (field, limit: XmlFieldLimit) => {
    const [schema, body] = probes[field as keyof typeof XML_FIELD_LIMITS];
    if (limit.max !== undefined) {
      const fill = (n: number) => '1'.repeat(n);
      expect(schema.safeParse(body(fill(limit.max))).success, 'at the limit').toBe(true);
      expect(schema.safeParse(body(fill(limit.max + 1))).success, 'one past the limit').toBe(false);
    }
    if (limit.pattern !== undefined) {
      const xsd = new RegExp(`^(?:${limit.pattern})$`);
      for (const sample of ['123', '1234567', '123456789012', '12345678901a', '1234567 ']) {
        if (schema.safeParse(body(sample)).success) expect(xsd.test(sample.trim()), sample).toBe(true);
      }
    }
  });
});
