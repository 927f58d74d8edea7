/**
 * Replace and adjust: the state machine of corrections.ts applied to stored invoices. Both run inside the
 * caller's transaction (reply.commit): the new invoice (through the one issuing path), the change of the
 * original, both audit entries and every listener commit together or not at all.
 */
import type { AuthenticatedUser } from '../../auth/roles.js';
import { AppError, validationError } from '../../errors.js';
import { withShelfPrices } from '../invoice-lines.js';
import type { InvoiceRow } from '../invoices.repository.js';
import type { InvoicesService } from '../invoices.service.js';
import {
  amountRefusal,
  type Correction,
  originalAfter,
  refusal,
  signedForAdjustment,
  withOriginalTaxRates,
} from './corrections.js';
import type { AdjustInvoiceInput, ReplaceInvoiceInput } from './lifecycle.schemas.js';

export const invalidState = (message: string, status: string) =>
  new AppError('INVALID_STATE', 409, message, [{ path: 'status', message: status }]);

const buyerOf = (row: InvoiceRow) => ({
  name: row.buyerName,
  mst: row.buyerMst ?? undefined,
  address: row.buyerAddress ?? undefined,
  email: row.buyerEmail ?? undefined,
  phone: row.buyerPhone ?? undefined,
  cccd: row.buyerCccd ?? undefined,
  passport: row.buyerPassport ?? undefined,
  budgetUnitCode: row.buyerBudgetUnitCode ?? undefined,
});

export function createLifecycleService(invoices: InvoicesService) {
  function correctable(correction: Correction, id: string): InvoiceRow {
    const original = invoices.find(id);
    const refused = refusal(correction, original);
    if (refused) throw invalidState(refused, original.status);
    return original;
  }

  return {
    /** Issues a replacement of invoice `id`; the original becomes `replaced`. */
    replace(id: string, input: ReplaceInvoiceInput, actor: AuthenticatedUser) {
      const original = correctable('replace', id);
      const replacement = invoices.issue(
        {
          input: {
            buyer: input.buyer,
            paymentMethod: input.paymentMethod ?? original.paymentMethod,
            channel: original.channel,
          },
          pricing: invoices.price(withShelfPrices(input.items, input.pricesIncludeVat), {
            rateDate: original.issueDate,
          }),
          relation: { replacesId: original.id, reason: input.reason },
          auditDetails: { replaces: original.id, reason: input.reason },
        },
        actor,
      );
      invoices.change(original, originalAfter('replace', replacement.id), actor.username, 'replaced', {
        replacedBy: replacement.id,
        mauSo: replacement.mauSo,
        kyHieu: replacement.kyHieu,
        number: replacement.number,
        reason: input.reason,
      });
      return replacement;
    },

    /** Issues an adjustment (status `adjusted`) of invoice `id`; the original points at it with adjustedBy. */
    adjust(id: string, input: AdjustInvoiceInput, actor: AuthenticatedUser) {
      const original = correctable('adjust', id);
      const rated = withOriginalTaxRates(input.items, invoices.get(id).items);
      if (!rated.ok) throw validationError('Dòng điều chỉnh không hợp lệ.', rated.errors);
      const pricing = invoices.price(withShelfPrices(rated.lines, input.pricesIncludeVat), {
        adjustment: true,
        rateDate: original.issueDate,
      });
      const refusedAmounts = amountRefusal(input.type, pricing.lines);
      if (refusedAmounts) throw validationError(refusedAmounts, [{ path: 'body.items', message: refusedAmounts }]);
      const adjustment = invoices.issue(
        {
          input: {
            buyer: input.buyer ?? buyerOf(original),
            paymentMethod: original.paymentMethod,
            channel: original.channel,
          },
          pricing: signedForAdjustment(input.type, pricing),
          status: 'adjusted',
          relation: { adjustsId: original.id, adjustmentType: input.type, reason: input.reason },
          auditDetails: { adjusts: original.id, type: input.type, reason: input.reason },
        },
        actor,
      );
      invoices.change(original, originalAfter('adjust', adjustment.id), actor.username, 'adjusted', {
        adjustedBy: adjustment.id,
        type: input.type,
        mauSo: adjustment.mauSo,
        kyHieu: adjustment.kyHieu,
        number: adjustment.number,
        total: adjustment.totals.total,
        reason: input.reason,
      });
      return adjustment;
    },
  };
}

export type LifecycleService = ReturnType<typeof createLifecycleService>;
