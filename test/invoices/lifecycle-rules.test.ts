import { describe, expect, it } from 'vitest';
import { INVOICE_STATUSES, type InvoiceStatus } from '../../src/invoices/invoices.table.js';
import {
  amountRefusal,
  type Correction,
  originalAfter,
  refusal,
  signedForAdjustment,
  withOriginalTaxRates,
} from '../../src/invoices/lifecycle/corrections.js';

const plain = (status: InvoiceStatus) => ({ status, replacesId: null, adjustedById: null });

describe('the correction state machine', () => {
  const allowed: Record<Correction, InvoiceStatus[]> = { replace: ['issued', 'adjusted', 'error'], adjust: ['issued'] };

  for (const correction of ['replace', 'adjust'] as const) {
    for (const status of INVOICE_STATUSES) {
      const expected = allowed[correction].includes(status);
      it(`${expected ? 'allows' : 'refuses'} ${correction} from ${status}`, () => {
        expect(refusal(correction, plain(status)) === undefined).toBe(expected);
      });
    }
  }

  it('refuses to replace an original already corrected by adjustment (later errors are adjusted again)', () => {
    expect(refusal('replace', { status: 'issued', replacesId: null, adjustedById: 'adj-1' })).toMatch(/điều chỉnh/);
    expect(refusal('adjust', { status: 'issued', replacesId: null, adjustedById: 'adj-1' })).toBeUndefined();
  });

  it('refuses to adjust a replacement invoice (later errors are replaced again)', () => {
    expect(refusal('adjust', { status: 'issued', replacesId: 'old', adjustedById: null })).toMatch(/thay thế/);
    expect(refusal('replace', { status: 'issued', replacesId: 'old', adjustedById: null })).toBeUndefined();
  });

  it('marks a replaced original replaced with replacedBy, an adjusted one only with adjustedBy', () => {
    expect(originalAfter('replace', 'new')).toEqual({ status: 'replaced', replacedById: 'new' });
    expect(originalAfter('adjust', 'new')).toEqual({ adjustedById: 'new' });
  });
});

describe('adjustment amounts', () => {
  const pricing = {
    lines: [
      { quantity: 2, unitPrice: 50_000, discount: 10_000, discountAmount: 10_000, total: 90_000, taxAmount: 7_200 },
    ],
    totals: { subtotal: 90_000, taxAmount: 7_200, total: 97_200, discountTotal: 10_000 },
  };

  it('stores a decrease as a price adjustment: the quantity as sold, price, discount, amounts and totals negative', () => {
    expect(signedForAdjustment('decrease', pricing)).toEqual({
      lines: [
        {
          quantity: 2,
          unitPrice: -50_000,
          discount: -10_000,
          discountAmount: -10_000,
          total: -90_000,
          taxAmount: -7_200,
        },
      ],
      totals: { subtotal: -90_000, taxAmount: -7_200, total: -97_200, discountTotal: -10_000 },
    });
  });

  it('keeps an increase and an info adjustment as given', () => {
    expect(signedForAdjustment('increase', pricing)).toEqual(pricing);
    expect(signedForAdjustment('info', pricing)).toEqual(pricing);
  });

  it('never produces -0 for a zero line of a decrease', () => {
    const signed = signedForAdjustment('decrease', {
      lines: [{ quantity: 1, unitPrice: 0, discount: 0, total: 0, taxAmount: 0 }],
      totals: { subtotal: 0, taxAmount: 0, total: 0, discountTotal: 0 },
    });
    expect(Object.is(signed.lines[0]?.total, -0)).toBe(false);
    expect(Object.is(signed.totals.total, -0)).toBe(false);
  });

  it('requires money to move for increase and decrease, and none for info', () => {
    const zero = [{ total: 0, taxAmount: 0 }];
    const some = [{ total: 1_000, taxAmount: 100 }];
    expect(amountRefusal('increase', zero)).toMatch(/khác 0/);
    expect(amountRefusal('decrease', zero)).toMatch(/khác 0/);
    expect(amountRefusal('info', some)).toMatch(/không được có số tiền/);
    expect(amountRefusal('increase', some)).toBeUndefined();
    expect(amountRefusal('info', zero)).toBeUndefined();
  });
});

describe('tax rates of adjustment lines', () => {
  const original = [
    { name: 'Cà phê', sku: 'CF-1', taxRate: 0.08 },
    { name: 'Bánh mì', sku: null, taxRate: 0.1 },
  ];

  it('takes the rate of the original line with the same SKU, or without SKU the same name', () => {
    const result = withOriginalTaxRates([{ name: 'Cà phê đá', sku: 'CF-1' }, { name: 'Bánh mì' }], original);
    expect(result).toEqual({
      ok: true,
      lines: [
        { name: 'Cà phê đá', sku: 'CF-1', taxRate: 0.08 },
        { name: 'Bánh mì', taxRate: 0.1 },
      ],
    });
  });

  it('keeps a rate the line gives', () => {
    expect(withOriginalTaxRates([{ name: 'Khác', taxRate: 0.05 }], original)).toEqual({
      ok: true,
      lines: [{ name: 'Khác', taxRate: 0.05 }],
    });
  });

  it("takes the original's only rate when nothing matches", () => {
    expect(withOriginalTaxRates([{ name: 'Phí giao hàng' }], [{ name: 'Trà', sku: null, taxRate: 0.08 }])).toEqual({
      ok: true,
      lines: [{ name: 'Phí giao hàng', taxRate: 0.08 }],
    });
  });

  it('asks for a rate when nothing matches and the original has several', () => {
    const result = withOriginalTaxRates([{ name: 'Phí giao hàng' }], original);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]?.path).toBe('body.items.0.taxRate');
  });
});
