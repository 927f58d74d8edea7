/**
 * The revenue rule of docs/decisions.md §5 as one pure function: what an invoice row contributes to the figures.
 * A change of an invoice moves the figures by contribution(after) − contribution(before).
 */
export interface RevenueFacts {
  status: string;
  total: number;
  taxAmount: number;
}

export interface Contribution {
  count: number;
  revenue: number;
  taxAmount: number;
  /** +1, −1 or 0: how the invoice's lines count (quantities, SKU revenue). */
  sign: number;
}

export const NO_CONTRIBUTION: Contribution = { count: 0, revenue: 0, taxAmount: 0, sign: 0 };

export const REVENUE_STATUSES: readonly string[] = ['issued', 'adjusted'];

export function contribution(invoice: RevenueFacts | undefined): Contribution {
  if (!invoice || !REVENUE_STATUSES.includes(invoice.status)) return NO_CONTRIBUTION;
  return { count: 1, revenue: invoice.total, taxAmount: invoice.taxAmount, sign: 1 };
}

export function contributionDelta(before: RevenueFacts | undefined, after: RevenueFacts): Contribution {
  const a = contribution(after);
  const b = contribution(before);
  return {
    count: a.count - b.count,
    revenue: a.revenue - b.revenue,
    taxAmount: a.taxAmount - b.taxAmount,
    sign: a.sign - b.sign,
  };
}

/** Whether the change makes the invoice count as issued for the plan (it leaves `pending` or is new). */
export function becomesIssued(before: { status: string } | undefined, after: { status: string }): boolean {
  return (before === undefined || before.status === 'pending') && after.status !== 'pending';
}
